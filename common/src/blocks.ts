/**
 * Blocking: a person stops another from writing to them and no longer sees them in the
 * directories, shortlists and alerts. The blocked person is told only that they cannot write.
 */

export const BLOCK_LIMITS = {
  /** People one person may block. */
  maxBlocked: 1000,
  /** Blocks and unblocks per person per hour. */
  writesPerHour: 60,
} as const;

/** Whether the conversation's composer is closed, and why, as the viewer may be told. */
export const CHAT_BLOCK_STATES = ['by_me', 'cannot_write'] as const;
export type ChatBlockState = (typeof CHAT_BLOCK_STATES)[number];

export const BLOCK_MESSAGES = {
  /** What the blocked person is told when writing: never that they were blocked. */
  cannotWrite: 'No podés escribirle a esta persona.',
  /** The composer of the blocked person's conversation. */
  composerClosed: 'No podés escribir en esta conversación.',
  /** What the blocker is told when writing to someone they blocked. */
  blockedByMe: 'Bloqueaste a esta persona. Desbloqueala para escribirle.',
  userNotFound: 'No encontramos a esta persona.',
  invalidUser: 'Indicá a quién querés bloquear.',
  self: 'No podés bloquearte a vos.',
  team: 'No podés bloquear al equipo. Si tenés un problema, escribinos.',
  adminCannotBlock: 'El equipo no bloquea personas: usá las herramientas de administración.',
  full: `Llegaste al máximo de ${BLOCK_LIMITS.maxBlocked} personas bloqueadas. Desbloqueá a alguien para bloquear a otra.`,
  empty: 'No bloqueaste a nadie.',
  block: 'Bloquear',
  unblock: 'Desbloquear',
} as const;

/** The confirmation before blocking someone. */
export const blockQuestion = (name: string): string =>
  `¿Bloquear a ${name}? No va a poder escribirte ni iniciar conversaciones con vos. No le avisamos.`;

/** The chat's safety notice, at the top of every conversation. */
export const SAFETY_NOTICE =
  'Nunca pagues por adelantado para conseguir un trabajo o una entrevista. No compartas claves ni códigos que te lleguen por SMS.';
