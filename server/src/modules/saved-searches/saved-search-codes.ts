import { DIRECTORY_QUERY_PARAMS, type SavedSearchKind } from '@cym/common';
import { AppException } from '../../common/app-exception';
import type { Catalog } from '../catalog/catalog.service';
import { FILTER_KEY_OFFSETS, parseBrowseQuery, type ParsedQuery } from '../browse/filters';

/** The query parameters a saved search keeps: the filters and 'Cerca de' (paging is no part of it). */
const KEPT_PARAMS: readonly string[] = DIRECTORY_QUERY_PARAMS.filter((p) => p !== 'page' && p !== 'page_size');

/** Longest text of one parameter, and most parameters, a saved search may hold. */
const MAX_PARAM_LENGTH = 2000;

/**
 * A directory query as a saved search keeps it: the known parameters with a text value each (the
 * rest dropped), checked by the directory's own parser (the same 400s), with the search's
 * read-model codes (savedSearchCodes).
 */
export function savedSearchQuery(
  raw: Record<string, unknown>,
  catalog: Catalog,
  invalid: () => AppException,
): { query: Record<string, string>; codes: number[] } {
  const query: Record<string, string> = {};
  for (const key of KEPT_PARAMS) {
    const value = raw[key];
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string' || value.length > MAX_PARAM_LENGTH) throw invalid();
    query[key] = value;
  }
  return { query, codes: savedSearchCodes(parseBrowseQuery(query, catalog)) };
}

/**
 * A search as the read models' codes (browse filters' FILTER_KEY_OFFSETS): every value of every
 * key. A profile matches when, for each key the search uses, one of its codes is among the
 * profile's `filter_keys` (the codes of one key share their ten-million range, which is how the
 * matching query groups them). A key whose values matched nothing in the catalog keeps the
 * range's code 0, which no profile has, so the search matches nothing, as the directory would
 * show. 'Cerca de' counts as the municipalities within its radius (computed when saved: the
 * centroids never move).
 */
export function savedSearchCodes(parsed: ParsedQuery): number[] {
  const codes: number[] = [];
  const filters = { ...parsed.filters };
  // 'Cerca de' is the municipalities within its radius: AND-ed with a chosen municipality, as the
  // directory does, they are one key's values, so the two become their intersection.
  if (parsed.near) {
    const within = parsed.near.within.map((m) => m.id);
    filters.municipality = filters.municipality ? within.filter((id) => filters.municipality!.includes(id)) : within;
  }
  for (const [key, ids] of Object.entries(filters) as [keyof typeof FILTER_KEY_OFFSETS, number[]][]) {
    const offset = FILTER_KEY_OFFSETS[key];
    if (ids.length === 0) codes.push(offset);
    else for (const id of new Set(ids)) codes.push(offset + id);
  }
  return codes.sort((a, b) => a - b);
}

/** The directory page of a kind of search. */
export function directoryPath(kind: SavedSearchKind): string {
  return kind === 'workers' ? '/workers' : '/job-offers';
}
