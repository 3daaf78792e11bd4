import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { ApiError, dataOf } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type Worker = S['WorkerCardDto'];
export type Offer = S['JobOfferDto'];

export interface PageAnswer<T> {
  results: T[];
  count: number;
}

/** The spec's message for an answer without the server's own, in Spanish. */
const LIST_NOT_LOADED = 'El servidor no respondió correctamente.';

export type FetchPage<T> = (query: Record<string, string>, page: number, size: number) => Promise<PageAnswer<T>>;

/** A paged answer; a plain list (never asked for with `page`) is no answer the screen can page. */
function asPage<T>(data: T[] | PageAnswer<T>): PageAnswer<T> {
  if (Array.isArray(data)) throw new ApiError(LIST_NOT_LOADED);
  return data;
}

export const fetchWorkers: FetchPage<Worker> = (query, page, size) =>
  dataOf(api.GET('/api/workers', { params: { query: { ...query, page, page_size: size } } }), LIST_NOT_LOADED).then(
    asPage,
  );

export const fetchOffers: FetchPage<Offer> = (query, page, size) =>
  dataOf(api.GET('/api/job-offers', { params: { query: { ...query, page, page_size: size } } }), LIST_NOT_LOADED).then(
    asPage,
  );

/**
 * One screen of a directory: page `page` of `size`, or with `all` every page of `size` in turn
 * ('Mostrar todo'). Each filter, page and 'all' is its own cached query, so going back to a page
 * shows it at once while it is asked again.
 */
export function useDirectoryPage<T>(
  name: 'workers' | 'job-offers',
  fetchPage: FetchPage<T>,
  query: Record<string, string>,
  { page, size, all }: { page: number; size: number; all: boolean },
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: ['directory', name, query, all ? 'all' : page, size],
    queryFn: async (): Promise<PageAnswer<T>> => {
      if (!all) return fetchPage(query, page, size);
      const first = await fetchPage(query, 1, size);
      const results = [...first.results];
      for (let n = 2; results.length < first.count; n += 1) results.push(...(await fetchPage(query, n, size)).results);
      return { results, count: first.count };
    },
  });
}

/** 'Last seen' of a signed-in visitor (spec 02 §9): a write nobody waits for or reads back. */
export function pingActivity(): void {
  void api.POST('/api/activity/ping').catch(() => undefined);
}

/**
 * Where the signed-in person is, for 'Cerca de' to start from: a worker's own municipality (their
 * profile's public info), an employer's their first offer's; null for a visitor, an admin, or
 * someone with no place yet. Asked only while `enabled` (the 'Cerca de' panel is open).
 */
export function useOwnPlace(
  user: { profile_type: 'Worker' | 'Parent' | null; profile_id: number | null } | null,
  enabled: boolean,
) {
  const profileId = user?.profile_id ?? 0;
  const type = user?.profile_type ?? null;
  return useQuery({
    enabled: enabled && profileId > 0 && type !== null,
    queryKey: ['own-place', type, profileId],
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<{ province: number; municipality: number } | null> => {
      if (type === 'Worker') {
        const info = await dataOf(
          api.GET('/api/worker-profile/{id}/get-info', { params: { path: { id: profileId } } }),
          LIST_NOT_LOADED,
        );
        const { province, municipality } = info.location;
        return province && municipality ? { province: province.id, municipality: municipality.id } : null;
      }
      const offers = await dataOf(
        api.GET('/api/parent-profile/{profileId}/job-offers/get-all', { params: { path: { profileId } } }),
        LIST_NOT_LOADED,
      );
      const first = offers[0];
      return first ? { province: first.location.province.id, municipality: first.location.municipality.id } : null;
    },
  });
}
