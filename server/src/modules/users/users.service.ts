import { HttpStatus, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AUTH_MESSAGES,
  formatLastSeen,
  namesProblems,
  normalizeArgentineMobile,
  PHONE_MESSAGES,
  phoneProblem,
} from '@cym/common';
import { EntityManager, IsNull, Repository } from 'typeorm';
import { AppException } from '../../common/app-exception';
import type { AuthUser } from '../auth/access/auth-user';
import { ProfilesService } from '../profiles/profiles.service';
import { PhoneUpdatedDto, UpdateNamesDto, UserDataDto } from './dto/users.dto';
import { User } from './entities/user.entity';
import { USER_CHANGED, UserChanged } from './users.events';

/**
 * Accounts. The users module owns the `users` table: sign-up and logins (auth), photos (media)
 * and the admin's tombstone write it through the methods below.
 */
@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly profiles: ProfilesService,
    private readonly events: EventEmitter2,
  ) {}

  async data(userId: number): Promise<UserDataDto> {
    const user = await this.users.findOneBy({ id: userId, isActive: true });
    if (!user) throw new AppException(HttpStatus.UNAUTHORIZED, 'INVALID_TOKEN', AUTH_MESSAGES.sessionExpired);
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

  /** Only yourself (spec 01 §7: user/{id}/update/); names 2–30 (spec 02 §5). */
  async updateNames(actor: AuthUser, targetId: number, form: UpdateNamesDto): Promise<UserDataDto> {
    if (actor.id !== targetId)
      throw new AppException(HttpStatus.FORBIDDEN, 'NOT_YOUR_ACCOUNT', 'Solo podés modificar tu propia cuenta.');
    const problems = namesProblems(form.first_name ?? '', form.last_name ?? '');
    if (Object.keys(problems).length > 0) throw AppException.validation(problems);
    await this.users.update(
      { id: actor.id },
      { firstName: (form.first_name ?? '').trim(), lastName: (form.last_name ?? '').trim() },
    );
    this.events.emit(USER_CHANGED, new UserChanged(actor.id)); // first names appear on directory cards
    return this.data(actor.id);
  }

  async updatePhone(actor: AuthUser, raw: string | undefined): Promise<PhoneUpdatedDto> {
    const problem = phoneProblem(raw ?? '');
    if (problem) throw AppException.validation({ phone: [problem] });
    // Stored once in the international form (E.164, +5491123456789), whatever way it was written.
    const phone = normalizeArgentineMobile(raw)!;
    await this.users.update({ id: actor.id }, { phone });
    return { success: true, message: PHONE_MESSAGES.saved, phone };
  }

  async touch(userId: number): Promise<void> {
    await this.users.update({ id: userId }, { lastSeen: new Date() });
  }

  /** An account that may sign in (active), by id or by its lower-case e-mail. */
  activeById(id: number): Promise<User | null> {
    return this.users.findOneBy({ id, isActive: true });
  }

  activeByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email, isActive: true });
  }

  /** A new account (sign-up), in the caller's transaction; a taken e-mail fails with 23505. */
  create(
    m: EntityManager,
    fields: Pick<User, 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'phone' | 'profileType'>,
  ) {
    return m.getRepository(User).save(m.getRepository(User).create({ ...fields, isAdmin: false, isActive: true }));
  }

  /** A login (or the verification link, which signs in): stamps it, and the address as verified when given. */
  async recordLogin(m: EntityManager, userId: number, verifiedAt?: Date): Promise<void> {
    const now = verifiedAt ?? new Date();
    await m
      .getRepository(User)
      .update(
        { id: userId },
        { lastLogin: now, lastSeen: now, ...(verifiedAt ? { emailVerifiedAt: verifiedAt } : {}) },
      );
  }

  /** A new password (reset); the address counts as verified from then if it was not. */
  async setPassword(m: EntityManager, user: User, passwordHash: string): Promise<void> {
    await m
      .getRepository(User)
      .update({ id: user.id }, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? new Date() });
  }

  /** The photo's address (media stores the files), or null when it is removed. */
  async setProfileImage(userId: number, address: string | null): Promise<void> {
    await this.users.update({ id: userId }, { profileImage: address });
  }

  /** An account not deleted, its row locked until the caller's transaction ends. */
  lockLive(m: EntityManager, userId: number): Promise<User | null> {
    return m.getRepository(User).findOne({
      where: { id: userId, deletedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /**
   * The tombstone of a deleted account (decisions: admin delete): the row stays for the
   * conversations and payments that point at it, emptied of personal data, the e-mail freed.
   */
  async tombstone(m: EntityManager, userId: number): Promise<void> {
    await m.getRepository(User).update(
      { id: userId },
      {
        isActive: false,
        deletedAt: () => 'now()',
        email: `eliminado-${userId}@cuentas-eliminadas.invalid`,
        firstName: 'Usuario',
        lastName: 'eliminado',
        phone: null,
        profileImage: null,
        passwordHash: '!',
      },
    );
  }
}
