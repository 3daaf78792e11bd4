import { ageFromBirthDate } from './format';

/**
 * Employer rules, shared by the offer wizard, the account page and the server: job offers, the
 * employer's personal info, the membership and the payment messages.
 */
export const JOB_OFFER_LIMITS = {
  perEmployer: 2,
  title: 35,
  description: 500,
  neighborhood: 100,
  monthlyPriceMax: 10_000_000,
  wizardSteps: 9,
} as const;

export const JOB_OFFER_MESSAGES = {
  hiddenByTeam:
    'El equipo ocultó esta oferta después de una denuncia. Si creés que es un error, escribinos desde la página de contacto.',
  titleRequired: 'El título es obligatorio.',
  titleLong: 'Máximo 35 caracteres.',
  descriptionRequired: 'La presentación es obligatoria.',
  descriptionLong: 'Máximo 500 caracteres.',
  locationRequired: 'Todos los campos de ubicación son obligatorios',
  neighborhoodLong: 'El barrio debe tener menos de 100 caracteres.',
  municipalityMismatch: 'El partido elegido no pertenece a la provincia.',
  servicesRequired: 'Debe seleccionar al menos un servicio',
  arrangementsRequired: 'Debe seleccionar al menos una modalidad de trabajo',
  nativeNotSelected: 'El idioma nativo tiene que estar entre los idiomas elegidos.',
  priceInvalid: 'Ingresá solo números, hasta 10.000.000.',
  unknownChoice: 'Alguna de las opciones elegidas no existe.',
  stepRequired: 'Obligatorio para avanzar',
  limitReached: 'Ya tenés el máximo de 2 ofertas laborales.',
  limitTooltip: 'MAX 2 OFERTAS LABORALES',
  limitLabel: 'Máximo de ofertas alcanzado',
  notFound: 'No encontramos esta oferta laboral.',
  notYours: 'Solo podés modificar tus propias ofertas laborales.',
  membershipRequired: 'Necesitás una membresía activa para publicar tus ofertas laborales.',
  deleteConfirm: '¿Estás seguro de que querés eliminar esta oferta laboral?',
  listFailed: 'Error al obtener datos.',
} as const;

/** What the wizard and the add/update endpoints send; lists hold catalog ids. */
export interface JobOfferInput {
  title: string;
  description: string;
  services: number[];
  tasks: number[];
  work_arrangements: number[];
  languages: number[];
  native_language: number | null;
  work_shifts: number[];
  location: { neighborhood: string; province: number | null; municipality: number | null };
  monthly_price: number | null;
}

export type JobOfferField =
  'title' | 'description' | 'location' | 'services' | 'work_arrangements' | 'native_language' | 'monthly_price';

type Problems<K extends string> = Partial<Record<K, string[]>>;

export function offerTitleProblem(raw: string): string | null {
  const title = raw.trim();
  if (!title) return JOB_OFFER_MESSAGES.titleRequired;
  if (title.length > JOB_OFFER_LIMITS.title) return JOB_OFFER_MESSAGES.titleLong;
  return null;
}

export function offerDescriptionProblem(raw: string): string | null {
  const description = raw.trim();
  if (!description) return JOB_OFFER_MESSAGES.descriptionRequired;
  if (description.length > JOB_OFFER_LIMITS.description) return JOB_OFFER_MESSAGES.descriptionLong;
  return null;
}

export function offerLocationProblem(location: JobOfferInput['location']): string | null {
  const neighborhood = location.neighborhood.trim();
  if (!neighborhood || !location.province || !location.municipality) return JOB_OFFER_MESSAGES.locationRequired;
  if (neighborhood.length > JOB_OFFER_LIMITS.neighborhood) return JOB_OFFER_MESSAGES.neighborhoodLong;
  return null;
}

/**
 * The monthly price as typed: digits only, at most 10,000,000; empty means "no price" (null).
 * Answers the number, null for empty, or undefined when the text is not acceptable.
 */
export function parseMonthlyPrice(raw: unknown): number | null | undefined {
  if (raw === null || raw === undefined) return null;
  // A body may carry anything here (true, an object): only whole numbers and text are prices.
  if (typeof raw !== 'number' && typeof raw !== 'string') return undefined;
  const text = typeof raw === 'number' ? (Number.isInteger(raw) ? String(raw) : 'x') : raw.trim();
  if (text === '') return null;
  if (!/^\d{1,8}$/.test(text)) return undefined;
  const value = Number(text);
  return value <= JOB_OFFER_LIMITS.monthlyPriceMax ? value : undefined;
}

/** Every job offer rule that needs no catalog; the server adds the catalog checks. */
export function jobOfferProblems(input: JobOfferInput): Problems<JobOfferField> {
  const problems: Problems<JobOfferField> = {};
  const add = (field: JobOfferField, message: string | null) => {
    if (message) problems[field] = [message];
  };
  add('title', offerTitleProblem(input.title));
  add('description', offerDescriptionProblem(input.description));
  add('location', offerLocationProblem(input.location));
  add('services', input.services.length === 0 ? JOB_OFFER_MESSAGES.servicesRequired : null);
  add('work_arrangements', input.work_arrangements.length === 0 ? JOB_OFFER_MESSAGES.arrangementsRequired : null);
  add(
    'native_language',
    input.native_language !== null && !input.languages.includes(input.native_language)
      ? JOB_OFFER_MESSAGES.nativeNotSelected
      : null,
  );
  add(
    'monthly_price',
    input.monthly_price !== null && parseMonthlyPrice(input.monthly_price) === undefined
      ? JOB_OFFER_MESSAGES.priceInvalid
      : null,
  );
  return problems;
}

/**
 * The wizard's gating: steps 1, 2, 3, 4 and 7 must be valid to continue; the others are optional.
 * Steps count from 1. Answers the message to show, or null.
 */
export function offerStepProblem(step: number, input: JobOfferInput): string | null {
  switch (step) {
    case 1:
      return offerTitleProblem(input.title);
    case 2:
      return input.services.length === 0 ? JOB_OFFER_MESSAGES.servicesRequired : null;
    case 3:
      return offerLocationProblem(input.location);
    case 4:
      return input.work_arrangements.length === 0 ? JOB_OFFER_MESSAGES.arrangementsRequired : null;
    case 7:
      return offerDescriptionProblem(input.description);
    case 9:
      return input.monthly_price !== null && parseMonthlyPrice(input.monthly_price) === undefined
        ? JOB_OFFER_MESSAGES.priceInvalid
        : null;
    default:
      return null;
  }
}

/** Steps whose heading carries 'Obligatorio para avanzar'. */
export const OFFER_REQUIRED_STEPS: readonly number[] = [1, 2, 3, 4, 7];

// ── Employer personal info ──────────────────────────────────────────────────

export const PARENT_INFO_LIMITS = { age: { min: 18, max: 100 }, nationality: { min: 4, max: 100 } } as const;

export const PARENT_INFO_MESSAGES = {
  birthRequired: 'La fecha de nacimiento es obligatoria.',
  tooYoung: 'Debe ser mayor de 18 años.',
  tooOld: 'Debe ser menor de 100 años.',
  genderRequired: 'El género es obligatorio.',
  nationalityRequired: 'La nacionalidad es obligatoria.',
  nationalityShort: 'La nacionalidad debe tener más de 4 caracteres.',
  nationalityLong: 'La nacionalidad debe tener menos de 100 caracteres.',
} as const;

export interface ParentInfoInput {
  date_of_birth: string;
  gender: string;
  nationality: string;
}

export function parentInfoProblems(input: ParentInfoInput, today: Date = new Date()): Problems<keyof ParentInfoInput> {
  const m = PARENT_INFO_MESSAGES;
  const problems: Problems<keyof ParentInfoInput> = {};
  const age = input.date_of_birth ? ageFromBirthDate(input.date_of_birth, today) : null;
  if (age === null) problems.date_of_birth = [m.birthRequired];
  else if (age < PARENT_INFO_LIMITS.age.min) problems.date_of_birth = [m.tooYoung];
  else if (age > PARENT_INFO_LIMITS.age.max) problems.date_of_birth = [m.tooOld];
  if (input.gender !== 'male' && input.gender !== 'female') problems.gender = [m.genderRequired];
  const nationality = input.nationality.trim();
  const n = PARENT_INFO_LIMITS.nationality;
  if (!nationality) problems.nationality = [m.nationalityRequired];
  else if (nationality.length < n.min) problems.nationality = [m.nationalityShort];
  else if (nationality.length > n.max) problems.nationality = [m.nationalityLong];
  return problems;
}

// ── Membership and payments ─────────────────────────────────────────────────

export const MEMBERSHIP = {
  /** The modal shows the price doubled and struck through, with this badge. */
  promoBadge: '(50% OFF promo del mes)',
  /** /payment/success retries the status check on 404. */
  statusRetryMs: 5000,
  statusRetries: 6,
} as const;

export const PAYMENT_METHODS = [
  { value: 'mercadopago', label: 'MercadoPago' },
  { value: 'bank_transfer', label: 'Transferencia bancaria' },
] as const;

/** A membership an admin granted by hand (amount 0): not a way to pay, so not in PAYMENT_METHODS. */
export const MANUAL_PAYMENT_METHOD = { value: 'manual', label: 'Manual' } as const;

export function paymentMethodLabel(value: string): string {
  if (value === MANUAL_PAYMENT_METHOD.value) return MANUAL_PAYMENT_METHOD.label;
  return PAYMENT_METHODS.find((method) => method.value === value)?.label ?? value;
}

export const PAYMENT_MESSAGES = {
  membershipFetchFailed: 'Error al obtener la membresía.',
  createFailed: 'Error al crear el pago. Intentá nuevamente.',
  networkFailed: 'Error al procesar el pago. Intentá nuevamente.',
  noProfile: 'Error: No se encontró el perfil del usuario',
  notCompleted: 'El pago no fue completado correctamente.',
  verifyFailed: 'Error al verificar el pago. Contactá a soporte si el problema persiste.',
  priceFailed: 'No se pudo obtener el precio actual',
  noMembershipType: 'No hay una membresía disponible en este momento.',
  amountMismatch: 'El monto no coincide con el precio de la membresía.',
  methodInvalid: 'Elegí un medio de pago válido.',
  paymentNotFound: 'No encontramos este pago.',
  paymentNotApproved: 'El pago todavía no fue aprobado.',
  providerUnavailable: 'No pudimos comunicarnos con MercadoPago. Intentá nuevamente en unos minutos.',
  invalidSignature: 'La firma de la notificación no es válida.',
} as const;

/**
 * What the public sees of an offer, as the admin's offer list names it: 'visible' (listed on
 * /job-offers), 'hidden' (switched off, or its employer's account deactivated) or
 * 'no_membership' (switched on, but its employer has no active membership).
 */
export const OFFER_PUBLIC_VISIBILITY = [
  { value: 'visible', label: 'Visible' },
  { value: 'hidden', label: 'Oculta' },
  { value: 'no_membership', label: 'Oculta: sin membresía activa' },
] as const;

export type OfferPublicVisibility = (typeof OFFER_PUBLIC_VISIBILITY)[number]['value'];

export function offerPublicVisibilityLabel(value: string): string {
  return OFFER_PUBLIC_VISIBILITY.find((item) => item.value === value)?.label ?? value;
}
