import type { FieldErrors } from './errors';

/**
 * The parameters of the household-work regime (Ley 26.844) that the hire, the payslips and the
 * settlement are computed with. Each is data an admin keeps: a value with the date it applies
 * from, its source and whether the figure is still unconfirmed. A new value never changes a
 * computation dated before it. The server seeds the first values from the sources below; the
 * admin screen and the server check new ones with the same functions.
 */

/** A number with its unit; `flag` is 0 or 1. */
export type LaborNumberUnit = 'horas' | 'porcentaje' | 'dias' | 'meses' | 'dia_del_mes' | 'semanas' | 'flag';

export interface LaborTableColumn {
  key: string;
  label: string;
  /** 'money': pesos with cents; 'number': a whole number; a list of words: one of them. */
  kind: 'money' | 'number' | readonly string[];
}

export type LaborParameterDefinition =
  | { key: LaborParameterKey; label: string; help: string; kind: 'number'; unit: LaborNumberUnit; max: number }
  | { key: LaborParameterKey; label: string; help: string; kind: 'date' }
  | {
      key: LaborParameterKey;
      label: string;
      help: string;
      kind: 'table';
      columns: readonly LaborTableColumn[];
      /** The column the rows are ordered by, ascending, each value once. */
      orderedBy: string;
    };

export const LABOR_PARAMETER_KEYS = [
  'hourly_below_weekly_hours',
  'full_time_weekly_hours',
  'weeks_per_year',
  'seniority_percent_per_year',
  'seniority_counts_from',
  'overtime_ordinary_percent',
  'overtime_rest_percent',
  'holiday_worked_percent',
  'trial_period',
  'contribution_brackets',
  'contribution_due_day',
  'contribution_reminder_days',
  'non_remunerative_sums',
  'vacation_days',
  'vacation_full_service_months',
  'vacation_worked_days_per_day',
  'vacation_divisor',
  'notice_days_worker',
  'notice_days_employer_first_year',
  'notice_days_employer_after_year',
  'severance_fraction_months',
  'sac_on_notice',
] as const;
export type LaborParameterKey = (typeof LABOR_PARAMETER_KEYS)[number];

export const TRIAL_DAY_KINDS = ['corridos', 'de_trabajo'] as const;
export const HIRE_ARRANGEMENTS = ['con_retiro', 'sin_retiro'] as const;

export const LABOR_PARAMETERS: readonly LaborParameterDefinition[] = [
  {
    key: 'hourly_below_weekly_hours',
    label: 'Umbral del pago por hora',
    help: 'Con menos horas semanales con el mismo empleador se paga por hora; desde este valor, el mensual proporcional.',
    kind: 'number',
    unit: 'horas',
    max: 168,
  },
  {
    key: 'full_time_weekly_hours',
    label: 'Jornada completa',
    help: 'Horas semanales a las que corresponde el sueldo mensual completo (base del proporcional).',
    kind: 'number',
    unit: 'horas',
    max: 168,
  },
  {
    key: 'weeks_per_year',
    label: 'Semanas por año',
    help: 'Para pasar horas semanales a horas del mes: horas × semanas ÷ 12.',
    kind: 'number',
    unit: 'semanas',
    max: 53,
  },
  {
    key: 'seniority_percent_per_year',
    label: 'Adicional por antigüedad',
    help: 'Porcentaje de la remuneración por cada año completo de antigüedad.',
    kind: 'number',
    unit: 'porcentaje',
    max: 100,
  },
  {
    key: 'seniority_counts_from',
    label: 'Antigüedad computable desde',
    help: 'Los años de antigüedad se cuentan desde el ingreso o desde esta fecha, la que sea posterior.',
    kind: 'date',
  },
  {
    key: 'overtime_ordinary_percent',
    label: 'Recargo de horas extra en días comunes',
    help: 'Lo que se suma al valor de la hora.',
    kind: 'number',
    unit: 'porcentaje',
    max: 300,
  },
  {
    key: 'overtime_rest_percent',
    label: 'Recargo de horas extra en sábado después de las 13, domingo o feriado',
    help: 'Lo que se suma al valor de la hora.',
    kind: 'number',
    unit: 'porcentaje',
    max: 300,
  },
  {
    key: 'holiday_worked_percent',
    label: 'Recargo por feriado trabajado',
    help: 'Lo que se suma al valor del día trabajado en un feriado.',
    kind: 'number',
    unit: 'porcentaje',
    max: 300,
  },
  {
    key: 'trial_period',
    label: 'Período de prueba',
    help: 'Según la fecha de inicio de la relación. Con días: termina al cumplirlos, nunca después de los meses; sin días: dura los meses.',
    kind: 'table',
    columns: [
      { key: 'arrangement', label: 'Modalidad', kind: HIRE_ARRANGEMENTS },
      { key: 'days', label: 'Días (0: por meses)', kind: 'number' },
      { key: 'day_kind', label: 'Tipo de días', kind: TRIAL_DAY_KINDS },
      { key: 'months', label: 'Meses', kind: 'number' },
    ],
    orderedBy: 'arrangement',
  },
  {
    key: 'contribution_brackets',
    label: 'Aportes y contribuciones mensuales (ARCA)',
    help: 'Montos fijos por trabajadora según las horas semanales con el empleador, para los períodos desde esta fecha.',
    kind: 'table',
    columns: [
      { key: 'from_hours', label: 'Desde (horas semanales)', kind: 'number' },
      { key: 'aporte', label: 'Aporte (obra social)', kind: 'money' },
      { key: 'contribucion', label: 'Contribución (SIPA)', kind: 'money' },
      { key: 'art', label: 'ART', kind: 'money' },
    ],
    orderedBy: 'from_hours',
  },
  {
    key: 'contribution_due_day',
    label: 'Vencimiento del pago a ARCA',
    help: 'Día del mes siguiente al período en que vence el pago.',
    kind: 'number',
    unit: 'dia_del_mes',
    max: 28,
  },
  {
    key: 'contribution_reminder_days',
    label: 'Aviso antes del vencimiento',
    help: 'Días antes de cada vencimiento en que se avisa al empleador.',
    kind: 'number',
    unit: 'dias',
    max: 28,
  },
  {
    key: 'non_remunerative_sums',
    label: 'Sumas no remunerativas',
    help: 'Sumas fijas por mes según las horas semanales, desde esta fecha; una tabla vacía las termina. No cuentan para aguinaldo, vacaciones ni aportes.',
    kind: 'table',
    columns: [
      { key: 'from_hours', label: 'Desde (horas semanales)', kind: 'number' },
      { key: 'amount', label: 'Monto mensual', kind: 'money' },
    ],
    orderedBy: 'from_hours',
  },
  {
    key: 'vacation_days',
    label: 'Días de vacaciones por antigüedad',
    help: 'Días corridos según los años de antigüedad al 31 de diciembre (más de los años indicados).',
    kind: 'table',
    columns: [
      { key: 'over_years', label: 'Más de (años)', kind: 'number' },
      { key: 'days', label: 'Días', kind: 'number' },
    ],
    orderedBy: 'over_years',
  },
  {
    key: 'vacation_full_service_months',
    label: 'Servicio mínimo para las vacaciones completas',
    help: 'Meses trabajados en el año; con menos, un día cada tantos días trabajados.',
    kind: 'number',
    unit: 'meses',
    max: 12,
  },
  {
    key: 'vacation_worked_days_per_day',
    label: 'Días trabajados por día de vacaciones',
    help: 'Con menos servicio que el mínimo: un día de vacaciones por cada tantos días trabajados.',
    kind: 'number',
    unit: 'dias',
    max: 60,
  },
  {
    key: 'vacation_divisor',
    label: 'Divisor del día de vacaciones',
    help: 'El sueldo mensual se divide por este número para el valor de cada día de vacaciones (30: pago normal; 25: criterio del plus).',
    kind: 'number',
    unit: 'dias',
    max: 31,
  },
  {
    key: 'notice_days_worker',
    label: 'Preaviso de la trabajadora',
    help: 'Días de preaviso cuando renuncia.',
    kind: 'number',
    unit: 'dias',
    max: 120,
  },
  {
    key: 'notice_days_employer_first_year',
    label: 'Preaviso del empleador, antigüedad de hasta un año',
    help: 'Días de preaviso (o su pago) cuando despide sin causa.',
    kind: 'number',
    unit: 'dias',
    max: 120,
  },
  {
    key: 'notice_days_employer_after_year',
    label: 'Preaviso del empleador, más de un año',
    help: 'Días de preaviso (o su pago) cuando despide sin causa.',
    kind: 'number',
    unit: 'dias',
    max: 120,
  },
  {
    key: 'severance_fraction_months',
    label: 'Fracción que cuenta como año en la indemnización',
    help: 'Una fracción de año de más de estos meses cuenta como un año entero.',
    kind: 'number',
    unit: 'meses',
    max: 12,
  },
  {
    key: 'sac_on_notice',
    label: 'Aguinaldo sobre preaviso e integración',
    help: '1: se suma la parte de aguinaldo del preaviso y la integración del mes; 0: no.',
    kind: 'number',
    unit: 'flag',
    max: 1,
  },
];

export type LaborTableRow = Record<string, number | string>;
export type LaborParameterValue = number | string | LaborTableRow[];

/** One dated value of a parameter, as stored and as the computations read it. */
export interface LaborParameterVersion {
  key: LaborParameterKey;
  /** YYYY-MM-DD: applies to what is dated on or after it. */
  effective_from: string;
  value: LaborParameterValue;
  source: string;
  /** No source confirms the figure yet: screens and PDFs say so. */
  unconfirmed: boolean;
}

/** Every parameter's value in force on one day, with the versions used (for the sources). */
export type LaborParameterSet = {
  [K in LaborParameterKey]: LaborParameterVersion;
};

export const LABOR_PARAMETER_LIMITS = { sourceMin: 5, sourceMax: 500, maxRows: 20 } as const;

export const LABOR_PARAMETER_MESSAGES = {
  keyInvalid: 'Ese parámetro no existe.',
  effectiveFromInvalid: 'Ingresá una fecha de vigencia válida.',
  effectiveFromTaken: 'Ese parámetro ya tiene un valor con esa fecha de vigencia.',
  effectiveFromPast: 'Un valor nuevo rige desde hoy o una fecha futura: no cambia cálculos ya hechos.',
  sourceInvalid: 'Indicá la fuente (entre 5 y 500 caracteres).',
  valueInvalid: 'El valor no es válido para este parámetro.',
  loadFailed: 'No pudimos cargar los parámetros.',
  saveFailed: 'No pudimos guardar el parámetro. Probá de nuevo.',
  missing: 'Falta un parámetro del régimen para esa fecha: avisale al equipo.',
} as const;

export const LABOR_DISCLAIMER =
  'Cálculo orientativo según la Ley 26.844 y la escala vigente; no reemplaza el asesoramiento profesional';

export function laborParameterDefinition(key: string): LaborParameterDefinition | undefined {
  return LABOR_PARAMETERS.find((p) => p.key === key);
}

/** Whether a value is a real calendar day written YYYY-MM-DD, between 2000 and 2100. */
export function isIsoDay(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  return (
    check.getUTCFullYear() === y &&
    check.getUTCMonth() === m - 1 &&
    check.getUTCDate() === d &&
    value >= '2000-01-01' &&
    value <= '2100-12-31'
  );
}

function isMoney(value: unknown): boolean {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= 1_000_000_000 &&
    Math.abs(Math.round(value * 100) - value * 100) < 1e-6
  );
}

/** Whether a value fits its parameter: a number in range, a day, or a table of well-formed rows. */
export function laborValueValid(definition: LaborParameterDefinition, value: unknown): boolean {
  if (definition.kind === 'number')
    return (
      typeof value === 'number' &&
      Number.isFinite(value) &&
      value >= 0 &&
      value <= definition.max &&
      (definition.unit !== 'flag' || value === 0 || value === 1) &&
      Math.abs(Math.round(value * 1000) - value * 1000) < 1e-6
    );
  if (definition.kind === 'date') return isIsoDay(value);
  if (!Array.isArray(value) || value.length > LABOR_PARAMETER_LIMITS.maxRows) return false;
  const seen = new Set<number | string>();
  for (const row of value as unknown[]) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return false;
    const record = row as Record<string, unknown>;
    if (Object.keys(record).length !== definition.columns.length) return false;
    for (const column of definition.columns) {
      const cell = record[column.key];
      if (column.kind === 'money' && !isMoney(cell)) return false;
      if (column.kind === 'number' && !(Number.isInteger(cell) && (cell as number) >= 0 && (cell as number) <= 10_000))
        return false;
      if (Array.isArray(column.kind) && !(column.kind as readonly string[]).includes(cell as string)) return false;
    }
    const order = record[definition.orderedBy] as number | string;
    if (seen.has(order)) return false;
    seen.add(order);
  }
  return true;
}

/** The problems of a new version (the admin's form and the server): empty when it may be saved. */
export function laborParameterProblems(
  input: { key?: unknown; effective_from?: unknown; source?: unknown; value?: unknown },
  today: string,
): FieldErrors {
  const errors: FieldErrors = {};
  const definition = typeof input.key === 'string' ? laborParameterDefinition(input.key) : undefined;
  if (!definition) errors.key = [LABOR_PARAMETER_MESSAGES.keyInvalid];
  if (!isIsoDay(input.effective_from)) errors.effective_from = [LABOR_PARAMETER_MESSAGES.effectiveFromInvalid];
  else if (input.effective_from < today) errors.effective_from = [LABOR_PARAMETER_MESSAGES.effectiveFromPast];
  const source = typeof input.source === 'string' ? input.source.trim() : '';
  if (source.length < LABOR_PARAMETER_LIMITS.sourceMin || source.length > LABOR_PARAMETER_LIMITS.sourceMax)
    errors.source = [LABOR_PARAMETER_MESSAGES.sourceInvalid];
  if (definition && !laborValueValid(definition, input.value)) errors.value = [LABOR_PARAMETER_MESSAGES.valueInvalid];
  return errors;
}

/** The version in force on `day`: the latest effective on or before it. */
export function laborVersionInForce<T extends { effective_from: string }>(
  versions: readonly T[],
  day: string,
): T | null {
  let found: T | null = null;
  for (const version of versions)
    if (version.effective_from <= day && (found === null || version.effective_from > found.effective_from))
      found = version;
  return found;
}

/** Every parameter in force on `day`, or null when one has no value yet. */
export function laborParametersOn(versions: readonly LaborParameterVersion[], day: string): LaborParameterSet | null {
  const set: Partial<LaborParameterSet> = {};
  for (const key of LABOR_PARAMETER_KEYS) {
    const found = laborVersionInForce(
      versions.filter((v) => v.key === key),
      day,
    );
    if (!found) return null;
    set[key] = found;
  }
  return set as LaborParameterSet;
}

/** A number parameter's value (a table or a date read as a number is a programming error). */
export function laborNumber(set: LaborParameterSet, key: LaborParameterKey): number {
  const value = set[key].value;
  if (typeof value !== 'number') throw new Error(`${key} is not a number`);
  return value;
}

export function laborTable(set: LaborParameterSet, key: LaborParameterKey): LaborTableRow[] {
  const value = set[key].value;
  if (!Array.isArray(value)) throw new Error(`${key} is not a table`);
  return value;
}

export function laborDate(set: LaborParameterSet, key: LaborParameterKey): string {
  const value = set[key].value;
  if (typeof value !== 'string') throw new Error(`${key} is not a date`);
  return value;
}
