import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, LessThanOrEqual, Not, type EntityManager, type Repository } from 'typeorm';
import { User } from './entities/user.entity';

/** A user's kind for the rules: profile type, admin, active and not deleted. */
export const PERSON_SQL = `SELECT id, profile_type, is_admin, is_active AND deleted_at IS NULL AS active
  FROM users WHERE id = $1`;

/** What a sign-up stores of a new account; the rest takes the table's defaults. */
export type NewUser = Pick<User, 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'phone' | 'profileType'>;

/** The `users` table: accounts, written by sign-up and logins (auth), photos (media) and the admin. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  /** An account that may sign in (active), by id. */
  activeById(id: number): Promise<User | null> {
    return this.users.findOneBy({ id, isActive: true });
  }

  /** An account that may sign in (active), by its lower-case e-mail. */
  activeByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email, isActive: true });
  }

  /** An account not deleted (active or suspended), by its lower-case e-mail: the login's lookup. */
  liveByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email, deletedAt: IsNull() });
  }

  /** A suspension (the account inactive, with when and why) or its lifting. */
  async setSuspension(userId: number, reason: string | null, m: EntityManager): Promise<void> {
    await m
      .getRepository(User)
      .update(
        { id: userId },
        reason === null
          ? { isActive: true, suspendedAt: null, suspensionReason: null }
          : { isActive: false, suspendedAt: () => 'now()', suspensionReason: reason },
      );
  }

  /** Adds an active, non-admin account; a taken e-mail fails with 23505. */
  add(fields: NewUser, m: EntityManager): Promise<User> {
    const users = m.getRepository(User);
    return users.save(users.create({ ...fields, isAdmin: false, isActive: true }));
  }

  async setNames(userId: number, firstName: string, lastName: string): Promise<void> {
    await this.users.update({ id: userId }, { firstName, lastName });
  }

  async setPhone(userId: number, phone: string): Promise<void> {
    await this.users.update({ id: userId }, { phone });
  }

  async setLastSeen(userId: number, at: Date): Promise<void> {
    await this.users.update({ id: userId }, { lastSeen: at });
  }

  async setProfileImage(userId: number, address: string | null): Promise<void> {
    await this.users.update({ id: userId }, { profileImage: address });
  }

  /** Stamps a login at `at`, and the address as verified then when `verified`. */
  async recordLogin(userId: number, at: Date, verified: boolean, m: EntityManager): Promise<void> {
    await m
      .getRepository(User)
      .update({ id: userId }, { lastLogin: at, lastSeen: at, ...(verified ? { emailVerifiedAt: at } : {}) });
  }

  /** A new password hash, with the time the address counts as verified from. */
  async setPassword(userId: number, passwordHash: string, emailVerifiedAt: Date, m: EntityManager): Promise<void> {
    await m.getRepository(User).update({ id: userId }, { passwordHash, emailVerifiedAt });
  }

  /** An account not deleted, its row locked until the transaction of `m` ends. */
  lockLive(userId: number, m: EntityManager): Promise<User | null> {
    return m.getRepository(User).findOne({
      where: { id: userId, deletedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /**
   * The tombstone of a deleted account: the row stays for the conversations and payments that
   * point at it, deactivated and emptied of personal data, its e-mail a placeholder that frees
   * the real one. `at` is the Clock's now (the erasure counts 30 days from it); `emailDigest` finds
   * the old address's outbox e-mails until the erasure.
   */
  async tombstone(userId: number, at: Date, emailDigest: string, m: EntityManager): Promise<void> {
    await m.getRepository(User).update(
      { id: userId },
      {
        isActive: false,
        deletedAt: at,
        deletedEmailDigest: emailDigest,
        email: `eliminado-${userId}@cuentas-eliminadas.invalid`,
        firstName: 'Usuario',
        lastName: 'eliminado',
        phone: null,
        profileImage: null,
        passwordHash: '!',
      },
    );
  }

  /** Accounts deleted at or before `deletedBy` whose data is not erased yet, oldest first, at most `limit`. */
  async erasureDue(deletedBy: Date, limit: number): Promise<number[]> {
    const rows = await this.users.find({
      select: { id: true },
      where: { deletedAt: LessThanOrEqual(deletedBy), erasedAt: IsNull() },
      order: { deletedAt: 'ASC', id: 'ASC' },
      take: limit,
    });
    return rows.map((r) => r.id);
  }

  /** A deleted account not erased yet, its row locked until the transaction of `m` ends. */
  lockErasable(userId: number, m: EntityManager): Promise<User | null> {
    return m.getRepository(User).findOne({
      where: { id: userId, deletedAt: Not(IsNull()), erasedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** The erasure is done: stamped, and the old address's digest forgotten. */
  async markErased(userId: number, at: Date, m: EntityManager): Promise<void> {
    await m.getRepository(User).update({ id: userId }, { erasedAt: at, deletedEmailDigest: null });
  }
}
