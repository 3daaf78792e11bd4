import { addMonths } from './employment-pay';

/**
 * Verified documents: a worker's DNI (front) and 'Certificado de Antecedentes Penales', an
 * employer's DNI. Kept private; an admin approves or rejects each.
 */
export const VERIFICATION_KINDS = ['dni', 'background_check'] as const;
export type VerificationKind = (typeof VERIFICATION_KINDS)[number];

export const VERIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VERIFICATION_KIND_LABELS: Record<VerificationKind, string> = {
  dni: 'DNI (frente)',
  background_check: 'Certificado de Antecedentes Penales',
};

/** The badge an approved document gives. */
export const VERIFICATION_BADGES: Record<VerificationKind, string> = {
  dni: 'Identidad verificada',
  background_check: 'Antecedentes verificados',
};

export const VERIFICATION_LIMITS = {
  /** Largest upload, image or PDF. */
  maxBytes: 5 * 1024 * 1024,
  /** A PDF is drawn page by page into a new one: at most this many pages. */
  maxPdfPages: 10,
  reasonMin: 5,
  reasonMax: 300,
  /** A certificate's badge lasts this many months from its issue date. */
  validMonths: 12,
  /** The reminder goes this many days before expiry. */
  /** Uploads per person per hour. */
  uploadsPerHour: 10,
} as const;

export const VERIFICATION_MESSAGES = {
  missing: 'Elegí un archivo para subir.',
  tooLarge: 'El archivo supera los 5 MB permitidos.',
  wrongType: 'El archivo tiene que ser una foto (JPG, PNG, WebP o HEIC) o un PDF.',
  unreadablePdf: 'No pudimos leer este PDF. Probá exportarlo de nuevo o subí una foto.',
  passwordPdf: 'Este PDF está protegido con contraseña: subí una copia sin contraseña o una foto.',
  tooManyPagesPdf: 'Este PDF tiene más de 10 páginas: subí solo las páginas del documento o una foto.',
  unreadableImage: 'No pudimos leer esta imagen. Probá con otra foto JPG o PNG.',
  kindNotAllowed: 'Las cuentas de empleador solo pueden verificar su identidad con el DNI.',
  notFound: 'No encontramos este documento.',
  issuedRequired: 'Indicá la fecha de emisión del certificado.',
  issuedFuture: 'La fecha de emisión no puede ser futura.',
  issuedTooOld: 'El certificado tiene más de 12 meses: pedile uno nuevo.',
  issuedInvalid: 'La fecha de emisión no es válida.',
  reasonLength: 'El motivo debe tener entre 5 y 300 caracteres.',
  notPending: 'Este documento ya fue revisado.',
} as const;

/** A status as the owner reads it: 'En revisión', 'Aprobado', 'Rechazado: <motivo>'. */
export function verificationStatusText(status: VerificationStatus, reason: string | null): string {
  if (status === 'pending') return 'En revisión';
  if (status === 'approved') return 'Aprobado';
  return reason ? `Rechazado: ${reason}` : 'Rechazado';
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
}

/** The certificate's issue date as the admin enters it: required, not future, not older than 12 months. */
export function validateIssuedOn(value: unknown, today: string): string | null {
  if (value === undefined || value === null || value === '') return VERIFICATION_MESSAGES.issuedRequired;
  if (!isIsoDate(value)) return VERIFICATION_MESSAGES.issuedInvalid;
  if (value > today) return VERIFICATION_MESSAGES.issuedFuture;
  if (addMonths(value, VERIFICATION_LIMITS.validMonths) <= today) return VERIFICATION_MESSAGES.issuedTooOld;
  return null;
}

/** When a certificate issued on `issuedOn` stops counting: 12 months later. */
export function certificateExpiresOn(issuedOn: string): string {
  return addMonths(issuedOn, VERIFICATION_LIMITS.validMonths);
}

/** Whether a certificate expiring on `expiresOn` still gives its badge `today` (both `YYYY-MM-DD`). */
export function backgroundBadgeActive(expiresOn: string | null, today: string): boolean {
  return expiresOn !== null && expiresOn > today;
}

/** A rejection reason: 5 to 300 characters once trimmed. */
export function validateRejectionReason(value: unknown): string | null {
  if (typeof value !== 'string') return VERIFICATION_MESSAGES.reasonLength;
  const length = value.trim().length;
  return length < VERIFICATION_LIMITS.reasonMin || length > VERIFICATION_LIMITS.reasonMax
    ? VERIFICATION_MESSAGES.reasonLength
    : null;
}

/** `2026-03-05` as `05/03/2026`. */
export function formatIsoDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}
