import type { LaborParameterVersion } from '@cym/common';

/**
 * The first values of the regime's parameters, with where each comes from. Figures no source
 * confirms are marked `unconfirmed`: the screens and PDFs that use them say so, and admins
 * replace them (with a new dated version) once checked. Written by the LaborParameters migration.
 */
const LAW = 'Ley 26.844 (B.O. 2013-04-12), régimen del personal de casas particulares';
const TRIAL_2026 =
  'Ley 27.802 de Modernización Laboral (Decreto 137/2026, B.O. 2026-03-06), art. 7 de la Ley 26.844 reformado';
const CNTCP_2_2021 = 'Res. CNTCP 2/2021 (B.O. 2021-06-25), art. 3';
const ARCA_2026 =
  'ARCA, montos para casas particulares desde el período enero 2026 (RG ARCA 5645/2025); https://www.lanacion.com.ar/economia/aumentan-los-aportes-a-las-empleadas-domesticas-cuanto-hay-que-pagar-a-partir-de-febrero-2026-nid02022026/';
const CNTCP_FEB_2026 =
  'Acuerdo CNTCP de febrero de 2026, sumas no remunerativas de febrero y marzo; https://www.c5n.com/economia/bono-confirmado-empleadas-domesticas-cuanto-y-cuando-se-cobra-n230628';

const row = (
  key: LaborParameterVersion['key'],
  effective_from: string,
  value: LaborParameterVersion['value'],
  source: string,
  unconfirmed = false,
): LaborParameterVersion => ({ key, effective_from, value, source, unconfirmed });

export const LABOR_PARAMETER_SEED: LaborParameterVersion[] = [
  row(
    'hourly_below_weekly_hours',
    '2013-04-12',
    24,
    'Criterio publicado para la escala CNTCP: menos de 24 h semanales con el mismo empleador, valor hora; https://bairescentromedios.com/?p=30026',
    true,
  ),
  row(
    'full_time_weekly_hours',
    '2013-04-12',
    48,
    `${LAW}: jornada máxima de 48 h semanales; base del proporcional sin norma confirmada`,
    true,
  ),
  row(
    'weeks_per_year',
    '2013-04-12',
    52,
    'Convención de cálculo: un mes tiene 52 ÷ 12 semanas (no es una regla legal)',
    true,
  ),
  row('seniority_percent_per_year', '2013-04-12', 0, 'Sin adicional por antigüedad antes de la Res. CNTCP 2/2021'),
  row('seniority_percent_per_year', '2021-09-01', 1, CNTCP_2_2021),
  row('seniority_counts_from', '2013-04-12', '2020-09-01', `${CNTCP_2_2021}: los años se cuentan desde el 1/9/2020`),
  row(
    'overtime_ordinary_percent',
    '2013-04-12',
    50,
    `${LAW}; https://iprofesional.com/economia/385166-empleada-domestica-conoce-como-calcular-las-horas-extras`,
  ),
  row(
    'overtime_rest_percent',
    '2013-04-12',
    100,
    `${LAW}: sábados después de las 13, domingos y feriados; https://iprofesional.com/economia/385166-empleada-domestica-conoce-como-calcular-las-horas-extras`,
  ),
  row(
    'holiday_worked_percent',
    '2013-04-12',
    100,
    `${LAW}, art. 25 (según fuente secundaria); https://www.rionegro.com.ar/servicios/empleadas-domesticas-cual-es-el-plus-que-puede-traer-el-sueldo-de-agosto-2023-3076538/`,
  ),
  row(
    'trial_period',
    '2013-04-12',
    [
      { arrangement: 'con_retiro', days: 15, day_kind: 'de_trabajo', months: 3 },
      { arrangement: 'sin_retiro', days: 30, day_kind: 'corridos', months: 3 },
    ],
    `${LAW}, art. 7 (texto original)`,
  ),
  row(
    'trial_period',
    '2026-03-06',
    [
      { arrangement: 'con_retiro', days: 0, day_kind: 'corridos', months: 6 },
      { arrangement: 'sin_retiro', days: 0, day_kind: 'corridos', months: 6 },
    ],
    `${TRIAL_2026}. Si rige para relaciones iniciadas antes: sin confirmar`,
    true,
  ),
  row(
    'contribution_brackets',
    '2026-01-01',
    [
      { from_hours: 0, aporte: 1784.27, contribucion: 624.67, art: 6332.84 },
      { from_hours: 12, aporte: 3306.32, contribucion: 1249.06, art: 9171.7 },
      { from_hours: 16, aporte: 21990.11, contribucion: 1821.88, art: 13283.96 },
    ],
    ARCA_2026,
  ),
  row(
    'contribution_due_day',
    '2013-04-12',
    10,
    'ARCA: vencimiento el día 10 del mes siguiente al período (RG AFIP 3491/2013); corrimiento si no es hábil: sin confirmar',
  ),
  row('contribution_reminder_days', '2013-04-12', 3, 'Decisión del servicio: aviso tres días antes del vencimiento'),
  row('non_remunerative_sums', '2013-04-12', [], 'Sin sumas no remunerativas vigentes'),
  row(
    'non_remunerative_sums',
    '2026-02-01',
    [
      { from_hours: 0, amount: 8000 },
      { from_hours: 12, amount: 11500 },
      { from_hours: 16, amount: 20000 },
    ],
    `${CNTCP_FEB_2026}. Número de resolución: sin confirmar`,
    true,
  ),
  row('non_remunerative_sums', '2026-04-01', [], `${CNTCP_FEB_2026}: solo febrero y marzo`, true),
  row(
    'vacation_days',
    '2013-04-12',
    [
      { over_years: 0, days: 14 },
      { over_years: 5, days: 21 },
      { over_years: 10, days: 28 },
      { over_years: 20, days: 35 },
    ],
    `${LAW}, art. 29; https://www.lanacion.com.ar/economia/vacaciones-de-la-empleada-domestica-como-se-calculan-nid2138918`,
  ),
  row('vacation_full_service_months', '2013-04-12', 6, `${LAW}, art. 30`),
  row(
    'vacation_worked_days_per_day',
    '2013-04-12',
    20,
    `${LAW}, art. 30: con menos servicio, un día cada 20 trabajados; https://www.estudiopiccinini.com.ar/laboral-y-previsional/vacaciones-del-personal-de-casas-particulares-que-debe-saber-el-empleador`,
  ),
  row(
    'vacation_divisor',
    '2013-04-12',
    30,
    'Art. 29 de la Ley 26.844, "retribución normal y habitual" (÷30); el criterio ÷25 de la LCT está discutido; http://first-rate.com.ar/sitio/trabajo-en-casas-particulares-liquidacion-por-licencia-anual-por-vacaciones-debe-dividirse-por-25-o-por-30-dias/',
    true,
  ),
  row(
    'notice_days_worker',
    '2013-04-12',
    10,
    `${LAW}; http://trabajosalta.gob.ar/index.php/personal-de-casas-particulares/186-corresponde-otorgar-preaviso`,
  ),
  row(
    'notice_days_employer_first_year',
    '2013-04-12',
    10,
    `${LAW}; http://trabajosalta.gob.ar/index.php/personal-de-casas-particulares/186-corresponde-otorgar-preaviso`,
  ),
  row(
    'notice_days_employer_after_year',
    '2013-04-12',
    30,
    `${LAW}; http://trabajosalta.gob.ar/index.php/personal-de-casas-particulares/186-corresponde-otorgar-preaviso`,
  ),
  row(
    'severance_fraction_months',
    '2013-04-12',
    3,
    `${LAW}, art. 48; https://www.argentina.gob.ar/trabajo/casasparticulares/empleador/relacionlaboral/indemnizacion`,
  ),
  row(
    'sac_on_notice',
    '2013-04-12',
    0,
    'Práctica de la LCT, sin confirmar para este régimen: apagado hasta que se confirme',
    true,
  ),
];
