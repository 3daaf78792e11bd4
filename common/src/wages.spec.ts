import { argentinaToday, formatPesosCents } from './format';
import {
  belowMinimumMessage,
  inWageZone,
  legalMinimum,
  legalMinimumBasisText,
  nextScale,
  parseWageAmount,
  scaleInForce,
  WAGE_MESSAGES,
  WAGE_SLOTS,
  wageScaleProblems,
  wageAmountValid,
  wageScaleStatus,
  weeklyHoursOfShifts,
  withSupplement,
  type WageRate,
  type WageRules,
} from './wages';

/** The January 2026 scale (migrations/data/casas-particulares-escala-2026-01.csv). */
const RATES: WageRate[] = [
  { category: 1, arrangement: 'con_retiro', hourly: 3895.56, monthly: 485961.09 },
  { category: 1, arrangement: 'sin_retiro', hourly: 4254.05, monthly: 539711.97 },
  { category: 2, arrangement: 'con_retiro', hourly: 3696.15, monthly: 452478.51 },
  { category: 2, arrangement: 'sin_retiro', hourly: 4039.45, monthly: 502101.03 },
  { category: 3, arrangement: 'unica', hourly: 3494.25, monthly: 441806.54 },
  { category: 4, arrangement: 'con_retiro', hourly: 3494.25, monthly: 441806.54 },
  { category: 4, arrangement: 'sin_retiro', hourly: 3894.43, monthly: 490745.56 },
  { category: 5, arrangement: 'con_retiro', hourly: 3250.1, monthly: 398722.14 },
  { category: 5, arrangement: 'sin_retiro', hourly: 3494.25, monthly: 441806.54 },
];

// Service ids: 1 housemaide (5), 2 babysitter (4), 6 chef (2), 7 house_pet_sitting (3), 9 butler (1),
// 10 commercial_cleaning (none). Arrangement 4 is live-in. Chubut is 26, Patagones 6602.
const RULES: WageRules = {
  scale: { id: 1, effective_from: '2026-01-01', source: 'CNTCP', zone_supplement_percent: 30, rates: RATES },
  next: null,
  categories: [
    { category: 1, name: 'Supervisor/a' },
    { category: 2, name: 'Personal para tareas específicas' },
    { category: 3, name: 'Caseros' },
    { category: 4, name: 'Asistencia y cuidado de personas' },
    { category: 5, name: 'Personal para tareas generales' },
  ],
  services: [
    { service_id: 1, key: 'housemaide', category: 5 },
    { service_id: 2, key: 'babysitter', category: 4 },
    { service_id: 6, key: 'chef', category: 2 },
    { service_id: 7, key: 'house_pet_sitting', category: 3 },
    { service_id: 9, key: 'butler', category: 1 },
    { service_id: 10, key: 'commercial_cleaning', category: null },
  ],
  live_in_arrangements: [4],
  zone: { provinces: [26, 42, 58, 62, 78, 94], municipalities: [6602] },
};

const ask = (services: number[], work_arrangements: number[] = [1], province = 2, municipality = 2007) =>
  legalMinimum(RULES, { services, work_arrangements, province, municipality });

describe('legal minimum wage', () => {
  it('answers the category of one service, con retiro by default', () => {
    expect(ask([1])).toMatchObject({
      category: 5,
      category_name: 'Personal para tareas generales',
      arrangement: 'con_retiro',
      monthly: 398722.14,
      hourly: 3250.1,
      zone: false,
    });
  });

  it('takes the best-paid category among the chosen services', () => {
    expect(ask([1, 2])).toMatchObject({ category: 4, monthly: 441806.54 });
    expect(ask([1, 2, 6])).toMatchObject({ category: 2, monthly: 452478.51 });
    expect(ask([2, 9, 1])).toMatchObject({ category: 1, monthly: 485961.09 });
    // Caseros (one value) beats tareas generales con retiro.
    expect(ask([1, 7])).toMatchObject({ category: 3, arrangement: 'unica', monthly: 441806.54 });
  });

  it('uses sin retiro when any chosen arrangement is living in', () => {
    expect(ask([1], [1, 4])).toMatchObject({ category: 5, arrangement: 'sin_retiro', monthly: 441806.54 });
    expect(ask([2], [4])).toMatchObject({ category: 4, arrangement: 'sin_retiro', monthly: 490745.56 });
    // Caseros keep their one value; babysitting live-in pays more.
    expect(ask([7, 2], [4])).toMatchObject({ category: 4, monthly: 490745.56 });
    expect(ask([7], [4])).toMatchObject({ category: 3, arrangement: 'unica' });
  });

  it('adds the zone supplement in the listed provinces and in Patagones', () => {
    expect(ask([1], [1], 26, 26007)).toMatchObject({ zone: true, monthly: 518338.78, hourly: 4225.13 });
    expect(ask([2], [1], 6, 6602)).toMatchObject({ zone: true, monthly: 574348.5 });
    expect(ask([2], [1], 6, 6441)).toMatchObject({ zone: false, monthly: 441806.54 });
    expect(withSupplement(441806.54, 30)).toBe(574348.5);
  });

  it('has no minimum for commercial cleaning alone, and ignores it beside a household service', () => {
    expect(ask([10])).toBeNull();
    expect(ask([])).toBeNull();
    expect(ask([10, 1])).toMatchObject({ category: 5 });
    expect(ask([99])).toBeNull();
    expect(
      legalMinimum(
        { ...RULES, scale: null },
        { services: [1], work_arrangements: [], province: 2, municipality: null },
      ),
    ).toBeNull();
  });

  it('writes the warning with pesos and cents', () => {
    expect(formatPesosCents(441806.54)).toBe('$ 441.806,54');
    expect(formatPesosCents(3250.1)).toBe('$ 3.250,10');
    expect(belowMinimumMessage(441806.54)).toBe(
      'El sueldo ofrecido está por debajo del mínimo legal vigente para esta categoría: $ 441.806,54',
    );
  });
});

describe('scale in force', () => {
  const scales = [
    { id: 1, effective_from: '2026-01-01' },
    { id: 2, effective_from: '2026-06-01' },
    { id: 3, effective_from: '2026-03-01' },
  ];

  it('is the latest effective date on or before the day; a later one is next', () => {
    expect(scaleInForce(scales, '2025-12-31')).toBeNull();
    expect(scaleInForce(scales, '2026-01-01')?.id).toBe(1);
    expect(scaleInForce(scales, '2026-05-31')?.id).toBe(3);
    expect(scaleInForce(scales, '2026-06-01')?.id).toBe(2);
    expect(nextScale(scales, '2026-02-10')?.id).toBe(3);
    expect(nextScale(scales, '2026-06-01')).toBeNull();
    expect(wageScaleStatus(scales[1]!, scales[2]!, '2026-04-01')).toBe('proxima');
    expect(wageScaleStatus(scales[2]!, scales[2]!, '2026-04-01')).toBe('vigente');
    expect(wageScaleStatus(scales[0]!, scales[2]!, '2026-04-01')).toBe('anterior');
  });

  it('reads the day in Buenos Aires: 01:00 UTC on the 1st is still the day before', () => {
    expect(argentinaToday(new Date('2026-06-01T01:00:00Z'))).toBe('2026-05-31');
    expect(argentinaToday(new Date('2026-06-01T03:00:00Z'))).toBe('2026-06-01');
  });
});

describe('a new scale', () => {
  const valid = { effective_from: '2026-03-01', source: 'CNTCP, marzo 2026', rates: RATES };

  it('needs a date, a source and the nine positive amounts, each slot once', () => {
    expect(WAGE_SLOTS).toHaveLength(9);
    expect(wageScaleProblems(valid)).toEqual({});
    expect(wageScaleProblems({ ...valid, effective_from: '2026-02-30' }).effective_from).toEqual([
      WAGE_MESSAGES.effectiveFromInvalid,
    ]);
    expect(wageScaleProblems({ ...valid, source: ' x ' }).source).toEqual([WAGE_MESSAGES.sourceInvalid]);
    expect(wageScaleProblems({ ...valid, rates: RATES.slice(1) }).rates).toEqual([WAGE_MESSAGES.ratesIncomplete]);
    expect(wageScaleProblems({ ...valid, rates: [...RATES.slice(1), RATES[1]] }).rates).toEqual([
      WAGE_MESSAGES.ratesIncomplete,
    ]);
    const negative = RATES.map((r, i) => (i === 0 ? { ...r, monthly: -1 } : r));
    expect(wageScaleProblems({ ...valid, rates: negative }).rates).toEqual([WAGE_MESSAGES.amountInvalid]);
    const fractions = RATES.map((r, i) => (i === 0 ? { ...r, hourly: 1.234 } : r));
    expect(wageScaleProblems({ ...valid, rates: fractions }).rates).toEqual([WAGE_MESSAGES.amountInvalid]);
    expect(wageScaleProblems({ ...valid, zone_supplement_percent: 101 }).zone_supplement_percent).toBeDefined();
    expect(wageScaleProblems({}).rates).toEqual([WAGE_MESSAGES.ratesIncomplete]);
  });

  it('reads amounts as people type them', () => {
    expect(parseWageAmount('441806,54')).toBe(441806.54);
    expect(parseWageAmount('441.806,54')).toBe(441806.54);
    expect(parseWageAmount('$ 441.806')).toBe(441806);
    expect(parseWageAmount('3250.10')).toBe(3250.1);
    expect(parseWageAmount('12a')).toBeNull();
    expect(parseWageAmount('')).toBeNull();
  });
});

describe('legal minimum by schedule', () => {
  const withHours = (weekly_hours: number | null, services = [1], work_arrangements = [1], province = 2) =>
    legalMinimum(RULES, { services, work_arrangements, province, municipality: 2007, weekly_hours });

  it('counts 4 hours a shift', () => {
    expect(weeklyHoursOfShifts(5)).toBe(20);
    expect(weeklyHoursOfShifts(0)).toBe(0);
  });

  it('pays fewer than 24 hours a week by the hour, a month being 52/12 weeks', () => {
    // 20 hours a week, by the hour: 3,250.10 × 20 × 52/12.
    expect(withHours(20)).toMatchObject({ basis: 'hourly', weekly_hours: 20, amount: 281675.33, monthly: 398722.14 });
    expect(withHours(4)).toMatchObject({ basis: 'hourly', amount: 56335.07 });
    // 3,494.25 × 20 × 52/12 for babysitting.
    expect(withHours(20, [2])).toMatchObject({ basis: 'hourly', amount: 302835 });
  });

  it('pays 24 hours or more as the monthly minimum pro rata of 48, the full month from 48', () => {
    expect(withHours(24)).toMatchObject({ basis: 'pro_rata', amount: 199361.07 });
    expect(withHours(28, [2])).toMatchObject({ basis: 'pro_rata', amount: 257720.48 });
    expect(withHours(48)).toMatchObject({ basis: 'monthly', amount: 398722.14 });
    expect(withHours(84)).toMatchObject({ basis: 'monthly', amount: 398722.14 });
  });

  it('keeps the full month without a schedule or when living in', () => {
    expect(withHours(null)).toMatchObject({ basis: 'monthly', weekly_hours: null, amount: 398722.14 });
    expect(withHours(0)).toMatchObject({ basis: 'monthly', weekly_hours: null, amount: 398722.14 });
    expect(withHours(8, [1], [4])).toMatchObject({ basis: 'monthly', arrangement: 'sin_retiro', amount: 441806.54 });
  });

  it('applies the zone supplement before the schedule', () => {
    // Chubut: 3,250.10 × 1.3 = 4,225.13 an hour.
    expect(withHours(20, [1], [1], 26)).toMatchObject({ zone: true, hourly: 4225.13, amount: 366177.93 });
  });

  it('says on the page which base was used', () => {
    const text = (hours: number | null, arrangements = [1]) =>
      legalMinimumBasisText(withHours(hours, [2], arrangements)!);
    expect(text(20)).toBe('Calculado por hora: 20 h semanales (menos de 24) × 52/12 semanas × $ 3.494,25 la hora.');
    expect(text(28)).toBe('Proporcional al mínimo mensual: 28 de 48 h semanales de $ 441.806,54.');
    expect(text(48)).toBe('Mínimo mensual completo: 48 h semanales (48 o más).');
    expect(text(null)).toBe('Mínimo mensual completo: la oferta no indica turnos (cada turno cuenta 4 h).');
    expect(text(8, [4])).toBe('Mínimo mensual completo: sin retiro.');
  });
});

describe('legal minimum: ties, odd scales and odd schedules', () => {
  const rules = (rates: WageRate[], services: WageRules['services']): WageRules => ({
    ...RULES,
    scale: { ...RULES.scale!, rates },
    categories: [],
    services,
  });
  const twoServices = [
    { service_id: 1, key: 'a', category: 1 },
    { service_id: 2, key: 'b', category: 2 },
  ];
  const pick = (r: WageRules, services: number[]) =>
    legalMinimum(r, { services, work_arrangements: [1], province: 2, municipality: null })?.category;

  it('between equal monthly minimums takes the higher hourly one, then the lower category, in any order', () => {
    const byHourly = rules(
      [
        { category: 1, arrangement: 'con_retiro', hourly: 10, monthly: 1000 },
        { category: 2, arrangement: 'con_retiro', hourly: 11, monthly: 1000 },
      ],
      twoServices,
    );
    expect(pick(byHourly, [1, 2])).toBe(2);
    expect(pick(byHourly, [2, 1])).toBe(2);
    const same = rules(
      [
        { category: 1, arrangement: 'con_retiro', hourly: 10, monthly: 1000 },
        { category: 2, arrangement: 'con_retiro', hourly: 10, monthly: 1000 },
      ],
      twoServices,
    );
    expect(pick(same, [1, 2])).toBe(1);
    expect(pick(same, [2, 1])).toBe(1);
    // A higher monthly minimum wins even with a lower hourly one.
    const byMonthly = rules(
      [
        { category: 1, arrangement: 'con_retiro', hourly: 20, monthly: 1000 },
        { category: 2, arrangement: 'con_retiro', hourly: 10, monthly: 1001 },
      ],
      twoServices,
    );
    expect(pick(byMonthly, [1, 2])).toBe(2);
    expect(pick(byMonthly, [2, 1])).toBe(2);
  });

  it('falls back on a category’s single value, and skips a category the scale lacks', () => {
    const r = rules(
      [
        { category: 1, arrangement: 'unica', hourly: 10, monthly: 1000 },
        { category: 2, arrangement: 'sin_retiro', hourly: 50, monthly: 5000 },
      ],
      twoServices,
    );
    // Category 2 has no con retiro value: it does not count.
    expect(
      legalMinimum(r, { services: [1, 2], work_arrangements: [1], province: 2, municipality: null }),
    ).toMatchObject({ category: 1, arrangement: 'unica', monthly: 1000 });
    expect(pick(r, [2])).toBeUndefined();
  });

  it('names a category the rules do not name by its number', () => {
    const r = rules(RATES, RULES.services);
    expect(legalMinimum(r, { services: [1], work_arrangements: [1], province: 2, municipality: null })).toMatchObject({
      category_name: 'Categoría 5',
    });
  });

  it('reads no hours, or negative ones, as no schedule', () => {
    const q = { services: [1], work_arrangements: [1], province: 2, municipality: 2007 };
    expect(legalMinimum(RULES, { ...q, weekly_hours: -4 })).toMatchObject({ basis: 'monthly', weekly_hours: null });
    expect(legalMinimum(RULES, q)).toMatchObject({ basis: 'monthly', weekly_hours: null, amount: 398722.14 });
  });

  it('finds the zone by province or by municipality, never by a missing place', () => {
    const zone = { provinces: [26], municipalities: [6602] };
    expect(inWageZone(zone, 26, null)).toBe(true);
    expect(inWageZone(zone, 6, 6602)).toBe(true);
    expect(inWageZone(zone, 6, 6441)).toBe(false);
    expect(inWageZone(zone, null, undefined)).toBe(false);
    expect(inWageZone({ provinces: [], municipalities: [] }, 26, 6602)).toBe(false);
  });
});

describe('scales in any order', () => {
  const scales = [
    { id: 1, effective_from: '2026-09-01' },
    { id: 2, effective_from: '2026-03-01' },
    { id: 3, effective_from: '2026-06-01' },
    { id: 4, effective_from: '2026-01-01' },
  ];

  it('answers the same in force and next scale whatever order the list comes in', () => {
    for (const list of [scales, [...scales].reverse()]) {
      expect(scaleInForce(list, '2026-07-01')?.id).toBe(3);
      expect(nextScale(list, '2026-02-01')?.id).toBe(2);
      expect(nextScale(list, '2026-07-01')?.id).toBe(1);
    }
  });

  it('says which scale is in force, which comes next and which are past', () => {
    expect(wageScaleStatus({ id: 9, effective_from: '2026-03-01' }, null, '2026-03-01')).toBe('anterior');
    expect(wageScaleStatus({ id: 9, effective_from: '2026-03-02' }, null, '2026-03-01')).toBe('proxima');
    expect(wageScaleStatus({ id: 9, effective_from: '2026-03-02' }, { id: 8 }, '2026-03-01')).toBe('proxima');
  });
});

describe('a new scale: each field at its limits', () => {
  const valid = { effective_from: '2026-03-01', source: 'CNTCP', rates: RATES };
  const problems = (input: Record<string, unknown>) => wageScaleProblems({ ...valid, ...input });

  it('takes effective dates from 2000 to 2100, written YYYY-MM-DD', () => {
    for (const day of ['2000-01-01', '2100-12-31', '2024-02-29']) expect(problems({ effective_from: day })).toEqual({});
    for (const day of [
      '1999-12-31',
      '2101-01-01',
      '2026-13-01',
      '2026-00-10',
      '2026-03-00',
      '2026-03-011',
      '20261-03-01',
      '2026-3-1',
      20260301,
      undefined,
    ])
      expect([day, problems({ effective_from: day }).effective_from]).toEqual([
        day,
        [WAGE_MESSAGES.effectiveFromInvalid],
      ]);
  });

  it('wants a source of 5 to 500 characters once trimmed', () => {
    expect(problems({ source: 'x'.repeat(5) })).toEqual({});
    expect(problems({ source: 'x'.repeat(500) })).toEqual({});
    for (const source of ['x'.repeat(4), `   ${'x'.repeat(4)}   `, 'x'.repeat(501), undefined, 42])
      expect(problems({ source }).source).toEqual([WAGE_MESSAGES.sourceInvalid]);
  });

  it('takes a zone supplement of a whole 0 to 100 %, or none', () => {
    for (const zone of [0, 30, 100]) expect(problems({ zone_supplement_percent: zone })).toEqual({});
    for (const zone of [-1, 101, 12.5, '30', null])
      expect(problems({ zone_supplement_percent: zone }).zone_supplement_percent).toEqual([WAGE_MESSAGES.zoneInvalid]);
  });

  it('wants each of the nine slots once, caseros with their single value', () => {
    const caserosConRetiro = RATES.map((r) => (r.category === 3 ? { ...r, arrangement: 'con_retiro' as const } : r));
    expect(problems({ rates: caserosConRetiro }).rates).toEqual([WAGE_MESSAGES.ratesIncomplete]);
    const unknownCategory = RATES.map((r, i) => (i === 0 ? { ...r, category: 6 } : r));
    expect(problems({ rates: unknownCategory }).rates).toEqual([WAGE_MESSAGES.ratesIncomplete]);
    expect(problems({ rates: [...RATES.slice(1), null] }).rates).toEqual([WAGE_MESSAGES.ratesIncomplete]);
    expect(problems({ rates: 'todos' }).rates).toEqual([WAGE_MESSAGES.ratesIncomplete]);
  });

  it('wants every amount above 0, up to its maximum, in cents', () => {
    const withFirst = (rate: Partial<WageRate>) => RATES.map((r, i) => (i === 0 ? { ...r, ...rate } : r));
    expect(problems({ rates: withFirst({ hourly: 10_000_000, monthly: 1_000_000_000 }) })).toEqual({});
    expect(problems({ rates: withFirst({ hourly: 0.01, monthly: 0.1 }) })).toEqual({});
    for (const rate of [
      { hourly: 0 },
      { monthly: 0 },
      { hourly: 10_000_000.01 },
      { monthly: 1_000_000_000.01 },
      { monthly: NaN },
    ])
      expect([rate, problems({ rates: withFirst(rate) }).rates]).toEqual([rate, [WAGE_MESSAGES.amountInvalid]]);
  });
});

describe('amounts as people type them', () => {
  it('reads thousands with dots only in whole groups of three', () => {
    expect(parseWageAmount('1.234.567')).toBe(1234567);
    expect(parseWageAmount('1.234.5')).toBeNull();
    expect(parseWageAmount('1234.567')).toBeNull();
    expect(parseWageAmount(' $ 12.5 ')).toBe(12.5);
  });

  it('refuses signs and stray characters', () => {
    for (const text of ['-5', '+5', '5-', '1e3', '$', '   ', '12,345,6'])
      expect([text, parseWageAmount(text)]).toEqual([text, null]);
  });

  it('checks an amount directly, whatever was typed', () => {
    expect(wageAmountValid(100, 100)).toBe(true);
    expect(wageAmountValid(100.01, 100)).toBe(false);
    expect(wageAmountValid(0, 100)).toBe(false);
    expect(wageAmountValid(Infinity, Infinity)).toBe(false);
    expect(wageAmountValid('5', 100)).toBe(false);
  });
});
