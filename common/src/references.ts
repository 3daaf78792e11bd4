/**
 * References: an employer rates a worker and a worker an employer, once each, after a conversation
 * where both wrote; the subject answers once. The server's rules and the screens read the same
 * limits and texts.
 */
import { formatNumber, once } from './format';

export const REFERENCE_LIMITS = {
  minStars: 1,
  maxStars: 5,
  /** The text, trimmed. */
  minText: 20,
  maxText: 700,
  /** The subject's reply, trimmed (not editable once written). */
  minReply: 1,
  maxReply: 700,
  /** A report's or a hiding's reason, trimmed. */
  minReason: 5,
  maxReason: 500,
  /** The author may edit for this long after writing. */
  editDays: 30,
  /** References on a page of the public profile. */
  pageSize: 10,
  /** Writes (new, edit, reply, report) per person per hour. */
  writesPerHour: 30,
} as const;

export const REFERENCE_MESSAGES = {
  notEligible: 'Solo podés dejar una referencia después de una conversación en la que ambos hayan escrito.',
  alreadyLeft: 'Ya dejaste una referencia para esta persona.',
  editExpired: 'El plazo para editar la referencia venció.',
  notYours: 'Solo quien escribió la referencia puede editarla.',
  notFound: 'La referencia no existe.',
  personNotFound: 'La persona no existe.',
  wrongParties: 'Las referencias son entre empleadores y trabajadoras: no podés dejarle una a esta persona.',
  self: 'No podés dejarte una referencia a vos mismo.',
  adminCannot: 'El equipo no deja referencias.',
  stars: `Elegí de ${REFERENCE_LIMITS.minStars} a ${REFERENCE_LIMITS.maxStars} estrellas.`,
  text: `La referencia debe tener entre ${REFERENCE_LIMITS.minText} y ${REFERENCE_LIMITS.maxText} caracteres.`,
  reply: `La respuesta debe tener entre ${REFERENCE_LIMITS.minReply} y ${REFERENCE_LIMITS.maxReply} caracteres.`,
  reason: `El motivo debe tener entre ${REFERENCE_LIMITS.minReason} y ${REFERENCE_LIMITS.maxReason} caracteres.`,
  onlySubjectReplies: 'Solo la persona de la referencia puede responderla.',
  alreadyReplied: 'Ya respondiste esta referencia.',
  onlySubjectReports: 'Solo la persona de la referencia o el equipo pueden denunciarla.',
  alreadyReported: 'Ya denunciaste esta referencia.',
  alreadyHidden: 'La referencia ya está oculta.',
  notHidden: 'La referencia no está oculta.',
  page: 'La página no es válida.',
  /** After the first publication, and after an edit. */
  published: '¡Gracias! Tu referencia ya está publicada.',
  updated: 'Referencia actualizada.',
  leave: 'Dejar una referencia',
  edit: 'Editar mi referencia',
  none: 'Todavía no tiene referencias.',
  more: 'Ver más',
  report: 'Denunciar',
  answer: 'Responder',
} as const;

const ratingFormat = once(() => new Intl.NumberFormat('es-AR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }));

/** A rating's average in es-AR with one decimal: 4.7 → '4,7'. */
export function formatRating(average: number): string {
  return ratingFormat().format(average);
}

/** '1 referencia', '12 referencias'. */
export function formatReferenceCount(count: number): string {
  return count === 1 ? '1 referencia' : `${formatNumber(count)} referencias`;
}

/** How many references came after a hire through the site: '1 con contratación', '3 con contratación'. */
export function formatHiredCount(hired: number): string {
  return `${formatNumber(hired)} con contratación`;
}

/** The average of a sum of stars over a count, rounded to one decimal (null without any). */
export function ratingOf(
  starsSum: number | null,
  count: number | null,
  /** How many were written after a hire between the two ('Trabajó con …'). */
  hired: number | null = 0,
): { average: number; count: number; hired: number } | null {
  if (!count || starsSum === null) return null;
  return { average: Math.round((starsSum * 10) / count) / 10, count, hired: hired ?? 0 };
}
