import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, LessThan, Not, type DataSource, type EntityManager } from 'typeorm';
import type { AuthUser } from './access/auth-user';
import { AdminTotp } from './entities/admin-totp.entity';
import { LoginSession } from './entities/login-session.entity';
import { RefreshToken } from './entities/refresh-token.entity';
import type { PresentedAgain, Successor } from './refresh-grace';

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
 * Spends the refresh token $1 of the user $2 at $3 and stores its successor $4 (expiring at $5)
 * in one atomic statement, answering the successor's `user_id` and `family_id`; no row when the
 * token is used, revoked, expired or not theirs. Of concurrent spends exactly one matches, and a
 * token never counts as spent without its successor stored.
 */
const SPEND_REFRESH_TOKEN = `WITH spent AS (
      UPDATE refresh_tokens SET used_at = $3, replaced_by = $4
       WHERE id = $1 AND user_id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
       RETURNING user_id, family_id)
    INSERT INTO refresh_tokens (id, user_id, family_id, expires_at)
    SELECT $4, user_id, family_id, $5 FROM spent
    RETURNING user_id, family_id`;

/**
 * The refresh token $1 of the user $2 as stored, with the token it was rotated into while that one
 * has not expired (by the database's clock, as a spend checks it); no row when it is not theirs.
 */
const PRESENTED_AGAIN = `SELECT r.family_id, r.used_at, r.revoked_at,
         s.id AS successor_id, s.expires_at AS successor_expires_at,
         s.used_at AS successor_used_at, s.revoked_at AS successor_revoked_at
    FROM refresh_tokens r
    LEFT JOIN refresh_tokens s ON s.id = r.replaced_by AND s.user_id = r.user_id AND s.family_id = r.family_id
                             AND s.expires_at > now()
   WHERE r.id = $1 AND r.user_id = $2`;

/** Confirms the pending secret $2 of the admin $1 (at $3, code step $4, recovery hashes $5); no row when it is not pending. */
const CONFIRM_SECOND_FACTOR = `UPDATE admin_totp SET confirmed_at = $3, last_step = $4, recovery_codes = $5
          WHERE user_id = $1 AND secret = $2 AND confirmed_at IS NULL RETURNING user_id`;

/** Accepts the code step $2 of the admin $1 when it is later than the last accepted one; no row otherwise. */
const ACCEPT_STEP = `UPDATE admin_totp SET last_step = $2
            WHERE user_id = $1 AND confirmed_at IS NOT NULL AND (last_step IS NULL OR last_step < $2)
            RETURNING user_id`;

/** Removes the second factor of the admin $1, answering whether it was confirmed; no row when there was none. */
const REMOVE_SECOND_FACTOR = `DELETE FROM admin_totp WHERE user_id = $1 RETURNING confirmed_at IS NOT NULL AS enrolled`;

/** Removes the recovery code hash $2 of the admin $1 as it is accepted; no row when it is not theirs (any more). */
const SPEND_RECOVERY_CODE = `UPDATE admin_totp SET recovery_codes = array_remove(recovery_codes, $2)
          WHERE user_id = $1 AND $2 = ANY(recovery_codes) RETURNING user_id`;

/**
 * The person's logins still open: not ended, and with a refresh token still to spend (so not
 * expired either), the latest used first. $1 the user.
 */
const OPEN_LOGIN_SESSIONS = `SELECT s.family_id, s.browser, s.system, s.created_at, s.last_used_at
    FROM login_sessions s
   WHERE s.user_id = $1 AND s.revoked_at IS NULL
     AND EXISTS (SELECT 1 FROM refresh_tokens r
                  WHERE r.family_id = s.family_id AND r.user_id = s.user_id
                    AND r.used_at IS NULL AND r.revoked_at IS NULL AND r.expires_at > now())
   ORDER BY s.last_used_at DESC, s.created_at DESC`;

/**
 * Whether the user $1 has any login row at all, and one since $4 from the browser $2 on the
 * system $3 (ended or not).
 */
const LOGIN_HISTORY = `SELECT EXISTS (SELECT 1 FROM login_sessions WHERE user_id = $1) AS any,
         EXISTS (SELECT 1 FROM login_sessions
                  WHERE user_id = $1 AND browser = $2 AND system = $3 AND last_used_at >= $4) AS seen`;

/**
 * A login's use at a refresh: its row's latest use, or its row (first use now) for a login opened
 * before logins had rows. $1 the family, $2 the user, $3 browser, $4 system, $5 the time.
 */
const TOUCH_LOGIN_SESSION = `INSERT INTO login_sessions (family_id, user_id, browser, system, created_at, last_used_at)
    VALUES ($1, $2, $3, $4, $5, $5)
    ON CONFLICT (family_id) DO UPDATE SET last_used_at = EXCLUDED.last_used_at
      WHERE login_sessions.user_id = EXCLUDED.user_id`;

/** Ends the login $2 of the user $1 (its row), answering it; no row when it is not theirs or already ended. */
const END_LOGIN_SESSION = `UPDATE login_sessions SET revoked_at = now()
    WHERE family_id = $2 AND user_id = $1 AND revoked_at IS NULL RETURNING family_id`;

/** Revokes the refresh tokens of every login of the user $1 but $2, answering their families. */
const REVOKE_OTHER_FAMILIES = `UPDATE refresh_tokens SET revoked_at = now()
    WHERE user_id = $1 AND family_id <> $2 AND revoked_at IS NULL RETURNING family_id`;

/** A login as 'Sesiones activas' lists it. */
export interface LoginSessionRow {
  family_id: string;
  browser: string;
  system: string;
  created_at: Date;
  last_used_at: Date;
}

/** What a new login stores: its family, its user, the labels of its browser and system, and when. */
export interface NewLoginSession {
  familyId: string;
  userId: number;
  browser: string;
  system: string;
  at: Date;
}

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

interface PresentedAgainRow {
  family_id: string;
  used_at: Date | null;
  revoked_at: Date | null;
  successor_id: string | null;
  successor_expires_at: Date | null;
  successor_used_at: Date | null;
  successor_revoked_at: Date | null;
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

  /**
   * Marks the user's refresh token `tokenId` used at `at`, once, and stores `successor` in its
   * login; null (nothing stored) when it was used, revoked, expired or not theirs.
   */
  async spendRefreshToken(
    tokenId: string,
    userId: number,
    successor: Successor,
    at: Date,
  ): Promise<SpentRefreshTokenRow | null> {
    const rows: SpentRefreshTokenRow[] = await this.dataSource.query(SPEND_REFRESH_TOKEN, [
      tokenId,
      userId,
      at,
      successor.id,
      successor.expiresAt,
    ]);
    return rows[0] ?? null;
  }

  /** The user's refresh token `tokenId` as stored with its successor (a spend refused), or null when it is not theirs. */
  async presentedAgain(tokenId: string, userId: number): Promise<(PresentedAgain & { familyId: string }) | null> {
    const [row]: PresentedAgainRow[] = await this.dataSource.query(PRESENTED_AGAIN, [tokenId, userId]);
    if (!row) return null;
    return {
      familyId: row.family_id,
      usedAt: row.used_at,
      revokedAt: row.revoked_at,
      successor: row.successor_id
        ? {
            id: row.successor_id,
            expiresAt: row.successor_expires_at!,
            usedAt: row.successor_used_at,
            revokedAt: row.successor_revoked_at,
          }
        : null,
    };
  }

  /** Revokes, now, the tokens of one login that are not revoked yet, and ends its row. */
  async revokeFamily(familyId: string, m: EntityManager = this.dataSource.manager): Promise<void> {
    const at = new Date();
    await m.update(RefreshToken, { familyId, revokedAt: IsNull() }, { revokedAt: at });
    await m.update(LoginSession, { familyId, revokedAt: IsNull() }, { revokedAt: at });
  }

  /** Revokes, now, every token of the user that is not revoked yet, and ends their logins' rows. */
  async revokeAllOfUser(userId: number, m: EntityManager = this.dataSource.manager): Promise<void> {
    const at = new Date();
    await m.update(RefreshToken, { userId, revokedAt: IsNull() }, { revokedAt: at });
    await m.update(LoginSession, { userId, revokedAt: IsNull() }, { revokedAt: at });
  }

  // ── Logins ('Sesiones activas') ───────────────────────────────────────────

  /** The user's open logins, the latest used first. */
  openLoginSessions(userId: number, m: EntityManager = this.dataSource.manager): Promise<LoginSessionRow[]> {
    return m.query(OPEN_LOGIN_SESSIONS, [userId]);
  }

  /** Whether the user has logged in before at all, and from this browser and system since `since`. */
  async loginHistory(
    userId: number,
    labels: { browser: string; system: string },
    since: Date,
    m: EntityManager,
  ): Promise<{ any: boolean; seen: boolean }> {
    const [row]: { any: boolean; seen: boolean }[] = await m.query(LOGIN_HISTORY, [
      userId,
      labels.browser,
      labels.system,
      since,
    ]);
    return { any: row.any, seen: row.seen };
  }

  /** Forgets the user's logins last used before `before` (ended long since: a refresh token lasts days). */
  async forgetLoginSessionsBefore(userId: number, before: Date, m: EntityManager): Promise<void> {
    await m
      .createQueryBuilder()
      .delete()
      .from(LoginSession)
      .where({ userId, lastUsedAt: LessThan(before) })
      .execute();
  }

  async addLoginSession(session: NewLoginSession, m: EntityManager): Promise<void> {
    const { at, ...row } = session;
    await m.insert(LoginSession, { ...row, createdAt: at, lastUsedAt: at });
  }

  /** Stamps a login's use at a refresh (its row made now for a login opened before rows were kept). */
  async touchLoginSession(session: NewLoginSession): Promise<void> {
    await this.dataSource.query(TOUCH_LOGIN_SESSION, [
      session.familyId,
      session.userId,
      session.browser,
      session.system,
      session.at,
    ]);
  }

  /** Ends the user's login `familyId` and revokes its tokens; false when it is not theirs or already ended. */
  async endLoginSession(userId: number, familyId: string, m: EntityManager): Promise<boolean> {
    const [rows]: [unknown[], number] = await m.query(END_LOGIN_SESSION, [userId, familyId]);
    if (rows.length === 0) return false;
    await m.update(RefreshToken, { familyId, userId, revokedAt: IsNull() }, { revokedAt: new Date() });
    return true;
  }

  /** Ends every login of the user but `keepFamilyId`, answering the families whose tokens it revoked. */
  async endOtherLoginSessions(userId: number, keepFamilyId: string, m: EntityManager): Promise<string[]> {
    const [rows]: [{ family_id: string }[], number] = await m.query(REVOKE_OTHER_FAMILIES, [userId, keepFamilyId]);
    await m.update(
      LoginSession,
      { userId, familyId: Not(keepFamilyId), revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
    return [...new Set(rows.map((r) => r.family_id))];
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

  /** Removes the admin's second factor (secret and recovery codes); null when they had none, else whether it was confirmed. */
  async removeSecondFactor(userId: number, m: EntityManager): Promise<{ enrolled: boolean } | null> {
    const [rows]: [{ enrolled: boolean }[], number] = await m.query(REMOVE_SECOND_FACTOR, [userId]);
    return rows[0] ?? null;
  }
}
