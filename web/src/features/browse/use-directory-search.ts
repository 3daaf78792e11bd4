import {
  DIRECTORY_FILTER_KEYS,
  directoryFiltersToQuery,
  NO_DIRECTORY_FILTERS,
  parseDirectoryFilters,
  parsePageParam,
  restoreDirectoryFilters,
  type DirectoryFilters,
} from '@cym/common';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInBrowser } from '../../lib/server-render';

function restore(key: string): DirectoryFilters {
  try {
    return restoreDirectoryFilters(JSON.parse(sessionStorage.getItem(key) ?? 'null'));
  } catch {
    return restoreDirectoryFilters(null);
  }
}

/** The filters an address names, or null when it names none (then session storage's apply). */
function filtersOf(params: URLSearchParams): DirectoryFilters | null {
  if (!DIRECTORY_FILTER_KEYS.some((key) => params.has(key))) return null;
  return { ...NO_DIRECTORY_FILTERS, ...parseDirectoryFilters(Object.fromEntries(params)) };
}

/** The page an address names; the first when none or not a page number. */
function pageOf(params: URLSearchParams): number {
  const parsed = parsePageParam(params.get('page') ?? undefined, 'page');
  return parsed.ok ? (parsed.value ?? 1) : 1;
}

/** The query string of a search: the API's filter parameters, then the page past the first. */
function searchOf(filters: DirectoryFilters, page: number): URLSearchParams {
  return new URLSearchParams({ ...directoryFiltersToQuery(filters), ...(page > 1 ? { page: String(page) } : {}) });
}

const same = (a: DirectoryFilters, b: DirectoryFilters) =>
  DIRECTORY_FILTER_KEYS.every((key) => a[key].join('\n') === b[key].join('\n'));

/**
 * A directory's search: its filters and page, kept in the address (`/workers?services=Niñera/o
 * &province=6&page=2`, so a search can be shared, reloaded and indexed) and in session storage
 * under the page's own key (spec 02 §2.1: back on the page in the same tab, the filters are as
 * they were). An address that names filters wins over what is stored; one that names none
 * shows the stored ones. Changing a filter goes back to the first page. The address is replaced,
 * not pushed, and the screen does not jump to the top.
 */
export function useDirectorySearch(storageKey: string) {
  const [params, setParams] = useSearchParams();
  // A server-rendered page starts from its address alone (the server has no session storage).
  const inBrowser = useInBrowser();
  const [filters, setFiltersState] = useState<DirectoryFilters>(
    () => filtersOf(params) ?? (inBrowser ? restore(storageKey) : restoreDirectoryFilters(null)),
  );
  const [page, setPage] = useState(() => pageOf(params));

  // ... and takes the tab's stored search once hydrated, when its address names none.
  useEffect(() => {
    if (filtersOf(params)) return;
    const stored = restore(storageKey);
    setFiltersState((current) => (same(current, stored) ? current : stored));
    // On arrival only: later, the address and the filters' own changes lead.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The address changed from outside (a link, back and forward): follow it.
  useEffect(() => {
    const named = filtersOf(params);
    if (named) setFiltersState((current) => (same(current, named) ? current : named));
    setPage(pageOf(params));
  }, [params]);

  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(filters));
    const wanted = searchOf(filters, page);
    if (wanted.toString() !== params.toString()) setParams(wanted, { replace: true, preventScrollReset: true });
    // Only the search's own changes write the address (params is read, not followed, here).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey, filters, page, setParams]);

  const setFilters = useCallback((next: DirectoryFilters) => {
    setFiltersState(next);
    setPage(1);
  }, []);
  return { filters, setFilters, page, setPage };
}
