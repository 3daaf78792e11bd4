import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from './access/auth-user';
import { AdminTotp } from './entities/admin-totp.entity';
import { RefreshToken } from './entities/refresh-token.entity';

/*
 * The auth module's tables: the refresh tokens (one family per login) and the admins' second
 * factor. The session check runs on every authenticated request, so it is one indexed query.
 */

/** The user $1 when active and their login (refresh family $2) still has an unrevoked token; no row otherwise. */
const SESSION_USER = `SELECT email, profile_type, is_admin FROM users u
          WHERE id = $1 AND is_active
            AND EXISTS (SELECT 1 FROM refresh_tokens r
                         WHERE r.family_id = $2 AND r.user_id = u.id AND r.revoked_at IS NULL)`;

/**
 * Spends the refresh token $1 of the user $2 in one atomic UPDATE, answering its `user_id` and
 * `family_id`; no row when the token is used, revoked, expired or not theirs.
 */
const SPEND_REFRESH_TOKEN = `UPDATE refresh_tokens SET used_at = now()
        WHERE id = $1 AND user_id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING user_id, family_id`;

/** Confirms the pending secret $2 of the admin $1 (at $3, code step $4, recovery hashes $5); no row when it is not pending. */
const CONFIRM_SECOND_FACTOR = `UPDATE admin_totp SET confirmed_at = $3, last_step = $4, recovery_codes = $5
          WHERE user_id = $1 AND secret = $2 AND confirmed_at IS NULL RETURNING user_id`;

/** Accepts the code step $2 of the admin $1 when it is later than the last accepted one; no row otherwise. */
const ACCEPT_STEP = `UPDATE admin_totp SET last_step = $2
            WHERE user_id = $1 AND confirmed_at IS NOT NULL AND (last_step IS NULL OR last_step < $2)
            RETURNING user_id`;

/** Removes the recovery code hash $2 of the admin $1 as it is accepted; no row when it is not theirs (any more). */
const SPEND_RECOVERY_CODE = `UPDATE admin_totp SET recovery_codes = array_remove(recovery_codes, $2)
          WHERE user_id = $1 AND $2 = ANY(recovery_codes) RETURNING user_id`;

/** A live session's user as the session check reads it. */
export interface SessionUserRow {
  email: string;
  profile_type: AuthUser['profileType'];
  is_admin: boolean;
}

/** A refresh token just spent: whose it is, and its login. */
export interface SpentRefreshTokenRow {
  user_id: number;
  family_id: string;
}

/** What an issued refresh token stores: its id (the token's `jti`), its user, its login and its end. */
export type NewRefreshToken = Pick<RefreshToken, 'id' | 'userId' | 'familyId' | 'expiresAt'>;

@Injectable()
export class AuthRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  // ── Sessions ──────────────────────────────────────────────────────────────

  /** The user `userId` when active and the login `familyId` is not over; null otherwise. */
  async sessionUser(userId: number, familyId: string): Promise<SessionUserRow | null> {
    const rows: SessionUserRow[] = await this.dataSource.query(SESSION_USER, [userId, familyId]);
    return rows[0] ?? null;
  }

  async addRefreshToken(token: NewRefreshToken, m: EntityManager = this.dataSource.manager): Promise<void> {
    await m.insert(RefreshToken, token);
  }

  /** Marks the user's refresh token `tokenId` used, once; null when it was used, revoked, expired or not theirs. */
  async spendRefreshToken(tokenId: string, userId: number): Promise<SpentRefreshTokenRow | null> {
    // An UPDATE's answer through TypeORM's PostgreSQL driver: [rows, affected count].
    const [rows]: [SpentRefreshTokenRow[], number] = await this.dataSource.query(SPEND_REFRESH_TOKEN, [
      tokenId,
      userId,
    ]);
    return rows[0] ?? null;
  }

  /** Revokes, now, the tokens of one login that are not revoked yet. */
  async revokeFamily(familyId: string): Promise<void> {
    await this.dataSource.manager.update(RefreshToken, { familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Revokes, now, every token of the user that is not revoked yet. */
  async revokeAllOfUser(userId: number, m: EntityManager = this.dataSource.manager): Promise<void> {
    await m.update(RefreshToken, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  // ── Admins' second factor ─────────────────────────────────────────────────

  secondFactorOf(userId: number): Promise<AdminTotp | null> {
    return this.dataSource.getRepository(AdminTotp).findOneBy({ userId });
  }

  /** Adds a pending second factor with this (sealed) secret unless the admin has one; answers theirs either way. */
  async addSecondFactorUnlessAny(userId: number, secret: string): Promise<AdminTotp> {
    const repository = this.dataSource.getRepository(AdminTotp);
    await repository.createQueryBuilder().insert().values({ userId, secret }).orIgnore().execute();
    return repository.findOneByOrFail({ userId });
  }

  /** Replaces the secret of a second factor still pending (none is confirmed with it). */
  async replacePendingSecret(userId: number, secret: string): Promise<void> {
    await this.dataSource.getRepository(AdminTotp).update({ userId, confirmedAt: IsNull() }, { secret });
  }

  /**
   * Confirms the pending second factor sealed as `secret`, with the accepted code's step and the
   * recovery codes' hashes; false when it is no longer pending (confirmed since, or replaced).
   */
  async confirmSecondFactor(
    userId: number,
    secret: string,
    confirmation: { at: Date; step: number; recoveryHashes: string[] },
  ): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(CONFIRM_SECOND_FACTOR, [
      userId,
      secret,
      confirmation.at,
      confirmation.step,
      confirmation.recoveryHashes,
    ]);
    return rows.length > 0;
  }

  /** Accepts a code of the step `step`: true only when it is later than the last one accepted. */
  async acceptStep(userId: number, step: number): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(ACCEPT_STEP, [userId, step]);
    return rows.length > 0;
  }

  /** Uses up the recovery code of this hash: true for the one request that removed it. */
  async spendRecoveryCode(userId: number, hash: string): Promise<boolean> {
    const [rows]: [unknown[], number] = await this.dataSource.query(SPEND_RECOVERY_CODE, [userId, hash]);
    return rows.length > 0;
  }
}
