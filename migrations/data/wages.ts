/**
 * The minimum wages of household workers (Ley 26.844) as first seeded (issue 22): the scale in
 * force from January 2026 set by the Comisión Nacional de Trabajo en Casas Particulares (CNTCP),
 * copied from casas-particulares-escala-2026-01.csv beside this file (a unit test keeps the two
 * equal). Later scales are entered by admins at /admin/salarios; never edit a row here.
 *
 * Rows: [category, name, arrangement, hourly ARS, monthly ARS].
 */
export const WAGE_SCALE_2026_01_EFFECTIVE_FROM = '2026-01-01';

export const WAGE_SCALE_2026_01_SOURCE =
  'Escala de la Comisión Nacional de Trabajo en Casas Particulares (CNTCP) vigente desde enero de 2026, ' +
  'publicada el 5 de enero de 2026 (El Litoral, «Empleadas domésticas: cuánto vale la hora de tareas de ' +
  'limpieza en enero 2026»; San Juan 8).';

export const WAGE_SCALE_2026_01: ReadonlyArray<readonly [number, string, string, string, string]> = [
  [1, 'Supervisor/a', 'con_retiro', '3895.56', '485961.09'],
  [1, 'Supervisor/a', 'sin_retiro', '4254.05', '539711.97'],
  [2, 'Personal para tareas específicas', 'con_retiro', '3696.15', '452478.51'],
  [2, 'Personal para tareas específicas', 'sin_retiro', '4039.45', '502101.03'],
  [3, 'Caseros', 'unica', '3494.25', '441806.54'],
  [4, 'Asistencia y cuidado de personas', 'con_retiro', '3494.25', '441806.54'],
  [4, 'Asistencia y cuidado de personas', 'sin_retiro', '3894.43', '490745.56'],
  [5, 'Personal para tareas generales', 'con_retiro', '3250.10', '398722.14'],
  [5, 'Personal para tareas generales', 'sin_retiro', '3494.25', '441806.54'],
];

/** Each service's category as first seeded (admins change it); null: outside Ley 26.844. */
export const SERVICE_WAGE_CATEGORIES: ReadonlyArray<readonly [string, number | null]> = [
  ['housemaide', 5],
  ['babysitter', 4],
  ['nurse', 4],
  ['eldercare', 4],
  ['petcare', 5],
  ['chef', 2],
  ['house_pet_sitting', 3],
  ['au_pair', 4],
  ['butler', 1],
  ['commercial_cleaning', null],
];

/**
 * Where the 30 % zone supplement applies (zonas desfavorables): La Pampa, Río Negro, Chubut,
 * Neuquén, Santa Cruz and Tierra del Fuego, Antártida e Islas del Atlántico Sur (one province in
 * the places data) by INDEC code, and the partido de Patagones (Buenos Aires).
 */
export const WAGE_ZONE_PROVINCES = ['42', '62', '26', '58', '78', '94'];
export const WAGE_ZONE_MUNICIPALITIES = [['06', 'Patagones']] as const;
