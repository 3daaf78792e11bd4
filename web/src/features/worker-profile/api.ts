import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api/client';
import { ApiError, dataOf, ensureOk, type ApiResult } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';
import type { ShiftChoice } from '../../lib/catalog';
import { userDataKey } from '../../lib/user-data';

type S = components['schemas'];
/** The choice lists live in lib/catalog; the editors name them from here. */
export type { Choice, ProfileChoices, ShiftChoice } from '../../lib/catalog';
export type WorkerInfo = S['WorkerInfoDto'];
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

const LOAD_FAILED = 'Error al cargar la información.';

/** The data of a call, or throws the server's Spanish message (or a generic one). */
const ok = <T>(request: Promise<ApiResult<T>>): Promise<T> => dataOf(request, LOAD_FAILED);

/** Which part of a profile failed to load: the public page names it. */
export class ProfileLoadError extends ApiError {
  constructor(
    readonly part: 'info' | 'shifts' | 'other',
    cause: ApiError,
  ) {
    super(cause.message, cause.status, cause.code);
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
    throw new ProfileLoadError(name, error instanceof ApiError ? error : new ApiError(PROFILE_LOAD_MESSAGES[name]));
  };

async function loadProfile(id: number): Promise<WorkerProfileData> {
  const path = { params: { path: { id } } };
  const other = part('other');
  // The info first: a hidden or unknown profile answers 404 there, and nothing more is asked.
  const info = await ok(api.GET('/api/worker-profile/{id}/get-info', path)).catch(part('info'));
  const [introduction, hourPrice, services, tasks, arrangements, languages, shifts, experiences, educations] =
    await Promise.all([
      ok(api.GET('/api/worker-profile/{id}/introduction/get', path)).catch(other),
      ok(api.GET('/api/worker-profile/{id}/hour-price/get', path)).catch(other),
      ok(api.GET('/api/worker-profile/{id}/services/get-all', path)).catch(other),
      ok(api.GET('/api/worker-profile/{id}/tasks/get-all', path)).catch(other),
      ok(api.GET('/api/worker-profile/{id}/work-arrangements/get-all', path)).catch(other),
      ok(api.GET('/api/worker-profile/{id}/languages/get-all', path)).catch(other),
      ok(api.GET('/api/worker-profile/{id}/shifts/get-all', path)).catch(part('shifts')),
      ok(api.GET('/api/worker-profile/{id}/experiences/get-all', path)).catch(other),
      ok(api.GET('/api/worker-profile/{id}/educations/get-all', path)).catch(other),
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
    ok(api.PUT('/api/worker-profile/{id}/info/update', { params: { path: { id } }, body })),
  introduction: (id: number, introduction: string) =>
    ok(api.PUT('/api/worker-profile/{id}/introduction/update', { params: { path: { id } }, body: { introduction } })),
  hourPrice: (id: number, hour_price: string) =>
    ok(api.PUT('/api/worker-profile/{id}/hour-price/update', { params: { path: { id } }, body: { hour_price } })),
  services: (id: number, services_ids: number[]) =>
    ok(api.PUT('/api/worker-profile/{id}/services/update', { params: { path: { id } }, body: { services_ids } })),
  tasks: (id: number, task_ids: number[]) =>
    ok(api.PUT('/api/worker-profile/{id}/tasks/update', { params: { path: { id } }, body: { task_ids } })),
  arrangements: (id: number, work_arrangement_ids: number[]) =>
    ok(
      api.PUT('/api/worker-profile/{id}/work-arrangements/update', {
        params: { path: { id } },
        body: { work_arrangement_ids },
      }),
    ),
  languages: (id: number, languages_ids: number[], native_language_id: number | null) =>
    ok(
      api.PUT('/api/worker-profile/{id}/languages/update', {
        params: { path: { id } },
        body: { languages_ids, native_language_id },
      }),
    ),
  shifts: (id: number, pairs: { day: string; shift: string }[]) =>
    ok(api.PUT('/api/worker-profile/{id}/shifts/update', { params: { path: { id } }, body: pairs })),
  addExperience: (id: number, body: S['ExperienceBodyDto']) =>
    ok(api.POST('/api/worker-profile/{id}/experience/add', { params: { path: { id } }, body })),
  updateExperience: (id: number, body: S['ExperienceBodyDto']) =>
    ok(api.PUT('/api/worker-profile/experience/{id}/update', { params: { path: { id } }, body })),
  deleteExperience: (id: number) =>
    ensureOk(api.DELETE('/api/worker-profile/experience/{id}/delete', { params: { path: { id } } }), LOAD_FAILED),
  addEducation: (id: number, body: S['EducationBodyDto']) =>
    ok(api.POST('/api/worker-profile/{id}/education/add', { params: { path: { id } }, body })),
  updateEducation: (id: number, body: S['EducationBodyDto']) =>
    ok(api.PUT('/api/worker-profile/education/{id}/update', { params: { path: { id } }, body })),
  deleteEducation: (id: number) =>
    ensureOk(api.DELETE('/api/worker-profile/education/{id}/delete', { params: { path: { id } } }), LOAD_FAILED),
  names: (userId: number, first_name: string, last_name: string) =>
    ok(api.PUT('/api/user/{id}/update', { params: { path: { id: userId } }, body: { first_name, last_name } })),
};

export const workerProfileKeys = {
  detail: (id: number) => ['worker-profile', id] as const,
};

/** A worker's whole profile (every part in one query): the editor and the public page. */
export const workerProfileQuery = (id: number) =>
  queryOptions({ queryKey: workerProfileKeys.detail(id), queryFn: () => loadProfile(id) });

export function useWorkerProfile(id: number, enabled = true) {
  return useQuery({ ...workerProfileQuery(id), enabled });
}

/**
 * After a save: the profile is read again, and the person's own data (names, phone) when the
 * account's part changed. The saves above are sequences the editors run themselves (the
 * wizard saves a step in several calls), so they invalidate once, when the sequence is done.
 */
export function useProfileSaved(id: number) {
  const client = useQueryClient();
  return useCallback(
    async (account = false) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: workerProfileKeys.detail(id) }),
        account ? client.invalidateQueries({ queryKey: userDataKey }) : undefined,
      ]);
    },
    [client, id],
  );
}
