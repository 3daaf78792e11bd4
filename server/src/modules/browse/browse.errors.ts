import { HttpStatus } from '@nestjs/common';
import { JOB_OFFER_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What the public directories refuse with (a bad filter is COMMON_ERRORS.validation). */
export const BROWSE_ERRORS = declareErrors({
  /** Missing, or not public now: both answer the same. */
  offerNotFound: { status: HttpStatus.NOT_FOUND, code: 'OFFER_NOT_FOUND', message: JOB_OFFER_MESSAGES.notFound },
});
