import { HttpStatus } from '@nestjs/common';
import { PUSH_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What registering a browser for Web Push refuses with. */
export const PUSH_ERRORS = declareErrors({
  /** Push is off on this server (no VAPID keys). */
  unavailable: { status: HttpStatus.CONFLICT, code: 'PUSH_UNAVAILABLE', message: PUSH_MESSAGES.unavailable },
  invalidSubscription: {
    status: HttpStatus.BAD_REQUEST,
    code: 'INVALID_SUBSCRIPTION',
    message: PUSH_MESSAGES.invalidSubscription,
  },
  insecureEndpoint: {
    status: HttpStatus.BAD_REQUEST,
    code: 'INVALID_SUBSCRIPTION',
    message: PUSH_MESSAGES.insecureEndpoint,
  },
  unknownService: {
    status: HttpStatus.BAD_REQUEST,
    code: 'INVALID_SUBSCRIPTION',
    message: PUSH_MESSAGES.unknownService,
  },
});
