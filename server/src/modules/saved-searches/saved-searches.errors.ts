import { HttpStatus } from '@nestjs/common';
import { SAVED_SEARCH_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What saving a search, changing it and the e-mails' unsubscribe link refuse with. */
export const SAVED_SEARCH_ERRORS = declareErrors({
  /** Missing, or another person's (the same answer). */
  notFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: SAVED_SEARCH_MESSAGES.notFound },
  badQuery: { status: HttpStatus.BAD_REQUEST, code: 'VALIDATION_FAILED', message: SAVED_SEARCH_MESSAGES.badQuery },
  nothingToChange: {
    status: HttpStatus.BAD_REQUEST,
    code: 'VALIDATION_FAILED',
    message: SAVED_SEARCH_MESSAGES.nothingToChange,
  },
  full: { status: HttpStatus.BAD_REQUEST, code: 'LIMIT_REACHED', message: SAVED_SEARCH_MESSAGES.full },
  /** A search of the directory the person's profile type does not browse. */
  wrongKind: { status: HttpStatus.FORBIDDEN, code: 'WRONG_PROFILE_TYPE', message: SAVED_SEARCH_MESSAGES.wrongKind },
  badLink: { status: HttpStatus.BAD_REQUEST, code: 'INVALID_LINK', message: SAVED_SEARCH_MESSAGES.badLink },
});
