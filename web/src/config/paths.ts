/** Every client route in one place (spec 01 §2, 02 §2, 03 §2). */
export const paths = {
  home: '/',
  terms: '/terms',
  privacy: '/privacy-policy',
  faqs: '/faqs',
  contact: '/contact',
  aboutUs: '/about-us',
  corporate: '/corporate-solutions',
  howItWorks: '/how-it-works',
  academy: '/academy',
  maintenance: '/maintenance',
  resetPassword: '/reset-password',
  workers: '/workers',
  jobOffers: '/job-offers',
  conversations: '/conversations',
  userAccount: '/user-account',
  memberships: '/memberships',
  bankTransfer: '/membership-type/bank-transfer/payment',
  paymentSuccess: '/payment/success',
  paymentFailure: '/payment/failure',
  paymentPending: '/payment/pending',
  admin: {
    workers: '/admin/workers',
    parents: '/admin/parents',
    /** One employer (issue 16, item 11): `/admin/parents/{id}`. */
    parent: '/admin/parents/:id',
    jobOffers: '/admin/job-offers',
    payments: '/admin/payments',
    stats: '/admin/stats',
    /** Every admin action (issue 16, item 13). */
    audit: '/admin/audit',
  },
} as const;
