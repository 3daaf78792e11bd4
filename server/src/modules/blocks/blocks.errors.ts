import { HttpStatus } from '@nestjs/common';
import { BLOCK_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/**
 * What blocking refuses with, and what a write across a block is refused with (the chat's
 * messages and conversations, the hires' proposals): the blocked person is told only that they
 * cannot write, under the same code as the blocker.
 */
export const BLOCK_ERRORS = declareErrors({
  userNotFound: { status: HttpStatus.NOT_FOUND, code: 'USER_NOT_FOUND', message: BLOCK_MESSAGES.userNotFound },
  self: { status: HttpStatus.BAD_REQUEST, code: 'CANNOT_BLOCK', message: BLOCK_MESSAGES.self },
  /** The team cannot be blocked. */
  team: { status: HttpStatus.BAD_REQUEST, code: 'CANNOT_BLOCK', message: BLOCK_MESSAGES.team },
  /** Admins do not block. */
  adminCannotBlock: { status: HttpStatus.FORBIDDEN, code: 'CANNOT_BLOCK', message: BLOCK_MESSAGES.adminCannotBlock },
  full: { status: HttpStatus.BAD_REQUEST, code: 'LIMIT_REACHED', message: BLOCK_MESSAGES.full },
  /** The writer was blocked by the other person: told only that they cannot write. */
  cannotWrite: { status: HttpStatus.FORBIDDEN, code: 'CANNOT_WRITE', message: BLOCK_MESSAGES.cannotWrite },
  /** The writer blocked the other person. */
  blockedByMe: { status: HttpStatus.FORBIDDEN, code: 'CANNOT_WRITE', message: BLOCK_MESSAGES.blockedByMe },
});
