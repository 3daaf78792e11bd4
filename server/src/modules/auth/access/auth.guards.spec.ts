import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { AUTH_MESSAGES } from '@cym/common';
import { randomUUID } from 'node:crypto';
import { AppException } from '../../../common/app-exception';
import type { AppConfig } from '../../../config/app-config';
import type { ProfilesService } from '../../profiles/profiles.service';
import type { AuthRepository } from '../auth.repository';
import { AccessClaims, SessionTokensService, sessionJwtOptions } from '../session-tokens.service';
import type { AuthUser } from './auth-user';
import { ActiveMembershipGuard, AdminGuard, AuthGuard, OptionalAuthGuard, ProfileTypeGuard } from './auth.guards';
import { bearerToken } from './bearer-token';
import { JwtStrategy } from './jwt.strategy';

function contextFor(user: AuthUser | undefined, allowed?: string[]): ExecutionContext {
  const handler = () => undefined;
  if (allowed) Reflect.defineMetadata('profileTypes', allowed, handler);
  return {
    switchToHttp: () => ({ getRequest: () => ({ user }) }),
    getHandler: () => handler,
    getClass: () => class {},
  } as unknown as ExecutionContext;
}

const worker: AuthUser = { id: 1, email: 'w@x.co', profileType: 'Worker', isAdmin: false };
const parent: AuthUser = { id: 2, email: 'p@x.co', profileType: 'Parent', isAdmin: false };
const admin: AuthUser = { id: 3, email: 'a@x.co', profileType: null, isAdmin: true };

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return ((error as AppException).getResponse() as { code: string }).code;
  }
  return undefined;
}

describe('guards', () => {
  it('reads only a well-formed bearer header', () => {
    const req = (authorization?: string) => ({ headers: { authorization } }) as never;
    expect(bearerToken(req('Bearer abc.def.ghi'))).toBe('abc.def.ghi');
    expect(bearerToken(req('bearer abc'))).toBe('abc');
    expect(bearerToken(req('Basic abc'))).toBeNull();
    expect(bearerToken(req('Bearer a b'))).toBeNull();
    expect(bearerToken(req(undefined))).toBeNull();
  });

  it('lets only admins through the admin guard', () => {
    const guard = new AdminGuard();
    expect(guard.canActivate(contextFor(admin))).toBe(true);
    expect(codeOf(() => guard.canActivate(contextFor(worker)))).toBe('ADMIN_ONLY');
    expect(codeOf(() => guard.canActivate(contextFor(undefined)))).toBe('ADMIN_ONLY');
    // An admin's session without the second factor is no admin's, and is told how to become one.
    const pending: AuthUser = { ...admin, isAdmin: false, secondFactorMissing: true };
    expect(codeOf(() => guard.canActivate(contextFor(pending)))).toBe('SECOND_FACTOR_REQUIRED');
  });

  it('lets the named profile types and admins through the profile-type guard', () => {
    const guard = new ProfileTypeGuard(new Reflector());
    expect(guard.canActivate(contextFor(worker, ['Worker']))).toBe(true);
    expect(guard.canActivate(contextFor(admin, ['Worker']))).toBe(true);
    expect(codeOf(() => guard.canActivate(contextFor(parent, ['Worker'])))).toBe('WRONG_PROFILE_TYPE');
  });

  it('asks for an active membership of employers only', async () => {
    const active = new Set([2]);
    const profiles = { hasActiveMembership: (id: number) => Promise.resolve(active.has(id)) } as ProfilesService;
    const guard = new ActiveMembershipGuard(profiles);
    await expect(guard.canActivate(contextFor(parent))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(admin))).resolves.toBe(true);
    await expect(guard.canActivate(contextFor(worker))).rejects.toMatchObject({
      response: { code: 'WRONG_PROFILE_TYPE' },
    });
    active.clear();
    await expect(guard.canActivate(contextFor(parent))).rejects.toMatchObject({
      response: { code: 'MEMBERSHIP_REQUIRED' },
    });
  });
});

describe('the JWT strategy behind AuthGuard and OptionalAuthGuard', () => {
  const secret = 'a-secret-for-the-unit-tests-that-is-long-enough';
  const jwt = new JwtService(sessionJwtOptions(secret));
  const family = randomUUID();
  const claims: AccessClaims = { id: 7, email: 'token@x.co', profile_type: 'Worker', is_admin: false };

  /** The users table as the session lookup sees it: user 7 of `family`, promoted to admin since login. */
  let row: { email: string; profile_type: string | null; is_admin: boolean } | undefined;
  let failure: Error | undefined;
  let lookups: unknown[][];
  const sessions = {
    sessionUser: (userId: number, familyId: string) => {
      lookups.push([userId, familyId]);
      if (failure) return Promise.reject(failure);
      return Promise.resolve(row && userId === 7 && familyId === family ? row : null);
    },
  } as unknown as AuthRepository;
  const tokens = new SessionTokensService(jwt, sessions, {} as never, { refreshReuseGraceSeconds: 30 });
  new JwtStrategy({ jwtSecret: secret } as AppConfig, tokens);

  beforeEach(() => {
    row = { email: 'token@x.co', profile_type: 'Worker', is_admin: true };
    failure = undefined;
    lookups = [];
  });

  const requestWith = (authorization?: string, url = '/api/user/get-data/') =>
    ({ headers: authorization === undefined ? {} : { authorization }, url, query: {} }) as {
      headers: Record<string, string>;
      url: string;
      query: Record<string, string>;
      user?: AuthUser;
    };
  const contextOf = (request: object) =>
    ({ switchToHttp: () => ({ getRequest: () => request, getResponse: () => ({}) }) }) as unknown as ExecutionContext;
  const refusal = (run: Promise<unknown>) =>
    run.then(
      () => undefined,
      (error: AppException) => ({ status: error.getStatus(), body: error.getResponse() }),
    );
  const loginRequired = { status: 401, body: { code: 'AUTH_REQUIRED', error: AUTH_MESSAGES.loginRequired } };
  const sessionExpired = { status: 401, body: { code: 'INVALID_TOKEN', error: AUTH_MESSAGES.sessionExpired } };
  const access = () => tokens.signAccess(claims, family);
  const now = () => Math.floor(Date.now() / 1000);
  const secondFactor = () => ({ mfa: true as const, session_end: now() + 3600 });

  it('attaches the user of a live session, its role read from the database', async () => {
    const request = requestWith(`Bearer ${tokens.signAccess({ ...claims, ...secondFactor() }, family)}`);
    await expect(new AuthGuard().canActivate(contextOf(request))).resolves.toBe(true);
    expect(request.user).toMatchObject({ id: 7, email: 'token@x.co', profileType: 'Worker', isAdmin: true });
    expect(request.user).toMatchObject({ familyId: family, expiresAt: expect.any(Number) });
    expect(lookups).toEqual([[7, family]]);
  });

  it('counts an admin as admin only in a session opened with the second factor, and until its end', async () => {
    const without = requestWith(`Bearer ${access()}`);
    await new AuthGuard().canActivate(contextOf(without));
    expect(without.user).toMatchObject({ id: 7, isAdmin: false, secondFactorMissing: true });
    // A second-factor claim without its end, or past it, is no session at all.
    for (const token of [
      jwt.sign({ ...claims, mfa: true, sid: family, typ: 'access' }, { expiresIn: 60 }),
      tokens.signAccess({ ...claims, mfa: true, session_end: now() - 1 }, family),
    ])
      await expect(refusal(new AuthGuard().canActivate(contextOf(requestWith(`Bearer ${token}`))))).resolves.toEqual(
        sessionExpired,
      );
    // A worker promoted since the login is no admin in that session either.
    row = { email: 'token@x.co', profile_type: 'Worker', is_admin: false };
    const worker = requestWith(`Bearer ${access()}`);
    await new AuthGuard().canActivate(contextOf(worker));
    expect(worker.user).toMatchObject({ isAdmin: false });
    expect(worker.user).not.toHaveProperty('secondFactorMissing');
  });

  it('asks for a login without a well-formed bearer header, and never reads the URL', async () => {
    const token = access();
    for (const request of [
      requestWith(undefined, `/api/user/get-data/?token=${token}`),
      requestWith(`Basic ${token}`),
      requestWith(`Bearer ${token} extra`),
    ])
      await expect(refusal(new AuthGuard().canActivate(contextOf(request)))).resolves.toMatchObject(loginRequired);
    expect(lookups).toEqual([]);
  });

  it('answers an expired session for a bad, foreign, expired, refresh or session-less token', async () => {
    const payload = { ...claims, sid: family, typ: 'access' };
    const bad = [
      'not-a-jwt',
      `${access().slice(0, -2)}xx`,
      new JwtService(sessionJwtOptions('another-secret-that-is-long-enough-0000')).sign(payload, { expiresIn: 60 }),
      jwt.sign({ ...payload, exp: now() - 10 }),
      jwt.sign(payload, { expiresIn: 60, issuer: 'someone-else' }),
      jwt.sign(payload, { expiresIn: 60, algorithm: 'HS512' }),
      jwt.sign({ ...payload, typ: 'refresh' }, { expiresIn: 60 }),
      jwt.sign({ ...payload, sid: 'not-a-uuid' }, { expiresIn: 60 }),
      jwt.sign({ ...claims, typ: 'access' }, { expiresIn: 60 }),
    ];
    for (const token of bad) {
      await expect(refusal(new AuthGuard().canActivate(contextOf(requestWith(`Bearer ${token}`))))).resolves.toEqual(
        sessionExpired,
      );
      await expect(tokens.userFor(token)).resolves.toBeNull();
    }
    expect(lookups).toEqual([]);
  });

  it('stops a deactivated or deleted account and an ended login at once', async () => {
    row = undefined;
    const token = access();
    await expect(refusal(new AuthGuard().canActivate(contextOf(requestWith(`Bearer ${token}`))))).resolves.toEqual(
      sessionExpired,
    );
    await expect(tokens.userFor(token)).resolves.toBeNull();
    expect(lookups).toEqual([
      [7, family],
      [7, family],
    ]);
  });

  it('lets a failing lookup through as it is (not as an expired session)', async () => {
    failure = new Error('database down');
    await expect(new AuthGuard().canActivate(contextOf(requestWith(`Bearer ${access()}`)))).rejects.toBe(failure);
  });

  it('gives the chat handshake the same user as HTTP', async () => {
    const request = requestWith(`Bearer ${access()}`);
    await new AuthGuard().canActivate(contextOf(request));
    await expect(tokens.userFor(access())).resolves.toEqual({ ...request.user, expiresAt: expect.any(Number) });
  });

  it('keeps OptionalAuthGuard anonymous unless the token names a live session, and never refuses', async () => {
    const guard = new OptionalAuthGuard();
    const anonymous = requestWith();
    await expect(guard.canActivate(contextOf(anonymous))).resolves.toBe(true);
    expect(anonymous.user).toBeUndefined();

    const expired = requestWith(`Bearer ${jwt.sign({ ...claims, sid: family, typ: 'access', exp: now() - 1 })}`);
    await expect(guard.canActivate(contextOf(expired))).resolves.toBe(true);
    expect(expired.user).toBeUndefined();

    failure = new Error('database down');
    const failing = requestWith(`Bearer ${access()}`);
    await expect(guard.canActivate(contextOf(failing))).resolves.toBe(true);
    expect(failing.user).toBeUndefined();

    failure = undefined;
    const signedIn = requestWith(`Bearer ${tokens.signAccess({ ...claims, ...secondFactor() }, family)}`);
    await expect(guard.canActivate(contextOf(signedIn))).resolves.toBe(true);
    expect(signedIn.user).toMatchObject({ id: 7, isAdmin: true });
  });
});
