import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, type OpenAPIObject } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiErrors } from '../../../common/errors/declare-errors';
import { AUTH_ERRORS, SESSION_ERRORS } from '../auth.errors';
import { AuthUser, PROFILE_TYPES_KEY } from './auth-user';
import * as guards from './auth.guards';

export type { AuthUser };

/**
 * Who may call a route, as its decorator declares it. Published on each OpenAPI operation as
 * `x-access` (test/api/access-walk.api-spec.ts walks every operation as every role against it,
 * and fails on an operation without one). A method's declaration wins over its controller's.
 */
export type Access = 'public' | 'optional' | 'auth' | 'admin' | 'membership' | `profile:${string}`;
export const ACCESS_EXTENSION = 'x-access';
const declareAccess = (access: Access) => ApiExtension(ACCESS_EXTENSION, access);

/**
 * The OpenAPI `security` an access implies where the guards' decorators set none: `[]` (no
 * credentials) for Public, anonymous or a bearer token for OptionalAuth. Guarded routes carry
 * ApiBearerAuth's own. Applied to the built document (buildOpenApi), so no route writes it by hand.
 */
export function declareOpenSecurity(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const value of Object.values(item) as unknown[]) {
      const operation = value as { security?: Record<string, string[]>[]; [ACCESS_EXTENSION]?: Access };
      if (operation.security) continue;
      if (operation[ACCESS_EXTENSION] === 'public') operation.security = [];
      else if (operation[ACCESS_EXTENSION] === 'optional') operation.security = [{}, { bearer: [] }];
    }
  }
}

/** Anyone, signed in or not: no guard. Explicit, so that a route nobody thought about stands out. */
export const Public = () => applyDecorators(declareAccess('public'));

/** Any signed-in, active user. */
export const Auth = () =>
  applyDecorators(UseGuards(guards.AuthGuard), ApiBearerAuth(), declareAccess('auth'), ApiErrors(...SESSION_ERRORS));

/** Public, but the user is known when a valid token comes along (see OptionalUser). */
export const OptionalAuth = () => applyDecorators(UseGuards(guards.OptionalAuthGuard), declareAccess('optional'));

/** Admins only. */
export const AdminOnly = () =>
  applyDecorators(
    UseGuards(guards.AuthGuard, guards.AdminGuard),
    ApiBearerAuth(),
    declareAccess('admin'),
    ApiErrors(...SESSION_ERRORS, AUTH_ERRORS.secondFactorRequired, AUTH_ERRORS.adminOnly),
  );

/** Users of the given profile types (and admins); declared as `profile:Worker`, `profile:Parent` or both, comma-separated. */
export const ProfileTypes = (...types: ('Worker' | 'Parent')[]) =>
  applyDecorators(
    SetMetadata(PROFILE_TYPES_KEY, types),
    UseGuards(guards.AuthGuard, guards.ProfileTypeGuard),
    ApiBearerAuth(),
    declareAccess(`profile:${types.join(',')}`),
    ApiErrors(...SESSION_ERRORS, AUTH_ERRORS.wrongProfileType),
  );

/** Employers with an active membership (and admins). */
export const ActiveMembership = () =>
  applyDecorators(
    UseGuards(guards.AuthGuard, guards.ActiveMembershipGuard),
    ApiBearerAuth(),
    declareAccess('membership'),
    ApiErrors(...SESSION_ERRORS, AUTH_ERRORS.wrongProfileType, AUTH_ERRORS.membershipRequired),
  );

/** The user OptionalAuth attached, or null for anonymous visitors. */
export const OptionalUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | null =>
    context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>().user ?? null,
);

/** The user the guards attached; only on routes behind one of the decorators above. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>().user;
  if (!user) throw new Error('CurrentUser used on a route without an auth guard');
  return user;
});
