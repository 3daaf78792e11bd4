/**
 * Reports and moderation: anyone signed in reports a profile, an offer or a single message with a
 * reason; the team dismisses, warns, hides or suspends, and may undo each. The server's rules and
 * the screens read the same lists, limits and texts.
 */

/** What can be reported. */
export const REPORT_TARGETS = ['worker_profile', 'job_offer', 'message'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

/** A report's reasons, in the order the form lists them, with their words. */
export const REPORT_REASONS = {
  harassment: 'Acoso o maltrato',
  scam: 'Pedido de dinero o estafa',
  inappropriate: 'Contenido inapropiado',
  fake: 'Perfil falso',
  minor: 'Menor de edad',
  other: 'Otro',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as ReportReason[];

/** What the team does with a reported target. 'hide' applies to profiles and offers only. */
export const MODERATION_ACTIONS = ['dismiss', 'warn', 'hide', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_ACTION_WORDS: Record<ModerationAction, string> = {
  dismiss: 'Desestimada',
  warn: 'Advertencia enviada',
  hide: 'Ocultado',
  suspend: 'Cuenta suspendida',
};

export const REPORT_TARGET_WORDS: Record<ReportTarget, string> = {
  worker_profile: 'Perfil',
  job_offer: 'Oferta',
  message: 'Mensaje',
};

export const MODERATION_LIMITS = {
  /** The reporter's optional text, trimmed. */
  maxDetails: 1000,
  /** The team's reason for a warning or a suspension, trimmed (e-mailed to the person). */
  minReason: 5,
  maxReason: 500,
  /** Reports one person may send in an hour. */
  reportsPerHour: 10,
  /** Messages shown around a reported message: this many before and after it. */
  contextBefore: 5,
  contextAfter: 4,
  /** Warning words kept by the team. */
  maxWords: 200,
  minWordLength: 3,
  maxWordLength: 60,
  pageSize: 20,
} as const;

export const MODERATION_MESSAGES = {
  reason: 'Elegí un motivo.',
  details: `El detalle puede tener hasta ${MODERATION_LIMITS.maxDetails} caracteres.`,
  target: 'Lo que querés denunciar no existe.',
  self: 'No podés denunciarte a vos mismo.',
  team: 'No podés denunciar al equipo. Escribinos desde la página de contacto.',
  alreadyReported: 'Ya denunciaste esto. El equipo lo está revisando.',
  sent: 'Gracias. Recibimos tu denuncia y el equipo la va a revisar. Te avisamos por correo cuando la resolvamos.',
  actionReason: `Escribí el motivo (entre ${MODERATION_LIMITS.minReason} y ${MODERATION_LIMITS.maxReason} caracteres): se lo enviamos a la persona.`,
  hideNotMessage: 'Un mensaje no se oculta: advertí o suspendé la cuenta.',
  nothingOpen: 'No hay denuncias abiertas sobre esto.',
  actionNotFound: 'La acción no existe.',
  alreadyUndone: 'Esa acción ya se deshizo.',
  suspendAdmin: 'No se puede suspender a alguien del equipo.',
  alreadySuspended: 'La cuenta ya está suspendida.',
  notSuspended: 'La cuenta no está suspendida.',
  suspendedLogin: 'Tu cuenta está suspendida. Si creés que es un error, escribinos desde la página de contacto.',
  word: `La palabra debe tener entre ${MODERATION_LIMITS.minWordLength} y ${MODERATION_LIMITS.maxWordLength} caracteres.`,
  wordExists: 'Esa palabra ya está en la lista.',
  wordsFull: `La lista admite hasta ${MODERATION_LIMITS.maxWords} palabras.`,
  wordNotFound: 'La palabra no existe.',
  /** Shown on a message of an unverified account that asks for money. */
  moneyWarning:
    'Cuidado: esta cuenta no verificó su identidad y el mensaje habla de dinero. Nunca pagues por adelantado ni hagas transferencias para conseguir un trabajo.',
  suspendedParty: 'Cuenta suspendida',
  /** The chat's composer, closed, in a conversation with a suspended account. */
  suspendedComposer: 'Esta cuenta está suspendida: no puede leer ni responder mensajes.',
} as const;

/** Lower case without accents, so 'TRANSFERÍ' matches 'transferi'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * Whether a message's text holds one of the team's warning words (folded, as whole words or the
 * start of one: 'transfer' matches 'transferencia'). The words come folded from the server.
 */
export function mentionsWarningWord(text: string, foldedWords: readonly string[]): boolean {
  if (foldedWords.length === 0) return false;
  const folded = foldText(text);
  return foldedWords.some((word) => {
    let at = folded.indexOf(word);
    while (at !== -1) {
      if (at === 0 || !/[a-z0-9ñ]/.test(folded[at - 1])) return true;
      at = folded.indexOf(word, at + 1);
    }
    return false;
  });
}
