import { formatPesosCents } from './format';
import type { FieldErrors } from './errors';

/**
 * The legal minimum wage of household workers (Ley 26.844): the scale of the Comisión Nacional de
 * Trabajo en Casas Particulares in force at a date, the category of each service, and the rule that
 * answers an offer's (or a worker's) minimum. Pure: the server and the web run the same functions
 * on the same data (`GET /api/wages/current`).
 */

/** 'con_retiro': goes home each day; 'sin_retiro': lives in; 'unica': caseros (one value). */
export const WAGE_ARRANGEMENTS = ['con_retiro', 'sin_retiro', 'unica'] as const;
export type WageArrangement = (typeof WAGE_ARRANGEMENTS)[number];

export const WAGE_ARRANGEMENT_LABELS: Record<WageArrangement, string> = {
  con_retiro: 'Con retiro',
  sin_retiro: 'Sin retiro',
  unica: 'Única',
};

/** The five categories of the regime; 3 (caseros) has one value, the others con and sin retiro. */
export const WAGE_CATEGORIES = [1, 2, 3, 4, 5] as const;
export const CASEROS_CATEGORY = 3;

/** The nine amounts a scale holds: each (category, arrangement) once. */
export const WAGE_SLOTS: ReadonlyArray<{ category: number; arrangement: WageArrangement }> = WAGE_CATEGORIES.flatMap(
  (category): { category: number; arrangement: WageArrangement }[] =>
    category === CASEROS_CATEGORY
      ? [{ category, arrangement: 'unica' }]
      : [
          { category, arrangement: 'con_retiro' },
          { category, arrangement: 'sin_retiro' },
        ],
);

/** The catalog's work arrangement that means living in ('Sin retiro (cama adentro)'). */
export const LIVE_IN_ARRANGEMENT_KEY = 'live_in';

export const DEFAULT_ZONE_SUPPLEMENT_PERCENT = 30;
/** Seniority adds this much of the monthly wage per year worked (shown as information only). */
export const SENIORITY_PERCENT_PER_YEAR = 1;

export const WAGE_LIMITS = {
  sourceMin: 5,
  sourceMax: 500,
  hourlyMax: 10_000_000,
  monthlyMax: 1_000_000_000,
  zoneMax: 100,
  firstDay: '2000-01-01',
  lastDay: '2100-12-31',
} as const;

export const WAGE_MESSAGES = {
  effectiveFromInvalid: 'Ingresá una fecha de vigencia válida.',
  effectiveFromTaken: 'Ya hay una escala con esa fecha de vigencia.',
  sourceInvalid: 'Indicá la fuente de la escala (entre 5 y 500 caracteres).',
  ratesIncomplete: 'Completá los 9 valores de la escala: cada categoría y modalidad una sola vez.',
  amountInvalid: 'Cada valor tiene que ser un monto mayor a 0, con hasta dos decimales.',
  zoneInvalid: 'El adicional por zona tiene que ser un porcentaje entre 0 y 100.',
  categoryInvalid: 'La categoría no es válida.',
  serviceNotFound: 'No encontramos ese servicio.',
  loadFailed: 'No pudimos cargar la escala salarial.',
  saveFailed: 'No pudimos guardar la escala. Probá de nuevo.',
  mappingFailed: 'No pudimos guardar la categoría del servicio. Probá de nuevo.',
  seniority: 'Por cada año de antigüedad corresponde un 1 % más del sueldo mensual.',
  noCategory: 'Fuera del régimen de casas particulares (sin mínimo legal)',
} as const;

/** The warning of the offer wizard and the offer page, with the minimum in pesos and cents. */
export function belowMinimumMessage(monthlyMinimum: number): string {
  return `El sueldo ofrecido está por debajo del mínimo legal vigente para esta categoría: ${formatPesosCents(monthlyMinimum)}`;
}

export interface WageRate {
  category: number;
  arrangement: WageArrangement;
  hourly: number;
  monthly: number;
}

export interface WageScale {
  id: number;
  /** YYYY-MM-DD. */
  effective_from: string;
  source: string;
  zone_supplement_percent: number;
  rates: WageRate[];
}

/** What `GET /api/wages/current` answers: everything the rule needs. */
export interface WageRules {
  /** The scale in force today (Buenos Aires), or null before the first one. */
  scale: WageScale | null;
  /** The next scale already entered ('Próxima'), or null. */
  next: WageScale | null;
  categories: { category: number; name: string }[];
  /** Every service with its category; null: outside the regime (no legal minimum). */
  services: { service_id: number; key: string; category: number | null }[];
  /** The work arrangement ids that mean living in (sin retiro). */
  live_in_arrangements: number[];
  /** Where the zone supplement applies: province ids and municipality ids (INDEC codes). */
  zone: { provinces: number[]; municipalities: number[] };
}

/** What the minimum is asked for: an offer's (or a worker's) services, arrangements and place. */
export interface WageQuery {
  services: readonly number[];
  work_arrangements: readonly number[];
  province: number | null | undefined;
  municipality: number | null | undefined;
  /** Hours a week with this employer (from the offer's shifts: `weeklyHoursOfShifts`); null or 0: not given. */
  weekly_hours?: number | null;
}

/**
 * The schedule rule of the legal minimum (Ley 26.844): fewer than 24 hours a week with the same
 * employer are paid by the hour (a month is 52/12 weeks); 24 or more, the monthly minimum pro rata
 * of a 48-hour week, the full month from 48 hours. An offer's weekly grid has no clock times, so
 * each chosen shift (a day's mañana, tarde or noche) counts 4 hours.
 */
export const WAGE_SCHEDULE = {
  hoursPerShift: 4,
  hourlyBelowHours: 24,
  fullTimeHours: 48,
  weeksPerMonth: 52 / 12,
} as const;

/** 'hourly': hours × the hourly minimum; 'pro_rata': the monthly one by hours; 'monthly': the full month. */
export type WageBasis = 'hourly' | 'pro_rata' | 'monthly';

/** The weekly hours an offer's shifts stand for (each distinct shift 4 hours). */
export function weeklyHoursOfShifts(shiftCount: number): number {
  return shiftCount * WAGE_SCHEDULE.hoursPerShift;
}

export interface LegalMinimum {
  category: number;
  category_name: string;
  arrangement: WageArrangement;
  hourly: number;
  monthly: number;
  /** True when the zone supplement is included. */
  zone: boolean;
  zone_supplement_percent: number;
  effective_from: string;
  /** How `amount` was reached from the schedule. */
  basis: WageBasis;
  /** The weekly hours used; null when no schedule was given. */
  weekly_hours: number | null;
  /** The minimum monthly pay for this schedule: what an offer's monthly price is compared with. */
  amount: number;
}

/** An amount raised by a percentage, rounded to the cent (computed in cents, no float drift). */
export function withSupplement(amount: number, percent: number): number {
  const cents = Math.round(amount * 100);
  return Math.round((cents * (100 + percent)) / 100) / 100;
}

/** Whether the place is in a zona desfavorable (its province, or its municipality, listed). */
export function inWageZone(zone: WageRules['zone'], province: number | null | undefined, municipality?: number | null) {
  return (
    (province !== null && province !== undefined && zone.provinces.includes(province)) ||
    (municipality !== null && municipality !== undefined && zone.municipalities.includes(municipality))
  );
}

/**
 * The legal minimum for a query under the scale in force: among the chosen services' categories (a
 * service without one does not count; none counting means no minimum), the best-paid one, as the
 * law says that tasks of several categories are paid at the highest; 'sin retiro' when any chosen
 * arrangement is living in, else 'con retiro' (caseros have their one value); plus the zone
 * supplement in a zona desfavorable. Null when there is no scale or no category.
 */
export function legalMinimum(rules: WageRules, query: WageQuery): LegalMinimum | null {
  const scale = rules.scale;
  if (!scale) return null;
  const categoryOf = new Map(rules.services.map((s) => [s.service_id, s.category]));
  const categories = [
    ...new Set(query.services.map((id) => categoryOf.get(id)).filter((c): c is number => typeof c === 'number')),
  ];
  if (categories.length === 0) return null;
  const liveIn = query.work_arrangements.some((id) => rules.live_in_arrangements.includes(id));
  const wanted: WageArrangement = liveIn ? 'sin_retiro' : 'con_retiro';
  let best: WageRate | null = null;
  for (const category of categories) {
    const ofCategory = scale.rates.filter((r) => r.category === category);
    const rate =
      ofCategory.find((r) => r.arrangement === (category === CASEROS_CATEGORY ? 'unica' : wanted)) ??
      ofCategory.find((r) => r.arrangement === 'unica') ??
      null;
    if (!rate) continue;
    if (
      best === null ||
      rate.monthly > best.monthly ||
      (rate.monthly === best.monthly &&
        (rate.hourly > best.hourly || (rate.hourly === best.hourly && rate.category < best.category)))
    )
      best = rate;
  }
  if (!best) return null;
  const zone = inWageZone(rules.zone, query.province, query.municipality);
  const percent = zone ? scale.zone_supplement_percent : 0;
  const hourly = withSupplement(best.hourly, percent);
  const monthly = withSupplement(best.monthly, percent);
  const hours = query.weekly_hours && query.weekly_hours > 0 ? query.weekly_hours : null;
  return {
    category: best.category,
    category_name: rules.categories.find((c) => c.category === best.category)?.name ?? `Categoría ${best.category}`,
    arrangement: best.arrangement,
    hourly,
    monthly,
    zone,
    zone_supplement_percent: scale.zone_supplement_percent,
    effective_from: scale.effective_from,
    ...scheduleMinimum(best.arrangement, hourly, monthly, hours),
  };
}

/**
 * The minimum for a schedule: living in (sin retiro) or no hours given → the full
 * month; fewer than 24 h a week → hours × 52/12 × the hourly minimum; 24 h or more → the monthly
 * minimum × hours / 48, the full month from 48 h. Computed in cents, rounded once.
 */
export function scheduleMinimum(
  arrangement: WageArrangement,
  hourly: number,
  monthly: number,
  weeklyHours: number | null,
): Pick<LegalMinimum, 'basis' | 'weekly_hours' | 'amount'> {
  if (arrangement === 'sin_retiro' || weeklyHours === null)
    return { basis: 'monthly', weekly_hours: weeklyHours, amount: monthly };
  const { hourlyBelowHours, fullTimeHours } = WAGE_SCHEDULE;
  if (weeklyHours < hourlyBelowHours)
    return {
      basis: 'hourly',
      weekly_hours: weeklyHours,
      amount: Math.round((Math.round(hourly * 100) * weeklyHours * 52) / 12) / 100,
    };
  if (weeklyHours >= fullTimeHours) return { basis: 'monthly', weekly_hours: weeklyHours, amount: monthly };
  return {
    basis: 'pro_rata',
    weekly_hours: weeklyHours,
    amount: Math.round((Math.round(monthly * 100) * weeklyHours) / fullTimeHours) / 100,
  };
}

/** What the page says about the base used, e.g. 'Calculado por hora: 20 h semanales (menos de 24) × …'. */
export function legalMinimumBasisText(
  minimum: Pick<LegalMinimum, 'basis' | 'weekly_hours' | 'hourly' | 'monthly' | 'arrangement'>,
): string {
  const hours = minimum.weekly_hours;
  if (minimum.basis === 'hourly')
    return `Calculado por hora: ${hours} h semanales (menos de 24) × 52/12 semanas × ${formatPesosCents(minimum.hourly)} la hora.`;
  if (minimum.basis === 'pro_rata')
    return `Proporcional al mínimo mensual: ${hours} de 48 h semanales de ${formatPesosCents(minimum.monthly)}.`;
  if (minimum.arrangement === 'sin_retiro') return 'Mínimo mensual completo: sin retiro.';
  if (hours === null) return 'Mínimo mensual completo: la oferta no indica turnos (cada turno cuenta 4 h).';
  return `Mínimo mensual completo: ${hours} h semanales (48 o más).`;
}

/** The scale in force on `day` (YYYY-MM-DD): the latest effective date on or before it. */
export function scaleInForce<T extends { effective_from: string }>(scales: readonly T[], day: string): T | null {
  let found: T | null = null;
  for (const scale of scales)
    if (scale.effective_from <= day && (found === null || scale.effective_from > found.effective_from)) found = scale;
  return found;
}

/** The next scale after `day` ('Próxima'): the earliest effective date after it. */
export function nextScale<T extends { effective_from: string }>(scales: readonly T[], day: string): T | null {
  let found: T | null = null;
  for (const scale of scales)
    if (scale.effective_from > day && (found === null || scale.effective_from < found.effective_from)) found = scale;
  return found;
}

export type WageScaleStatus = 'vigente' | 'proxima' | 'anterior';
export const WAGE_SCALE_STATUS_LABELS: Record<WageScaleStatus, string> = {
  vigente: 'Vigente',
  proxima: 'Próxima',
  anterior: 'Anterior',
};

/** 'Vigente' (the one in force), 'Próxima' (a future date), else 'Anterior'. */
export function wageScaleStatus(
  scale: { id: number; effective_from: string },
  inForce: { id: number } | null,
  day: string,
): WageScaleStatus {
  if (inForce && scale.id === inForce.id) return 'vigente';
  return scale.effective_from > day ? 'proxima' : 'anterior';
}

/** A typed amount: "441806,54", "441.806,54", "441806.54" or "$ 441.806" → 441806.54; null otherwise. */
export function parseWageAmount(text: string): number | null {
  let value = text.replace(/[\s$]/g, '');
  if (value === '') return null;
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(value)) value = value.replace(/\./g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  return Number(value);
}

/** Whether an amount is positive, below `max`, with at most two decimals. */
export function wageAmountValid(value: unknown, max: number): boolean {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value > 0 &&
    value <= max &&
    Math.abs(Math.round(value * 100) - value * 100) < 1e-6
  );
}

function validDay(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return false;
  return value >= WAGE_LIMITS.firstDay && value <= WAGE_LIMITS.lastDay;
}

export interface WageScaleInput {
  effective_from: string;
  source: string;
  zone_supplement_percent?: number;
  rates: WageRate[];
}

/** The problems of a new scale (the admin's form and the server): empty when it may be saved. */
export function wageScaleProblems(input: {
  effective_from?: unknown;
  source?: unknown;
  zone_supplement_percent?: unknown;
  rates?: unknown;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (!validDay(input.effective_from)) errors.effective_from = [WAGE_MESSAGES.effectiveFromInvalid];
  const source = typeof input.source === 'string' ? input.source.trim() : '';
  if (source.length < WAGE_LIMITS.sourceMin || source.length > WAGE_LIMITS.sourceMax)
    errors.source = [WAGE_MESSAGES.sourceInvalid];
  const zone = input.zone_supplement_percent;
  if (
    zone !== undefined &&
    (typeof zone !== 'number' || !Number.isInteger(zone) || zone < 0 || zone > WAGE_LIMITS.zoneMax)
  )
    errors.zone_supplement_percent = [WAGE_MESSAGES.zoneInvalid];
  const rates = Array.isArray(input.rates) ? (input.rates as Partial<WageRate>[]) : [];
  const seen = new Set<string>();
  let complete = rates.length === WAGE_SLOTS.length;
  let amounts = true;
  for (const rate of rates) {
    const slot = WAGE_SLOTS.find((s) => s.category === rate?.category && s.arrangement === rate?.arrangement);
    const key = `${rate?.category}/${rate?.arrangement}`;
    if (!slot || seen.has(key)) complete = false;
    seen.add(key);
    if (
      !wageAmountValid(rate?.hourly, WAGE_LIMITS.hourlyMax) ||
      !wageAmountValid(rate?.monthly, WAGE_LIMITS.monthlyMax)
    )
      amounts = false;
  }
  if (!complete) errors.rates = [WAGE_MESSAGES.ratesIncomplete];
  else if (!amounts) errors.rates = [WAGE_MESSAGES.amountInvalid];
  return errors;
}
