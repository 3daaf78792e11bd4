import { HttpStatus } from '@nestjs/common';
import { SHORTLIST_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What saving a worker or an offer refuses with. */
export const SHORTLIST_ERRORS = declareErrors({
  workerNotFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: SHORTLIST_MESSAGES.workerNotFound },
  offerNotFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: SHORTLIST_MESSAGES.offerNotFound },
  full: { status: HttpStatus.BAD_REQUEST, code: 'LIMIT_REACHED', message: SHORTLIST_MESSAGES.full },
});
