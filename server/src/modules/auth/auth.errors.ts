import { HttpStatus } from '@nestjs/common';
import { AUTH_MESSAGES, SECOND_FACTOR_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** Accounts, sessions and access: what the guards and the auth routes refuse with. */
export const AUTH_ERRORS = declareErrors({
  // The access guards (documented by the access decorators themselves: Auth, AdminOnly…).
  loginRequired: { status: HttpStatus.UNAUTHORIZED, code: 'AUTH_REQUIRED', message: AUTH_MESSAGES.loginRequired },
  sessionExpired: { status: HttpStatus.UNAUTHORIZED, code: 'INVALID_TOKEN', message: AUTH_MESSAGES.sessionExpired },
  adminOnly: { status: HttpStatus.FORBIDDEN, code: 'ADMIN_ONLY', message: AUTH_MESSAGES.adminOnly },
  secondFactorRequired: {
    status: HttpStatus.FORBIDDEN,
    code: 'SECOND_FACTOR_REQUIRED',
    message: SECOND_FACTOR_MESSAGES.required,
  },
  wrongProfileType: {
    status: HttpStatus.FORBIDDEN,
    code: 'WRONG_PROFILE_TYPE',
    message: AUTH_MESSAGES.wrongProfileType,
  },
  membershipRequired: {
    status: HttpStatus.FORBIDDEN,
    code: 'MEMBERSHIP_REQUIRED',
    message: AUTH_MESSAGES.membershipRequired,
  },
});

/** What a route behind a session may be refused with before its own code runs. */
export const SESSION_ERRORS = [AUTH_ERRORS.loginRequired, AUTH_ERRORS.sessionExpired] as const;
