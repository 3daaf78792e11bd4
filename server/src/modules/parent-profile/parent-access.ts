import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/access/auth-user';
import { PARENT_PROFILE_ERRORS } from './parent-profile.errors';
import { ParentProfileRepository, type ParentRow } from './parent-profile.repository';

/**
 * Who may act on an employer profile and everything under it (offers, membership, payments):
 * its owner and admins. Every path id goes through here.
 */
@Injectable()
export class ParentAccess {
  constructor(private readonly profiles: ParentProfileRepository) {}

  /** The profile when the actor owns it or is an admin; 404 when missing, 403 otherwise. */
  async owned(id: number, actor: AuthUser, manager?: EntityManager): Promise<ParentRow> {
    const row = await this.profiles.owner(id, manager);
    if (!row) throw PARENT_PROFILE_ERRORS.notFound.exception();
    if (!actor.isAdmin && actor.id !== row.user_id) throw PARENT_PROFILE_ERRORS.notYours.exception();
    return row;
  }

  /** Locks the profile row for the rest of the transaction (limits checked under the lock). */
  lock(manager: EntityManager, id: number): Promise<void> {
    return this.profiles.lock(id, manager);
  }
}
