import { queryOptions } from '@tanstack/react-query';
import { api } from './api/client';
import { dataOf } from './api/errors';

/** How long the list is kept before it is asked again: it changes as workers join, not by the minute. */
const KEEP_MS = 10 * 60_000;

export const popularSearchesKeys = {
  all: ['landing-pages', 'popular'] as const,
};

/**
 * The landing pages with the most workers ("Niñeras en Córdoba"), which the footer of every page
 * links to.
 */
export const popularSearchesQuery = queryOptions({
  queryKey: popularSearchesKeys.all,
  queryFn: () => dataOf(api.GET('/api/landing-pages/popular'), ''),
  staleTime: KEEP_MS,
});
