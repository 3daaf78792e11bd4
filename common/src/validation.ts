/**
 * E-mail shape shared by every form and the server: something@something.tld, no spaces.
 * Deliberately simple; the verification e-mail is the real check.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** RFC 5321 caps an address at 254 characters. */
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Messages shared by several screens. */
export const COMMON_MESSAGES = {
  required: 'Completar campos obligatorios.',
  invalidBody: 'La solicitud no es válida.',
  notFound: 'No encontramos lo que buscás.',
  rateLimited: 'Hiciste demasiados intentos. Esperá un momento y volvé a intentar.',
  internal: 'Ocurrió un error inesperado. Por favor, intentá de nuevo más tarde.',
  unavailable: 'El servicio está muy ocupado en este momento. Intentá de nuevo en unos segundos.',
  connection: 'Error de conexión. Por favor, verificá tu conexión a internet e intentá nuevamente.',
} as const;
