import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { activeMembershipSql, hasActiveMembershipSql } from '../memberships/membership-rules';

/**
 * What a session needs of the user's profile in one read: the type, the profile's id and
 * visibility, and the name of the employer's active membership. `$1` is the user, `$2` the Clock's now.
 */
export const PROFILE_SUMMARY = `SELECT u.profile_type, w.id AS worker_id, w.profile_visibility, p.id AS parent_id,
              (SELECT mt.name FROM memberships m JOIN membership_types mt ON mt.id = m.membership_type_id
                WHERE m.parent_profile_id = p.id AND ${activeMembershipSql('m', '$2')}
                ORDER BY m.end_date DESC LIMIT 1) AS membership_type
         FROM users u
         LEFT JOIN worker_profiles w ON w.user_id = u.id
         LEFT JOIN parent_profiles p ON p.user_id = u.id
        WHERE u.id = $1`;

/** Whether the user ($1) is an employer with an active membership at the Clock's now ($2). */
export const USER_HAS_ACTIVE_MEMBERSHIP = `SELECT 1 FROM parent_profiles p WHERE p.user_id = $1 AND ${hasActiveMembershipSql('p.id', '$2')}`;

/** A row of PROFILE_SUMMARY; no row when the user is missing. */
export interface ProfileSummaryRow {
  profile_type: 'Worker' | 'Parent' | null;
  worker_id: number | null;
  profile_visibility: boolean | null;
  parent_id: number | null;
  membership_type: string | null;
}

/** The profile facts sessions and guards read, across the users and both profile tables. */
@Injectable()
export class ProfilesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's profile type, profile and membership at `now` (PROFILE_SUMMARY). */
  async summary(
    userId: number,
    now: Date,
    m: EntityManager = this.dataSource.manager,
  ): Promise<ProfileSummaryRow | undefined> {
    const rows: ProfileSummaryRow[] = await m.query(PROFILE_SUMMARY, [userId, now]);
    return rows[0];
  }

  /** Whether the user is an employer with an active membership at `now`. */
  async hasActiveMembership(userId: number, now: Date): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(USER_HAS_ACTIVE_MEMBERSHIP, [userId, now]);
    return rows.length > 0;
  }
}
