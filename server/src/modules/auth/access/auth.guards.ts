import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard as PassportAuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { InvalidSessionException, SessionUser } from '../session-tokens.service';
import { ProfilesService } from '../../profiles/profiles.service';
import { AUTH_ERRORS } from '../auth.errors';
import { AuthUser, PROFILE_TYPES_KEY } from './auth-user';
import { bearerToken } from './bearer-token';
import { JWT_STRATEGY } from './jwt.strategy';

type AuthedRequest = FastifyRequest & { user?: AuthUser };

/**
 * Authenticated: a valid access token of an active user, checked by the Passport JWT strategy
 * (which reads the user from the database, so a deleted or deactivated account stops at once).
 * No bearer header asks for a login; any other refusal says the session has expired.
 */
@Injectable()
export class AuthGuard extends PassportAuthGuard(JWT_STRATEGY) {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!bearerToken(context.switchToHttp().getRequest<AuthedRequest>())) throw AUTH_ERRORS.loginRequired.exception();
    return (await super.canActivate(context)) as boolean;
  }

  /** Passport's outcome: an error of the lookup (the database) goes on as it is, no user is 401. */
  override handleRequest<User = SessionUser>(error: unknown, user: User | false): User {
    if (error) throw error;
    if (!user) throw new InvalidSessionException();
    return user;
  }
}

/**
 * Optional authentication for public reads: attaches the user when a valid access token comes
 * along (so owners and admins see their hidden profile), never refuses the request.
 */
@Injectable()
export class OptionalAuthGuard extends PassportAuthGuard(JWT_STRATEGY) {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (bearerToken(context.switchToHttp().getRequest<AuthedRequest>())) await super.canActivate(context);
    return true;
  }

  /** Anything but a user of a live session leaves the request anonymous. */
  override handleRequest<User = SessionUser>(error: unknown, user: User | false): User | undefined {
    return error || !user ? undefined : user;
  }
}

/**
 * Admin-only; runs after AuthGuard. `isAdmin` holds only in a session opened with the second
 * factor (SessionTokensService.sessionUser); an admin's session without it is told to log in again.
 */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<AuthedRequest>().user;
    if (user?.isAdmin) return true;
    if (user?.secondFactorMissing) throw AUTH_ERRORS.secondFactorRequired.exception();
    throw AUTH_ERRORS.adminOnly.exception();
  }
}

/** Only the profile types named with @ProfileTypes (admins pass too); runs after AuthGuard. */
@Injectable()
export class ProfileTypeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const allowed = this.reflector.getAllAndOverride<string[]>(PROFILE_TYPES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    const user = context.switchToHttp().getRequest<AuthedRequest>().user;
    if (user?.isAdmin) return true;
    if (!user?.profileType || !allowed?.includes(user.profileType)) throw AUTH_ERRORS.wrongProfileType.exception();
    return true;
  }
}

/** An employer with an active membership (admins pass); runs after AuthGuard. */
@Injectable()
export class ActiveMembershipGuard implements CanActivate {
  constructor(private readonly profiles: ProfilesService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<AuthedRequest>().user;
    if (user?.isAdmin) return true;
    if (user?.profileType !== 'Parent') throw AUTH_ERRORS.wrongProfileType.exception();
    if (!(await this.profiles.hasActiveMembership(user.id))) throw AUTH_ERRORS.membershipRequired.exception();
    return true;
  }
}
