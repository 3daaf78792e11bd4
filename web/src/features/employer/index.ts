import { lazy } from 'react';

/** What other features may use of the employer's area; everything else stays inside. */
export { InactiveMembershipDialog } from './InactiveMembershipDialog';
export { CheckoutButton, MEMBERSHIP_BENEFITS, PromoPrice, useMembershipType } from './MembershipModal';
export { OfferWizard } from './OfferWizard';
export {
  employerKeys,
  offerToInput,
  useBankDetails,
  useMembershipTypeQuery,
  useOwnMemberships,
  useRequestBankTransfer,
  type BankDetails,
  type MembershipCreated,
  type MembershipType,
} from './api';

/** The employer's half of /user-account, downloaded only when an employer opens it. */
export const ParentAccount = /* @__PURE__ */ lazy(() => import('./ParentAccount'));
