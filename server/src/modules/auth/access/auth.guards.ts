import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { AUTH_MESSAGES } from '@cym/common';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { SessionTokensService } from '../session-tokens.service';
import { ProfilesService } from '../../profiles/profiles.service';
import { AppException } from '../../../common/app-exception';
import { AuthUser, PROFILE_TYPES_KEY } from './auth-user';

type AuthedRequest = FastifyRequest & { user?: AuthUser };

/** The bearer token of a request, or null (never read from the URL). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9._-]+)$/i.exec(header.trim());
  return match ? match[1] : null;
}

/**
 * Authenticated: a valid access token of an active user. The user row is read on each
 * request (one indexed query) so a deleted or deactivated account stops at once.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly tokens: SessionTokensService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const token = bearerToken(request);
    if (!token) throw new AppException(HttpStatus.UNAUTHORIZED, 'AUTH_REQUIRED', AUTH_MESSAGES.loginRequired);
    const user = await this.userFor(token);
    if (!user) throw new AppException(HttpStatus.UNAUTHORIZED, 'INVALID_TOKEN', AUTH_MESSAGES.sessionExpired);
    request.user = user;
    return true;
  }

  /**
   * The active user an access token names, or null: a bad or expired token, a user gone, or a
   * login that has ended (logout, password reset, reused refresh token, deletion). Also the
   * chat's handshake, which keeps the login (`familyId`) and `expiresAt` to close the socket
   * when either ends.
   */
  async userFor(token: string): Promise<(AuthUser & { familyId: string; expiresAt: number }) | null> {
    const claims = this.tokens.verifyAccess(token);
    if (!claims) return null;
    const rows: { email: string; profile_type: AuthUser['profileType']; is_admin: boolean }[] =
      await this.dataSource.query(
        `SELECT email, profile_type, is_admin FROM users u
          WHERE id = $1 AND is_active
            AND EXISTS (SELECT 1 FROM refresh_tokens r
                         WHERE r.family_id = $2 AND r.user_id = u.id AND r.revoked_at IS NULL)`,
        [claims.id, claims.familyId],
      );
    const row = rows[0];
    return row
      ? {
          id: claims.id,
          email: row.email,
          profileType: row.profile_type,
          isAdmin: row.is_admin,
          familyId: claims.familyId,
          expiresAt: claims.expiresAt,
        }
      : null;
  }
}

/**
 * Optional authentication for public reads: attaches the user when a valid access token comes
 * along (so owners and admins see their hidden profile), never refuses the request.
 */
@Injectable()
export class OptionalAuthGuard implements CanActivate {
  constructor(private readonly auth: AuthGuard) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    if (!bearerToken(request)) return true;
    try {
      await this.auth.canActivate(context);
    } catch {
      request.user = undefined;
    }
    return true;
  }
}

/** Admin-only; runs after AuthGuard. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<AuthedRequest>().user;
    if (!user?.isAdmin) throw new AppException(HttpStatus.FORBIDDEN, 'ADMIN_ONLY', AUTH_MESSAGES.adminOnly);
    return true;
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
    if (!user?.profileType || !allowed?.includes(user.profileType))
      throw new AppException(HttpStatus.FORBIDDEN, 'WRONG_PROFILE_TYPE', AUTH_MESSAGES.wrongProfileType);
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
    if (user?.profileType !== 'Parent')
      throw new AppException(HttpStatus.FORBIDDEN, 'WRONG_PROFILE_TYPE', AUTH_MESSAGES.wrongProfileType);
    if (!(await this.profiles.hasActiveMembership(user.id)))
      throw new AppException(HttpStatus.FORBIDDEN, 'MEMBERSHIP_REQUIRED', AUTH_MESSAGES.membershipRequired);
    return true;
  }
}
