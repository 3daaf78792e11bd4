import { HttpStatus } from '@nestjs/common';
import { MODERATION_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

const notAllowed = (message: string) =>
  ({ status: HttpStatus.FORBIDDEN, code: 'REPORT_NOT_ALLOWED', message }) as const;

/** What reporting and moderating refuse with. */
export const MODERATION_ERRORS = declareErrors({
  targetNotFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: MODERATION_MESSAGES.target },
  self: notAllowed(MODERATION_MESSAGES.self),
  team: notAllowed(MODERATION_MESSAGES.team),
  alreadyReported: {
    status: HttpStatus.CONFLICT,
    code: 'ALREADY_REPORTED',
    message: MODERATION_MESSAGES.alreadyReported,
  },
  nothingOpen: { status: HttpStatus.CONFLICT, code: 'NOTHING_TO_MODERATE', message: MODERATION_MESSAGES.nothingOpen },
  hideNotMessage: {
    status: HttpStatus.BAD_REQUEST,
    code: 'INVALID_ACTION',
    message: MODERATION_MESSAGES.hideNotMessage,
  },
  suspendAdmin: { status: HttpStatus.BAD_REQUEST, code: 'INVALID_ACTION', message: MODERATION_MESSAGES.suspendAdmin },
  alreadySuspended: {
    status: HttpStatus.CONFLICT,
    code: 'INVALID_ACTION',
    message: MODERATION_MESSAGES.alreadySuspended,
  },
  actionNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'ACTION_NOT_FOUND',
    message: MODERATION_MESSAGES.actionNotFound,
  },
  alreadyUndone: { status: HttpStatus.CONFLICT, code: 'ALREADY_UNDONE', message: MODERATION_MESSAGES.alreadyUndone },
  wordExists: { status: HttpStatus.CONFLICT, code: 'WORD_EXISTS', message: MODERATION_MESSAGES.wordExists },
  wordsFull: { status: HttpStatus.CONFLICT, code: 'LIMIT_REACHED', message: MODERATION_MESSAGES.wordsFull },
  wordNotFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: MODERATION_MESSAGES.wordNotFound },
});
