import { createAccount, type TestAccount } from './accounts';
import { completeWorkerProfile } from './admin';
import { addOffer, catalogIds, insertMembership } from './employer';
import type { TestApp } from './test-app';

/**
 * The SPA's routes, for suites that walk every page: a new route added here is walked by all of
 * them.
 */

/** The pages inside the shell a visitor can open, with a real profile and offer. */
export function publicRoutes(workerId: number, offerId: number): string[] {
  return [
    '/',
    '/terms',
    '/privacy-policy',
    '/faqs',
    '/contact',
    '/about-us',
    '/corporate-solutions',
    '/how-it-works',
    '/academy',
    '/workers',
    '/job-offers',
    `/worker-profile/${workerId}`,
    `/job-offer/${offerId}`,
    '/reset-password',
    '/email-verification/MQ/abc-def',
    '/no-existe',
  ];
}

/** An employer's own pages, payments included. */
export const EMPLOYER_ROUTES = [
  '/user-account',
  '/contrataciones',
  '/mis-datos/1',
  '/memberships',
  '/membership-type/bank-transfer/payment',
  '/payment/success?payment_id=123&status=approved&external_reference=1',
  '/payment/failure',
  '/payment/pending',
];

export const ADMIN_ROUTES = [
  '/admin/workers',
  '/admin/parents',
  '/admin/job-offers',
  '/admin/payments',
  '/admin/stats',
  '/admin/audit',
  '/admin/denuncias',
];

/** Who the walks sign in as, and the profile and offer their routes open. */
export interface WalkAccounts {
  /** A worker with a complete, visible profile. */
  worker: TestAccount;
  /** An employer with a membership and one public offer. */
  employer: TestAccount;
  admin: TestAccount;
  workerId: number;
  offerId: number;
}

export async function walkAccounts(t: TestApp): Promise<WalkAccounts> {
  const ids = await catalogIds(t);
  const worker = await createAccount(t, 'Worker');
  await completeWorkerProfile(t, worker, ids);
  const employer = await createAccount(t, 'Parent');
  await insertMembership(t, employer.profileId!);
  const offerId = (await addOffer(t, employer, ids)).id;
  const admin = await createAccount(t, 'admin');
  return { worker, employer, admin, workerId: worker.profileId!, offerId };
}
