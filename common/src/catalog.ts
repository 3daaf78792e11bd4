/** The ten service keys (a fixed list), in display order. */
export const SERVICE_KEYS = [
  'housemaide',
  'babysitter',
  'nurse',
  'eldercare',
  'petcare',
  'chef',
  'house_pet_sitting',
  'au_pair',
  'butler',
  'commercial_cleaning',
] as const;
export type ServiceKey = (typeof SERVICE_KEYS)[number];

/** Stored (lowercase) day and shift values with their display forms. */
export const SHIFT_DAYS = [
  { value: 'lunes', display: 'Lunes' },
  { value: 'martes', display: 'Martes' },
  { value: 'miércoles', display: 'Miércoles' },
  { value: 'jueves', display: 'Jueves' },
  { value: 'viernes', display: 'Viernes' },
  { value: 'sábado', display: 'Sábado' },
  { value: 'domingo', display: 'Domingo' },
] as const;

export const SHIFT_PERIODS = [
  { value: 'mañana', display: 'Mañana' },
  { value: 'tarde', display: 'Tarde' },
  { value: 'noche', display: 'Noche' },
] as const;

export type ShiftDay = (typeof SHIFT_DAYS)[number]['value'];
export type ShiftPeriod = (typeof SHIFT_PERIODS)[number]['value'];

export function dayDisplay(day: string): string {
  return SHIFT_DAYS.find((d) => d.value === day)?.display ?? day;
}

export function shiftDisplay(shift: string): string {
  return SHIFT_PERIODS.find((s) => s.value === shift)?.display ?? shift;
}

/** Education status choices (value → label). */
export const EDUCATION_STATUSES = [
  { value: 'en_curso', label: 'En curso' },
  { value: 'completo', label: 'Completo' },
  { value: 'incompleto', label: 'Incompleto' },
] as const;
export type EducationStatus = (typeof EDUCATION_STATUSES)[number]['value'];

export const GENDERS = [
  { value: 'male', label: 'Masculino' },
  { value: 'female', label: 'Femenino' },
] as const;
export type Gender = (typeof GENDERS)[number]['value'];

/** What the catalog's routes refuse with. */
export const CATALOG_MESSAGES = {
  provinceNotFound: 'No encontramos esa provincia.',
} as const;
