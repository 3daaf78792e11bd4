import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock/clock';
import { ProfilesRepository } from './profiles.repository';

/** What a session needs to know about the user's profile. */
export interface ProfileSummary {
  profile_type: 'Worker' | 'Parent' | null;
  profile_id: number | null;
  profile_visibility?: boolean;
  membership_type?: string | null;
  membership_status?: boolean;
}

/**
 * Reads profile facts for sessions and guards in one query. A membership is active while its
 * status is true and its end date is in the future.
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly profiles: ProfilesRepository,
    private readonly clock: Clock,
  ) {}

  async summary(userId: number, manager?: EntityManager): Promise<ProfileSummary> {
    const row = await this.profiles.summary(userId, this.clock.now(), manager);
    if (!row) return { profile_type: null, profile_id: null };
    if (row.profile_type === 'Worker')
      return { profile_type: 'Worker', profile_id: row.worker_id, profile_visibility: row.profile_visibility ?? false };
    if (row.profile_type === 'Parent')
      return {
        profile_type: 'Parent',
        profile_id: row.parent_id,
        membership_type: row.membership_type,
        membership_status: row.membership_type !== null,
      };
    return { profile_type: null, profile_id: null };
  }

  hasActiveMembership(userId: number): Promise<boolean> {
    return this.profiles.hasActiveMembership(userId, this.clock.now());
  }
}
