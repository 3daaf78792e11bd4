import {
  DIRECTORY_FILTER_KEYS,
  directorySearchToQuery,
  parseDirectoryNear,
  parseDirectorySearch,
  restoreDirectoryFilters,
  type DirectoryFilters,
  type DirectoryNear,
} from '@cym/common';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useInBrowser } from '../../lib/server-render';

/** What a search keeps: the filters, and 'Cerca de' (null when off). */
interface Search {
  filters: DirectoryFilters;
  near: DirectoryNear | null;
}

/** 'Cerca de' as stored (`{ municipality, radiusKm }`), by the same rule as the address's. */
function restoreNear(saved: unknown): DirectoryNear | null {
  if (typeof saved !== 'object' || saved === null) return null;
  const { municipality, radiusKm } = saved as Record<string, unknown>;
  const parsed = parseDirectoryNear({ near: String(municipality), radius_km: String(radiusKm) });
  return parsed.ok ? (parsed.value ?? null) : null;
}

const NO_SEARCH: Search = { filters: restoreDirectoryFilters(null), near: null };

function restore(key: string): Search {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return { filters: restoreDirectoryFilters(saved), near: restoreNear((saved as { near?: unknown } | null)?.near) };
  } catch {
    return NO_SEARCH;
  }
}

/** The search an address names, or null when it names none (then session storage's apply). */
function searchIn(params: URLSearchParams): Search | null {
  if (!DIRECTORY_FILTER_KEYS.some((key) => params.has(key)) && !params.has('near')) return null;
  const { filters, near } = parseDirectorySearch(Object.fromEntries(params));
  return { filters, near };
}

/** The page an address names; the first when none or not a page number. */
function pageOf(params: URLSearchParams): number {
  return parseDirectorySearch(Object.fromEntries(params)).page;
}

/** The query string of a search: the API's filter and 'Cerca de' parameters, then the page past the first. */
function searchOf(search: Search, page: number): URLSearchParams {
  return new URLSearchParams(directorySearchToQuery({ ...search, page }));
}

/**
 * The search and page an address shows before any stored search applies: what the server renders
 * (it has no session storage) and the browser's first render of that page.
 */
export function addressSearch(params: URLSearchParams): Search & { page: number } {
  return { ...(searchIn(params) ?? NO_SEARCH), page: pageOf(params) };
}

function store(key: string, search: Search): void {
  sessionStorage.setItem(key, JSON.stringify({ ...search.filters, near: search.near }));
}

/**
 * A directory's search: its filters, 'Cerca de' and page, read from the address (`/workers?services=
 * Niñera/o&near=6441&radius_km=10&page=2`, so a search can be shared, reloaded and indexed) and
 * written to it; nothing else holds them. An address that names no filter and no 'Cerca de' shows
 * the tab's last search (back on the page in the same tab, the filters are as they were), which
 * session storage remembers under the page's own key and the address then takes. Changing a filter
 * goes back to the first page. The address is replaced, not pushed, and the screen does not jump to
 * the top.
 */
export function useDirectorySearch(storageKey: string) {
  const [params, setParams] = useSearchParams();
  // A server-rendered page starts from its address alone (the server has no session storage).
  const inBrowser = useInBrowser();
  const search = useMemo(
    () => searchIn(params) ?? (inBrowser ? restore(storageKey) : NO_SEARCH),
    [params, inBrowser, storageKey],
  );
  const page = pageOf(params);
  const wanted = searchOf(search, page).toString();

  // The address in its one form: the search it names (naming none, the tab's last one), then the page.
  useEffect(() => {
    if (!inBrowser) return;
    store(storageKey, search);
    if (wanted !== params.toString())
      setParams(new URLSearchParams(wanted), { replace: true, preventScrollReset: true });
  }, [inBrowser, storageKey, search, wanted, params, setParams]);

  const go = useCallback(
    (next: Search, nextPage: number) => {
      // Stored first: an address that names nothing (all filters off) shows what is stored.
      store(storageKey, next);
      // Drawn in the same event (not as a transition): a ticked box shows ticked at once.
      setParams(searchOf(next, nextPage), { replace: true, preventScrollReset: true, flushSync: true });
    },
    [storageKey, setParams],
  );
  const setFilters = useCallback((filters: DirectoryFilters) => go({ ...search, filters }, 1), [go, search]);
  const setNear = useCallback((near: DirectoryNear | null) => go({ ...search, near }, 1), [go, search]);
  const setPage = useCallback((next: number) => go(search, next), [go, search]);
  return { filters: search.filters, setFilters, near: search.near, setNear, page, setPage };
}
