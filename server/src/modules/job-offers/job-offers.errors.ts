import { HttpStatus } from '@nestjs/common';
import { ADMIN_MESSAGES, JOB_OFFER_MESSAGES } from '@cym/common';
import { declareErrors } from '../../common/errors/declare-errors';

/** What writing an employer's offers, or the team's, refuses with. */
export const JOB_OFFER_ERRORS = declareErrors({
  notFound: { status: HttpStatus.NOT_FOUND, code: 'OFFER_NOT_FOUND', message: JOB_OFFER_MESSAGES.notFound },
  limitReached: { status: HttpStatus.BAD_REQUEST, code: 'LIMIT_REACHED', message: JOB_OFFER_MESSAGES.limitReached },
  /** Showing or pausing an offer is the employer's only while their membership is active. */
  membershipRequired: {
    status: HttpStatus.FORBIDDEN,
    code: 'MEMBERSHIP_REQUIRED',
    message: JOB_OFFER_MESSAGES.membershipRequired,
  },
  /** The team hid the offer after a report; only the team shows it again. */
  hiddenByTeam: { status: HttpStatus.FORBIDDEN, code: 'OFFER_HIDDEN', message: JOB_OFFER_MESSAGES.hiddenByTeam },
  /** The team edits only its own offers (no employer); an employer's stay theirs. */
  hasEmployer: { status: HttpStatus.FORBIDDEN, code: 'OFFER_HAS_EMPLOYER', message: ADMIN_MESSAGES.offerHasEmployer },
});
