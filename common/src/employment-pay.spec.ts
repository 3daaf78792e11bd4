import { LABOR_PARAMETER_SEED } from '../../migrations/data/labor-parameters';
import {
  addDays,
  addMonths,
  completedMonths,
  completedYears,
  contributionDueDate,
  contributionFor,
  cuilValid,
  daysBetweenInclusive,
  daysInMonth,
  monthBounds,
  monthlyHours,
  normalizeCuil,
  payslip,
  sac,
  sacDueDate,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  scheduleProblems,
  scheduleWeeklyHours,
  semesterBounds,
  semesterOf,
  seniorityYears,
  settlement,
  trialPeriodEnd,
  vacationDays,
  vacationPay,
  vacationWindow,
  type HireTerms,
  type PayLine,
  type PayslipInput,
  type ScheduleSlot,
  type SettlementInput,
} from './employment-pay';
import { laborParametersOn, type LaborParameterSet } from './labor-parameters';

/**
 * The seeded parameters in force on a day. The seed's first complete set is that of 2026-01-01
 * (the ARCA brackets start then): earlier days borrow it.
 */
function params(day: string): LaborParameterSet {
  const set = laborParametersOn(LABOR_PARAMETER_SEED, day < '2026-01-01' ? '2026-01-01' : day);
  if (!set) throw new Error(`no parameters on ${day}`);
  return set;
}

/** A copy of a parameter set with one value replaced (what an admin's new version does). */
function withValue(set: LaborParameterSet, key: keyof LaborParameterSet, value: number): LaborParameterSet {
  return { ...set, [key]: { ...set[key], value } };
}

const slot = (day: ScheduleSlot['day'], from: string, to: string): ScheduleSlot => ({ day, from, to });
/** Monday to Friday, 08:00–12:00: 20 hours a week. */
const WEEKDAYS_MORNING: ScheduleSlot[] = ([1, 2, 3, 4, 5] as const).map((day) => slot(day, '08:00', '12:00'));

/** The January 2026 scale's cat. 5 rows (migrations/data/wages.ts). */
const CAT5_CON_RETIRO = { hourly: 3250.1, monthly: 398722.14 };
const CAT5_SIN_RETIRO = { hourly: 3494.25, monthly: 441806.54 };

/** The worked example of the facts on Ley 26.844: cat. 5, con retiro, 20 h, paid the hourly minimum, no zone. */
const EXAMPLE_TERMS: HireTerms = {
  start_date: '2022-11-15',
  category: 5,
  arrangement: 'con_retiro',
  schedule: WEEKDAYS_MORNING,
  pay_basis: 'hourly',
  pay_amount: 3250.1,
  zone: false,
};

function slipInput(overrides: Partial<PayslipInput> & { period: string }): PayslipInput {
  return {
    terms: EXAMPLE_TERMS,
    rate: CAT5_CON_RETIRO,
    zone_percent: 30,
    ...overrides,
    params: overrides.params ?? params(`${overrides.period}-01`),
  };
}

const line = (lines: PayLine[], key: string): PayLine | undefined => lines.find((l) => l.key === key);
const amounts = (lines: PayLine[]): Record<string, number> =>
  Object.fromEntries(lines.map((l) => [l.key, l.amount] as const));

describe('the worked example (cat. 5 con retiro, 20 h, 2022-11-15 to a dismissal on 2026-03-15)', () => {
  // Assumption A1 of the example: the January 2026 scale still in force in March, and the
  // February/March non-remunerative sum left out (it is not remunerative: the gross ignores it).
  it('pays a full month of 290.125,59: basic 281.675,33 and seniority 8.450,26', () => {
    const slip = payslip(slipInput({ period: '2026-03' }));
    expect(slip.basis).toBe('hourly');
    expect(slip.weekly_hours).toBe(20);
    expect(slip.monthly_hours).toBeCloseTo(86.6667, 4);
    expect(amounts(slip.lines)).toEqual({ basic: 281675.33, seniority: 8450.26, non_remunerative: 20000 });
    expect(slip.gross).toBe(290125.59);
    expect(slip.non_remunerative).toBe(20000);
    expect(slip.net).toBe(310125.59);
    expect(slip.deductions).toBe(0);
    expect(line(slip.lines, 'basic')!.formula).toBe(
      'Lo acordado: $ 3.250,10 por hora × 20 h semanales × 52/12 semanas = $ 281.675,33; no es menor que el mínimo legal (categoría 5, con retiro): $ 3.250,10 por hora × 20 h semanales × 52/12 semanas = $ 281.675,33',
    );
    expect(line(slip.lines, 'seniority')).toMatchObject({
      label: 'Adicional por antigüedad (3 %)',
      formula: '3 años × 1 % del básico $ 281.675,33',
      sources: ['seniority_percent_per_year', 'seniority_counts_from'],
    });
    // January has no non-remunerative sum: the same gross.
    const january = payslip(slipInput({ period: '2026-01' }));
    expect(january.lines.map((l) => l.key)).toEqual(['basic', 'seniority']);
    expect(january.gross).toBe(290125.59);
    expect(january.net).toBe(290125.59);
  });

  it('settles the dismissal to the cent: total 1.827.510,31', () => {
    const result = settlement({
      terms: EXAMPLE_TERMS,
      end_date: '2026-03-15',
      cause: 'despido_sin_causa',
      notice_given: false,
      monthly_gross: 290125.59,
      best_monthly_last_year: 290125.59,
      best_monthly_semester: 290125.59,
      vacation_days_taken_this_year: 0,
      params: params('2026-03-15'),
    });
    expect(amounts(result.lines)).toEqual({
      days_worked: 140383.35,
      notice: 290125.59,
      month_integration: 149742.24,
      severance: 1160502.36,
      sac: 59307.44,
      unused_vacation: 27449.33,
    });
    expect(result.total).toBe(1827510.31);
    expect(line(result.lines, 'days_worked')!.formula).toBe('$ 290.125,59 × 15/31 días del mes');
    expect(line(result.lines, 'notice')).toMatchObject({
      label: 'Indemnización sustitutiva del preaviso (30 días)',
      sources: ['notice_days_employer_after_year'],
      remunerative: false,
    });
    expect(line(result.lines, 'month_integration')!.formula).toBe('$ 290.125,59 × 16/31 días del mes');
    expect(line(result.lines, 'severance')!.formula).toContain('4 × mejor sueldo del último año $ 290.125,59');
    expect(line(result.lines, 'severance')!.formula).toContain('3 años y 4 meses');
    // Half the best month is kept unrounded (145.062,795) before × 74/181.
    expect(line(result.lines, 'sac')!.formula).toBe(
      'Mejor sueldo del semestre $ 290.125,59 ÷ 2 × 74/181 días del semestre',
    );
    // 14 × 74/365 = 2,838… days, unrounded, then the money is rounded once.
    expect(line(result.lines, 'unused_vacation')!.formula).toBe(
      '$ 290.125,59 ÷ 30 × 2,84 días (14 días × 74/365 días trabajados del año)',
    );
    // sac_on_notice is off in the seed: no line for it.
    expect(line(result.lines, 'sac_on_notice')).toBeUndefined();
  });

  it('pays a June SAC of 145.062,80 and gives 14 vacation days', () => {
    const june = sac({ semester: '2026-1', best_monthly: 290125.59, start_date: '2022-11-15' });
    expect(june.line.amount).toBe(145062.8);
    expect(june.line.formula).toBe('Mejor sueldo del semestre $ 290.125,59 ÷ 2');
    expect(june.due_date).toBe('2026-06-30');
    expect(vacationDays('2022-11-15', 2025, params('2025-12-31'))).toEqual({
      days: 14,
      rule: 'full',
      seniority_years: 3,
    });
    expect(vacationDays('2022-11-15', 2026, params('2026-12-31')).days).toBe(14);
  });

  it('pays the ARCA bracket of 16 h or more: 37.095,95', () => {
    expect(contributionFor(20, params('2026-03-01'))!.total).toBe(37095.95);
  });

  it('adds the SAC on preaviso and integración when the parameter turns it on: 36.655,65', () => {
    const result = settlement({
      terms: EXAMPLE_TERMS,
      end_date: '2026-03-15',
      cause: 'despido_sin_causa',
      notice_given: false,
      monthly_gross: 290125.59,
      best_monthly_last_year: 290125.59,
      best_monthly_semester: 290125.59,
      vacation_days_taken_this_year: 0,
      params: withValue(params('2026-03-15'), 'sac_on_notice', 1),
    });
    expect(line(result.lines, 'sac_on_notice')).toMatchObject({
      amount: 36655.65,
      formula: '($ 290.125,59 + $ 149.742,24) ÷ 12',
      sources: ['sac_on_notice'],
    });
    expect(result.total).toBe(1864165.96);
  });
});

describe('the weekly schedule', () => {
  it('adds the slots in hours, minutes included', () => {
    expect(scheduleWeeklyHours(WEEKDAYS_MORNING)).toBe(20);
    expect(scheduleWeeklyHours([slot(1, '08:30', '12:00')])).toBe(3.5);
    expect(scheduleWeeklyHours([slot(1, '8:30', '12:00'), slot(3, '14:00', '14:20')])).toBeCloseTo(3.8333, 4);
    expect(scheduleWeeklyHours([slot(6, '20:00', '24:00')])).toBe(4);
    // A malformed slot counts nothing.
    expect(scheduleWeeklyHours([slot(1, '12:00', '08:00'), slot(2, '25:00', '26:00')])).toBe(0);
    expect(scheduleWeeklyHours([])).toBe(0);
  });

  it('accepts a well-formed week, back-to-back slots and the limits themselves', () => {
    expect(scheduleProblems(WEEKDAYS_MORNING)).toEqual([]);
    expect(scheduleProblems([slot(1, '08:00', '12:00'), slot(1, '12:00', '17:00')])).toEqual([]);
    // Whatever a client sends: a slot that is not an object is a slot without a valid day.
    expect(scheduleProblems([null, 5, 'lunes'])).toEqual([SCHEDULE_MESSAGES.badDay]);
    // 9 h a day on five days, plus 3 h on Saturday: 48 h.
    const full = [...([1, 2, 3, 4, 5] as const).map((day) => slot(day, '08:00', '17:00')), slot(6, '08:00', '11:00')];
    expect(scheduleWeeklyHours(full)).toBe(48);
    expect(scheduleProblems(full)).toEqual([]);
    const fourteen = ([1, 2, 3, 4, 5, 6, 7] as const).flatMap((day) => [
      slot(day, '08:00', '09:00'),
      slot(day, '10:00', '11:00'),
    ]);
    expect(fourteen).toHaveLength(SCHEDULE_LIMITS.maxSlots);
    expect(scheduleProblems(fourteen)).toEqual([]);
  });

  it('names each problem in Spanish', () => {
    expect(scheduleProblems([])).toEqual([SCHEDULE_MESSAGES.empty]);
    expect(scheduleProblems([slot(1, '8h', '12:00')])).toEqual([SCHEDULE_MESSAGES.badTime('lunes')]);
    expect(scheduleProblems([slot(2, '08:00', '12:60')])).toEqual([SCHEDULE_MESSAGES.badTime('martes')]);
    expect(scheduleProblems([slot(3, '24:00', '24:00')])).toEqual([SCHEDULE_MESSAGES.badTime('miércoles')]);
    expect(scheduleProblems([{ day: 8, from: '08:00', to: '12:00' } as unknown as ScheduleSlot])).toEqual([
      SCHEDULE_MESSAGES.badDay,
    ]);
    expect(scheduleProblems([slot(4, '22:00', '06:00')])).toEqual([SCHEDULE_MESSAGES.endBeforeStart('jueves')]);
    expect(scheduleProblems([slot(4, '10:00', '10:00')])).toEqual([SCHEDULE_MESSAGES.endBeforeStart('jueves')]);
    expect(scheduleProblems([slot(5, '08:00', '12:00'), slot(5, '11:59', '13:00')])).toEqual([
      SCHEDULE_MESSAGES.overlap('viernes'),
    ]);
    expect(scheduleProblems([slot(6, '08:00', '17:01')])).toEqual([SCHEDULE_MESSAGES.dailyMax('sábado')]);
    expect(scheduleProblems([slot(7, '06:00', '10:00'), slot(7, '11:00', '16:30')])).toEqual([
      SCHEDULE_MESSAGES.dailyMax('domingo'),
    ]);
    const over48 = [...([1, 2, 3, 4, 5] as const).map((day) => slot(day, '08:00', '17:00')), slot(6, '08:00', '11:01')];
    expect(scheduleProblems(over48)).toEqual([SCHEDULE_MESSAGES.weeklyMax]);
    const fifteen = [...WEEKDAYS_MORNING, ...WEEKDAYS_MORNING.map((s) => ({ ...s, from: '13:00', to: '14:00' }))];
    fifteen.push(...WEEKDAYS_MORNING.map((s) => ({ ...s, from: '15:00', to: '15:30' })));
    expect(fifteen).toHaveLength(15);
    expect(scheduleProblems(fifteen)).toEqual([SCHEDULE_MESSAGES.tooManySlots]);
    expect(SCHEDULE_MESSAGES.dailyMax('lunes')).toBe(
      'El lunes suma más de 9 h: la ley no permite más de 9 h en un día.',
    );
  });
});

describe('the CUIL', () => {
  it('accepts a valid number with or without dashes and spaces', () => {
    // 2·5 + 0·4 + 1·3 + 2·2 + 3·7 + 4·6 + 5·5 + 6·4 + 7·3 + 8·2 = 148; 148 mod 11 = 5; 11 − 5 = 6.
    expect(cuilValid('20-12345678-6')).toBe(true);
    expect(cuilValid('20123456786')).toBe(true);
    expect(cuilValid(' 20 12345678 6 ')).toBe(true);
    expect(normalizeCuil('20 12345678 6')).toBe('20-12345678-6');
    // 176 mod 11 = 0: 11 − 0 = 11, which is written 0.
    expect(cuilValid('27-12345678-0')).toBe(true);
    expect(cuilValid('30-71234567-1')).toBe(true);
  });

  it('checks the 23 prefix that replaces a check digit of 10', () => {
    // With 20 the DNI 10000005 gives 10: it is issued as 23-…-9; with 27 the DNI 10000002 as 23-…-4.
    expect(cuilValid('20-10000005-0')).toBe(false);
    expect(cuilValid('23-10000005-9')).toBe(true);
    expect(cuilValid('27-10000002-0')).toBe(false);
    expect(cuilValid('23-10000002-4')).toBe(true);
  });

  it('rejects a wrong digit, a wrong prefix, a wrong length or letters', () => {
    expect(cuilValid('20-12345678-5')).toBe(false);
    expect(cuilValid('21-12345678-6')).toBe(false);
    expect(cuilValid('20-1234567-6')).toBe(false);
    expect(cuilValid('20-12345678-66')).toBe(false);
    expect(cuilValid('2O-12345678-6')).toBe(false);
    expect(cuilValid('')).toBe(false);
    expect(cuilValid(null)).toBe(false);
    expect(normalizeCuil('20-12345678-5')).toBeNull();
  });
});

describe('calendar days', () => {
  it('knows the length of each month, February in leap years too', () => {
    expect(
      ['2026-01', '2026-02', '2026-04', '2026-12', '2028-02', '2100-02', '2000-02'].map((m) => daysInMonth(m)),
    ).toEqual([31, 28, 30, 31, 29, 28, 29]);
    expect(monthBounds('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(() => daysInMonth('2026-13')).toThrow(RangeError);
  });

  it('adds days and months, a missing day becoming the month’s last', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2026-03-31', 3)).toBe('2026-06-30');
    expect(addMonths('2025-11-15', 2)).toBe('2026-01-15');
    expect(addMonths('2026-01-15', -2)).toBe('2025-11-15');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-03-10', -13)).toBe('2025-02-10');
    expect(addMonths('2026-01-05', 1)).toBe('2026-02-05');
    expect(addMonths('2026-10-05', -9)).toBe('2026-01-05');
    expect(addMonths('2026-05-31', 0)).toBe('2026-05-31');
    expect(() => addMonths('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('counts days with both ends and whole months and years', () => {
    expect(daysBetweenInclusive('2026-03-01', '2026-03-15')).toBe(15);
    expect(daysBetweenInclusive('2026-03-15', '2026-03-15')).toBe(1);
    expect(daysBetweenInclusive('2026-03-16', '2026-03-15')).toBe(0);
    expect(daysBetweenInclusive('2026-01-01', '2026-12-31')).toBe(365);
    expect(daysBetweenInclusive('2028-01-01', '2028-12-31')).toBe(366);
    expect(completedMonths('2022-11-15', '2026-03-15')).toBe(40);
    expect(completedMonths('2022-11-15', '2026-03-14')).toBe(39);
    expect(completedMonths('2024-01-31', '2024-02-29')).toBe(1);
    expect(completedMonths('2024-01-31', '2024-02-28')).toBe(0);
    expect(completedMonths('2026-03-15', '2026-03-01')).toBe(0);
    expect(completedYears('2022-11-15', '2025-11-14')).toBe(2);
    expect(completedYears('2022-11-15', '2025-11-15')).toBe(3);
  });

  it('counts a start on 29 February as a year on 28 February, and on 29 in a leap year', () => {
    expect(completedYears('2024-02-29', '2025-02-27')).toBe(0);
    expect(completedYears('2024-02-29', '2025-02-28')).toBe(1);
    expect(completedYears('2024-02-29', '2028-02-28')).toBe(3);
    expect(completedYears('2024-02-29', '2028-02-29')).toBe(4);
    expect(seniorityYears('2024-02-29', '2025-02-28', params('2025-02-01'))).toBe(1);
  });
});

describe('seniority', () => {
  it('completes a year on the anniversary, not the day before', () => {
    const set = params('2026-01-01');
    expect(seniorityYears('2022-11-15', '2025-11-14', set)).toBe(2);
    expect(seniorityYears('2022-11-15', '2025-11-15', set)).toBe(3);
  });

  it('counts from 2020-09-01 at the earliest', () => {
    const set = params('2026-01-01');
    expect(seniorityYears('2015-03-10', '2026-08-31', set)).toBe(5);
    expect(seniorityYears('2015-03-10', '2026-09-01', set)).toBe(6);
    expect(seniorityYears('2020-09-01', '2021-08-31', set)).toBe(0);
  });
});

describe('the trial period', () => {
  const hire = { arrangement: 'con_retiro' as const, schedule: WEEKDAYS_MORNING };

  it('is 15 working days con retiro for a start before 2026-03-06', () => {
    // Thursday 5 March: Thu 5, Fri 6, then three weeks of five days up to Wednesday 25.
    expect(trialPeriodEnd({ ...hire, start_date: '2026-03-05' }, params('2026-03-05'))).toBe('2026-03-25');
    // One slot a week: 15 Mondays would pass the 3 months, which end the period.
    const mondays = { arrangement: 'con_retiro' as const, schedule: [slot(1, '08:00', '12:00')] };
    expect(trialPeriodEnd({ ...mondays, start_date: '2026-01-05' }, params('2026-01-05'))).toBe('2026-04-04');
  });

  it('is 30 calendar days sin retiro for a start before 2026-03-06', () => {
    expect(trialPeriodEnd({ ...hire, arrangement: 'sin_retiro', start_date: '2026-01-10' }, params('2026-01-10'))).toBe(
      '2026-02-08',
    );
  });

  it('is 6 months from 2026-03-06, either arrangement', () => {
    expect(trialPeriodEnd({ ...hire, start_date: '2026-03-06' }, params('2026-03-06'))).toBe('2026-09-05');
    expect(trialPeriodEnd({ ...hire, arrangement: 'sin_retiro', start_date: '2026-08-31' }, params('2026-08-31'))).toBe(
      '2027-02-27',
    );
  });
});

describe('hours and contributions', () => {
  it('turns weekly hours into the month’s', () => {
    expect(monthlyHours(20, params('2026-01-01'))).toBeCloseTo(86.6667, 4);
    expect(monthlyHours(48, params('2026-01-01'))).toBe(208);
  });

  it('takes the contribution bracket at 11,99, 12 and 16 hours', () => {
    const set = params('2026-01-01');
    expect(contributionFor(11.99, set)).toEqual({
      from_hours: 0,
      aporte: 1784.27,
      contribucion: 624.67,
      art: 6332.84,
      total: 8741.78,
      label: 'Menos de 12 h semanales',
    });
    expect(contributionFor(12, set)).toMatchObject({
      from_hours: 12,
      total: 13727.08,
      label: 'De 12 a menos de 16 h semanales',
    });
    expect(contributionFor(15.99, set)!.from_hours).toBe(12);
    expect(contributionFor(16, set)).toMatchObject({ from_hours: 16, total: 37095.95, label: '16 h semanales o más' });
  });

  it('falls due on day 10 of the next month', () => {
    expect(contributionDueDate('2026-01', params('2026-01-01'))).toBe('2026-02-10');
    expect(contributionDueDate('2026-12', params('2026-12-01'))).toBe('2027-01-10');
  });
});

describe('the payslip', () => {
  it('pays the zone supplement on the legal minimum, as its own line', () => {
    const slip = payslip(slipInput({ period: '2026-01', terms: { ...EXAMPLE_TERMS, zone: true } }));
    expect(line(slip.lines, 'zone')).toEqual({
      key: 'zone',
      label: 'Adicional por zona desfavorable (30 %)',
      formula: '30 % del mínimo legal $ 281.675,33',
      amount: 84502.6,
      remunerative: true,
      sources: ['wage_scale'],
    });
    expect(slip.gross).toBe(374628.19);
    // Seniority stays on the basic alone.
    expect(line(slip.lines, 'seniority')!.amount).toBe(8450.26);
  });

  it('pays a first month in part: 20 of 31 days from 12 January', () => {
    const terms = { ...EXAMPLE_TERMS, start_date: '2026-01-12', zone: true };
    const slip = payslip(slipInput({ period: '2026-01', terms }));
    expect(slip.days_paid).toBe(20);
    expect(slip.days_in_month).toBe(31);
    // 281.675,333… × 20/31 and 84.502,60 × 20/31, each rounded once.
    expect(amounts(slip.lines)).toEqual({ basic: 181726.02, zone: 54517.81 });
    expect(line(slip.lines, 'basic')!.formula).toMatch(/ × 20\/31 días del mes$/);
  });

  it('pays the month a hire ends in part, with the seniority reached by then', () => {
    // Ends 14 November 2025, the day before the third anniversary: 2 years, 14 of 30 days.
    const slip = payslip(slipInput({ period: '2025-11', end_date: '2025-11-14', params: params('2025-11-01') }));
    expect(slip.days_paid).toBe(14);
    expect(line(slip.lines, 'seniority')!.label).toBe('Adicional por antigüedad (2 %)');
    // On the same scale for the sake of the example: 281.675,333… × 14/30 and 281.675,33 × 2 % × 14/30.
    expect(amounts(slip.lines)).toEqual({ basic: 131448.49, seniority: 2628.97 });
    // Working the whole month reaches the anniversary: 3 %.
    const full = payslip(slipInput({ period: '2025-11', params: params('2025-11-01') }));
    expect(line(full.lines, 'seniority')!.amount).toBe(8450.26);
  });

  it('prorates over 29 days in February of a leap year', () => {
    const terms = { ...EXAMPLE_TERMS, start_date: '2028-02-10' };
    const slip = payslip(slipInput({ period: '2028-02', terms, params: params('2028-02-01') }));
    expect(slip.days_in_month).toBe(29);
    expect(slip.days_paid).toBe(20);
    expect(amounts(slip.lines)).toEqual({ basic: 194258.85 });
  });

  it('pays the legal minimum when the agreed pay is lower, and the agreed pay when higher', () => {
    const low = payslip(slipInput({ period: '2026-01', terms: { ...EXAMPLE_TERMS, pay_amount: 3000 } }));
    expect(line(low.lines, 'basic')!.amount).toBe(281675.33);
    expect(line(low.lines, 'basic')!.formula).toMatch(/^El mínimo legal \(categoría 5, con retiro\)/);
    expect(low.agreed).toBe(260000);
    const high = payslip(
      slipInput({ period: '2026-01', terms: { ...EXAMPLE_TERMS, pay_basis: 'monthly', pay_amount: 400000 } }),
    );
    expect(line(high.lines, 'basic')!.amount).toBe(400000);
    expect(line(high.lines, 'seniority')!.amount).toBe(12000);
    expect(high.legal_minimum).toBe(281675.33);
  });

  it('uses the monthly minimum pro rata from 24 h, and in full sin retiro or from 48 h', () => {
    const thirty = ([1, 2, 3, 4, 5] as const).map((day) => slot(day, '08:00', '14:00'));
    const terms: HireTerms = { ...EXAMPLE_TERMS, start_date: '2026-01-01', schedule: thirty, pay_amount: 1 };
    const proRata = payslip(slipInput({ period: '2026-01', terms }));
    expect(proRata.basis).toBe('pro_rata');
    expect(line(proRata.lines, 'basic')!.amount).toBe(249201.34);
    expect(line(proRata.lines, 'basic')!.formula).toContain('$ 398.722,14 × 30/48 h semanales = $ 249.201,34');
    const hours23 = ([1, 2, 3, 4, 5] as const).map((day) => slot(day, '08:00', '12:36'));
    expect(payslip(slipInput({ period: '2026-01', terms: { ...terms, schedule: hours23 } })).basis).toBe('hourly');
    const hours24 = ([1, 2, 3, 4] as const).map((day) => slot(day, '08:00', '14:00'));
    expect(payslip(slipInput({ period: '2026-01', terms: { ...terms, schedule: hours24 } })).basis).toBe('pro_rata');
    const livingIn = payslip(
      slipInput({ period: '2026-01', terms: { ...terms, arrangement: 'sin_retiro' }, rate: CAT5_SIN_RETIRO }),
    );
    expect(livingIn.basis).toBe('monthly');
    expect(line(livingIn.lines, 'basic')!.amount).toBe(441806.54);
    const full = [...([1, 2, 3, 4, 5] as const).map((day) => slot(day, '08:00', '17:00')), slot(6, '08:00', '11:00')];
    const fullTime = payslip(slipInput({ period: '2026-01', terms: { ...terms, schedule: full } }));
    expect(fullTime.basis).toBe('monthly');
    expect(line(fullTime.lines, 'basic')!.amount).toBe(398722.14);
  });

  it('pays overtime and the holiday surcharge on the hour of basic and seniority', () => {
    const slip = payslip(
      slipInput({ period: '2026-01', overtime_ordinary_hours: 2, overtime_rest_hours: 3, holiday_hours: 4 }),
    );
    // (281.675,33 + 8.450,26) ÷ 86,666… h = 3.347,60 the hour.
    expect(amounts(slip.lines)).toEqual({
      basic: 281675.33,
      seniority: 8450.26,
      overtime_ordinary: 10042.81,
      overtime_rest: 20085.62,
      holiday_worked: 13390.41,
    });
    expect(line(slip.lines, 'overtime_ordinary')!.formula).toBe(
      '2 h × valor hora ($ 281.675,33 + $ 8.450,26) ÷ 86,67 h = $ 3.347,60 × 150 %',
    );
    expect(line(slip.lines, 'holiday_worked')!.formula).toMatch(/ × 100 %$/);
    expect(slip.gross).toBe(333644.43);
    expect(() => payslip(slipInput({ period: '2026-01', overtime_ordinary_hours: -1 }))).toThrow(RangeError);
  });

  it('prorates the non-remunerative sum and takes its bracket by the weekly hours', () => {
    const terms = {
      ...EXAMPLE_TERMS,
      start_date: '2026-02-15',
      schedule: [slot(1, '08:00', '14:00'), slot(2, '08:00', '14:00')],
    };
    const slip = payslip(slipInput({ period: '2026-02', terms }));
    // 12 h a week: 11.500 × 14/28.
    expect(line(slip.lines, 'non_remunerative')).toMatchObject({
      amount: 5750,
      remunerative: false,
      formula: 'De 12 a menos de 16 h semanales: $ 11.500,00 × 14/28 días del mes',
    });
    expect(slip.net).toBeCloseTo(slip.gross + 5750, 2);
    // From April the table is empty again.
    expect(line(payslip(slipInput({ period: '2026-04', terms })).lines, 'non_remunerative')).toBeUndefined();
  });

  it('follows a change of scale: two months with different rates', () => {
    const january = payslip(slipInput({ period: '2026-01' }));
    // A February scale 1,5 % higher: 3.298,85 the hour, and the agreed pay following it.
    const february = payslip(
      slipInput({
        period: '2026-02',
        rate: { hourly: 3298.85, monthly: 404702.97 },
        terms: { ...EXAMPLE_TERMS, pay_amount: 3250.1 },
      }),
    );
    expect(line(january.lines, 'basic')!.amount).toBe(281675.33);
    expect(line(february.lines, 'basic')!.amount).toBe(285900.33);
    expect(line(february.lines, 'seniority')!.amount).toBe(8577.01);
    expect(line(february.lines, 'basic')!.formula).toMatch(/^El mínimo legal/);
  });

  it('refuses a month outside the hire or a schedule without hours', () => {
    expect(() => payslip(slipInput({ period: '2022-10' }))).toThrow(RangeError);
    expect(() => payslip(slipInput({ period: '2026-04', end_date: '2026-03-31' }))).toThrow(RangeError);
    expect(() => payslip(slipInput({ period: '2026-01', terms: { ...EXAMPLE_TERMS, schedule: [] } }))).toThrow(
      RangeError,
    );
  });
});

describe('the SAC', () => {
  it('knows the semesters, their days and due dates', () => {
    expect(semesterOf('2026-06-30')).toBe('2026-1');
    expect(semesterOf('2026-07-01')).toBe('2026-2');
    expect(semesterBounds('2028-1')).toEqual({ from: '2028-01-01', to: '2028-06-30' });
    expect(sacDueDate('2026-1')).toBe('2026-06-30');
    expect(sacDueDate('2026-2')).toBe('2026-12-18');
    expect(sac({ semester: '2026-1', best_monthly: 1, start_date: '2020-01-01' }).days_in_semester).toBe(181);
    expect(sac({ semester: '2028-1', best_monthly: 1, start_date: '2020-01-01' }).days_in_semester).toBe(182);
    expect(sac({ semester: '2026-2', best_monthly: 1, start_date: '2020-01-01' }).days_in_semester).toBe(184);
  });

  it('pays a part of the semester by its days, in a leap year too', () => {
    const part = sac({ semester: '2028-1', best_monthly: 290125.59, start_date: '2028-03-01' });
    expect(part.days_worked).toBe(122);
    expect(part.line.amount).toBe(97239.9);
    expect(part.line.label).toBe('Aguinaldo proporcional (SAC), primer semestre 2028');
    expect(part.line.formula).toBe('Mejor sueldo del semestre $ 290.125,59 ÷ 2 × 122/182 días del semestre');
    const none = sac({ semester: '2026-2', best_monthly: 290125.59, start_date: '2022-11-15', end_date: '2026-06-30' });
    expect(none.days_worked).toBe(0);
    expect(none.line.amount).toBe(0);
    expect(sac({ semester: '2026-2', best_monthly: 290125.59, start_date: '2022-11-15' }).due_date).toBe('2026-12-18');
  });
});

describe('vacations', () => {
  const set = params('2026-12-31');

  it('gives 14 days at exactly 5 years on 31 December and 21 at 5 years and a day', () => {
    expect(vacationDays('2021-12-31', 2026, set)).toEqual({ days: 14, rule: 'full', seniority_years: 5 });
    expect(vacationDays('2021-12-30', 2026, set)).toEqual({ days: 21, rule: 'full', seniority_years: 5 });
    expect(vacationDays('2016-12-30', 2026, set).days).toBe(28);
    expect(vacationDays('2006-12-30', 2026, set).days).toBe(35);
  });

  it('gives one day per 20 worked with less than 6 months in the year', () => {
    // 1 July to 31 December: 6 months, the full days.
    expect(vacationDays('2026-07-01', 2026, set)).toEqual({ days: 14, rule: 'full', seniority_years: 0 });
    // From 2 July: 5 months; 183 days → 9.
    expect(vacationDays('2026-07-02', 2026, set)).toEqual({ days: 9, rule: 'proportional', seniority_years: 0 });
    // From 1 August: 153 days → 7; and 19 days give none.
    expect(vacationDays('2026-08-01', 2026, set).days).toBe(7);
    expect(vacationDays('2026-12-13', 2026, set).days).toBe(0);
    // A hire ending in the year: 1 January to 31 May is 5 months, 151 days → 7.
    expect(vacationDays('2020-05-01', 2026, set, '2026-05-31')).toMatchObject({ days: 7, rule: 'proportional' });
    // To 30 June: 6 months, the full days of 6 years of seniority at 31 December.
    expect(vacationDays('2020-05-01', 2026, set, '2026-06-30')).toMatchObject({ days: 21, rule: 'full' });
    // A start after the year: nothing.
    expect(vacationDays('2027-01-01', 2026, set)).toEqual({ days: 0, rule: 'proportional', seniority_years: 0 });
  });

  it('opens the window on 1 November and closes it on 30 March', () => {
    expect(vacationWindow(2026)).toEqual({ from: '2026-11-01', to: '2027-03-30' });
  });

  it('pays the monthly gross over 30 per day', () => {
    expect(vacationPay(14, 290125.59, set)).toEqual({
      key: 'vacation',
      label: 'Vacaciones',
      formula: '$ 290.125,59 ÷ 30 × 14 días',
      amount: 135391.94,
      remunerative: true,
      sources: ['vacation_divisor'],
    });
    // The ÷25 criterion, when an admin sets it.
    expect(vacationPay(14, 290125.59, withValue(set, 'vacation_divisor', 25)).amount).toBe(162470.33);
  });
});

describe('the settlement', () => {
  const base: SettlementInput = {
    terms: { ...EXAMPLE_TERMS, start_date: '2025-09-01' },
    end_date: '2026-03-15',
    cause: 'despido_sin_causa',
    notice_given: false,
    monthly_gross: 281675.33,
    best_monthly_last_year: 281675.33,
    best_monthly_semester: 281675.33,
    vacation_days_taken_this_year: 0,
    params: params('2026-03-15'),
  };

  it('gives 10 days of notice up to a year of service and one year for a fraction over 3 months', () => {
    const result = settlement(base);
    expect(amounts(result.lines)).toEqual({
      days_worked: 136294.51,
      notice: 93891.78,
      month_integration: 145380.82,
      severance: 281675.33,
      sac: 57580.04,
      unused_vacation: 26649.83,
    });
    expect(line(result.lines, 'notice')!.sources).toEqual(['notice_days_employer_first_year']);
  });

  it('switches to 30 days of notice the day after the first anniversary', () => {
    const oneYear = { ...base, terms: { ...base.terms, start_date: '2025-03-16' } };
    expect(line(settlement(oneYear).lines, 'notice')!.label).toBe('Indemnización sustitutiva del preaviso (10 días)');
    const overAYear = { ...oneYear, end_date: '2026-03-16' };
    expect(line(settlement(overAYear).lines, 'notice')!.label).toBe('Indemnización sustitutiva del preaviso (30 días)');
  });

  it('counts a fraction of a year only when it is more than 3 months', () => {
    const severance = (start: string, end: string) =>
      line(settlement({ ...base, terms: { ...base.terms, start_date: start }, end_date: end }).lines, 'severance')!;
    // Through 14 February 2026: 3 years and exactly 3 months, 3 × 281.675,33.
    expect(severance('2022-11-15', '2026-02-14').amount).toBe(845025.99);
    expect(severance('2022-11-15', '2026-02-14').formula).toContain('3 años y 3 meses');
    expect(severance('2022-11-15', '2026-02-15').amount).toBe(1126701.32);
    // Ten days of service still pay one month.
    expect(severance('2026-03-01', '2026-03-10').amount).toBe(281675.33);
  });

  it('pays no notice when notice was given, and no integración on the month’s last day', () => {
    const noticed = settlement({ ...base, notice_given: true });
    expect(noticed.lines.map((l) => l.key)).toEqual(['days_worked', 'severance', 'sac', 'unused_vacation']);
    const lastDay = settlement({ ...base, end_date: '2026-03-31' });
    expect(lastDay.lines.map((l) => l.key)).toEqual(['days_worked', 'notice', 'severance', 'sac', 'unused_vacation']);
    expect(line(lastDay.lines, 'days_worked')!.amount).toBe(281675.33);
  });

  it('pays only what was earned on a resignation, a mutual agreement or in the trial period', () => {
    for (const cause of ['renuncia', 'mutuo_acuerdo', 'periodo_de_prueba'] as const) {
      const result = settlement({ ...base, cause });
      expect(result.lines.map((l) => l.key)).toEqual(['days_worked', 'sac', 'unused_vacation']);
      expect(result.total).toBe(220524.38);
    }
  });

  it('takes away the vacation days already taken, never below zero', () => {
    const taken = settlement({ ...base, vacation_days_taken_this_year: 1 });
    // (14 × 74/365 − 1) days × 281.675,33 ÷ 30.
    expect(line(taken.lines, 'unused_vacation')!.amount).toBe(17260.65);
    expect(line(taken.lines, 'unused_vacation')!.formula).toContain('− 1 ya tomados');
    const all = settlement({ ...base, vacation_days_taken_this_year: 14 });
    expect(line(all.lines, 'unused_vacation')!.amount).toBe(0);
  });

  it('counts the short service of a first year by one day per 20 worked', () => {
    const result = settlement({
      ...base,
      cause: 'renuncia',
      terms: { ...base.terms, start_date: '2026-08-01' },
      end_date: '2026-10-31',
    });
    // 1 August to 31 October: 92 days, 4 vacation days.
    expect(line(result.lines, 'unused_vacation')).toMatchObject({
      amount: 37556.71,
      formula: '$ 281.675,33 ÷ 30 × 4 días (1 día cada 20 de los 92 trabajados en el año)',
    });
    expect(line(result.lines, 'days_worked')!.amount).toBe(281675.33);
  });

  it('refuses an end before the start', () => {
    expect(() => settlement({ ...base, end_date: '2025-08-31' })).toThrow(RangeError);
  });
});
