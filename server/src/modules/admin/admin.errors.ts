import { HttpStatus } from '@nestjs/common';
import { ADMIN_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What the back office refuses with (its lists' bad queries are COMMON_ERRORS.validation). */
export const ADMIN_ERRORS = declareErrors({
  userNotFound: { status: HttpStatus.NOT_FOUND, code: 'USER_NOT_FOUND', message: ADMIN_MESSAGES.userNotFound },
  /** Showing or hiding a profile is for workers' accounts. */
  notAWorker: { status: HttpStatus.BAD_REQUEST, code: 'NOT_A_WORKER', message: ADMIN_MESSAGES.notAWorker },
  cannotDeleteAdmin: {
    status: HttpStatus.FORBIDDEN,
    code: 'CANNOT_DELETE_ADMIN',
    message: ADMIN_MESSAGES.cannotDeleteAdmin,
  },
  /** An admin's own second factor is reset the usual way (a recovery code), not by themselves here. */
  ownSecondFactor: { status: HttpStatus.FORBIDDEN, code: 'OWN_SECOND_FACTOR', message: ADMIN_MESSAGES.ownSecondFactor },
  /** Only admins have a second factor to reset. */
  notAnAdmin: { status: HttpStatus.NOT_FOUND, code: 'NOT_AN_ADMIN', message: ADMIN_MESSAGES.notAnAdmin },
  membershipNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'MEMBERSHIP_NOT_FOUND',
    message: ADMIN_MESSAGES.membershipNotFound,
  },
  /** A missing employer profile, or a deleted account's. */
  parentNotFound: { status: HttpStatus.NOT_FOUND, code: 'PARENT_NOT_FOUND', message: 'No encontramos este empleador.' },
  membershipAlreadyActive: {
    status: HttpStatus.CONFLICT,
    code: 'MEMBERSHIP_ALREADY_ACTIVE',
    message: 'Este empleador ya tiene una membresía activa.',
  },
});
