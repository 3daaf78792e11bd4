/**
 * Shortlists and saved searches: an employer saves workers and searches of the worker directory, a
 * worker saves offers and searches of the offers; the server's rules and the screens read the same
 * limits and texts.
 */

export const SHORTLIST_LIMITS = {
  /** Saved items per person (workers or offers). */
  maxEntries: 200,
  /** Saves and removals per person per hour. */
  writesPerHour: 300,
} as const;

export const SHORTLIST_MESSAGES = {
  workerNotFound: 'Este perfil no existe o no está visible.',
  offerNotFound: 'Esta oferta no existe o no está publicada.',
  full: `Llegaste al máximo de ${SHORTLIST_LIMITS.maxEntries} guardados. Quitá alguno para guardar otro.`,
  workerUnavailable: 'Perfil no disponible',
  offerUnavailable: 'Oferta no disponible',
  save: 'Guardar',
  saved: 'Guardado',
  noWorkers: 'Todavía no guardaste perfiles. Tocá el corazón de una tarjeta para tenerla a mano.',
  noOffers: 'Todavía no guardaste ofertas. Tocá el corazón de una tarjeta para tenerla a mano.',
} as const;

/** Which directory a saved search belongs to: an employer's searches workers, a worker's offers. */
export const SAVED_SEARCH_KINDS = ['workers', 'job-offers'] as const;
export type SavedSearchKind = (typeof SAVED_SEARCH_KINDS)[number];

/** The profile type that saves each kind of search (admins may save both). */
export const SAVED_SEARCH_OWNER: Record<SavedSearchKind, 'Parent' | 'Worker'> = {
  workers: 'Parent',
  'job-offers': 'Worker',
};

/** When the owner of a search gets e-mails of new matches ('never' after unsubscribing). */
export const EMAIL_FREQUENCIES = ['immediate', 'daily', 'never'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

/** Each choice's name: short, so the select reads whole on a phone (its hint says the rest). */
export const EMAIL_FREQUENCY_LABELS: Record<EmailFrequency, string> = {
  immediate: 'En el momento',
  daily: 'Un resumen por día',
  never: 'Sin e-mails',
};

/** The line under the select that explains the chosen frequency. */
export const EMAIL_FREQUENCY_HINTS: Record<EmailFrequency, string> = {
  immediate: 'Te escribimos cuando aparece algo nuevo, hasta un e-mail por día.',
  daily: 'Un solo e-mail por día, a las 9, con todas las novedades.',
  never: 'No te mandamos e-mails de esta búsqueda.',
};

export const SAVED_SEARCH_LIMITS = {
  nameMax: 80,
  perUser: 20,
  /** Creations, edits and deletions per person per hour. */
  writesPerHour: 120,
  /** At most one e-mail per search within this time. */
  emailEveryMs: 24 * 3_600_000,
  /** Matches listed in one e-mail (the rest are counted). */
  itemsPerEmail: 10,
} as const;

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Poné un nombre a la búsqueda.',
  nameTooLong: `El nombre puede tener hasta ${SAVED_SEARCH_LIMITS.nameMax} caracteres.`,
  full: `Podés tener hasta ${SAVED_SEARCH_LIMITS.perUser} búsquedas guardadas. Borrá alguna para guardar otra.`,
  notFound: 'No encontramos esta búsqueda guardada.',
  wrongKind: 'Tu tipo de cuenta no puede guardar búsquedas de esta sección.',
  badQuery: 'Los filtros de la búsqueda no son válidos.',
  kind: 'Indicá si la búsqueda es de perfiles o de ofertas.',
  frequency: 'Elegí cuándo recibir los avisos: en el momento, un resumen por día o sin e-mails.',
  paused: 'Indicá si los avisos están en pausa (sí o no).',
  nothingToChange: 'Indicá qué querés cambiar de la búsqueda.',
  badLink: 'El enlace para darte de baja no es válido.',
  saved: 'Búsqueda guardada. Te avisamos cuando haya coincidencias nuevas.',
  empty: 'Todavía no guardaste búsquedas. En Trabajadores u Ofertas, elegí los filtros y tocá «Guardar búsqueda».',
} as const;

/** The confirmation of the one-click unsubscribe (no login needed). */
export function unsubscribedMessage(name: string): string {
  return `Listo: no vas a recibir más e-mails de la búsqueda «${name}».`;
}

/** A saved search's name: trimmed, or the message that refuses it. */
export function savedSearchNameProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return SAVED_SEARCH_MESSAGES.nameRequired;
  if (raw.trim().length > SAVED_SEARCH_LIMITS.nameMax) return SAVED_SEARCH_MESSAGES.nameTooLong;
  return null;
}
