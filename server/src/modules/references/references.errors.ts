import { HttpStatus } from '@nestjs/common';
import { REFERENCE_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

const notAllowed = (message: string) =>
  ({ status: HttpStatus.FORBIDDEN, code: 'REFERENCE_NOT_ALLOWED', message }) as const;

/** What writing, answering, reporting and moderating references refuses with. */
export const REFERENCE_ERRORS = declareErrors({
  notFound: { status: HttpStatus.NOT_FOUND, code: 'REFERENCE_NOT_FOUND', message: REFERENCE_MESSAGES.notFound },
  /** The person a reference would be about (by user id). */
  personNotFound: { status: HttpStatus.NOT_FOUND, code: 'USER_NOT_FOUND', message: REFERENCE_MESSAGES.personNotFound },
  workerNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'PROFILE_NOT_FOUND',
    message: REFERENCE_MESSAGES.personNotFound,
  },
  parentNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'PARENT_NOT_FOUND',
    message: REFERENCE_MESSAGES.personNotFound,
  },
  adminCannot: notAllowed(REFERENCE_MESSAGES.adminCannot),
  self: notAllowed(REFERENCE_MESSAGES.self),
  wrongParties: notAllowed(REFERENCE_MESSAGES.wrongParties),
  notEligible: notAllowed(REFERENCE_MESSAGES.notEligible),
  notYours: notAllowed(REFERENCE_MESSAGES.notYours),
  onlySubjectReplies: notAllowed(REFERENCE_MESSAGES.onlySubjectReplies),
  onlySubjectReports: notAllowed(REFERENCE_MESSAGES.onlySubjectReports),
  editExpired: { status: HttpStatus.FORBIDDEN, code: 'EDIT_EXPIRED', message: REFERENCE_MESSAGES.editExpired },
  alreadyLeft: { status: HttpStatus.CONFLICT, code: 'REFERENCE_EXISTS', message: REFERENCE_MESSAGES.alreadyLeft },
  alreadyReplied: { status: HttpStatus.CONFLICT, code: 'ALREADY_REPLIED', message: REFERENCE_MESSAGES.alreadyReplied },
  alreadyReported: {
    status: HttpStatus.CONFLICT,
    code: 'ALREADY_REPORTED',
    message: REFERENCE_MESSAGES.alreadyReported,
  },
  alreadyHidden: { status: HttpStatus.CONFLICT, code: 'INVALID_ACTION', message: REFERENCE_MESSAGES.alreadyHidden },
  notHidden: { status: HttpStatus.CONFLICT, code: 'INVALID_ACTION', message: REFERENCE_MESSAGES.notHidden },
});
