import { api } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type WorkerInfo = S['WorkerInfoDto'];
export type Choice = { id: number; label: string };
export type ShiftChoice = S['ShiftChoiceDto'];
export type WorkerLanguage = S['WorkerLanguageDto'];
export type Experience = S['ExperienceDto'];
export type Education = S['EducationDto'];

export interface WorkerProfileData {
  info: WorkerInfo;
  introduction: string | null;
  hourPrice: string | null;
  services: number[];
  tasks: number[];
  arrangements: number[];
  languages: WorkerLanguage[];
  shifts: ShiftChoice[];
  experiences: Experience[];
  educations: Education[];
}

export interface ProfileChoices {
  services: (Choice & { key: string })[];
  tasks: Choice[];
  arrangements: Choice[];
  languages: Choice[];
  shifts: ShiftChoice[];
  provinces: { id: number; name: string }[];
  municipalities: { id: number; name: string; province: { id: number } }[];
  statuses: { value: string; label: string }[];
}

/** Throws the server's Spanish message (or a generic one) when a call fails. */
function ok<T>(result: { data?: T; error?: unknown }): T {
  if (result.data === undefined) {
    const error = result.error as { error?: string } | undefined;
    throw new Error(error?.error ?? 'Error al cargar la información.');
  }
  return result.data;
}

export async function loadChoices(): Promise<ProfileChoices> {
  const [filters, statuses] = await Promise.all([
    api.GET('/api/workers/get-filter-choices').then(ok),
    api.GET('/api/worker-profile/education/get-status-choices').then(ok),
  ]);
  return {
    services: filters.services.map((s) => ({ id: s.id, key: s.title, label: s.title_display })),
    tasks: filters.tasks.map((t) => ({ id: t.id, label: t.title_display })),
    arrangements: filters.work_arrangements.map((w) => ({ id: w.id, label: w.value_display })),
    languages: filters.languages.map((l) => ({ id: l.id, label: l.name_display })),
    shifts: filters.work_shifts,
    provinces: filters.provinces,
    municipalities: filters.municipalities,
    statuses: statuses.status_choices,
  };
}

/** Which part of a profile failed to load: the public page names it (spec 02 §2.3). */
export class ProfileLoadError extends Error {
  constructor(
    readonly part: 'info' | 'shifts' | 'other',
    message: string,
  ) {
    super(message);
  }
}

/** The spec's message for each part that can fail. */
export const PROFILE_LOAD_MESSAGES = {
  info: 'Error al obtener datos.',
  shifts: 'Error al obtener datos de los turnos.',
  other: 'Error al cargar la información.',
} as const;

const part =
  (name: ProfileLoadError['part']) =>
  (error: unknown): never => {
    throw new ProfileLoadError(name, error instanceof Error ? error.message : PROFILE_LOAD_MESSAGES[name]);
  };

export async function loadProfile(id: number): Promise<WorkerProfileData> {
  const path = { params: { path: { id } } };
  const other = part('other');
  const [info, introduction, hourPrice, services, tasks, arrangements, languages, shifts, experiences, educations] =
    await Promise.all([
      api.GET('/api/worker-profile/{id}/get-info', path).then(ok).catch(part('info')),
      api.GET('/api/worker-profile/{id}/introduction/get', path).then(ok).catch(other),
      api.GET('/api/worker-profile/{id}/hour-price/get', path).then(ok).catch(other),
      api.GET('/api/worker-profile/{id}/services/get-all', path).then(ok).catch(other),
      api.GET('/api/worker-profile/{id}/tasks/get-all', path).then(ok).catch(other),
      api.GET('/api/worker-profile/{id}/work-arrangements/get-all', path).then(ok).catch(other),
      api.GET('/api/worker-profile/{id}/languages/get-all', path).then(ok).catch(other),
      api.GET('/api/worker-profile/{id}/shifts/get-all', path).then(ok).catch(part('shifts')),
      api.GET('/api/worker-profile/{id}/experiences/get-all', path).then(ok).catch(other),
      api.GET('/api/worker-profile/{id}/educations/get-all', path).then(ok).catch(other),
    ]);
  return {
    info,
    introduction: introduction.introduction,
    hourPrice: hourPrice.hour_price,
    services: services.map((s) => s.id),
    tasks: tasks.map((t) => t.id),
    arrangements: arrangements.map((a) => a.id),
    languages,
    shifts,
    experiences,
    educations,
  };
}

/** Each save answers the saved value or throws the server's message (shown by the caller). */
export const save = {
  info: (id: number, body: S['WorkerInfoBodyDto']) =>
    api.PUT('/api/worker-profile/{id}/info/update', { params: { path: { id } }, body }).then(ok),
  introduction: (id: number, introduction: string) =>
    api
      .PUT('/api/worker-profile/{id}/introduction/update', { params: { path: { id } }, body: { introduction } })
      .then(ok),
  hourPrice: (id: number, hour_price: string) =>
    api.PUT('/api/worker-profile/{id}/hour-price/update', { params: { path: { id } }, body: { hour_price } }).then(ok),
  services: (id: number, services_ids: number[]) =>
    api.PUT('/api/worker-profile/{id}/services/update', { params: { path: { id } }, body: { services_ids } }).then(ok),
  tasks: (id: number, task_ids: number[]) =>
    api.PUT('/api/worker-profile/{id}/tasks/update', { params: { path: { id } }, body: { task_ids } }).then(ok),
  arrangements: (id: number, work_arrangement_ids: number[]) =>
    api
      .PUT('/api/worker-profile/{id}/work-arrangements/update', {
        params: { path: { id } },
        body: { work_arrangement_ids },
      })
      .then(ok),
  languages: (id: number, languages_ids: number[], native_language_id: number | null) =>
    api
      .PUT('/api/worker-profile/{id}/languages/update', {
        params: { path: { id } },
        body: { languages_ids, native_language_id },
      })
      .then(ok),
  shifts: (id: number, pairs: { day: string; shift: string }[]) =>
    api.PUT('/api/worker-profile/{id}/shifts/update', { params: { path: { id } }, body: pairs }).then(ok),
  addExperience: (id: number, body: S['ExperienceBodyDto']) =>
    api.POST('/api/worker-profile/{id}/experience/add', { params: { path: { id } }, body }).then(ok),
  updateExperience: (id: number, body: S['ExperienceBodyDto']) =>
    api.PUT('/api/worker-profile/experience/{id}/update', { params: { path: { id } }, body }).then(ok),
  deleteExperience: (id: number) =>
    api.DELETE('/api/worker-profile/experience/{id}/delete', { params: { path: { id } } }),
  addEducation: (id: number, body: S['EducationBodyDto']) =>
    api.POST('/api/worker-profile/{id}/education/add', { params: { path: { id } }, body }).then(ok),
  updateEducation: (id: number, body: S['EducationBodyDto']) =>
    api.PUT('/api/worker-profile/education/{id}/update', { params: { path: { id } }, body }).then(ok),
  deleteEducation: (id: number) =>
    api.DELETE('/api/worker-profile/education/{id}/delete', { params: { path: { id } } }),
  names: (userId: number, first_name: string, last_name: string) =>
    api.PUT('/api/user/{id}/update', { params: { path: { id: userId } }, body: { first_name, last_name } }).then(ok),
};
