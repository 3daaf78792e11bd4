/**
 * The choice lists seeded by migration (../../shared/guide/catalog.md). Keys are stable machine
 * values that filters and icons use; display labels may be edited later by a new migration.
 */
export const SERVICES: ReadonlyArray<readonly [string, string]> = [
  ['housemaide', 'Empleada/o doméstica/o'],
  ['babysitter', 'Niñera/o'],
  ['nurse', 'Enfermera/o de bebés'],
  ['eldercare', 'Acompañante de adultos mayores'],
  ['petcare', 'Cuidado y paseo de mascotas'],
  ['chef', 'Cocinera/o'],
  ['house_pet_sitting', 'Cuidado de casa y mascotas'],
  ['au_pair', 'Au pair (niñera cama adentro)'],
  ['butler', 'Ama de llaves / Mayordomo'],
  ['commercial_cleaning', 'Limpieza y mantenimiento comercial'],
];

export const TASKS: ReadonlyArray<readonly [string, string]> = [
  ['general_cleaning', 'Limpieza general'],
  ['deep_cleaning', 'Limpieza profunda'],
  ['laundry_ironing', 'Lavado y planchado'],
  ['daily_cooking', 'Cocina diaria'],
  ['meal_prep', 'Preparación de viandas'],
  ['shopping', 'Compras y mandados'],
  ['childcare', 'Cuidado de niños'],
  ['school_pickup', 'Llevar y traer del colegio'],
  ['homework_help', 'Ayuda con tareas escolares'],
  ['newborn_care', 'Cuidado de recién nacidos'],
  ['elder_company', 'Acompañamiento de adultos mayores'],
  ['medication', 'Administración de medicación indicada'],
  ['personal_hygiene', 'Asistencia en higiene personal'],
  ['dog_walking', 'Paseo de perros'],
  ['pet_feeding', 'Alimentación y cuidado de mascotas'],
  ['gardening', 'Riego y jardinería'],
  ['home_organization', 'Organización del hogar'],
  ['window_cleaning', 'Limpieza de vidrios'],
  ['office_cleaning', 'Limpieza de oficinas'],
  ['minor_maintenance', 'Mantenimiento menor'],
];

export const WORK_ARRANGEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['live_out_hourly', 'Con retiro (por horas)'],
  ['live_out_full_time', 'Con retiro (jornada completa)'],
  ['live_out_part_time', 'Con retiro (media jornada)'],
  ['live_in', 'Sin retiro (cama adentro)'],
  ['weekends', 'Fines de semana'],
  ['replacements', 'Reemplazos y eventuales'],
];

export const LANGUAGES: ReadonlyArray<readonly [string, string]> = [
  ['es', 'Español'],
  ['en', 'Inglés'],
  ['pt', 'Portugués'],
  ['gn', 'Guaraní'],
  ['qu', 'Quechua'],
  ['ay', 'Aimara'],
  ['it', 'Italiano'],
  ['fr', 'Francés'],
  ['de', 'Alemán'],
  ['zh', 'Chino mandarín'],
  ['ru', 'Ruso'],
  ['uk', 'Ucraniano'],
  ['ko', 'Coreano'],
  ['ar', 'Árabe'],
  ['he', 'Hebreo'],
];

export const SHIFT_DAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
export const SHIFT_PERIODS = ['mañana', 'tarde', 'noche'];
