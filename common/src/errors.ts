/**
 * Every machine code the API answers in its one error shape. The server's AppException takes only
 * these, and the web compares against them, so a typo on either side fails the type check instead
 * of silently never matching. The fuzz suite checks that every answered code is listed here.
 */
export const ERROR_CODES = [
  // The error filter's code per status, for failures that are not AppExceptions.
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PAYLOAD_TOO_LARGE',
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  // Input refused for the whole API: the validation pipe, hostile input, the saturated hasher.
  'VALIDATION_FAILED',
  'INVALID_CHARACTERS',
  'BODY_TOO_DEEP',
  'BUSY',
  // Accounts, sessions and access.
  'ALREADY_AUTHENTICATED',
  'AUTH_REQUIRED',
  'ADMIN_ONLY',
  'WRONG_PROFILE_TYPE',
  'BAD_PROFILE_TYPE',
  'PROFILE_REQUIRED',
  'MEMBERSHIP_REQUIRED',
  'EMAIL_TAKEN',
  'EMAIL_NOT_VERIFIED',
  'UNKNOWN_EMAIL',
  'WRONG_PASSWORD',
  'INVALID_TOKEN',
  'INVALID_LINK',
  'ALREADY_VERIFIED',
  'CSRF_MISSING',
  'CSRF_INVALID',
  'USER_NOT_FOUND',
  'NOT_YOUR_ACCOUNT',
  'CANNOT_DELETE_ADMIN',
  // Admins' second factor (TOTP).
  'SECOND_FACTOR_REQUIRED',
  'SECOND_FACTOR_INVALID',
  'SECOND_FACTOR_EXPIRED',
  'SECOND_FACTOR_ENROLLED',
  'OWN_SECOND_FACTOR',
  'NOT_AN_ADMIN',
  // Profiles, offers and photos.
  'PROFILE_NOT_FOUND',
  'NOT_YOUR_PROFILE',
  'NOT_A_WORKER',
  'PARENT_NOT_FOUND',
  'OFFER_NOT_FOUND',
  'PROVINCE_NOT_FOUND',
  'OFFER_HAS_EMPLOYER',
  'LIMIT_REACHED',
  'IMAGE_MISSING',
  'IMAGE_TOO_LARGE',
  'IMAGE_TOO_MANY_PIXELS',
  'IMAGE_UNREADABLE',
  'NOT_AN_IMAGE',
  // Memberships and payments.
  'NO_MEMBERSHIP_TYPE',
  'MEMBERSHIP_NOT_FOUND',
  'MEMBERSHIP_ALREADY_ACTIVE',
  'PAYMENT_NOT_FOUND',
  'PAYMENT_NOT_APPROVED',
  'PAYMENT_MISMATCH',
  'INVALID_SIGNATURE',
  'PROVIDER_UNAVAILABLE',
  'CHECKOUT_NOT_FOUND',
  'CHECKOUT_EXPIRED',
  // Chat (HTTP and the socket's acknowledgements).
  'CONVERSATION_NOT_FOUND',
  'NOT_PARTICIPANT',
  'NOT_YOUR_CHATS',
  'INVALID_PARTIES',
  'PARTY_NOT_FOUND',
  'EMPLOYER_NOT_PUBLISHING',
  'CLIENT_ID_REUSED',
  'CHAT_ERROR',
  // The back office.
  'INVALID_ACTION',
  // Push notifications.
  'PUSH_UNAVAILABLE',
  'INVALID_SUBSCRIPTION',
  // Verified documents.
  'DOCUMENT_MISSING',
  'DOCUMENT_TOO_LARGE',
  'DOCUMENT_TYPE',
  'DOCUMENT_UNREADABLE',
  'DOCUMENT_PASSWORD',
  'DOCUMENT_TOO_MANY_PAGES',
  'DOCUMENT_NOT_FOUND',
  'DOCUMENT_KIND_NOT_ALLOWED',
  'DOCUMENT_ALREADY_REVIEWED',
  // References.
  'REFERENCE_NOT_FOUND',
  'REFERENCE_NOT_ALLOWED',
  'REFERENCE_EXISTS',
  'EDIT_EXPIRED',
  'ALREADY_REPLIED',
  'ALREADY_REPORTED',
  // Hires.
  'PROPOSAL_NOT_FOUND',
  'PROPOSAL_OPEN',
  'PROPOSAL_ANSWERED',
  'EMPLOYMENT_NOT_FOUND',
  'EMPLOYMENT_OPEN',
  'EMPLOYMENT_ENDED',
  'HIRE_NOT_ALLOWED',
  'START_PASSED',
  // Reports and moderation.
  'OFFER_HIDDEN',
  'ACCOUNT_SUSPENDED',
  'REPORT_NOT_ALLOWED',
  'NOTHING_TO_MODERATE',
  'ACTION_NOT_FOUND',
  'ALREADY_UNDONE',
  'WORD_EXISTS',
  // 'Descargar mis datos'.
  'DATA_EXPORT_NOT_FOUND',
  'DATA_EXPORT_IN_PROGRESS',
  'DATA_EXPORT_LIMIT',
  'DATA_EXPORT_NOT_READY',
  'DATA_EXPORT_EXPIRED',
  // Blocks.
  'CANNOT_WRITE',
  'CANNOT_BLOCK',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Field name → its Spanish messages (only for field problems). */
export type FieldErrors = Record<string, string[]>;

/** The one error shape of the API: a Spanish message, a code, and field problems. */
export interface ErrorBody {
  error: string;
  code: ErrorCode;
  errors?: FieldErrors;
}

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}
