import { HttpStatus } from '@nestjs/common';
import { COMMON_MESSAGES } from '@cym/common';
import { declareErrors } from './declare-errors';

/**
 * The failures any route may answer whatever its module: the validation pipe's refusal, the
 * rate limiter's, a saturated server's. Modules declare their own in `<module>.errors.ts`.
 */
export const COMMON_ERRORS = declareErrors({
  /** A field broke its rule; the message is the first field's, `errors` has them all. */
  validation: { status: HttpStatus.BAD_REQUEST, code: 'VALIDATION_FAILED', message: COMMON_MESSAGES.invalidBody },
  /** A request that is not one of the route's (an unknown filter value, a malformed parameter). */
  badRequest: { status: HttpStatus.BAD_REQUEST, code: 'BAD_REQUEST', message: COMMON_MESSAGES.invalidBody },
  notFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: COMMON_MESSAGES.notFound },
  rateLimited: { status: HttpStatus.TOO_MANY_REQUESTS, code: 'RATE_LIMITED', message: COMMON_MESSAGES.rateLimited },
  busy: { status: HttpStatus.SERVICE_UNAVAILABLE, code: 'BUSY', message: COMMON_MESSAGES.unavailable },
});
