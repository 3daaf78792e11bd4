import {
  DIRECTORY_FILTER_KEYS,
  directorySearchToQuery,
  parseDirectoryNear,
  parseDirectorySearch,
  restoreDirectoryFilters,
  type DirectoryFilters,
  type DirectoryNear,
} from '@cym/common';
import { useCallback, useEffect, useState } from 'react';
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

function restore(key: string): Search {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return { filters: restoreDirectoryFilters(saved), near: restoreNear((saved as { near?: unknown } | null)?.near) };
  } catch {
    return { filters: restoreDirectoryFilters(null), near: null };
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

const same = (a: Search, b: Search) =>
  DIRECTORY_FILTER_KEYS.every((key) => a.filters[key].join('\n') === b.filters[key].join('\n')) &&
  a.near?.municipality === b.near?.municipality &&
  a.near?.radiusKm === b.near?.radiusKm;

/**
 * A directory's search: its filters, 'Cerca de' and page, kept in the address (`/workers?services=
 * Niñera/o&near=6441&radius_km=10&page=2`, so a search can be shared, reloaded and indexed) and in
 * session storage under the page's own key (spec 02 §2.1: back on the page in the same tab, the
 * filters are as they were). An address that names filters or 'Cerca de' wins over what is
 * stored; one that names none shows the stored ones. Changing a filter goes back to the first
 * page. The address is replaced, not pushed, and the screen does not jump to the top.
 */
export function useDirectorySearch(storageKey: string) {
  const [params, setParams] = useSearchParams();
  // A server-rendered page starts from its address alone (the server has no session storage).
  const inBrowser = useInBrowser();
  const [search, setSearch] = useState<Search>(
    () =>
      searchIn(params) ?? (inBrowser ? restore(storageKey) : { filters: restoreDirectoryFilters(null), near: null }),
  );
  const [page, setPage] = useState(() => pageOf(params));

  // ... and takes the tab's stored search once hydrated, when its address names none.
  useEffect(() => {
    if (searchIn(params)) return;
    const stored = restore(storageKey);
    setSearch((current) => (same(current, stored) ? current : stored));
    // On arrival only: later, the address and the filters' own changes lead.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The address changed from outside (a link, back and forward): follow it.
  useEffect(() => {
    const named = searchIn(params);
    if (named) setSearch((current) => (same(current, named) ? current : named));
    setPage(pageOf(params));
  }, [params]);

  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify({ ...search.filters, near: search.near }));
    const wanted = searchOf(search, page);
    if (wanted.toString() !== params.toString()) setParams(wanted, { replace: true, preventScrollReset: true });
    // Only the search's own changes write the address (params is read, not followed, here).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storageKey, search, page, setParams]);

  const setFilters = useCallback((filters: DirectoryFilters) => {
    setSearch((current) => ({ ...current, filters }));
    setPage(1);
  }, []);
  const setNear = useCallback((near: DirectoryNear | null) => {
    setSearch((current) => ({ ...current, near }));
    setPage(1);
  }, []);
  return { filters: search.filters, setFilters, near: search.near, setNear, page, setPage };
}
