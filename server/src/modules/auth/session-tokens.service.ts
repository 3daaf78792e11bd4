import { Inject, Injectable } from '@nestjs/common';
import { JwtService, type JwtModuleOptions } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AUTH_ERRORS } from './auth.errors';
import { AppException } from '../../common/app-exception';
import { Clock } from '../../common/clock/clock';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import type { AuthUser } from './access/auth-user';
import { AuthRepository } from './auth.repository';
import { DomainEvents } from '../../common/events/domain-events';
import { graceSuccessor, type Successor } from './refresh-grace';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ACCESS_TOKEN_SECONDS = 5 * 60;
export const REFRESH_TOKEN_SECONDS = 14 * 24 * 3600;
const ISSUER = 'casa-y-manos';
const AUDIENCE = 'casa-y-manos-web';

/**
 * How every session token is signed and checked: HS256 with the configured secret, our issuer
 * and audience. JwtModule is registered with these, and the Passport strategy checks the bearer
 * header with the same `verifyOptions`, so HTTP and the chat's handshake accept the same tokens.
 */
export function sessionJwtOptions(secret: string) {
  return {
    secret,
    signOptions: { algorithm: 'HS256', issuer: ISSUER, audience: AUDIENCE },
    verifyOptions: { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE },
  } satisfies JwtModuleOptions;
}

/** The claims of an access token. */
export interface AccessClaims {
  id: number;
  email: string;
  profile_type: 'Worker' | 'Parent' | null;
  is_admin: boolean;
  /**
   * Set only on a session opened through an admin's second factor (SecondFactorService), with
   * `session_end`: the guards count a user as admin only with it.
   */
  mfa?: true;
  /** When a second-factor session ends, refreshes included (epoch seconds, by the app's Clock). */
  session_end?: number;
}

/** A verified access token: its claims, the login (refresh family) it belongs to, and its expiry. */
export interface VerifiedAccess extends AccessClaims {
  familyId: string;
  expiresAt: number;
}

/** The user of a live session, as the guards attach it to a request and the chat to its socket. */
export type SessionUser = AuthUser & Pick<VerifiedAccess, 'familyId' | 'expiresAt'>;

export interface TokenPair {
  access: string;
  refresh: string;
}

/** An admin's session opened with the second factor, and when it ends whatever the refreshes. */
export interface SecondFactorSession {
  sessionEnd: number;
}

/** The session's token is missing its user, expired, revoked or forged: log in again. */
export class InvalidSessionException extends AppException {
  constructor() {
    const { status, code, message } = AUTH_ERRORS.sessionExpired;
    super(status, code, message);
  }
}

/** A refresh token spent: its user, its login, the second factor's session and the token it was rotated into. */
export interface SpentRefresh {
  userId: number;
  familyId: string;
  secondFactor: SecondFactorSession | null;
  successor: Successor;
}

/**
 * HS256 access tokens (5 minutes) and rotating refresh tokens (14 days), signed and checked by
 * JwtModule's JwtService. A refresh token works once: presenting a used one revokes its whole
 * family, so a stolen token dies with the real one, except within a short grace after its spend
 * (refresh-grace.ts), when it answers the same successor again.
 */
@Injectable()
export class SessionTokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly sessions: AuthRepository,
    private readonly events: DomainEvents,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'refreshReuseGraceSeconds'>,
    private readonly clock: Clock = new Clock(),
  ) {}

  /**
   * A new pair for a login (a new family) or a rotation (`familyId` of the spent token). A
   * second-factor session (`claims.mfa`) keeps its `session_end`: neither token outlives it, so
   * refreshing never makes an admin's session longer. Stored in the caller's transaction when
   * `manager` is given.
   */
  async issue(claims: AccessClaims, manager?: EntityManager, familyId: string = randomUUID()): Promise<TokenPair> {
    const token = this.nextRefreshToken(claims);
    await this.sessions.addRefreshToken({ ...token, userId: claims.id, familyId }, manager);
    return this.rotated(claims, familyId, token);
  }

  /** The pair of a rotation: the refresh token `successor`, stored when its predecessor was spent. */
  rotated(claims: AccessClaims, familyId: string, successor: Successor): TokenPair {
    const secondFactor = claims.mfa ? { mfa: true, session_end: claims.session_end } : {};
    const refresh = this.jwt.sign({
      id: claims.id,
      jti: successor.id,
      fam: familyId,
      typ: 'refresh',
      ...secondFactor,
      exp: Math.floor(successor.expiresAt.getTime() / 1000),
    });
    return { access: this.signAccess(claims, familyId), refresh };
  }

  /** A new refresh token's id and end: 14 days, or less when a second-factor session ends sooner. */
  private nextRefreshToken(claims: Pick<AccessClaims, 'mfa' | 'session_end'>): Successor {
    const seconds = this.lifetime(REFRESH_TOKEN_SECONDS, claims);
    return { id: randomUUID(), expiresAt: new Date(Date.now() + seconds * 1000) };
  }

  /**
   * An access token names its login (`sid`, the refresh family): it is accepted only while that
   * family has an unrevoked token, so logout, a password reset, a reused refresh token or an
   * account deletion end it at once, not at its expiry.
   */
  signAccess(claims: AccessClaims, familyId: string): string {
    return this.jwt.sign(
      { ...claims, sid: familyId, typ: 'access' },
      { expiresIn: this.lifetime(ACCESS_TOKEN_SECONDS, claims) },
    );
  }

  /** A token's lifetime: `seconds`, or less when a second-factor session ends sooner. */
  private lifetime(seconds: number, claims: Pick<AccessClaims, 'mfa' | 'session_end'>): number {
    if (!claims.mfa || claims.session_end === undefined) return seconds;
    const left = claims.session_end - Math.floor(this.clock.now().getTime() / 1000);
    return Math.max(1, Math.min(seconds, left));
  }

  /** Whether a second-factor session's end has come (by the app's Clock). */
  private ended(sessionEnd: number): boolean {
    return this.clock.now().getTime() >= sessionEnd * 1000;
  }

  /** The claims of a well-signed, unexpired access token, or null (its session is checked by `sessionUser`). */
  verifyAccess(token: string): VerifiedAccess | null {
    return this.accessClaims(this.verify(token, 'access'));
  }

  /**
   * The claims of an access token whose signature and expiry were checked (here, or by the
   * Passport strategy with the same options), or null when it is no well-formed access token.
   */
  accessClaims(payload: unknown): VerifiedAccess | null {
    if (
      !isPayload(payload) ||
      payload.typ !== 'access' ||
      typeof payload.id !== 'number' ||
      typeof payload.email !== 'string' ||
      typeof payload.sid !== 'string' ||
      !UUID.test(payload.sid) ||
      typeof payload.exp !== 'number'
    )
      return null;
    // A second-factor session names its end, and is over at it.
    const secondFactor = payload.mfa === true;
    if (secondFactor && (typeof payload.session_end !== 'number' || this.ended(payload.session_end))) return null;
    return {
      id: payload.id,
      email: payload.email,
      profile_type: (payload.profile_type as AccessClaims['profile_type']) ?? null,
      is_admin: payload.is_admin === true,
      ...(secondFactor ? { mfa: true as const, session_end: payload.session_end as number } : {}),
      familyId: payload.sid,
      expiresAt: payload.exp * 1000,
    };
  }

  /**
   * The active user of a verified access token, or null: a user gone or deactivated, or a login
   * that has ended (logout, password reset, reused refresh token, deletion). The user row is read
   * on each request (one indexed query) so that such a change, and a new role, count at once.
   * An admin counts as admin only in a session opened with the second factor; in any other (one
   * from before it was required, or a promotion since the login) they are no admin at all, and
   * `secondFactorMissing` lets the admin guard say how to become one again.
   */
  async sessionUser(claims: VerifiedAccess): Promise<SessionUser | null> {
    const row = await this.sessions.sessionUser(claims.id, claims.familyId);
    if (!row) return null;
    const secondFactor = claims.mfa === true;
    return {
      id: claims.id,
      email: row.email,
      profileType: row.profile_type,
      isAdmin: row.is_admin && secondFactor,
      ...(row.is_admin && !secondFactor ? { secondFactorMissing: true } : {}),
      familyId: claims.familyId,
      expiresAt: claims.expiresAt,
    };
  }

  /**
   * The user of an access token, or null: the chat's handshake. It keeps the login (`familyId`)
   * and `expiresAt` to close the socket when either ends.
   */
  async userFor(token: string): Promise<SessionUser | null> {
    const claims = this.verifyAccess(token);
    return claims ? this.sessionUser(claims) : null;
  }

  /**
   * Spends a refresh token with one atomic statement that also stores its successor, and answers
   * its user, family and successor (for `rotated`). A token spent moments ago answers the same
   * successor again (graceSuccessor); any other used, revoked or expired token revokes every token
   * of its family and fails.
   */
  async spendRefresh(token: string): Promise<SpentRefresh> {
    const payload = this.verify(token, 'refresh');
    if (
      !payload ||
      typeof payload.jti !== 'string' ||
      typeof payload.fam !== 'string' ||
      typeof payload.id !== 'number'
    )
      throw new InvalidSessionException();
    const secondFactor = payload.mfa === true;
    if (secondFactor && (typeof payload.session_end !== 'number' || this.ended(payload.session_end))) {
      if (UUID.test(payload.fam)) await this.revokeFamily(payload.id, payload.fam);
      throw new InvalidSessionException();
    }
    const session = secondFactor ? { sessionEnd: payload.session_end as number } : null;
    const successor = this.nextRefreshToken(
      secondFactor ? { mfa: true, session_end: payload.session_end as number } : {},
    );
    const now = this.clock.now();
    const spent = UUID.test(payload.jti)
      ? await this.sessions.spendRefreshToken(payload.jti, payload.id, successor, now)
      : null;
    if (spent) return { userId: spent.user_id, familyId: spent.family_id, secondFactor: session, successor };
    const again = UUID.test(payload.jti) ? await this.sessions.presentedAgain(payload.jti, payload.id) : null;
    const same = again && graceSuccessor(again, now, this.config.refreshReuseGraceSeconds);
    if (again && same) return { userId: payload.id, familyId: again.familyId, secondFactor: session, successor: same };
    if (UUID.test(payload.fam)) await this.revokeFamily(payload.id, payload.fam);
    throw new InvalidSessionException();
  }

  /** Ends one login (a reused refresh token): its tokens are revoked and its sockets closed. */
  async revokeFamily(userId: number, familyId: string): Promise<void> {
    await this.sessions.revokeFamily(familyId);
    this.events.emit('auth.sessions-ended', { userId, familyId });
  }

  /**
   * Ends every session of the user. Inside a caller's transaction (`manager` given) the caller
   * calls `sessionsEnded(userId)` after its commit; otherwise this does.
   */
  async revokeAllOfUser(userId: number, manager?: EntityManager): Promise<void> {
    await this.sessions.revokeAllOfUser(userId, manager);
    if (!manager) this.sessionsEnded(userId);
  }

  sessionsEnded(userId: number): void {
    this.events.emit('auth.sessions-ended', { userId });
  }

  /** Announces logins of the user ended in a transaction that committed: each one's sockets close. */
  familiesEnded(userId: number, familyIds: readonly string[]): void {
    for (const familyId of familyIds) this.events.emit('auth.sessions-ended', { userId, familyId });
  }

  /** The payload of a well-signed, unexpired token of the given type, or null. */
  private verify(token: string, type: 'access' | 'refresh'): Payload | null {
    try {
      const payload: unknown = this.jwt.verify(token);
      return isPayload(payload) && payload.typ === type ? payload : null;
    } catch {
      return null;
    }
  }
}

type Payload = Record<string, unknown>;

function isPayload(payload: unknown): payload is Payload {
  return typeof payload === 'object' && payload !== null;
}
