import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-jwt';
import type { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/config.module';
import { SessionTokensService, SessionUser, sessionJwtOptions } from '../session-tokens.service';
import { bearerToken } from './bearer-token';

/** The name the HTTP guards authenticate with. */
export const JWT_STRATEGY = 'jwt';

/**
 * Passport's JWT strategy behind the HTTP guards: the access token comes from the bearer header
 * only (never the URL), is checked with the options JwtModule verifies with, and must name an
 * active user of a live login, read from the database on each request.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, JWT_STRATEGY) {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tokens: SessionTokensService,
  ) {
    const { secret, verifyOptions } = sessionJwtOptions(config.jwtSecret);
    super({
      jwtFromRequest: bearerToken,
      secretOrKey: secret,
      // Passed one by one: passport-jwt overwrites these three in `jsonWebTokenOptions`.
      algorithms: verifyOptions.algorithms,
      issuer: verifyOptions.issuer,
      audience: verifyOptions.audience,
    });
  }

  /** The session's user, or null (Passport then fails the request and the guard answers 401). */
  async validate(payload: unknown): Promise<SessionUser | null> {
    const claims = this.tokens.accessClaims(payload);
    return claims ? this.tokens.sessionUser(claims) : null;
  }
}
