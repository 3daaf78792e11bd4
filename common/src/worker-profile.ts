import { ageFromBirthDate } from './format';

/**
 * Worker profile rules, shared by the editor, the wizard and the server. Where the editor's and the
 * wizard's wording differ, both sets are here; the server answers with the editor's.
 */
export const PROFILE_LIMITS = {
  experiencesMax: 3,
  educationsMax: 3,
  experienceTitle: { min: 3, max: 80 },
  experienceDescriptionAdd: { min: 10, max: 400 },
  experienceDescriptionEdit: { min: 10, max: 500 },
  educationTitle: { min: 3, max: 80 },
  educationPlaceAdd: { min: 2, max: 50 },
  educationPlaceEdit: { min: 2, max: 100 },
  introduction: { min: 15, max: 499 },
  hourPriceMax: 100_000,
  neighborhood: { min: 3, max: 100 },
  nationality: { min: 3, max: 100 },
  age: { min: 18, max: 120 },
} as const;

export const PROFILE_MESSAGES = {
  /** A worker's or an employer's profile that is missing, or hidden from this viewer. */
  notFound: 'No encontramos este perfil.',
  notYours: 'Solo podés modificar tu propio perfil.',
  fieldRequired: 'Este campo es obligatorio',
  experienceTitleShort: 'El título debe tener al menos 3 caracteres',
  experienceTitleLong: 'El título debe tener menos de 80 caracteres',
  experienceTitleRange: 'El título debe tener entre 3 y 80 caracteres',
  descriptionShort: 'La descripción debe tener al menos 10 caracteres',
  descriptionLong: 'La descripción debe tener menos de 400 caracteres',
  descriptionRange: 'La descripción debe tener entre 10 y 500 caracteres',
  placeShort: 'El lugar debe tener al menos 2 caracteres',
  placeLong: 'El lugar debe tener menos de 50 caracteres',
  placeRange: 'El lugar debe tener entre 2 y 100 caracteres',
  statusInvalid: 'Elegí un estado válido.',
  experiencesFull: 'Ya cargaste el máximo de 3 experiencias.',
  educationsFull: 'Ya cargaste el máximo de 3 estudios.',
  introductionEmpty: 'El campo de introducción no puede estar vacío.',
  introductionShort: 'La introducción debe tener como mínimo 15 caracteres.',
  introductionLong: 'La introducción debe tener menos de 500 caracteres.',
  wizardIntroductionEmpty: 'La presentación no puede estar vacía.',
  wizardIntroductionShort: 'La presentación debe tener al menos 15 caracteres.',
  wizardIntroductionLong: 'La presentación debe tener menos de 500 caracteres.',
  hourPriceDigits: 'Por favor, ingrese un número entero válido.',
  hourPriceNumber: 'El valor por hora debe ser un número.',
  hourPricePositive: 'El valor por hora debe ser mayor que cero.',
  hourPriceMax: 'El valor por hora no puede superar los 100000.',
  servicesRequired: 'Debés seleccionar al menos un servicio.',
  tasksRequired: 'Debés seleccionar al menos una tarea.',
  arrangementsRequired: 'Debés seleccionar al menos una modalidad de trabajo.',
  wizardArrangementsRequired: 'Debés seleccionar al menos una modalidad.',
  languagesRequired: 'Elegí al menos un idioma.',
  nativeNotSelected: 'El idioma nativo tiene que estar entre los idiomas elegidos.',
  shiftsRequired: 'Elegí al menos un turno.',
  unknownChoice: 'Alguna de las opciones elegidas no existe.',
  birthRequired: 'La fecha de nacimiento es obligatoria.',
  tooYoung: 'Debe ser mayor de 18 años.',
  tooOld: 'Debe ser menor de 120 años.',
  neighborhoodRequired: 'El barrio es obligatorio.',
  neighborhoodShort: 'El barrio debe tener más de 3 caracteres.',
  neighborhoodLong: 'El barrio debe tener menos de 100 caracteres.',
  provinceRequired: 'La provincia es obligatoria.',
  municipalityRequired: 'El partido es obligatorio.',
  municipalityMismatch: 'El partido elegido no pertenece a la provincia.',
  genderRequired: 'El género es obligatorio.',
  nationalityRequired: 'La nacionalidad es obligatoria.',
  nationalityShort: 'La nacionalidad debe tener más de 3 caracteres.',
  nationalityLong: 'La nacionalidad debe tener menos de 100 caracteres.',
} as const;

type Problems<K extends string> = Partial<Record<K, string[]>>;

function length(value: string, min: number, max: number, short: string, long: string): string | null {
  if (value.length < min) return short;
  if (value.length > max) return long;
  return null;
}

function collect<K extends string>(entries: [K, string | null][]): Problems<K> {
  const problems: Problems<K> = {};
  for (const [key, message] of entries) if (message) problems[key] = [message];
  return problems;
}

export interface ExperienceInput {
  title: string;
  description: string;
}

export function experienceProblems(input: ExperienceInput, mode: 'add' | 'edit'): Problems<'title' | 'description'> {
  const title = input.title.trim();
  const description = input.description.trim();
  const t = PROFILE_LIMITS.experienceTitle;
  const d = mode === 'add' ? PROFILE_LIMITS.experienceDescriptionAdd : PROFILE_LIMITS.experienceDescriptionEdit;
  const m = PROFILE_MESSAGES;
  return collect([
    [
      'title',
      !title
        ? m.fieldRequired
        : mode === 'add'
          ? length(title, t.min, t.max, m.experienceTitleShort, m.experienceTitleLong)
          : length(title, t.min, t.max, m.experienceTitleRange, m.experienceTitleRange),
    ],
    [
      'description',
      !description
        ? m.fieldRequired
        : mode === 'add'
          ? length(description, d.min, d.max, m.descriptionShort, m.descriptionLong)
          : length(description, d.min, d.max, m.descriptionRange, m.descriptionRange),
    ],
  ]);
}

export interface EducationInput {
  title: string;
  place: string;
  status: string;
}

export function educationProblems(
  input: EducationInput,
  mode: 'add' | 'edit',
  statuses: readonly string[],
): Problems<'title' | 'place' | 'status'> {
  const title = input.title.trim();
  const place = input.place.trim();
  const t = PROFILE_LIMITS.educationTitle;
  const p = mode === 'add' ? PROFILE_LIMITS.educationPlaceAdd : PROFILE_LIMITS.educationPlaceEdit;
  const m = PROFILE_MESSAGES;
  return collect([
    ['title', !title ? m.fieldRequired : length(title, t.min, t.max, m.experienceTitleShort, m.experienceTitleLong)],
    [
      'place',
      !place
        ? m.fieldRequired
        : mode === 'add'
          ? length(place, p.min, p.max, m.placeShort, m.placeLong)
          : length(place, p.min, p.max, m.placeRange, m.placeRange),
    ],
    ['status', !input.status ? m.fieldRequired : statuses.includes(input.status) ? null : m.statusInvalid],
  ]);
}

export function introductionProblem(raw: string, wording: 'editor' | 'wizard' = 'editor'): string | null {
  const text = raw.trim();
  const m = PROFILE_MESSAGES;
  const { min, max } = PROFILE_LIMITS.introduction;
  const [empty, short, long] =
    wording === 'editor'
      ? [m.introductionEmpty, m.introductionShort, m.introductionLong]
      : [m.wizardIntroductionEmpty, m.wizardIntroductionShort, m.wizardIntroductionLong];
  if (!text) return empty;
  if (text.length < min) return short;
  if (text.length > max) return long;
  return null;
}

/** The hour price arrives as text holding a whole number. */
export function hourPriceProblem(raw: string): string | null {
  const value = raw.trim();
  const m = PROFILE_MESSAGES;
  if (!value) return m.hourPriceNumber;
  if (!/^\d+$/.test(value)) return m.hourPriceDigits;
  const number = Number(value);
  if (!Number.isSafeInteger(number)) return m.hourPriceMax;
  if (number <= 0) return m.hourPricePositive;
  if (number > PROFILE_LIMITS.hourPriceMax) return m.hourPriceMax;
  return null;
}

export interface WorkerInfoInput {
  date_of_birth: string;
  neighborhood: string;
  gender: string;
  nationality: string;
  province: number | null;
  municipality: number | null;
}

export function workerInfoProblems(input: WorkerInfoInput, today: Date = new Date()): Problems<keyof WorkerInfoInput> {
  const m = PROFILE_MESSAGES;
  const age = input.date_of_birth ? ageFromBirthDate(input.date_of_birth, today) : null;
  const neighborhood = input.neighborhood.trim();
  const nationality = input.nationality.trim();
  const nb = PROFILE_LIMITS.neighborhood;
  const na = PROFILE_LIMITS.nationality;
  return collect<keyof WorkerInfoInput>([
    [
      'date_of_birth',
      age === null
        ? m.birthRequired
        : age < PROFILE_LIMITS.age.min
          ? m.tooYoung
          : age > PROFILE_LIMITS.age.max
            ? m.tooOld
            : null,
    ],
    [
      'neighborhood',
      !neighborhood
        ? m.neighborhoodRequired
        : length(neighborhood, nb.min, nb.max, m.neighborhoodShort, m.neighborhoodLong),
    ],
    ['province', input.province ? null : m.provinceRequired],
    ['municipality', input.municipality ? null : m.municipalityRequired],
    ['gender', input.gender === 'male' || input.gender === 'female' ? null : m.genderRequired],
    [
      'nationality',
      !nationality ? m.nationalityRequired : length(nationality, na.min, na.max, m.nationalityShort, m.nationalityLong),
    ],
  ]);
}

/** The wizard words some personal-info messages differently. */
export const WIZARD_INFO_WORDING: Partial<Record<string, string>> = {
  [PROFILE_MESSAGES.birthRequired]: 'La fecha es obligatoria.',
  [PROFILE_MESSAGES.tooYoung]: 'Debés ser mayor de 18.',
  [PROFILE_MESSAGES.tooOld]: 'Edad inválida.',
  [PROFILE_MESSAGES.municipalityRequired]: 'La localidad es obligatoria.',
};

export const WIZARD_NAME_MESSAGES = {
  firstRequired: 'El nombre es obligatorio.',
  lastRequired: 'El apellido es obligatorio.',
  tooShort: 'Mínimo 2 caracteres.',
  tooLong: 'Máximo 30 caracteres.',
} as const;

export function wizardNameProblem(value: string, required: string): string | null {
  const v = value.trim();
  if (!v) return required;
  if (v.length < 2) return WIZARD_NAME_MESSAGES.tooShort;
  if (v.length > 30) return WIZARD_NAME_MESSAGES.tooLong;
  return null;
}
