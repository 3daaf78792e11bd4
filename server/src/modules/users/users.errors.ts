import { HttpStatus } from '@nestjs/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What changing one's own account refuses with. */
export const USER_ERRORS = declareErrors({
  notYourAccount: {
    status: HttpStatus.FORBIDDEN,
    code: 'NOT_YOUR_ACCOUNT',
    message: 'Solo podés modificar tu propia cuenta.',
  },
});
