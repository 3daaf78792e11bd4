import { queryOptions, useQuery, type QueryFunction } from '@tanstack/react-query';
import { api } from '../api/client';
import { dataOf } from '../api/errors';
import type { components } from '../api/schema';
import { CATALOG_KEY, CATALOG_STALE_MS } from '../query';

/**
 * The choice lists (services, tasks, arrangements, languages, shifts, provinces and
 * municipalities, education statuses): the same for everyone and rarely changed, so each is one query, kept for the page's life (CATALOG_STALE_MS) and shared by
 * every screen that shows it.
 */
type S = components['schemas'];
export type ServiceChoice = S['ServiceChoiceDto'];
export type FilterChoices = S['FilterChoicesDto'];
/** The directories' filter lists: FilterChoices without the municipalities. */
export type DirectoryFilterChoices = S['DirectoryFilterChoicesDto'];
export type Municipality = S['MunicipalityDto'];
export type ShiftChoice = S['ShiftChoiceDto'];
export type Choice = { id: number; label: string };

/** The lists a worker profile and a job offer are edited with, labelled for the screens. */
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

export const LOAD_FAILED = 'Error al cargar la información.';

/** Every catalog key starts with CATALOG_KEY: a change of person keeps them (lib/session). */
export const catalogKeys = {
  list: (name: string) => [CATALOG_KEY, name] as const,
  municipalities: (province: number) => [CATALOG_KEY, 'municipalities', province] as const,
};

export const catalogQuery = <T>(name: string, load: QueryFunction<T, ReturnType<typeof catalogKeys.list>>) =>
  queryOptions({ queryKey: catalogKeys.list(name), queryFn: load, staleTime: CATALOG_STALE_MS });

/** The services of the home page. */
export const servicesQuery = catalogQuery('services', () => dataOf(api.GET('/api/services/get-choices'), LOAD_FAILED));

/** Every list of the workers directory's filters, municipalities included (the editors' lists). */
export const workerFiltersQuery = catalogQuery('worker-filters', () =>
  dataOf(api.GET('/api/workers/get-filter-choices'), LOAD_FAILED),
);

/**
 * The directories' filter lists without the 527 municipalities: what a directory page (and its
 * server-rendered HTML) carries; the place filters ask for one province's (municipalitiesQuery).
 */
export const directoryFiltersQuery = catalogQuery('directory-filters', () =>
  dataOf(api.GET('/api/directory-filter-choices'), LOAD_FAILED),
);

/** One province's municipalities (partidos / localidades), asked for when it is chosen. */
export const municipalitiesQuery = (province: number) =>
  queryOptions({
    queryKey: catalogKeys.municipalities(province),
    queryFn: () =>
      dataOf(
        api.GET('/api/provinces/{provinceId}/municipalities', { params: { path: { provinceId: province } } }),
        LOAD_FAILED,
      ),
    staleTime: CATALOG_STALE_MS,
  });

/** Every province and municipality, to name a place known only by its municipality's id. */
export const placesQuery = catalogQuery('places', () =>
  dataOf(api.GET('/api/provinces-and-municipalities'), LOAD_FAILED),
);

const statusesQuery = catalogQuery('education-statuses', () =>
  dataOf(api.GET('/api/worker-profile/education/get-status-choices'), LOAD_FAILED),
);

export const useServiceChoices = () => useQuery(servicesQuery);

/** The directories' filter lists (labels of services, tasks, arrangements…; provinces). */
export const useDirectoryFilterChoices = () => useQuery(directoryFiltersQuery);

/** A province's municipalities, once one is chosen (null: none, and nothing is asked). */
export const useMunicipalities = (province: number | null) =>
  useQuery({ ...municipalitiesQuery(province ?? 0), enabled: province !== null });

/** Every province and municipality, when `enabled` (naming a saved search's places). */
export const usePlaces = (enabled = true) => useQuery({ ...placesQuery, enabled });

/** Every editor list; `fetchQuery` it to load the lists only when an editor opens. */
export const profileChoicesQuery = catalogQuery('profile-choices', async ({ client }): Promise<ProfileChoices> => {
  // The workers' filter lists with every municipality: an editor's place picker offers them all.
  const [filters, education] = await Promise.all([
    client.ensureQueryData(workerFiltersQuery),
    client.ensureQueryData(statusesQuery),
  ]);
  return {
    services: filters.services.map((s) => ({ id: s.id, key: s.title, label: s.title_display })),
    tasks: filters.tasks.map((t) => ({ id: t.id, label: t.title_display })),
    arrangements: filters.work_arrangements.map((w) => ({ id: w.id, label: w.value_display })),
    languages: filters.languages.map((l) => ({ id: l.id, label: l.name_display })),
    shifts: filters.work_shifts,
    provinces: filters.provinces,
    municipalities: filters.municipalities,
    statuses: education.status_choices,
  };
});

/** Every list of the profile and offer editors, labelled (worker profile, offer wizard, admin). */
export function useProfileChoices() {
  return useQuery(profileChoicesQuery);
}
