import { isEmail } from './validation';
import { normalizeArgentineMobile } from './phone';
import { ProfileType } from './product';

/** Spanish messages of sign-up, login, password reset and the phone popup. */
export const AUTH_MESSAGES = {
  required: 'Completar campos obligatorios.',
  emailInvalid: 'Por favor ingresá un correo electrónico válido.',
  passwordsDiffer: 'Las contraseñas no coinciden.',
  passwordRule: 'La contraseña debe tener al menos 8 caracteres y contener al menos un número.',
  passwordTooLong: 'La contraseña no puede tener más de 72 caracteres.',
  signUpPhone: 'El teléfono debe contener solo números y tener entre 6 y 15 dígitos.',
  termsRequired: 'Debés aceptar los términos y condiciones para registrarte.',
  alreadyLoggedIn: 'Ya tenés la sesión iniciada.',
  badProfileType: 'El tipo de perfil seleccionado no es valido.',
  emailTaken: 'El correo electrónico ya esta registrado.',
  nameTooLong: 'El nombre y el apellido pueden tener hasta 30 caracteres.',
  signUpDone: 'Te enviamos un correo para verificar tu cuenta. Revisá tu bandeja de entrada.',
  unknownEmail: 'No existe ninguna cuenta con el correo electrónico ingresado.',
  wrongPassword: 'Email o contraseña incorrectos.',
  notVerified: 'Tenés que verificar tu correo electrónico antes de ingresar. Te podemos reenviar el enlace.',
  loginRequired: 'Tenés que iniciar sesión para continuar.',
  sessionExpired: 'Tu sesión expiró. Ingresá de nuevo.',
  adminOnly: 'Solo el equipo de administración puede hacer esto.',
  wrongProfileType: 'Tu tipo de cuenta no puede hacer esto.',
  membershipRequired: 'Necesitás una membresía activa para hacer esto.',
  verified: '¡Tu correo fue verificado! Ya podés completar tu perfil.',
  verifyInvalid: 'El enlace de verificación no es válido o ya venció. Pedí uno nuevo.',
  alreadyVerified: 'Tu correo ya está verificado. Ingresá con tu correo y tu contraseña.',
  resendDone: 'Si la cuenta existe y no está verificada, te enviamos un nuevo enlace.',
  forgotEmailRequired: 'Por favor, ingresá tu correo electrónico.',
  forgotEmailInvalid: 'Por favor, ingresá un correo electrónico válido.',
  resetSent: 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.',
  csrfMissing: 'No se encontró el token CSRF en las cookies',
  csrfInvalid: 'El token CSRF no es válido. Recargá la página e intentá de nuevo.',
  resetFieldsRequired: 'Los campos son obligatorios',
  resetPasswordsDiffer: 'Las contraseñas no coinciden',
  tokenInvalid: 'Token no válido',
  tokenValid: 'El enlace es válido.',
  resetDone: 'Tu contraseña fue actualizada. Ya podés ingresar con la nueva contraseña.',
  loggedOut: 'Cerraste sesión.',
} as const;

/**
 * Admins' second factor: a TOTP code of an authenticator app (RFC 6238, six digits every 30
 * seconds) or one of ten one-time recovery codes, asked after the password.
 */
export const SECOND_FACTOR_MESSAGES = {
  codeRequired: 'Ingresá el código de 6 dígitos de tu app de autenticación.',
  recoveryRequired: 'Ingresá uno de tus códigos de recuperación.',
  wrongCode: 'El código no es correcto o ya se usó. Probá con el código nuevo de tu app.',
  wrongRecoveryCode: 'El código de recuperación no es correcto o ya se usó.',
  stepExpired: 'Pasó demasiado tiempo desde que ingresaste tu contraseña. Ingresá de nuevo.',
  alreadyEnrolled: 'La verificación en dos pasos ya está activada en esta cuenta. Ingresá con el código de tu app.',
  notEnrolled: 'Primero activá la verificación en dos pasos.',
  required:
    'Para usar la administración, activá la verificación en dos pasos: cerrá sesión y volvé a ingresar con tu correo y tu contraseña.',
  tooManyAttempts: 'Demasiados códigos incorrectos. Esperá unos minutos y volvé a intentar.',
} as const;

/** Digits of a TOTP code; codes renew every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes given at enrolment, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** An admin's session ends this long after the login that passed the second factor, refreshed or not. */
export const ADMIN_SESSION_HOURS = 12;

/** A TOTP code as typed: spaces dropped ('123 456'); null unless six digits remain. */
export function totpCodeOf(typed: string): string | null {
  const digits = typed.replace(/\s+/g, '');
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(digits) ? digits : null;
}

/**
 * A recovery code as typed, in its stored form: letters and digits only, upper case
 * ('abcde-12345' → 'ABCDE12345'); null when it cannot be one (ten characters).
 */
export function recoveryCodeOf(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase();
  return /^[A-Z0-9]{10}$/.test(code) ? code : null;
}

/** The blocking phone popup. */
export const PHONE_MESSAGES = {
  required: 'El teléfono es requerido',
  digitsOnly: 'El teléfono solo puede contener números',
  tooShort: 'El teléfono debe tener al menos 8 dígitos',
  tooLong: 'El teléfono no puede tener más de 15 dígitos',
  allSame: 'El teléfono no puede tener todos los dígitos iguales',
  notMobile: 'Ingresá un celular argentino con código de área, por ejemplo 1123456789 o 5491123456789.',
  saved: 'Teléfono actualizado.',
} as const;

/** Account names in the editor. */
export const NAME_MESSAGES = {
  firstRequired: 'El nombre es obligatorio.',
  lastRequired: 'El apellido es obligatorio.',
  firstTooShort: 'El nombre debe tener más de 2 caracteres.',
  lastTooShort: 'El apellido debe tener más de 2 caracteres.',
  firstTooLong: 'El nombre debe tener menos de 30 caracteres.',
  lastTooLong: 'El apellido debe tener menos de 30 caracteres.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt reads at most 72 bytes; a longer password would be silently cut. */
export const PASSWORD_MAX_BYTES = 72;
export const NAME_MAX_LENGTH = 30;
export const NAME_MIN_LENGTH = 2;

export interface SignUpInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  profileType: string;
  acceptedTerms: boolean;
}

export function isStrongEnoughPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /\d/.test(password);
}

export function passwordTooLong(password: string): boolean {
  return new TextEncoder().encode(password).length > PASSWORD_MAX_BYTES;
}

export function isProfileType(value: string): value is ProfileType {
  return value === ProfileType.Worker || value === ProfileType.Parent;
}

/**
 * The sign-up rules in their order; answers the first message that applies, or null. Rule 7
 * (already logged in) depends on the session and is checked by the caller.
 */
export function signUpProblem(input: SignUpInput): string | null {
  const required = [
    input.firstName,
    input.lastName,
    input.email,
    input.password,
    input.confirmPassword,
    input.profileType,
  ];
  if (required.some((value) => !value || !value.trim())) return AUTH_MESSAGES.required;
  if (!isEmail(input.email.trim())) return AUTH_MESSAGES.emailInvalid;
  if (input.password !== input.confirmPassword) return AUTH_MESSAGES.passwordsDiffer;
  if (!isStrongEnoughPassword(input.password)) return AUTH_MESSAGES.passwordRule;
  if (passwordTooLong(input.password)) return AUTH_MESSAGES.passwordTooLong;
  const phone = input.phone.trim();
  if (phone && !/^\d{6,15}$/.test(phone)) return AUTH_MESSAGES.signUpPhone;
  if (phone && !normalizeArgentineMobile(phone)) return PHONE_MESSAGES.notMobile;
  if (!input.acceptedTerms) return AUTH_MESSAGES.termsRequired;
  if (input.firstName.trim().length > NAME_MAX_LENGTH || input.lastName.trim().length > NAME_MAX_LENGTH)
    return AUTH_MESSAGES.nameTooLong;
  return null;
}

/** Login form. */
export function loginProblem(email: string, password: string): string | null {
  if (!email.trim() || !password) return AUTH_MESSAGES.required;
  if (!isEmail(email.trim())) return AUTH_MESSAGES.emailInvalid;
  return null;
}

/** Forgot-password form. */
export function forgotPasswordProblem(email: string): string | null {
  if (!email.trim()) return AUTH_MESSAGES.forgotEmailRequired;
  if (!isEmail(email.trim())) return AUTH_MESSAGES.forgotEmailInvalid;
  return null;
}

/** Reset-password page, in its order. */
export function resetPasswordProblem(password: string, confirmation: string): string | null {
  if (!password || !confirmation) return AUTH_MESSAGES.resetFieldsRequired;
  if (!isStrongEnoughPassword(password)) return AUTH_MESSAGES.passwordRule;
  if (password !== confirmation) return AUTH_MESSAGES.resetPasswordsDiffer;
  if (passwordTooLong(password)) return AUTH_MESSAGES.passwordTooLong;
  return null;
}

/** The phone popup's rules, on the trimmed value, then: an Argentine mobile (phone.ts). */
export function phoneProblem(raw: string): string | null {
  const phone = raw.trim();
  if (!phone) return PHONE_MESSAGES.required;
  if (!/^\d+$/.test(phone)) return PHONE_MESSAGES.digitsOnly;
  if (phone.length < 8) return PHONE_MESSAGES.tooShort;
  if (phone.length > 15) return PHONE_MESSAGES.tooLong;
  if (/^(\d)\1*$/.test(phone)) return PHONE_MESSAGES.allSame;
  if (!normalizeArgentineMobile(phone)) return PHONE_MESSAGES.notMobile;
  return null;
}

/** Account names, each 2–30 after trimming. */
export function namesProblems(
  firstName: string,
  lastName: string,
): Partial<Record<'first_name' | 'last_name', string[]>> {
  const problems: Partial<Record<'first_name' | 'last_name', string[]>> = {};
  const check = (value: string, required: string, short: string, long: string) => {
    const v = value.trim();
    if (!v) return required;
    if (v.length < NAME_MIN_LENGTH) return short;
    if (v.length > NAME_MAX_LENGTH) return long;
    return null;
  };
  const first = check(firstName, NAME_MESSAGES.firstRequired, NAME_MESSAGES.firstTooShort, NAME_MESSAGES.firstTooLong);
  const last = check(lastName, NAME_MESSAGES.lastRequired, NAME_MESSAGES.lastTooShort, NAME_MESSAGES.lastTooLong);
  if (first) problems.first_name = [first];
  if (last) problems.last_name = [last];
  return problems;
}
