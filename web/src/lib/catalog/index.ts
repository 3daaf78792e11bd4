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
};

export const catalogQuery = <T>(name: string, load: QueryFunction<T, ReturnType<typeof catalogKeys.list>>) =>
  queryOptions({ queryKey: catalogKeys.list(name), queryFn: load, staleTime: CATALOG_STALE_MS });

/** The services of the home page. */
export const servicesQuery = catalogQuery('services', () => dataOf(api.GET('/api/services/get-choices'), LOAD_FAILED));

/** The workers directory's filter lists. */
export const workerFiltersQuery = catalogQuery('worker-filters', () =>
  dataOf(api.GET('/api/workers/get-filter-choices'), LOAD_FAILED),
);

/** The job offers directory's filter lists. */
export const offerFiltersQuery = catalogQuery('offer-filters', () =>
  dataOf(api.GET('/api/job-offers/get-filter-choices'), LOAD_FAILED),
);

const statusesQuery = catalogQuery('education-statuses', () =>
  dataOf(api.GET('/api/worker-profile/education/get-status-choices'), LOAD_FAILED),
);

/** The filter lists of one directory. */
export const directoryFiltersQuery = (directory: 'workers' | 'job-offers') =>
  directory === 'workers' ? workerFiltersQuery : offerFiltersQuery;

export const useServiceChoices = () => useQuery(servicesQuery);

export const useWorkerFilterChoices = () => useQuery(workerFiltersQuery);

export const useOfferFilterChoices = () => useQuery(offerFiltersQuery);

/** The filter lists of one directory (a saved search's own, to name its choices). */
export const useDirectoryFilterChoices = (directory: 'workers' | 'job-offers') =>
  useQuery(directoryFiltersQuery(directory));

/** Every editor list; `fetchQuery` it to load the lists only when an editor opens. */
export const profileChoicesQuery = catalogQuery('profile-choices', async ({ client }): Promise<ProfileChoices> => {
  // The same cached lists the directory's filters and other screens read.
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
