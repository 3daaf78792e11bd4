/**
 * The SPA's routes as the spec lists them (spec 01 §2, 02 §2, 03 §2), for suites that walk every
 * page: a new route added here is walked by all of them.
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
];
