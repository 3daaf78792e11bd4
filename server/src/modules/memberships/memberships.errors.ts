import { HttpStatus } from '@nestjs/common';
import { PAYMENT_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What buying, granting and reading memberships refuses with. */
export const MEMBERSHIP_ERRORS = declareErrors({
  /** No membership type on sale (or not the one asked for). */
  noMembershipType: {
    status: HttpStatus.NOT_FOUND,
    code: 'NO_MEMBERSHIP_TYPE',
    message: PAYMENT_MESSAGES.noMembershipType,
  },
  paymentNotFound: {
    status: HttpStatus.NOT_FOUND,
    code: 'PAYMENT_NOT_FOUND',
    message: PAYMENT_MESSAGES.paymentNotFound,
  },
});
