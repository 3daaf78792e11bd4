import { PRODUCT_NAME } from './product';

/**
 * The web app's pages: its routes, which the web's router declares and the server reads to answer
 * 404 for any other address, and what search engines are told about the public ones.
 */

/** Every fixed client route in one place. */
export const SITE_PATHS = {
  home: '/',
  terms: '/terms',
  privacy: '/privacy-policy',
  /** Safety tips for workers and families. */
  safetyTips: '/consejos-de-seguridad',
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
  /** Saved workers or offers. */
  saved: '/guardados',
  /** Saved searches and their alerts. */
  alerts: '/alertas',
  /** The employment relationships a person is a party of (hires). */
  hires: '/contrataciones',
  /** The alert e-mails' one-click unsubscribe, without login (`?t=` the signed token). */
  unsubscribe: '/alertas/baja',
  admin: {
    workers: '/admin/workers',
    parents: '/admin/parents',
    /** One employer: `/admin/parents/{id}`. */
    parent: '/admin/parents/:id',
    /** Verified documents' review queue. */
    verifications: '/admin/verificaciones',
    jobOffers: '/admin/job-offers',
    payments: '/admin/payments',
    /** The legal minimum wage of household workers. */
    wages: '/admin/salarios',
    /** The regime's other figures (hours thresholds, contributions, trial period…), each dated. */
    laborParameters: '/admin/parametros-laborales',
    stats: '/admin/stats',
    /** Every admin action. */
    audit: '/admin/audit',
    /** The admins, and resetting another admin's second factor. */
    team: '/admin/equipo',
    /** References, reported ones first. */
    references: '/admin/referencias',
    /** Open reports of profiles, offers and messages, the team's decisions, the warning words. */
    reports: '/admin/denuncias',
    /** One reported target: `/admin/denuncias/{worker_profile|job_offer|message}/{id}`. */
    report: '/admin/denuncias/:targetType/:targetId',
  },
} as const;

/** The client routes with parameters. */
export const SITE_PATTERNS = {
  workerProfile: '/worker-profile/:profileId',
  jobOffer: '/job-offer/:jobOfferId',
  resetConfirm: '/reset/:uidb64/:token',
  emailVerification: '/email-verification/:uidb64/:token',
  chat: '/conversations/chat/:conversationId',
  /** One employment relationship. */
  hire: '/contrataciones/:hireId',
  /** A month's payslip of a relationship (`period` YYYY-MM). */
  payslip: '/contrataciones/:hireId/recibos/:period',
  /** One of the person's 'Descargar mis datos' ZIPs (the ready e-mail's link). */
  dataExport: '/mis-datos/:exportId',
  /** A service's landing pages (landing-pages.ts): in a province, and in one of its municipalities. */
  landingProvince: '/trabajadores/:service/:province',
  landingMunicipality: '/trabajadores/:service/:province/:municipality',
} as const;

/** Every route pattern the web app answers; any other address is a page that does not exist. */
export const CLIENT_ROUTES: readonly string[] = [
  ...Object.values(SITE_PATHS).flatMap((value) => (typeof value === 'string' ? [value] : Object.values(value))),
  ...Object.values(SITE_PATTERNS),
];

const segments = (path: string) => path.split('/').filter(Boolean);

/** The parameters of `pathname` under `pattern` (`:name` is one segment), or null when it does not match. */
export function matchRoute(pattern: string, pathname: string): Record<string, string> | null {
  const want = segments(pattern);
  const have = segments(pathname);
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const value = have[i]!;
    if (part.startsWith(':')) params[part.slice(1)] = value;
    else if (part !== value) return null;
  }
  return params;
}

/** True when the web app has a page at `pathname` (a trailing slash is the same page). */
export function isClientRoute(pathname: string): boolean {
  return CLIENT_ROUTES.some((pattern) => matchRoute(pattern, pathname) !== null);
}

/** Routes that only make sense signed in, hold a one-time token or a state: never indexed. */
export const PRIVATE_ROUTE_PREFIXES = [
  SITE_PATHS.userAccount,
  SITE_PATHS.maintenance,
  SITE_PATHS.resetPassword,
  SITE_PATHS.conversations,
  SITE_PATHS.saved,
  SITE_PATHS.alerts,
  SITE_PATHS.hires,
  '/mis-datos',
  '/admin',
  '/membership-type',
  '/payment',
  '/reset',
  '/email-verification',
] as const;

/** The tab's title of the home page (and of the shell before a page names itself). */
export const DEFAULT_TITLE = `${PRODUCT_NAME} · Trabajo en casas particulares`;

/** The longest tab title: what results show whole (and html-validate's long-title). */
export const MAX_TITLE_LENGTH = 70;

const TITLE_SUFFIX = ` · ${PRODUCT_NAME}`;

/**
 * A page's tab title: its own words, then the product; at most MAX_TITLE_LENGTH characters (its
 * own words cut on a word, with '…'). The server's <title> and the browser's are both this.
 */
export const pageTitle = (text: string | null | undefined): string => {
  if (!text) return DEFAULT_TITLE;
  const room = MAX_TITLE_LENGTH - TITLE_SUFFIX.length;
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= room) return `${flat}${TITLE_SUFFIX}`;
  const cut = flat.slice(0, room - 1);
  const space = cut.lastIndexOf(' ');
  const words = (space > room / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:·—-]+$/, '');
  return `${words}…${TITLE_SUFFIX}`;
};

/**
 * A worker's public profile as its title says it: who, what and where ('Lucía, 34 — Niñera/o en
 * Comuna 6'), so open tabs can be told apart; the same words on the server and in the browser.
 */
export function workerPageText(worker: {
  firstName: string;
  age: number | null;
  /** The first of its services (in the catalog's order). */
  service: string | null;
  /** Its municipality, else its province. */
  place: string | null;
}): string {
  const who = worker.age !== null ? `${worker.firstName}, ${worker.age}` : worker.firstName;
  const what = [worker.service, worker.place && `en ${worker.place}`].filter(Boolean).join(' ');
  return what ? `${who} — ${what}` : who;
}

/** What a page that does not exist says (the server's head and the browser's page, with status 404). */
export const NOT_FOUND_PAGE: PageText = {
  title: 'Página no encontrada',
  description: 'La página que buscás no existe o ya no está disponible.',
};

/** A public offer as its title says it: its title and municipality. */
export function offerPageText(offer: { title: string; municipality: string | null }): string {
  return offer.municipality ? `${offer.title} — ${offer.municipality}` : offer.title;
}

/** The site's description (the home page's, and any page's without its own). */
export const SITE_DESCRIPTION = `${PRODUCT_NAME}: encontrá empleadas domésticas, niñeras, cuidadoras y más personal para tu casa o empresa en toda la Argentina.`;

export interface PageText {
  /** The first half of the tab's title (pageTitle adds the product); null on the home page. */
  title: string | null;
  description: string;
}

/**
 * The day each page of fixed text last changed its text (the sitemap's <lastmod>): change it with
 * the page's words. The home page and the directories show the listed profiles and offers
 * instead, and take the date of their latest change.
 */
export const STATIC_PAGE_UPDATED: Record<string, string> = {
  [SITE_PATHS.howItWorks]: '2026-11-25',
  [SITE_PATHS.aboutUs]: '2026-11-25',
  [SITE_PATHS.corporate]: '2026-11-25',
  [SITE_PATHS.academy]: '2026-11-25',
  [SITE_PATHS.faqs]: '2026-11-25',
  [SITE_PATHS.contact]: '2026-11-25',
  [SITE_PATHS.terms]: '2026-11-22',
  [SITE_PATHS.privacy]: '2026-11-29',
  [SITE_PATHS.safetyTips]: '2026-11-29',
};

/**
 * The first half of the tab's title of the app's other pages, by route pattern: the router's
 * handles say the same (web/src/app/router.spec.ts), and the server's shell of a page it does not
 * draw carries it, so its <title> is the browser's.
 */
export const ROUTE_TITLES: Record<string, string> = {
  [SITE_PATTERNS.landingProvince]: 'Perfiles de trabajadores',
  [SITE_PATTERNS.landingMunicipality]: 'Perfiles de trabajadores',
  [SITE_PATTERNS.workerProfile]: 'Perfil de trabajador',
  [SITE_PATTERNS.jobOffer]: 'Oferta de empleo',
  [SITE_PATHS.resetPassword]: 'Recuperar contraseña',
  [SITE_PATTERNS.resetConfirm]: 'Nueva contraseña',
  [SITE_PATTERNS.emailVerification]: 'Verificación de correo',
  [SITE_PATHS.userAccount]: 'Mi cuenta',
  [SITE_PATHS.saved]: 'Guardados',
  [SITE_PATHS.alerts]: 'Búsquedas y alertas',
  [SITE_PATHS.hires]: 'Contrataciones',
  [SITE_PATTERNS.hire]: 'Relación laboral',
  [SITE_PATTERNS.payslip]: 'Recibo de sueldo',
  [SITE_PATTERNS.dataExport]: 'Tus datos',
  [SITE_PATHS.unsubscribe]: 'Dejar de recibir e-mails',
  [SITE_PATHS.memberships]: 'Membresías',
  [SITE_PATHS.bankTransfer]: 'Transferencia bancaria',
  [SITE_PATHS.paymentSuccess]: 'Pago',
  [SITE_PATHS.paymentFailure]: 'Pago',
  [SITE_PATHS.paymentPending]: 'Pago',
  [SITE_PATHS.conversations]: 'Chat',
  [SITE_PATTERNS.chat]: 'Chat',
  [SITE_PATHS.admin.jobOffers]: 'Admin: Empleos',
  [SITE_PATHS.admin.workers]: 'Admin: Perfiles',
  [SITE_PATHS.admin.parents]: 'Admin: Empleadores',
  [SITE_PATHS.admin.verifications]: 'Admin: Verificaciones',
  [SITE_PATHS.admin.parent]: 'Admin: Empleador',
  [SITE_PATHS.admin.payments]: 'Admin: Pagos',
  [SITE_PATHS.admin.wages]: 'Admin: Salarios',
  [SITE_PATHS.admin.laborParameters]: 'Admin: Parámetros laborales',
  [SITE_PATHS.admin.stats]: 'Admin: Estadísticas',
  [SITE_PATHS.admin.audit]: 'Admin: Actividad',
  [SITE_PATHS.admin.team]: 'Admin: Equipo',
  [SITE_PATHS.admin.references]: 'Admin: Referencias',
  [SITE_PATHS.admin.reports]: 'Admin: Denuncias',
  [SITE_PATHS.admin.report]: 'Admin: Denuncia',
  // Outside the shell, named by the page itself (MaintenancePage).
  [SITE_PATHS.maintenance]: 'En mantenimiento',
};

/** The title's first half of the app's page at `pathname` (ROUTE_TITLES), or null. */
export function routeTitle(pathname: string): string | null {
  const pattern = Object.keys(ROUTE_TITLES).find((p) => matchRoute(p, pathname) !== null);
  return pattern ? ROUTE_TITLES[pattern]! : null;
}

/** The public pages with fixed content: their titles and what a search result says of them. */
export const PUBLIC_PAGES: Record<string, PageText> = {
  [SITE_PATHS.home]: { title: null, description: SITE_DESCRIPTION },
  [SITE_PATHS.workers]: {
    title: 'Perfiles de trabajadores',
    description:
      'Empleadas domésticas, niñeras, cuidadoras de adultos mayores, cocineras y más: filtrá por servicio, lugar y horario y chateá con quien te interese.',
  },
  [SITE_PATHS.jobOffers]: {
    title: 'Ofertas de empleo',
    description:
      'Ofertas de trabajo en casas particulares y empresas de toda la Argentina: limpieza, cuidado de chicos, de adultos mayores, cocina y más.',
  },
  [SITE_PATHS.howItWorks]: {
    title: 'Cómo funciona',
    description: `Cómo encontrar personal de casas particulares o trabajo con ${PRODUCT_NAME}, paso a paso.`,
  },
  [SITE_PATHS.aboutUs]: {
    title: 'Nosotros',
    description: `Quiénes somos y por qué hicimos ${PRODUCT_NAME}, el lugar donde se encuentran familias y trabajadores de casas particulares.`,
  },
  [SITE_PATHS.corporate]: {
    title: 'Soluciones para empresas',
    description: 'Personal de limpieza y mantenimiento para oficinas, comercios y empresas en toda la Argentina.',
  },
  [SITE_PATHS.academy]: {
    title: 'Academia',
    description: 'Guías y consejos para trabajar en casas particulares y para contratar con tranquilidad.',
  },
  [SITE_PATHS.faqs]: {
    title: 'Preguntas frecuentes',
    description: `Respuestas a las preguntas más comunes sobre ${PRODUCT_NAME}: perfiles, ofertas, chat y membresías.`,
  },
  [SITE_PATHS.contact]: {
    title: 'Contacto',
    description: `Escribile al equipo de ${PRODUCT_NAME}: te respondemos por correo.`,
  },
  [SITE_PATHS.terms]: {
    title: 'Términos y condiciones',
    description: `Los términos y condiciones de uso de ${PRODUCT_NAME}.`,
  },
  [SITE_PATHS.privacy]: {
    title: 'Política de privacidad',
    description: `Qué datos guarda ${PRODUCT_NAME}, para qué y cómo ejercer tus derechos sobre ellos.`,
  },
  [SITE_PATHS.safetyTips]: {
    title: 'Consejos de seguridad',
    description:
      'Cómo cuidarte al buscar trabajo o contratar en casas particulares: entrevistas, pagos, identidad, bloqueos, denuncias y teléfonos de emergencia.',
  },
};

/**
 * The id of the `<script type="application/json">` in which a server-rendered page carries the
 * answers its render used (the server writes it, the web app's hydration reads it).
 */
export const SERVER_STATE_ELEMENT_ID = 'cym-state';
