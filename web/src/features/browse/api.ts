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
