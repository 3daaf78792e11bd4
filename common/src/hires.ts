import type { FieldErrors } from './errors';
import { formatPesosCents } from './format';
import {
  addDays,
  scheduleProblems,
  scheduleWeeklyHours,
  type HireArrangement,
  type ScheduleSlot,
} from './employment-pay';
import { isIsoDay, laborNumber, type LaborParameterSet } from './labor-parameters';

/**
 * The hire: an employer proposes a job to a worker in their conversation, the worker accepts or
 * declines, and an accepted proposal becomes an employment relationship both follow at
 * /contrataciones. The form and the server check a proposal with the same functions.
 */

export const HIRE_PAY_BASES = ['monthly', 'hourly'] as const;
export type HirePayBasis = (typeof HIRE_PAY_BASES)[number];

export const HIRE_PAY_BASIS_LABELS: Record<HirePayBasis, string> = {
  monthly: 'Por mes',
  hourly: 'Por hora',
};

export const HIRE_ARRANGEMENT_LABELS: Record<HireArrangement, string> = {
  con_retiro: 'Con retiro',
  sin_retiro: 'Sin retiro (cama adentro)',
};

export const HIRE_LIMITS = {
  maxServices: 5,
  /** A start date at most this many days ahead. */
  startMaxDaysAhead: 365,
  payMax: 100_000_000,
  /** Proposals an employer may make per day (each one e-mails and notifies the worker). */
  proposalsPerDay: 20,
} as const;

export const HIRE_PROPOSAL_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn'] as const;
export type HireProposalStatus = (typeof HIRE_PROPOSAL_STATUSES)[number];
export const HIRE_PROPOSAL_STATUS_LABELS: Record<HireProposalStatus, string> = {
  pending: 'Esperando respuesta',
  accepted: 'Aceptada',
  declined: 'Rechazada',
  withdrawn: 'Retirada',
};

export const EMPLOYMENT_STATUSES = ['trial', 'active', 'ended'] as const;
export type EmploymentStatus = (typeof EMPLOYMENT_STATUSES)[number];
export const EMPLOYMENT_STATUS_LABELS: Record<EmploymentStatus, string> = {
  trial: 'En período de prueba',
  active: 'Activa',
  ended: 'Finalizada',
};

/** Ended on or before today: 'ended'; the trial period not over: 'trial'; else 'active'. */
export function employmentStatus(
  row: { trial_ends_on: string; ended_on: string | null },
  today: string,
): EmploymentStatus {
  if (row.ended_on !== null && row.ended_on <= today) return 'ended';
  if (today <= row.trial_ends_on) return 'trial';
  return 'active';
}

export const HIRE_END_CAUSES = ['renuncia', 'despido_sin_causa', 'mutuo_acuerdo', 'periodo_de_prueba'] as const;
export type HireEndCause = (typeof HIRE_END_CAUSES)[number];
export const HIRE_END_CAUSE_LABELS: Record<HireEndCause, string> = {
  renuncia: 'Renuncia',
  despido_sin_causa: 'Despido sin causa',
  mutuo_acuerdo: 'Mutuo acuerdo',
  periodo_de_prueba: 'Fin dentro del período de prueba',
};
/** Who may end a relationship with each cause: the worker resigns, the employer dismisses. */
export const HIRE_END_CAUSES_BY_SIDE: Record<'worker' | 'employer', readonly HireEndCause[]> = {
  worker: ['renuncia', 'mutuo_acuerdo', 'periodo_de_prueba'],
  employer: ['despido_sin_causa', 'mutuo_acuerdo', 'periodo_de_prueba'],
};

export const HIRE_MESSAGES = {
  conversationNotFound: 'No encontramos esa conversación.',
  notYourConversation: 'Solo podés proponer una contratación en una conversación tuya con una trabajadora.',
  openProposal: 'Ya hay una propuesta abierta con esta persona: esperá su respuesta o retirala.',
  openEmployment: 'Ya tienen una relación laboral activa.',
  proposalNotFound: 'No encontramos esa propuesta.',
  proposalAnswered: 'Esta propuesta ya fue respondida o retirada.',
  onlyWorkerAnswers: 'Solo la trabajadora a quien se le propuso puede responder.',
  onlyEmployerWithdraws: 'Solo quien hizo la propuesta puede retirarla.',
  startPassed: 'La fecha de inicio ya pasó: pedí una propuesta nueva con otra fecha.',
  startInvalid: 'Elegí una fecha de inicio desde hoy y dentro del próximo año.',
  servicesInvalid: 'Elegí entre 1 y 5 servicios.',
  servicesOutside: 'Los servicios elegidos están fuera del régimen de casas particulares.',
  arrangementInvalid: 'Elegí la modalidad: con retiro o sin retiro.',
  scheduleInvalid: 'Indicá los días y horarios de trabajo.',
  payBasisInvalid: 'Elegí si el sueldo es por mes o por hora.',
  payInvalid: 'Ingresá un monto mayor a 0, con hasta dos decimales.',
  municipalityInvalid: 'Elegí el municipio donde se trabaja.',
  noScale: 'Todavía no hay una escala salarial para esa fecha: avisale al equipo.',
  employmentNotFound: 'No encontramos esa relación laboral.',
  cuilInvalid: 'El CUIL no es válido: revisá los 11 números.',
  cuitInvalid: 'El CUIT o CUIL no es válido: revisá los 11 números.',
  addressInvalid: 'Ingresá la dirección donde se trabaja (entre 5 y 300 caracteres).',
  onlyWorkerCuil: 'Solo la trabajadora carga su CUIL.',
  onlyEmployerData: 'Solo el empleador carga su CUIT y la dirección de trabajo.',
  ended: 'La relación laboral ya terminó.',
  hoursInvalid: 'Ingresá las horas como un número entre 0 y 200.',
  paidOnInvalid: 'Ingresá la fecha de pago (hasta hoy).',
  periodInvalid: 'Ese mes no es parte de la relación laboral.',
  payslipConfirmed: 'El recibo ya está confirmado: no se puede cambiar.',
  payslipNotConfirmed: 'El recibo todavía no está confirmado por el empleador.',
  payslipAcknowledged: 'Ya diste conformidad a este recibo.',
  onlyEmployerPays: 'Solo el empleador confirma recibos y marca pagos.',
  onlyWorkerAcknowledges: 'Solo la trabajadora da conformidad al recibo.',
  causeInvalid: 'Elegí el motivo del fin de la relación.',
  causeNotYours: 'Ese motivo no corresponde a quien termina la relación.',
  endDateInvalid: 'Elegí la fecha del último día trabajado: desde el inicio y hasta 90 días después de hoy.',
  trialOver: 'El período de prueba ya terminó: elegí otro motivo.',
  vacationTakenInvalid: 'Ingresá los días de vacaciones ya tomados este año (de 0 a 35).',
  noSettlement: 'Esta relación todavía no tiene liquidación final.',
  registeredInvalid: 'Ingresá la fecha del alta en ARCA (hasta hoy).',
  rateLimited: 'Hiciste demasiadas propuestas hoy. Probá de nuevo mañana.',
} as const;

/** What the chat says with each step's card. */
export const HIRE_CHAT_TEXTS = {
  proposed: 'Te propongo una contratación.',
  accepted: 'Acepté la propuesta de contratación.',
  declined: 'No acepto la propuesta de contratación.',
  withdrawn: 'Retiré la propuesta de contratación.',
} as const;

/** The legal minimum of a month of this schedule (without the zone supplement, which the payslip adds). */
export interface HireMinimum {
  basis: 'hourly' | 'pro_rata' | 'monthly';
  weekly_hours: number;
  /** Hours in a month: weekly × weeks a year ÷ 12. */
  monthly_hours: number;
  /** The legal minimum for a month. */
  amount: number;
  /** The agreed pay for a month. */
  agreed: number;
}

/**
 * The minimum for a schedule with the parameters in force (the hours threshold and the full week
 * are data): living in → the full month; fewer hours than the threshold → hours × the hourly
 * minimum; else the monthly minimum × hours ÷ the full week, the full month from there.
 */
export function hireMinimum(
  terms: {
    arrangement: HireArrangement;
    schedule: readonly ScheduleSlot[];
    pay_basis: HirePayBasis;
    pay_amount: number;
  },
  rate: { hourly: number; monthly: number },
  params: LaborParameterSet,
): HireMinimum {
  const weekly = scheduleWeeklyHours(terms.schedule);
  const threshold = laborNumber(params, 'hourly_below_weekly_hours');
  const full = laborNumber(params, 'full_time_weekly_hours');
  const weeks = laborNumber(params, 'weeks_per_year');
  const monthlyHours = (weekly * weeks) / 12;
  const cents = (value: number) => Math.round(value * 100) / 100;
  let basis: HireMinimum['basis'];
  let amount: number;
  if (terms.arrangement === 'sin_retiro' || weekly >= full) {
    basis = 'monthly';
    amount = rate.monthly;
  } else if (weekly < threshold) {
    basis = 'hourly';
    amount = cents(rate.hourly * monthlyHours);
  } else {
    basis = 'pro_rata';
    amount = cents((rate.monthly * weekly) / full);
  }
  const agreed = terms.pay_basis === 'hourly' ? cents(terms.pay_amount * monthlyHours) : terms.pay_amount;
  return { basis, weekly_hours: weekly, monthly_hours: monthlyHours, amount, agreed };
}

export function belowHireMinimumMessage(minimum: HireMinimum): string {
  return `El sueldo queda por debajo del mínimo legal para este horario: ${formatPesosCents(minimum.amount)} por mes.`;
}

export interface HireProposalInput {
  start_date?: unknown;
  services?: unknown;
  arrangement?: unknown;
  schedule?: unknown;
  pay_basis?: unknown;
  pay_amount?: unknown;
  municipality_id?: unknown;
}

/** The form's and the server's checks of a proposal's fields (the minimum is checked apart, with the scale). */
export function hireProposalProblems(input: HireProposalInput, today: string): FieldErrors {
  const errors: FieldErrors = {};
  if (
    !isIsoDay(input.start_date) ||
    input.start_date < today ||
    input.start_date > addDays(today, HIRE_LIMITS.startMaxDaysAhead)
  )
    errors.start_date = [HIRE_MESSAGES.startInvalid];
  const services = input.services;
  if (
    !Array.isArray(services) ||
    services.length < 1 ||
    services.length > HIRE_LIMITS.maxServices ||
    !services.every((s) => Number.isInteger(s) && (s as number) > 0) ||
    new Set(services).size !== services.length
  )
    errors.services = [HIRE_MESSAGES.servicesInvalid];
  if (input.arrangement !== 'con_retiro' && input.arrangement !== 'sin_retiro')
    errors.arrangement = [HIRE_MESSAGES.arrangementInvalid];
  const schedule = Array.isArray(input.schedule)
    ? scheduleProblems(input.schedule as unknown[])
    : [HIRE_MESSAGES.scheduleInvalid];
  if (schedule.length) errors.schedule = schedule;
  if (input.pay_basis !== 'monthly' && input.pay_basis !== 'hourly') errors.pay_basis = [HIRE_MESSAGES.payBasisInvalid];
  const pay = input.pay_amount;
  if (
    typeof pay !== 'number' ||
    !Number.isFinite(pay) ||
    pay <= 0 ||
    pay > HIRE_LIMITS.payMax ||
    Math.abs(Math.round(pay * 100) - pay * 100) > 1e-6
  )
    errors.pay_amount = [HIRE_MESSAGES.payInvalid];
  if (!Number.isInteger(input.municipality_id) || (input.municipality_id as number) <= 0)
    errors.municipality_id = [HIRE_MESSAGES.municipalityInvalid];
  return errors;
}

/** The weekdays, 1 = lunes. */
export const WEEKDAY_LABELS = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'] as const;

/** A schedule in words: 'Lunes de 08:00 a 12:00; Miércoles de 14:00 a 18:00'. */
export function scheduleText(schedule: readonly ScheduleSlot[]): string {
  return [...schedule]
    .sort((a, b) => a.day - b.day || a.from.localeCompare(b.from))
    .map((slot) => `${WEEKDAY_LABELS[slot.day - 1]} de ${slot.from} a ${slot.to}`)
    .join('; ');
}

/** A scale's rate for a category and the hire's modality (caseros have one value for both). */
export function hireRate(
  scale: { rates: readonly { category: number; arrangement: string; hourly: number; monthly: number }[] },
  category: number,
  arrangement: HireArrangement,
): { hourly: number; monthly: number } | null {
  const ofCategory = scale.rates.filter((r) => r.category === category);
  const rate =
    ofCategory.find((r) => r.arrangement === arrangement) ?? ofCategory.find((r) => r.arrangement === 'unica');
  return rate ? { hourly: rate.hourly, monthly: rate.monthly } : null;
}

/**
 * The category of a hire: among the chosen services' categories (services outside the regime do
 * not count), the best-paid one for the modality, as tasks of several categories are paid at the
 * highest. Null when no chosen service is in the regime.
 */
export function hireCategory(
  mapping: readonly { service_id: number; category: number | null }[],
  scale: { rates: readonly { category: number; arrangement: string; hourly: number; monthly: number }[] },
  services: readonly number[],
  arrangement: HireArrangement,
): number | null {
  const categoryOf = new Map(mapping.map((s) => [s.service_id, s.category]));
  let best: { category: number; monthly: number; hourly: number } | null = null;
  for (const id of services) {
    const category = categoryOf.get(id);
    if (typeof category !== 'number') continue;
    const rate = hireRate(scale, category, arrangement);
    if (!rate) continue;
    if (
      best === null ||
      rate.monthly > best.monthly ||
      (rate.monthly === best.monthly &&
        (rate.hourly > best.hourly || (rate.hourly === best.hourly && category < best.category)))
    )
      best = { category, ...rate };
  }
  return best?.category ?? null;
}

/** How the minimum was reached, for the card and the page. */
export function hireMinimumText(minimum: HireMinimum, rate: { hourly: number; monthly: number }): string {
  const hours = `${String(minimum.weekly_hours).replace('.', ',')} h semanales`;
  if (minimum.basis === 'hourly')
    return `Por hora: ${hours} son ${minimum.monthly_hours.toLocaleString('es-AR', { maximumFractionDigits: 2 })} h al mes × ${formatPesosCents(rate.hourly)} la hora = ${formatPesosCents(minimum.amount)} por mes.`;
  if (minimum.basis === 'pro_rata')
    return `Proporcional: ${hours} del mínimo mensual de ${formatPesosCents(rate.monthly)} = ${formatPesosCents(minimum.amount)} por mes.`;
  return `Mínimo mensual completo: ${formatPesosCents(minimum.amount)}.`;
}
