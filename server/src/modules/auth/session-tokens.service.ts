import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import { AUTH_MESSAGES } from '@cym/common';
import jwt from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { AppException } from '../../common/app-exception';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { AUTH_SESSIONS_ENDED, SessionsEnded } from './auth.events';
import { RefreshToken } from './entities/refresh-token.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ACCESS_TOKEN_SECONDS = 5 * 60;
export const REFRESH_TOKEN_SECONDS = 14 * 24 * 3600;
const ISSUER = 'casa-y-manos';
const AUDIENCE = 'casa-y-manos-web';

/** The claims of an access token (decisions: Accounts and sessions). */
export interface AccessClaims {
  id: number;
  email: string;
  profile_type: 'Worker' | 'Parent' | null;
  is_admin: boolean;
}

/** A verified access token: its claims, the login (refresh family) it belongs to, and its expiry. */
export interface VerifiedAccess extends AccessClaims {
  familyId: string;
  expiresAt: number;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export class InvalidSessionException extends AppException {
  constructor() {
    super(HttpStatus.UNAUTHORIZED, 'INVALID_TOKEN', AUTH_MESSAGES.sessionExpired);
  }
}

/**
 * HS256 access tokens (5 minutes) and rotating refresh tokens (14 days). A refresh token works
 * once: presenting a used one revokes its whole family, so a stolen token dies with the real one.
 */
@Injectable()
export class SessionTokensService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly events: EventEmitter2,
  ) {}

  async issue(claims: AccessClaims, manager: EntityManager, familyId: string = randomUUID()): Promise<TokenPair> {
    const jti = randomUUID();
    await manager.insert(RefreshToken, {
      id: jti,
      userId: claims.id,
      familyId,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_SECONDS * 1000),
    });
    const refresh = jwt.sign({ id: claims.id, jti, fam: familyId, typ: 'refresh' }, this.config.jwtSecret, {
      algorithm: 'HS256',
      expiresIn: REFRESH_TOKEN_SECONDS,
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    return { access: this.signAccess(claims, familyId), refresh };
  }

  /**
   * An access token names its login (`sid`, the refresh family): it is accepted only while that
   * family has an unrevoked token, so logout, a password reset, a reused refresh token or an
   * account deletion end it at once, not at its expiry.
   */
  signAccess(claims: AccessClaims, familyId: string): string {
    return jwt.sign({ ...claims, sid: familyId, typ: 'access' }, this.config.jwtSecret, {
      algorithm: 'HS256',
      expiresIn: ACCESS_TOKEN_SECONDS,
      issuer: ISSUER,
      audience: AUDIENCE,
    });
  }

  /** The claims of a well-signed, unexpired access token, or null (its session is checked by AuthGuard). */
  verifyAccess(token: string): VerifiedAccess | null {
    const payload = this.verify(token, 'access');
    if (
      !payload ||
      typeof payload.id !== 'number' ||
      typeof payload.email !== 'string' ||
      typeof payload.sid !== 'string' ||
      !UUID.test(payload.sid) ||
      typeof payload.exp !== 'number'
    )
      return null;
    return {
      id: payload.id,
      email: payload.email,
      profile_type: (payload.profile_type as AccessClaims['profile_type']) ?? null,
      is_admin: payload.is_admin === true,
      familyId: payload.sid,
      expiresAt: payload.exp * 1000,
    };
  }

  /**
   * Spends a refresh token with one atomic UPDATE and answers its user and family. A used,
   * revoked or expired token revokes every token of its family and fails.
   */
  async spendRefresh(token: string): Promise<{ userId: number; familyId: string }> {
    const payload = this.verify(token, 'refresh');
    if (
      !payload ||
      typeof payload.jti !== 'string' ||
      typeof payload.fam !== 'string' ||
      typeof payload.id !== 'number'
    )
      throw new InvalidSessionException();
    const [rows]: [{ user_id: number; family_id: string }[], number] = await this.dataSource.query(
      `UPDATE refresh_tokens SET used_at = now()
        WHERE id = $1 AND user_id = $2 AND used_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        RETURNING user_id, family_id`,
      [payload.jti, payload.id],
    );
    const spent = rows[0];
    if (!spent) {
      if (UUID.test(payload.fam)) await this.revokeFamily(payload.id, payload.fam);
      throw new InvalidSessionException();
    }
    return { userId: spent.user_id, familyId: spent.family_id };
  }

  /** Ends one login (a reused refresh token): its tokens are revoked and its sockets closed. */
  async revokeFamily(userId: number, familyId: string): Promise<void> {
    await this.dataSource.manager.update(RefreshToken, { familyId, revokedAt: IsNull() }, { revokedAt: new Date() });
    this.events.emit(AUTH_SESSIONS_ENDED, new SessionsEnded(userId, familyId));
  }

  /**
   * Ends every session of the user. Inside a caller's transaction (`manager` given) the caller
   * calls `sessionsEnded(userId)` after its commit; otherwise this does.
   */
  async revokeAllOfUser(userId: number, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource.manager).update(
      RefreshToken,
      { userId, revokedAt: IsNull() },
      { revokedAt: new Date() },
    );
    if (!manager) this.sessionsEnded(userId);
  }

  sessionsEnded(userId: number): void {
    this.events.emit(AUTH_SESSIONS_ENDED, new SessionsEnded(userId));
  }

  private verify(token: string, type: 'access' | 'refresh'): jwt.JwtPayload | null {
    try {
      const payload = jwt.verify(token, this.config.jwtSecret, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (typeof payload === 'string' || payload.typ !== type) return null;
      return payload;
    } catch {
      return null;
    }
  }
}
