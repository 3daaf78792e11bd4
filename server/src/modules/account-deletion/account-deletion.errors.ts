import { HttpStatus } from '@nestjs/common';
import { ACCOUNT_DELETION_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What deleting one's own account refuses with (the field's message under `errors.password`). */
export const ACCOUNT_DELETION_ERRORS = declareErrors({
  passwordRequired: {
    status: HttpStatus.BAD_REQUEST,
    code: 'VALIDATION_FAILED',
    message: ACCOUNT_DELETION_MESSAGES.passwordRequired,
  },
  wrongPassword: {
    status: HttpStatus.BAD_REQUEST,
    code: 'WRONG_PASSWORD',
    message: ACCOUNT_DELETION_MESSAGES.wrongPassword,
  },
  /** The team's accounts are deleted by another admin (the back office), never by themselves. */
  adminRefused: {
    status: HttpStatus.FORBIDDEN,
    code: 'CANNOT_DELETE_ADMIN',
    message: ACCOUNT_DELETION_MESSAGES.adminRefused,
  },
});
