import { Injectable } from '@nestjs/common';
import { formatLastSeen, namesProblems, normalizeArgentineMobile, PHONE_MESSAGES, phoneProblem } from '@cym/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import type { AuthUser } from '../auth/access/auth-user';
import { AUTH_ERRORS } from '../auth/auth.errors';
import { ProfilesService } from '../profiles/profiles.service';
import { PhoneUpdatedDto, UpdateNamesDto, UserDataDto } from './dto/users.dto';
import type { User } from './entities/user.entity';
import { USER_ERRORS } from './users.errors';
import { type NewUser, UsersRepository } from './users.repository';
import { DomainEvents } from '../../common/events/domain-events';

/**
 * Accounts. The users module owns the `users` table: sign-up and logins (auth), photos (media)
 * and the tombstone and the erasure of a deleted account (account-deletion) write it through the methods below.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly profiles: ProfilesService,
    private readonly events: DomainEvents,
  ) {}

  async data(userId: number): Promise<UserDataDto> {
    const user = await this.users.activeById(userId);
    if (!user) throw AUTH_ERRORS.sessionExpired.exception();
    const summary = await this.profiles.summary(userId);
    return {
      id: user.id,
      user_id: user.id,
      email: user.email,
      username: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      phone: user.phone,
      profile_image: user.profileImage,
      formatted_last_seen: formatLastSeen(user.lastSeen),
      is_admin: user.isAdmin,
      ...summary,
    };
  }

  /** Only yourself; names of 2–30 characters. */
  async updateNames(actor: AuthUser, targetId: number, form: UpdateNamesDto): Promise<UserDataDto> {
    if (actor.id !== targetId) throw USER_ERRORS.notYourAccount.exception();
    const problems = namesProblems(form.first_name ?? '', form.last_name ?? '');
    if (Object.keys(problems).length > 0) throw AppException.validation(problems);
    await this.users.setNames(actor.id, (form.first_name ?? '').trim(), (form.last_name ?? '').trim());
    this.events.emit('user.renamed', { userId: actor.id }); // first names appear on directory cards
    return this.data(actor.id);
  }

  async updatePhone(actor: AuthUser, raw: string | undefined): Promise<PhoneUpdatedDto> {
    const problem = phoneProblem(raw ?? '');
    if (problem) throw AppException.validation({ phone: [problem] });
    // Stored once in the international form (E.164, +5491123456789), whatever way it was written.
    const phone = normalizeArgentineMobile(raw)!;
    await this.users.setPhone(actor.id, phone);
    return { success: true, message: PHONE_MESSAGES.saved, phone };
  }

  async touch(userId: number): Promise<void> {
    await this.users.setLastSeen(userId, new Date());
  }

  /** An account that may sign in (active), by id or by its lower-case e-mail. */
  activeById(id: number): Promise<User | null> {
    return this.users.activeById(id);
  }

  activeByEmail(email: string): Promise<User | null> {
    return this.users.activeByEmail(email);
  }

  /** A new account (sign-up), in the caller's transaction; a taken e-mail fails with 23505. */
  create(m: EntityManager, fields: NewUser): Promise<User> {
    return this.users.add(fields, m);
  }

  /** A login (or the verification link, which signs in): stamps it, and the address as verified when given. */
  async recordLogin(m: EntityManager, userId: number, verifiedAt?: Date): Promise<void> {
    await this.users.recordLogin(userId, verifiedAt ?? new Date(), verifiedAt !== undefined, m);
  }

  /** A new password (reset); the address counts as verified from then if it was not. */
  async setPassword(m: EntityManager, user: User, passwordHash: string): Promise<void> {
    await this.users.setPassword(user.id, passwordHash, user.emailVerifiedAt ?? new Date(), m);
  }

  /** The photo's address (media stores the files), or null when it is removed. */
  async setProfileImage(userId: number, address: string | null): Promise<void> {
    await this.users.setProfileImage(userId, address);
  }

  /** An account not deleted, its row locked until the caller's transaction ends. */
  lockLive(m: EntityManager, userId: number): Promise<User | null> {
    return this.users.lockLive(userId, m);
  }

  /** The login's lookup: an account not deleted, active or suspended. */
  liveByEmail(email: string): Promise<User | null> {
    return this.users.liveByEmail(email);
  }

  /**
   * Suspends an account (inactive: every reader of active accounts leaves it out, the read models'
   * triggers take its profile and offers off) with the reason e-mailed, or lifts it (`null`).
   */
  setSuspension(m: EntityManager, userId: number, reason: string | null): Promise<void> {
    return this.users.setSuspension(userId, reason, m);
  }

  /**
   * The tombstone of a deleted account (module account-deletion): the row stays for the
   * conversations and payments that point at it, emptied of personal data, the e-mail freed.
   */
  async tombstone(m: EntityManager, userId: number, at: Date, emailDigest: string): Promise<void> {
    await this.users.tombstone(userId, at, emailDigest, m);
  }

  /** Deleted accounts whose erasure is due (deleted at or before `deletedBy`), at most `limit`. */
  erasureDue(deletedBy: Date, limit: number): Promise<number[]> {
    return this.users.erasureDue(deletedBy, limit);
  }

  /** A deleted account not erased yet, locked until the caller's transaction ends. */
  lockErasable(m: EntityManager, userId: number): Promise<User | null> {
    return this.users.lockErasable(userId, m);
  }

  async markErased(m: EntityManager, userId: number, at: Date): Promise<void> {
    await this.users.markErased(userId, at, m);
  }
}
