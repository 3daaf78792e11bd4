import { HttpStatus } from '@nestjs/common';
import { AUTH_MESSAGES, MODERATION_MESSAGES, SECOND_FACTOR_MESSAGES } from '@cym/common';
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

  // Sign-up and login.
  alreadyAuthenticated: {
    status: HttpStatus.CONFLICT,
    code: 'ALREADY_AUTHENTICATED',
    message: AUTH_MESSAGES.alreadyLoggedIn,
  },
  badProfileType: { status: HttpStatus.BAD_REQUEST, code: 'BAD_PROFILE_TYPE', message: AUTH_MESSAGES.badProfileType },
  emailTaken: { status: HttpStatus.CONFLICT, code: 'EMAIL_TAKEN', message: AUTH_MESSAGES.emailTaken },
  unknownEmail: { status: HttpStatus.BAD_REQUEST, code: 'UNKNOWN_EMAIL', message: AUTH_MESSAGES.unknownEmail },
  wrongPassword: { status: HttpStatus.UNAUTHORIZED, code: 'WRONG_PASSWORD', message: AUTH_MESSAGES.wrongPassword },
  /** A suspended account, told once the password proved right. */
  suspended: { status: HttpStatus.FORBIDDEN, code: 'ACCOUNT_SUSPENDED', message: MODERATION_MESSAGES.suspendedLogin },
  emailNotVerified: { status: HttpStatus.FORBIDDEN, code: 'EMAIL_NOT_VERIFIED', message: AUTH_MESSAGES.notVerified },
  /**
   * Too many bcrypt operations waiting (PasswordHasher): thrown by its BoundedQueue as a
   * RateLimitedException with this message, for its Retry-After.
   */
  passwordsBusy: {
    status: HttpStatus.TOO_MANY_REQUESTS,
    code: 'BUSY',
    message: 'Hay muchos ingresos al mismo tiempo. Esperá unos segundos y volvé a intentar.',
  },

  // The e-mail's verification link and the password's reset link.
  alreadyVerified: { status: HttpStatus.CONFLICT, code: 'ALREADY_VERIFIED', message: AUTH_MESSAGES.alreadyVerified },
  verifyLinkInvalid: { status: HttpStatus.BAD_REQUEST, code: 'INVALID_LINK', message: AUTH_MESSAGES.verifyInvalid },
  resetLinkInvalid: { status: HttpStatus.BAD_REQUEST, code: 'INVALID_LINK', message: AUTH_MESSAGES.tokenInvalid },
  resetFieldsRequired: {
    status: HttpStatus.BAD_REQUEST,
    code: 'VALIDATION_FAILED',
    message: AUTH_MESSAGES.resetFieldsRequired,
  },
  passwordRule: { status: HttpStatus.BAD_REQUEST, code: 'VALIDATION_FAILED', message: AUTH_MESSAGES.passwordRule },
  passwordTooLong: {
    status: HttpStatus.BAD_REQUEST,
    code: 'VALIDATION_FAILED',
    message: AUTH_MESSAGES.passwordTooLong,
  },
  csrfMissing: { status: HttpStatus.FORBIDDEN, code: 'CSRF_MISSING', message: AUTH_MESSAGES.csrfMissing },
  csrfInvalid: { status: HttpStatus.FORBIDDEN, code: 'CSRF_INVALID', message: AUTH_MESSAGES.csrfInvalid },

  // An admin's second factor (SecondFactorService).
  secondFactorExpired: {
    status: HttpStatus.UNAUTHORIZED,
    code: 'SECOND_FACTOR_EXPIRED',
    message: SECOND_FACTOR_MESSAGES.stepExpired,
  },
  secondFactorEnrolled: {
    status: HttpStatus.CONFLICT,
    code: 'SECOND_FACTOR_ENROLLED',
    message: SECOND_FACTOR_MESSAGES.alreadyEnrolled,
  },
  secondFactorNotEnrolled: {
    status: HttpStatus.FORBIDDEN,
    code: 'SECOND_FACTOR_REQUIRED',
    message: SECOND_FACTOR_MESSAGES.notEnrolled,
  },
  secondFactorCodeRequired: {
    status: HttpStatus.BAD_REQUEST,
    code: 'VALIDATION_FAILED',
    message: SECOND_FACTOR_MESSAGES.codeRequired,
  },
  wrongCode: {
    status: HttpStatus.UNAUTHORIZED,
    code: 'SECOND_FACTOR_INVALID',
    message: SECOND_FACTOR_MESSAGES.wrongCode,
  },
  wrongRecoveryCode: {
    status: HttpStatus.UNAUTHORIZED,
    code: 'SECOND_FACTOR_INVALID',
    message: SECOND_FACTOR_MESSAGES.wrongRecoveryCode,
  },
  /** Too many wrong codes: thrown as a RateLimitedException with this message, for its Retry-After. */
  tooManyCodes: {
    status: HttpStatus.TOO_MANY_REQUESTS,
    code: 'RATE_LIMITED',
    message: SECOND_FACTOR_MESSAGES.tooManyAttempts,
  },

  // 'Sesiones activas' (LoginSessionsService).
  /** Not a login of the caller's, or one already ended: no hint whether it exists. */
  loginSessionNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'NOT_FOUND',
    message: 'No encontramos esa sesión. Puede que ya esté cerrada.',
  },
});

/** What a route behind a session may be refused with before its own code runs. */
export const SESSION_ERRORS = [AUTH_ERRORS.loginRequired, AUTH_ERRORS.sessionExpired] as const;
