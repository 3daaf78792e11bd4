import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppException } from '../../../common/app-exception';
import type { ProfilesService } from '../../profiles/profiles.service';
import type { AuthUser } from './auth-user';
import { ActiveMembershipGuard, AdminGuard, bearerToken, ProfileTypeGuard } from './auth.guards';

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
