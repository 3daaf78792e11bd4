import { HttpStatus } from '@nestjs/common';
import { PROFILE_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What an employer's profile, and everything under it (offers, memberships, payments), refuses with. */
export const PARENT_PROFILE_ERRORS = declareErrors({
  notFound: { status: HttpStatus.NOT_FOUND, code: 'PROFILE_NOT_FOUND', message: PROFILE_MESSAGES.notFound },
  notYours: {
    status: HttpStatus.FORBIDDEN,
    code: 'NOT_YOUR_PROFILE',
    message: PROFILE_MESSAGES.notYours,
  },
});

/** ParentAccess.owned's refusals: every route on an employer's profile id may answer them. */
export const PARENT_ACCESS_ERRORS = [PARENT_PROFILE_ERRORS.notFound, PARENT_PROFILE_ERRORS.notYours] as const;
