import { formatPesosCents, once } from './format';
import {
  laborDate,
  laborNumber,
  laborTable,
  type LaborParameterKey,
  type LaborParameterSet,
  type LaborTableRow,
} from './labor-parameters';

/**
 * What an employer owes a household worker under Ley 26.844, computed for both of them: the
 * monthly payslip, the aguinaldo (SAC), vacations and the final settlement, plus the checks of a
 * hire's schedule and CUIL. Every legal figure comes from the dated parameters (`LaborParameterSet`)
 * and the wage scale the caller passes in, so a computation dated before a new value never
 * changes. Pure: dates are 'YYYY-MM-DD' calendar days (UTC arithmetic, no time zones), months
 * 'YYYY-MM'. Money stays an exact fraction of cents until each line is rounded, half up, once.
 */

export type HireArrangement = 'con_retiro' | 'sin_retiro';

/** One stretch of work on a weekday: 1 = lunes … 7 = domingo; 'HH:MM', the end after the start. */
export interface ScheduleSlot {
  day: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  from: string;
  to: string;
}

export interface HireTerms {
  start_date: string;
  /** 1..5, the categories of the CNTCP scale. */
  category: number;
  arrangement: HireArrangement;
  schedule: ScheduleSlot[];
  /** What was agreed: an amount per month, or per hour. */
  pay_basis: 'monthly' | 'hourly';
  /** Pesos (per month or per hour, by `pay_basis`). */
  pay_amount: number;
  /** The place of work is in a zona desfavorable. */
  zone: boolean;
}

/** Where a line's figures come from: a parameter of the regime, or the CNTCP wage scale. */
export type PaySource = LaborParameterKey | 'wage_scale';

export interface PayLine {
  /** A stable id: 'basic', 'seniority', 'zone', 'overtime_ordinary', 'non_remunerative', 'notice', … */
  key: string;
  label: string;
  /** How the amount was reached, with the numbers used (es-AR). */
  formula: string;
  /** Pesos with cents. */
  amount: number;
  /**
   * Pay for work: on a payslip, what counts for SAC, vacations and severance. False for the
   * non-remunerative sums and, in a settlement, for the compensations (preaviso, integración,
   * indemnización, vacaciones no gozadas).
   */
  remunerative: boolean;
  /** The parameters (and 'wage_scale') used, so a page can link their sources. */
  sources: PaySource[];
}

// ---------------------------------------------------------------------------------------------
// Exact money: a fraction of cents, rounded once per line.

/** n/d with d > 0. BigInt, because cents × minutes × weeks × percent outgrow 2^53. */
interface Ratio {
  n: bigint;
  d: bigint;
}

const ratio = (n: number | bigint, d: number | bigint = 1): Ratio => ({ n: BigInt(n), d: BigInt(d) });

/** A decimal input (hours, weeks, a percentage) exact to the millionth: parameters have at most three decimals. */
function decimal(x: number): Ratio {
  if (!Number.isFinite(x)) throw new RangeError(`not a number: ${x}`);
  return { n: BigInt(Math.round(x * 1_000_000)), d: 1_000_000n };
}

/** Pesos with cents as a whole number of cents. */
function cents(pesos: number): Ratio {
  if (!Number.isFinite(pesos)) throw new RangeError(`not an amount: ${pesos}`);
  return ratio(Math.round(pesos * 100));
}

function times(...factors: Ratio[]): Ratio {
  return factors.reduce((a, b) => ({ n: a.n * b.n, d: a.d * b.d }), ratio(1));
}

function over(a: Ratio, b: Ratio): Ratio {
  if (b.n === 0n) throw new RangeError('division by zero');
  return b.n < 0n ? { n: -a.n * b.d, d: a.d * -b.n } : { n: a.n * b.d, d: a.d * b.n };
}

function plus(a: Ratio, b: Ratio): Ratio {
  return { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
}

function less(a: Ratio, b: Ratio): boolean {
  return a.n * b.d < b.n * a.d;
}

/** Half up (away from zero for a negative), to a whole number of cents. */
function roundCents(x: Ratio): bigint {
  if (x.n < 0n) return -roundCents({ n: -x.n, d: x.d });
  return (2n * x.n + x.d) / (2n * x.d);
}

const pesos = (c: bigint): number => Number(c) / 100;

// ---------------------------------------------------------------------------------------------
// Texts.

const NUMBER_FORMAT = once(() => new Intl.NumberFormat('es-AR', { maximumFractionDigits: 2 }));

/** A quantity as the formulas show it: 86.6667 → '86,67', 1000 → '1.000'. */
function quantity(x: number): string {
  return NUMBER_FORMAT().format(x);
}

const money = (pesosAmount: number): string => formatPesosCents(pesosAmount);
const moneyOf = (c: bigint): string => formatPesosCents(pesos(c));

export const WEEKDAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;

// ---------------------------------------------------------------------------------------------
// Calendar days.

const DAY_MS = 86_400_000;

function parseDay(day: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match) {
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const check = new Date(Date.UTC(y, m - 1, d));
    if (check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d) return [y, m, d];
  }
  throw new RangeError(`not a day (YYYY-MM-DD): ${day}`);
}

function parsePeriod(period: string): [number, number] {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) throw new RangeError(`not a month (YYYY-MM): ${period}`);
  return [Number(match[1]), Number(match[2])];
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
const dayText = (y: number, m: number, d: number): string => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
const utc = (day: string): number => {
  const [y, m, d] = parseDay(day);
  return Date.UTC(y, m - 1, d);
};
const fromUtc = (ms: number): string => {
  const date = new Date(ms);
  return dayText(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
};
const maxDay = (a: string, b: string): string => (a > b ? a : b);
const minDay = (a: string, b: string): string => (a < b ? a : b);

export function daysInMonth(period: string): number {
  const [y, m] = parsePeriod(period);
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The first and last day of a month 'YYYY-MM'. */
export function monthBounds(period: string): { from: string; to: string } {
  const [y, m] = parsePeriod(period);
  return { from: dayText(y, m, 1), to: dayText(y, m, daysInMonth(period)) };
}

export function addDays(day: string, n: number): string {
  return fromUtc(utc(day) + n * DAY_MS);
}

/**
 * The same day `n` months later (or earlier); a day the month lacks becomes its last day, as the
 * Código Civil y Comercial (art. 6) counts periods in months: 2024-01-31 + 1 month = 2024-02-29.
 */
export function addMonths(day: string, n: number): string {
  const [y, m, d] = parseDay(day);
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return dayText(year, month, Math.min(d, daysInMonth(`${pad(year, 4)}-${pad(month)}`)));
}

/** Both days counted: 2026-03-01 to 2026-03-15 is 15; 0 when `b` is before `a`. */
export function daysBetweenInclusive(a: string, b: string): number {
  return Math.max(0, Math.round((utc(b) - utc(a)) / DAY_MS) + 1);
}

/**
 * Whole months from `from` to `to`: a month is completed on the same day of a later month (its
 * last day when that month is shorter, as `addMonths`). 0 when `to` is before `from`. Service
 * that includes its last day is measured up to the day after it.
 */
export function completedMonths(from: string, to: string): number {
  const [fy, fm] = parseDay(from);
  const [ty, tm] = parseDay(to);
  if (to < from) return 0;
  let months = (ty - fy) * 12 + (tm - fm);
  while (months > 0 && addMonths(from, months) > to) months -= 1;
  return months;
}

/** Whole years from `from` to `to`: the anniversary itself completes the year (29 February: on 28 February). */
export function completedYears(from: string, to: string): number {
  return Math.floor(completedMonths(from, to) / 12);
}

/** 1 = lunes … 7 = domingo. */
function weekday(day: string): number {
  return ((new Date(utc(day)).getUTCDay() + 6) % 7) + 1;
}

// ---------------------------------------------------------------------------------------------
// The weekly schedule.

/** The limits of a weekly schedule: the law's 9 h a day and 48 h a week, and a form's number of slots. */
export const SCHEDULE_LIMITS = { maxSlots: 14, maxDailyHours: 9, maxWeeklyHours: 48 } as const;

export const SCHEDULE_MESSAGES = {
  empty: 'Cargá al menos un horario de trabajo.',
  tooManySlots: `Cargá hasta ${SCHEDULE_LIMITS.maxSlots} horarios por semana.`,
  badDay: 'Elegí un día de la semana válido para cada horario.',
  badTime: (day: string) => `Revisá las horas del ${day}: usá el formato HH:MM (por ejemplo, 08:30).`,
  endBeforeStart: (day: string) =>
    `El ${day}, la hora de salida tiene que ser posterior a la de entrada (un horario no puede pasar la medianoche).`,
  overlap: (day: string) => `Los horarios del ${day} se superponen.`,
  dailyMax: (day: string) =>
    `El ${day} suma más de ${SCHEDULE_LIMITS.maxDailyHours} h: la ley no permite más de ${SCHEDULE_LIMITS.maxDailyHours} h en un día.`,
  weeklyMax: `La semana suma más de ${SCHEDULE_LIMITS.maxWeeklyHours} h: la jornada máxima es de ${SCHEDULE_LIMITS.maxWeeklyHours} h semanales.`,
} as const;

/** Minutes after midnight of 'H:MM' or 'HH:MM'; '24:00' only as an end (a slot up to midnight). */
function clockMinutes(text: unknown, end: boolean): number | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [h, m] = [Number(match[1]), Number(match[2])];
  if (end && h === 24 && m === 0) return 24 * 60;
  return h <= 23 && m <= 59 ? h * 60 + m : null;
}

function validWeekday(day: unknown): day is ScheduleSlot['day'] {
  return typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= 7;
}

/** A slot as sent: anything that is not an object (null, a number) has no field at all. */
function asSlot(value: unknown): Partial<Record<keyof ScheduleSlot, unknown>> {
  return typeof value === 'object' && value !== null ? (value as Partial<Record<keyof ScheduleSlot, unknown>>) : {};
}

/** The well-formed slots as minutes; a malformed one does not count. */
function slotMinutes(schedule: readonly unknown[]): { day: number; from: number; to: number }[] {
  const slots: { day: number; from: number; to: number }[] = [];
  for (const slot of schedule.map(asSlot)) {
    const from = clockMinutes(slot.from, false);
    const to = clockMinutes(slot.to, true);
    if (validWeekday(slot.day) && from !== null && to !== null && to > from) slots.push({ day: slot.day, from, to });
  }
  return slots;
}

function weeklyMinutes(schedule: readonly unknown[]): number {
  return slotMinutes(schedule).reduce((sum, slot) => sum + slot.to - slot.from, 0);
}

/** The hours of the week: 08:30–12:00 is 3.5. Malformed slots count nothing (see `scheduleProblems`). */
export function scheduleWeeklyHours(schedule: readonly ScheduleSlot[]): number {
  return weeklyMinutes(schedule) / 60;
}

/** What is wrong with a weekly schedule, in Spanish; empty when it can be saved. */
export function scheduleProblems(schedule: readonly unknown[]): string[] {
  const problems: string[] = [];
  if (schedule.length === 0) return [SCHEDULE_MESSAGES.empty];
  if (schedule.length > SCHEDULE_LIMITS.maxSlots) problems.push(SCHEDULE_MESSAGES.tooManySlots);
  const slotsSent = schedule.map(asSlot);
  if (slotsSent.some((slot) => !validWeekday(slot.day))) problems.push(SCHEDULE_MESSAGES.badDay);
  for (const slot of slotsSent) {
    if (!validWeekday(slot.day)) continue;
    const name = WEEKDAY_NAMES[slot.day - 1]!;
    const from = clockMinutes(slot.from, false);
    const to = clockMinutes(slot.to, true);
    if (from === null || to === null) problems.push(SCHEDULE_MESSAGES.badTime(name));
    else if (to <= from) problems.push(SCHEDULE_MESSAGES.endBeforeStart(name));
  }
  const slots = slotMinutes(schedule);
  for (let day = 1; day <= 7; day += 1) {
    const ofDay = slots.filter((slot) => slot.day === day).sort((a, b) => a.from - b.from);
    const name = WEEKDAY_NAMES[day - 1]!;
    // Back-to-back slots (08:00–12:00, 12:00–14:00) touch without overlapping.
    if (ofDay.some((slot, i) => i > 0 && slot.from < ofDay[i - 1]!.to)) problems.push(SCHEDULE_MESSAGES.overlap(name));
    const minutes = ofDay.reduce((sum, slot) => sum + slot.to - slot.from, 0);
    if (minutes > SCHEDULE_LIMITS.maxDailyHours * 60) problems.push(SCHEDULE_MESSAGES.dailyMax(name));
  }
  if (weeklyMinutes(schedule) > SCHEDULE_LIMITS.maxWeeklyHours * 60) problems.push(SCHEDULE_MESSAGES.weeklyMax);
  return [...new Set(problems)];
}

// ---------------------------------------------------------------------------------------------
// CUIL.

const CUIL_PREFIXES = ['20', '23', '24', '27', '30', '33', '34'];
const CUIL_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

function cuilDigits(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const digits = text.replace(/[\s-]/g, '');
  return /^\d{11}$/.test(digits) ? digits : null;
}

/**
 * Whether a CUIL (or CUIT) is well formed: 11 digits (dashes and spaces allowed), a known prefix
 * and the mod-11 check digit (11 gives 0). A result of 10 has no digit: the number is then issued
 * with prefix 23 (from 20 or 27) or 33 (from 30), and with that prefix the same formula gives the
 * digit it carries (9 for a man, 4 for a woman), so one formula checks every number and a 10 is
 * always invalid.
 */
export function cuilValid(text: unknown): boolean {
  const digits = cuilDigits(text);
  if (!digits || !CUIL_PREFIXES.includes(digits.slice(0, 2))) return false;
  const sum = CUIL_WEIGHTS.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(digits[10]);
}

/** 'XX-XXXXXXXX-X' for a valid CUIL, else null. */
export function normalizeCuil(text: unknown): string | null {
  if (!cuilValid(text)) return null;
  const digits = cuilDigits(text)!;
  return `${digits.slice(0, 2)}-${digits.slice(2, 10)}-${digits.slice(10)}`;
}

// ---------------------------------------------------------------------------------------------
// Seniority, trial period, hours, contributions.

/** Completed years from the start (or `seniority_counts_from`, whichever is later) to `onDay`. */
export function seniorityYears(start: string, onDay: string, params: LaborParameterSet): number {
  return completedYears(maxDay(start, laborDate(params, 'seniority_counts_from')), onDay);
}

/**
 * The last day of the trial period, by the parameters in force on the start date: with days,
 * calendar ('corridos') or working days of the schedule ('de_trabajo', counting from the start
 * each day whose weekday has a slot), never after the months; without days, the months.
 */
export function trialPeriodEnd(
  terms: Pick<HireTerms, 'start_date' | 'arrangement' | 'schedule'>,
  params: LaborParameterSet,
): string {
  const row = laborTable(params, 'trial_period').find((r) => r.arrangement === terms.arrangement);
  if (!row) throw new Error(`trial_period has no row for ${terms.arrangement}`);
  const days = Number(row.days);
  const cap = addDays(addMonths(terms.start_date, Number(row.months)), -1);
  if (days <= 0) return cap;
  if (row.day_kind === 'corridos') return minDay(addDays(terms.start_date, days - 1), cap);
  const workdays = new Set(slotMinutes(terms.schedule).map((slot) => slot.day));
  let counted = 0;
  for (let day = terms.start_date; day <= cap; day = addDays(day, 1)) {
    if (workdays.has(weekday(day))) counted += 1;
    if (counted === days) return day;
  }
  return cap;
}

/** Hours in a month: weekly × weeks_per_year ÷ 12 (86.67 for 20 h). Money uses the exact fraction. */
export function monthlyHours(weeklyHours: number, params: LaborParameterSet): number {
  return (weeklyHours * laborNumber(params, 'weeks_per_year')) / 12;
}

/** The row of a table by weekly hours: the highest `from_hours` not above them. */
function bracketRow(
  rows: readonly LaborTableRow[],
  weeklyHours: number,
): { row: LaborTableRow; next: number | null } | null {
  const sorted = [...rows].sort((a, b) => Number(a.from_hours) - Number(b.from_hours));
  let found = -1;
  for (let i = 0; i < sorted.length; i += 1) if (Number(sorted[i]!.from_hours) <= weeklyHours) found = i;
  if (found < 0) return null;
  const next = sorted[found + 1];
  return { row: sorted[found]!, next: next ? Number(next.from_hours) : null };
}

function bracketLabel(from: number, next: number | null): string {
  if (next === null)
    return from === 0 ? 'Cualquier cantidad de horas semanales' : `${quantity(from)} h semanales o más`;
  if (from === 0) return `Menos de ${quantity(next)} h semanales`;
  return `De ${quantity(from)} a menos de ${quantity(next)} h semanales`;
}

export interface Contribution {
  from_hours: number;
  aporte: number;
  contribucion: number;
  art: number;
  total: number;
  /** 'Menos de 12 h semanales', 'De 12 a menos de 16 h semanales', '16 h semanales o más'. */
  label: string;
}

/** The monthly ARCA payment for the weekly hours with this employer, or null when no row covers them. */
export function contributionFor(weeklyHours: number, params: LaborParameterSet): Contribution | null {
  const found = bracketRow(laborTable(params, 'contribution_brackets'), weeklyHours);
  if (!found) return null;
  const { row, next } = found;
  const [aporte, contribucion, art] = [Number(row.aporte), Number(row.contribucion), Number(row.art)];
  const total = roundCents(plus(plus(cents(aporte), cents(contribucion)), cents(art)));
  const from = Number(row.from_hours);
  return { from_hours: from, aporte, contribucion, art, total: pesos(total), label: bracketLabel(from, next) };
}

/** The day the ARCA payment of a period falls due: `contribution_due_day` of the following month. */
export function contributionDueDate(period: string, params: LaborParameterSet): string {
  const [y, m] = parsePeriod(period);
  const next = addMonths(dayText(y, m, 1), 1);
  return `${next.slice(0, 8)}${pad(laborNumber(params, 'contribution_due_day'))}`;
}

// ---------------------------------------------------------------------------------------------
// The monthly payslip.

export type PayBasis = 'hourly' | 'pro_rata' | 'monthly';

export interface PayslipInput {
  terms: HireTerms;
  /** 'YYYY-MM'. */
  period: string;
  end_date?: string | null;
  /** The scale's row for the category and arrangement, without the zone supplement. */
  rate: { hourly: number; monthly: number };
  /** The scale's zone supplement, used only when `terms.zone`. */
  zone_percent: number;
  /** In force on the period's first day. */
  params: LaborParameterSet;
  overtime_ordinary_hours?: number;
  overtime_rest_hours?: number;
  holiday_hours?: number;
}

export interface Payslip {
  period: string;
  lines: PayLine[];
  /** The remunerative lines. */
  gross: number;
  non_remunerative: number;
  /** Nothing is withheld (see `payslip`). */
  deductions: 0;
  net: number;
  basis: PayBasis;
  weekly_hours: number;
  monthly_hours: number;
  days_paid: number;
  days_in_month: number;
  /** The month's legal minimum (without zone) and what was agreed, full month, for the screens. */
  legal_minimum: number;
  agreed: number;
}

const percentText = (p: number): string => `${quantity(p)} %`;

function nonNegativeHours(hours: number | undefined): number {
  const value = hours ?? 0;
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`hours must be 0 or more: ${hours}`);
  return value;
}

/**
 * One month's pay. The basic is what was agreed or the legal minimum for the schedule, whichever
 * is higher (the minimum by hour below `hourly_below_weekly_hours`, the monthly pro rata of
 * `full_time_weekly_hours` up to it, the full month from it or sin retiro); the zone supplement is a
 * percentage of the minimum; seniority a percentage of the basic per completed year. In a month
 * the hire starts or ends, the salary lines and the non-remunerative sum are paid for the calendar
 * days worked. Nothing is deducted: the employer pays the worker's aporte to ARCA with the
 * contributions, and whether it may be withheld from the salary is unconfirmed.
 */
export function payslip(input: PayslipInput): Payslip {
  const { terms, params, period } = input;
  const month = monthBounds(period);
  const first = maxDay(terms.start_date, month.from);
  const last = input.end_date ? minDay(input.end_date, month.to) : month.to;
  if (first > last) throw new RangeError(`the hire does not cover ${period}`);
  const dim = daysInMonth(period);
  const daysPaid = daysBetweenInclusive(first, last);
  const fraction = ratio(daysPaid, dim);
  const partial = daysPaid < dim;
  const partialText = partial ? ` × ${daysPaid}/${dim} días del mes` : '';

  const minutes = weeklyMinutes(terms.schedule);
  if (minutes === 0) throw new RangeError('the schedule has no hours');
  const weeklyHours = minutes / 60;
  const weeks = laborNumber(params, 'weeks_per_year');
  const hoursPerMonth = over(times(ratio(minutes), decimal(weeks)), ratio(60 * 12));
  const hoursText = `${quantity(weeklyHours)} h semanales × ${quantity(weeks)}/12 semanas`;
  const hourlyBelow = laborNumber(params, 'hourly_below_weekly_hours');
  const fullTime = laborNumber(params, 'full_time_weekly_hours');

  const basis: PayBasis =
    terms.arrangement === 'sin_retiro'
      ? 'monthly'
      : weeklyHours < hourlyBelow
        ? 'hourly'
        : weeklyHours >= fullTime
          ? 'monthly'
          : 'pro_rata';

  // The month's legal minimum without the zone, unrounded.
  const sources = new Set<PaySource>(['wage_scale']);
  let minimum: Ratio;
  let minimumText: string;
  if (terms.arrangement === 'con_retiro') sources.add('hourly_below_weekly_hours').add('full_time_weekly_hours');
  if (basis === 'hourly') {
    minimum = times(cents(input.rate.hourly), hoursPerMonth);
    minimumText = `${money(input.rate.hourly)} por hora × ${hoursText}`;
    sources.add('weeks_per_year');
  } else if (basis === 'pro_rata') {
    minimum = over(times(cents(input.rate.monthly), ratio(minutes)), times(decimal(fullTime), ratio(60)));
    minimumText = `${money(input.rate.monthly)} × ${quantity(weeklyHours)}/${quantity(fullTime)} h semanales`;
  } else {
    minimum = cents(input.rate.monthly);
    minimumText = `${money(input.rate.monthly)} por mes`;
  }
  const minimumCents = roundCents(minimum);
  minimumText += basis === 'monthly' ? '' : ` = ${moneyOf(minimumCents)}`;

  let agreed: Ratio;
  let agreedText: string;
  if (terms.pay_basis === 'hourly') {
    agreed = times(cents(terms.pay_amount), hoursPerMonth);
    agreedText = `${money(terms.pay_amount)} por hora × ${hoursText} = ${moneyOf(roundCents(agreed))}`;
    sources.add('weeks_per_year');
  } else {
    agreed = cents(terms.pay_amount);
    agreedText = `${money(terms.pay_amount)} por mes`;
  }
  const categoryText = `categoría ${terms.category}, ${terms.arrangement === 'con_retiro' ? 'con retiro' : 'sin retiro'}`;
  const agreedWins = !less(agreed, minimum);
  const basicMonth = agreedWins ? agreed : minimum;
  const basicFull = roundCents(basicMonth);
  const basicCents = roundCents(times(basicMonth, fraction));
  const lines: PayLine[] = [
    {
      key: 'basic',
      label: 'Sueldo básico',
      formula:
        (agreedWins
          ? `Lo acordado: ${agreedText}; no es menor que el mínimo legal (${categoryText}): ${minimumText}`
          : `El mínimo legal (${categoryText}): ${minimumText}; lo acordado es menor: ${agreedText}`) + partialText,
      amount: pesos(basicCents),
      remunerative: true,
      sources: [...sources],
    },
  ];

  if (terms.zone && input.zone_percent > 0) {
    lines.push({
      key: 'zone',
      label: `Adicional por zona desfavorable (${percentText(input.zone_percent)})`,
      formula: `${percentText(input.zone_percent)} del mínimo legal ${moneyOf(minimumCents)}${partialText}`,
      amount: pesos(roundCents(times(minimum, decimal(input.zone_percent), ratio(1, 100), fraction))),
      remunerative: true,
      sources: ['wage_scale'],
    });
  }

  // The seniority reached by the month's last day worked counts for the whole month (an
  // anniversary after the hire ended does not count).
  const years = seniorityYears(terms.start_date, last, params);
  const perYear = laborNumber(params, 'seniority_percent_per_year');
  const seniorityRate = times(ratio(years), decimal(perYear), ratio(1, 100));
  // On the basic of the full month as the payslip shows it (281.675,33 × 3 %), then the days.
  const seniorityFull = roundCents(times(ratio(basicFull), seniorityRate));
  const seniorityCents = roundCents(times(ratio(basicFull), seniorityRate, fraction));
  if (seniorityCents > 0n)
    lines.push({
      key: 'seniority',
      label: `Adicional por antigüedad (${percentText(years * perYear)})`,
      formula: `${years} ${years === 1 ? 'año' : 'años'} × ${percentText(perYear)} del básico ${moneyOf(basicFull)}${partialText}`,
      amount: pesos(seniorityCents),
      remunerative: true,
      sources: ['seniority_percent_per_year', 'seniority_counts_from'],
    });

  // The hour's value: the full month's basic and seniority over the month's hours.
  const hourValue = over(ratio(basicFull + seniorityFull), hoursPerMonth);
  const hourValueText = `valor hora (${moneyOf(basicFull)} + ${moneyOf(seniorityFull)}) ÷ ${quantity(monthlyHours(weeklyHours, params))} h = ${moneyOf(roundCents(hourValue))}`;
  const extras: { key: string; hours: number; param: LaborParameterKey; surchargeOnly: boolean; label: string }[] = [
    {
      key: 'overtime_ordinary',
      hours: nonNegativeHours(input.overtime_ordinary_hours),
      param: 'overtime_ordinary_percent',
      surchargeOnly: false,
      label: 'Horas extra en días comunes',
    },
    {
      key: 'overtime_rest',
      hours: nonNegativeHours(input.overtime_rest_hours),
      param: 'overtime_rest_percent',
      surchargeOnly: false,
      label: 'Horas extra en sábado después de las 13, domingo o feriado',
    },
    {
      // The hours themselves are in the basic: only the surcharge is added.
      key: 'holiday_worked',
      hours: nonNegativeHours(input.holiday_hours),
      param: 'holiday_worked_percent',
      surchargeOnly: true,
      label: 'Recargo por feriado trabajado',
    },
  ];
  for (const extra of extras) {
    if (extra.hours <= 0) continue;
    const percent = laborNumber(params, extra.param);
    const factor = extra.surchargeOnly ? percent : 100 + percent;
    lines.push({
      key: extra.key,
      label: `${extra.label} (${percentText(percent)})`,
      formula: `${quantity(extra.hours)} h × ${hourValueText} × ${percentText(factor)}`,
      amount: pesos(roundCents(times(decimal(extra.hours), hourValue, decimal(factor), ratio(1, 100)))),
      remunerative: true,
      sources: [extra.param, 'weeks_per_year', 'seniority_percent_per_year'],
    });
  }

  const sum = laborTable(params, 'non_remunerative_sums');
  const found = bracketRow(sum, weeklyHours);
  if (found && Number(found.row.amount) > 0) {
    const amount = Number(found.row.amount);
    lines.push({
      key: 'non_remunerative',
      label: 'Suma no remunerativa',
      formula: `${bracketLabel(Number(found.row.from_hours), found.next)}: ${money(amount)}${partialText}`,
      amount: pesos(roundCents(times(cents(amount), fraction))),
      remunerative: false,
      sources: ['non_remunerative_sums'],
    });
  }

  const total = (remunerative: boolean): bigint =>
    lines.filter((l) => l.remunerative === remunerative).reduce((s, l) => s + BigInt(Math.round(l.amount * 100)), 0n);
  const gross = total(true);
  const nonRemunerative = total(false);
  return {
    period,
    lines,
    gross: pesos(gross),
    non_remunerative: pesos(nonRemunerative),
    deductions: 0,
    net: pesos(gross + nonRemunerative),
    basis,
    weekly_hours: weeklyHours,
    monthly_hours: monthlyHours(weeklyHours, params),
    days_paid: daysPaid,
    days_in_month: dim,
    legal_minimum: pesos(minimumCents),
    agreed: pesos(roundCents(agreed)),
  };
}

// ---------------------------------------------------------------------------------------------
// Aguinaldo (SAC).

/** 'YYYY-1' (January–June) or 'YYYY-2' (July–December). */
export type Semester = `${number}-${1 | 2}`;

export function semesterOf(day: string): Semester {
  const [y, m] = parseDay(day);
  return `${y}-${m <= 6 ? 1 : 2}` as Semester;
}

export function semesterBounds(semester: string): { from: string; to: string } {
  const match = /^(\d{4})-([12])$/.exec(semester);
  if (!match) throw new RangeError(`not a semester (YYYY-1 or YYYY-2): ${semester}`);
  return match[2] === '1'
    ? { from: `${match[1]}-01-01`, to: `${match[1]}-06-30` }
    : { from: `${match[1]}-07-01`, to: `${match[1]}-12-31` };
}

/** The SAC's due dates: 30 June and 18 December (the 4 business days of grace are not added). */
export function sacDueDate(semester: string): string {
  const { from } = semesterBounds(semester);
  return from.endsWith('-01-01') ? `${from.slice(0, 4)}-06-30` : `${from.slice(0, 4)}-12-18`;
}

export interface SacInput {
  semester: string;
  /** The highest remunerative gross among the semester's months. */
  best_monthly: number;
  start_date: string;
  end_date?: string | null;
}

export interface Sac {
  semester: string;
  line: PayLine;
  due_date: string;
  days_worked: number;
  days_in_semester: number;
}

/** Half the best month, times the calendar days worked over the semester's days (all of them: exactly half). */
export function sac(input: SacInput): Sac {
  const bounds = semesterBounds(input.semester);
  const from = maxDay(input.start_date, bounds.from);
  const to = input.end_date ? minDay(input.end_date, bounds.to) : bounds.to;
  const worked = from <= to ? daysBetweenInclusive(from, to) : 0;
  const total = daysBetweenInclusive(bounds.from, bounds.to);
  const partial = worked < total;
  const half = input.semester.endsWith('-1') ? 'primer' : 'segundo';
  // Half the best month stays unrounded before the days (145.062,795 × 74/181), then rounds once.
  const amount = roundCents(times(cents(input.best_monthly), ratio(1, 2), ratio(worked, total)));
  return {
    semester: input.semester,
    line: {
      key: 'sac',
      label: `Aguinaldo ${partial ? 'proporcional ' : ''}(SAC), ${half} semestre ${input.semester.slice(0, 4)}`,
      formula: `Mejor sueldo del semestre ${money(input.best_monthly)} ÷ 2${partial ? ` × ${worked}/${total} días del semestre` : ''}`,
      amount: pesos(amount),
      remunerative: true,
      sources: [],
    },
    due_date: sacDueDate(input.semester),
    days_worked: worked,
    days_in_semester: total,
  };
}

// ---------------------------------------------------------------------------------------------
// Vacations.

export interface VacationDays {
  days: number;
  /** 'full': by seniority; 'proportional': less service in the year than `vacation_full_service_months`. */
  rule: 'full' | 'proportional';
  /** Completed years at 31 December (from the start: `seniority_counts_from` is for the seniority pay). */
  seniority_years: number;
}

/**
 * The vacation days for `year`: by the seniority at 31 December, the row of `vacation_days` whose
 * `over_years` is the greatest below it (exactly 5 years: 14; 5 years and a day: 21). With fewer
 * months of service in the year than `vacation_full_service_months` (counted from the start, or 1
 * January, to the end, or 31 December), one day per `vacation_worked_days_per_day` calendar days
 * of service, whole days only.
 */
export function vacationDays(
  start: string,
  year: number,
  params: LaborParameterSet,
  endDate?: string | null,
): VacationDays {
  const december31 = dayText(year, 12, 31);
  const years = completedYears(start, december31);
  const exact = start <= december31 && addMonths(start, years * 12) === december31;
  const rows = [...laborTable(params, 'vacation_days')].sort((a, b) => Number(a.over_years) - Number(b.over_years));
  let full = 0;
  if (start <= december31)
    for (const row of rows) {
      const over = Number(row.over_years);
      if (over < years || (over === years && !exact)) full = Number(row.days);
    }
  const from = maxDay(start, dayText(year, 1, 1));
  const to = endDate ? minDay(endDate, december31) : december31;
  const served = from <= to ? completedMonths(from, addDays(to, 1)) : 0;
  if (served >= laborNumber(params, 'vacation_full_service_months'))
    return { days: full, rule: 'full', seniority_years: years };
  const worked = from <= to ? daysBetweenInclusive(from, to) : 0;
  return {
    days: Math.floor(worked / laborNumber(params, 'vacation_worked_days_per_day')),
    rule: 'proportional',
    seniority_years: years,
  };
}

/**
 * When the vacations of `year` are taken: from 1 November to 30 March of the next year, as the
 * sources on Ley 26.844 state it (the general regime's window does not apply).
 */
export function vacationWindow(year: number): { from: string; to: string } {
  return { from: dayText(year, 11, 1), to: dayText(year + 1, 3, 30) };
}

function vacationLine(
  days: Ratio,
  daysText: string,
  monthlyGross: number,
  params: LaborParameterSet,
  key: string,
  label: string,
  remunerative: boolean,
  extraSources: PaySource[],
): PayLine {
  const divisor = laborNumber(params, 'vacation_divisor');
  return {
    key,
    label,
    formula: `${money(monthlyGross)} ÷ ${quantity(divisor)} × ${daysText}`,
    amount: pesos(roundCents(over(times(cents(monthlyGross), days), decimal(divisor)))),
    remunerative,
    sources: [...extraSources, 'vacation_divisor'],
  };
}

/** The pay of `days` of vacation: the monthly gross ÷ `vacation_divisor` × days, rounded once. */
export function vacationPay(days: number, monthlyGross: number, params: LaborParameterSet): PayLine {
  return vacationLine(
    decimal(days),
    `${quantity(days)} ${days === 1 ? 'día' : 'días'}`,
    monthlyGross,
    params,
    'vacation',
    'Vacaciones',
    true,
    [],
  );
}

// ---------------------------------------------------------------------------------------------
// The final settlement.

export type SettlementCause = 'renuncia' | 'despido_sin_causa' | 'mutuo_acuerdo' | 'periodo_de_prueba';

export interface SettlementInput {
  terms: HireTerms;
  /** The last day worked. */
  end_date: string;
  cause: SettlementCause;
  /** The employer gave notice in time. */
  notice_given: boolean;
  /** The remunerative gross of a full month at the end date. */
  monthly_gross: number;
  /** The best monthly remunerative gross of the last year (or of the whole service, if shorter). */
  best_monthly_last_year: number;
  /** The best monthly remunerative gross of the end date's semester. */
  best_monthly_semester: number;
  vacation_days_taken_this_year: number;
  /** In force on the end date. */
  params: LaborParameterSet;
}

export interface Settlement {
  lines: PayLine[];
  total: number;
}

/**
 * What the employer pays when the hire ends on `end_date`. Always: the days worked of the last
 * month, the proportional SAC and the unused vacations of the year. On a dismissal without cause
 * also the preaviso and the integración del mes when no notice was given, and the indemnización
 * por antigüedad. Service is measured with its last day included (up to the day after it).
 */
export function settlement(input: SettlementInput): Settlement {
  const { terms, params, end_date: end } = input;
  const start = terms.start_date;
  if (end < start) throw new RangeError('the hire ends before it starts');
  const monthly = cents(input.monthly_gross);
  const monthlyText = money(input.monthly_gross);
  const period = end.slice(0, 7);
  const dim = daysInMonth(period);
  const lines: PayLine[] = [];

  const monthFrom = maxDay(start, monthBounds(period).from);
  const worked = daysBetweenInclusive(monthFrom, end);
  lines.push({
    key: 'days_worked',
    label: `Días trabajados del mes (${worked})`,
    formula: `${monthlyText} × ${worked}/${dim} días del mes`,
    amount: pesos(roundCents(times(monthly, ratio(worked, dim)))),
    remunerative: true,
    sources: [],
  });

  if (input.cause === 'despido_sin_causa') {
    const afterEnd = addDays(end, 1);
    // More than a year of service: the year's anniversary falls on or before the last day.
    const overAYear = addMonths(start, 12) < afterEnd;
    let noticeCents = 0n;
    let integrationCents = 0n;
    if (!input.notice_given) {
      const noticeKey: LaborParameterKey = overAYear
        ? 'notice_days_employer_after_year'
        : 'notice_days_employer_first_year';
      const noticeDays = laborNumber(params, noticeKey);
      noticeCents = roundCents(times(monthly, decimal(noticeDays), ratio(1, 30)));
      lines.push({
        key: 'notice',
        label: `Indemnización sustitutiva del preaviso (${quantity(noticeDays)} días)`,
        formula: `${monthlyText} ÷ 30 × ${quantity(noticeDays)} días (antigüedad ${overAYear ? 'de más de un año' : 'de hasta un año'})`,
        amount: pesos(noticeCents),
        remunerative: false,
        sources: [noticeKey],
      });
      const remaining = dim - Number(end.slice(8));
      if (remaining > 0) {
        integrationCents = roundCents(times(monthly, ratio(remaining, dim)));
        lines.push({
          key: 'month_integration',
          label: `Integración del mes de despido (${remaining} ${remaining === 1 ? 'día' : 'días'})`,
          formula: `${monthlyText} × ${remaining}/${dim} días del mes`,
          amount: pesos(integrationCents),
          remunerative: false,
          sources: [],
        });
      }
    }
    const years = completedYears(start, afterEnd);
    const fractionMonths = laborNumber(params, 'severance_fraction_months');
    const anniversary = addMonths(start, years * 12);
    // A fraction of a year counts when it is more than `severance_fraction_months` months.
    const fractionCounts = addMonths(anniversary, fractionMonths) < afterEnd;
    const counted = Math.max(1, years + (fractionCounts ? 1 : 0));
    const served = completedMonths(start, afterEnd);
    lines.push({
      key: 'severance',
      label: 'Indemnización por antigüedad',
      formula: `${counted} × mejor sueldo del último año ${money(input.best_monthly_last_year)} (servicio: ${Math.floor(served / 12)} ${Math.floor(served / 12) === 1 ? 'año' : 'años'} y ${served % 12} ${served % 12 === 1 ? 'mes' : 'meses'}; la fracción de más de ${quantity(fractionMonths)} meses cuenta como un año; al menos uno)`,
      amount: pesos(roundCents(times(cents(input.best_monthly_last_year), ratio(counted)))),
      remunerative: false,
      sources: ['severance_fraction_months'],
    });
    if (laborNumber(params, 'sac_on_notice') === 1 && noticeCents + integrationCents > 0n)
      lines.push({
        key: 'sac_on_notice',
        label: 'Aguinaldo sobre el preaviso y la integración',
        formula: `(${moneyOf(noticeCents)} + ${moneyOf(integrationCents)}) ÷ 12`,
        amount: pesos(roundCents(over(ratio(noticeCents + integrationCents), ratio(12)))),
        remunerative: false,
        sources: ['sac_on_notice'],
      });
  }
  // Resignation: the worker owes her own notice (`notice_days_worker`), which is not a sum the
  // employer pays, and there is no indemnización. Mutual agreement: the parties end the hire
  // together, so nobody gives notice and nothing compensates a dismissal. Trial period: either
  // party may end it without cause, notice or indemnización (art. 7).

  const semester = sac({
    semester: semesterOf(end),
    best_monthly: input.best_monthly_semester,
    start_date: start,
    end_date: end,
  });
  lines.push(semester.line);

  // Unused vacations of the year: the year's days by seniority, in proportion to the days worked
  // in it (the fraction stays unrounded), less the days already taken. When the year's service
  // is too short for the full days, the 1-per-N-days count is already proportional.
  const year = Number(end.slice(0, 4));
  const entitlement = vacationDays(start, year, params);
  const yearFrom = maxDay(start, dayText(year, 1, 1));
  const workedInYear = daysBetweenInclusive(yearFrom, end);
  const daysInYear = daysBetweenInclusive(dayText(year, 1, 1), dayText(year, 12, 31));
  let vacation: Ratio;
  let vacationText: string;
  if (entitlement.rule === 'full') {
    vacation = ratio(entitlement.days * workedInYear, daysInYear);
    vacationText = `${entitlement.days} días × ${workedInYear}/${daysInYear} días trabajados del año`;
  } else {
    vacation = ratio(vacationDays(start, year, params, end).days);
    vacationText = `1 día cada ${quantity(laborNumber(params, 'vacation_worked_days_per_day'))} de los ${workedInYear} trabajados en el año`;
  }
  const taken = decimal(input.vacation_days_taken_this_year);
  if (input.vacation_days_taken_this_year > 0) {
    vacation = plus(vacation, { n: -taken.n, d: taken.d });
    vacationText += ` − ${quantity(input.vacation_days_taken_this_year)} ya tomados`;
  }
  if (less(vacation, ratio(0))) vacation = ratio(0);
  const vacationDaysShown = Number((vacation.n * 1000n) / vacation.d) / 1000;
  lines.push(
    vacationLine(
      vacation,
      `${quantity(vacationDaysShown)} días (${vacationText})`,
      input.monthly_gross,
      params,
      'unused_vacation',
      'Vacaciones no gozadas',
      false,
      ['vacation_days', 'vacation_full_service_months', 'vacation_worked_days_per_day'],
    ),
  );

  const total = lines.reduce((sum, line) => sum + BigInt(Math.round(line.amount * 100)), 0n);
  return { lines, total: pesos(total) };
}
