import { HttpStatus } from '@nestjs/common';
import { WAGE_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What the wage scales' back office refuses with (field problems are validation errors). */
export const WAGE_ERRORS = declareErrors({
  serviceNotFound: { status: HttpStatus.NOT_FOUND, code: 'NOT_FOUND', message: WAGE_MESSAGES.serviceNotFound },
});
