import { COMMON_MESSAGES } from '@cym/common';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { ApiError, dataOf } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type Worker = S['WorkerCardDto'];
export type Offer = S['JobOfferDto'];
export type Landing = S['LandingPageDto'];

export type DirectoryName = 'workers' | 'job-offers';

/** What one screen of a directory shows: page `page` of `size`, or with `all` every page of `size`. */
export interface DirectoryScreen {
  page: number;
  size: number;
  all: boolean;
}

type ProfileType = 'Worker' | 'Parent' | null;

export const browseKeys = {
  /** Every directory's screens: what a write to an offer or a profile makes stale. */
  directories: ['directory'] as const,
  directory: (name: DirectoryName, query: Record<string, string>, { page, size, all }: DirectoryScreen) =>
    ['directory', name, query, all ? 'all' : page, size] as const,
  ownPlace: (type: ProfileType, profileId: number) => ['own-place', type, profileId] as const,
  landing: (service: string, province: string, municipality: string | null) =>
    ['landing-page', service, province, municipality] as const,
};

export interface PageAnswer<T> {
  results: T[];
  /** Matches: exact up to the server's bound (DIRECTORY_COUNT_BOUND), then the bound passed. */
  count: number;
  /** False: more than `count` match. */
  count_exact: boolean;
}

/** The spec's message for an answer without the server's own, in Spanish. */
const LIST_NOT_LOADED = 'El servidor no respondió correctamente.';

type FetchPage<T> = (query: Record<string, string>, page: number, size: number) => Promise<PageAnswer<T>>;

/** A paged answer; a plain list (never asked for with `page`) is no answer the screen can page. */
function asPage<T>(data: T[] | PageAnswer<T>): PageAnswer<T> {
  if (Array.isArray(data)) throw new ApiError(LIST_NOT_LOADED);
  return data;
}

const fetchWorkers: FetchPage<Worker> = (query, page, size) =>
  dataOf(api.GET('/api/workers', { params: { query: { ...query, page, page_size: size } } }), LIST_NOT_LOADED).then(
    asPage,
  );

const fetchOffers: FetchPage<Offer> = (query, page, size) =>
  dataOf(api.GET('/api/job-offers', { params: { query: { ...query, page, page_size: size } } }), LIST_NOT_LOADED).then(
    asPage,
  );

export type DirectoryItem<N extends DirectoryName> = N extends 'workers' ? Worker : Offer;

/**
 * One screen of a directory: page `page` of `size`, or with `all` every page of `size` in turn
 * ('Mostrar todo') up to the count — which stops at the server's bound, so a large directory
 * shows its first 1,000 (docs/DECISIONS.md). Each filter, page and 'all' is its own cached query,
 * so going back to a page shows it at once while it is asked again.
 */
export function directoryQuery<N extends DirectoryName>(
  name: N,
  query: Record<string, string>,
  screen: DirectoryScreen,
) {
  const fetchPage = (name === 'workers' ? fetchWorkers : fetchOffers) as FetchPage<DirectoryItem<N>>;
  const { page, size, all } = screen;
  return queryOptions({
    queryKey: browseKeys.directory(name, query, screen),
    queryFn: async (): Promise<PageAnswer<DirectoryItem<N>>> => {
      if (!all) return fetchPage(query, page, size);
      const first = await fetchPage(query, 1, size);
      const results = [...first.results];
      for (let n = 2, last = first.results.length; last > 0 && results.length < first.count; n += 1) {
        const next = (await fetchPage(query, n, size)).results;
        results.push(...next.slice(0, first.count - results.length));
        last = next.length;
      }
      return { results, count: first.count, count_exact: first.count_exact };
    },
  });
}

/** A service's landing page in a place; a place without listed workers answers 404 (asked once). */
export const landingQuery = (service: string, province: string, municipality: string | null) =>
  queryOptions({
    queryKey: browseKeys.landing(service, province, municipality),
    queryFn: async (): Promise<Landing> => {
      const answer = municipality
        ? api.GET('/api/landing-pages/{service}/{province}/{municipality}', {
            params: { path: { service, province, municipality } },
          })
        : api.GET('/api/landing-pages/{service}/{province}', { params: { path: { service, province } } });
      return dataOf(answer, COMMON_MESSAGES.internal);
    },
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

/** 'Last seen' of a signed-in visitor: a write nobody waits for or reads back. */
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
  return useQuery({ ...ownPlaceQuery(type, profileId), enabled: enabled && profileId > 0 && type !== null });
}

/** Where a worker (their profile's place) or an employer (their first offer's) is, or null. */
function ownPlaceQuery(type: ProfileType, profileId: number) {
  return queryOptions({
    queryKey: browseKeys.ownPlace(type, profileId),
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
