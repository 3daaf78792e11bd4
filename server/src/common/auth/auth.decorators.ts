import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AuthUser, PROFILE_TYPES_KEY } from './auth-user';
import * as guards from './auth.guards';

export type { AuthUser };

/** Any signed-in, active user. */
export const Auth = () => applyDecorators(UseGuards(guards.AuthGuard), ApiBearerAuth());

/** Public, but the user is known when a valid token comes along (see OptionalUser). */
export const OptionalAuth = () => applyDecorators(UseGuards(guards.OptionalAuthGuard));

/** Admins only. */
export const AdminOnly = () => applyDecorators(UseGuards(guards.AuthGuard, guards.AdminGuard), ApiBearerAuth());

/** Users of the given profile types (and admins). */
export const ProfileTypes = (...types: ('Worker' | 'Parent')[]) =>
  applyDecorators(
    SetMetadata(PROFILE_TYPES_KEY, types),
    UseGuards(guards.AuthGuard, guards.ProfileTypeGuard),
    ApiBearerAuth(),
  );

/** Employers with an active membership (and admins). */
export const ActiveMembership = () =>
  applyDecorators(UseGuards(guards.AuthGuard, guards.ActiveMembershipGuard), ApiBearerAuth());

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
