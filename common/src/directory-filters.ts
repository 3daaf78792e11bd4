import type { FieldErrors } from './errors';

/**
 * The public directories' filters as query parameters, in one list that the server's parser, the
 * OpenAPI description of GET /api/workers/ and /api/job-offers/, and the web's filter bar all read.
 * Several values of one key are OR-ed (comma-separated), keys are AND-ed.
 */
export const DIRECTORY_FILTER_KEYS = [
  'services',
  'work_arrangements',
  'tasks',
  'languages',
  'work_shifts',
  'province',
  'municipality',
  'verified',
] as const;
export type DirectoryFilterKey = (typeof DIRECTORY_FILTER_KEYS)[number];

/**
 * What each key's values are: display labels of the catalog (services, arrangements, tasks,
 * languages), `Día:Turno` labels for shifts, numeric ids for places. The description is the
 * OpenAPI document's.
 */
export const DIRECTORY_FILTER_RULES: Record<
  DirectoryFilterKey,
  { values: 'label' | 'shift' | 'id' | 'flag'; description: string }
> = {
  services: { values: 'label', description: 'Display labels, comma-separated (OR)' },
  work_arrangements: { values: 'label', description: 'Display labels, comma-separated (OR)' },
  tasks: { values: 'label', description: 'Display labels, comma-separated (OR)' },
  languages: { values: 'label', description: 'Display labels, comma-separated (OR)' },
  work_shifts: { values: 'shift', description: 'Día:Turno labels, e.g. Lunes:Mañana' },
  province: { values: 'id', description: 'Province ids, comma-separated' },
  municipality: { values: 'id', description: 'Municipality ids, comma-separated' },
  verified: {
    values: 'flag',
    description: "'1': only verified (workers: approved DNI; offers: employer with approved DNI, or the team's)",
  },
};

/** Results per page of both directories, and the most one page may ask for. */
export const DIRECTORY_PAGE_SIZE = { default: 50, max: 100 } as const;

export const PAGE_PARAM_MESSAGE = 'El número de página no es válido.';

/** Every key with its chosen values (the filter bar's state; nothing chosen is an empty list). */
export type DirectoryFilters = Record<DirectoryFilterKey, string[]>;

export const NO_DIRECTORY_FILTERS: DirectoryFilters = {
  services: [],
  work_arrangements: [],
  tasks: [],
  languages: [],
  work_shifts: [],
  province: [],
  municipality: [],
  verified: [],
};

/**
 * The keys a query used, with their values. A key is present whenever the query gave it a value,
 * even when none survived its rule (a place that is no id): then nothing can match it.
 */
export type DirectoryFilterQuery = Partial<DirectoryFilters>;

export interface DirectoryQuery {
  filters: DirectoryFilterQuery;
  /** 'Cerca de': present when the query named a municipality (`near`). */
  near?: DirectoryNear;
  /** Absent when the query did not ask for a page (the server then answers its default). */
  page?: number;
  pageSize?: number;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** The filter value of one shift, as the directory reads it: `Lunes:Mañana`. */
export function directoryShiftValue(dayDisplay: string, shiftDisplay: string): string {
  return `${dayDisplay}:${shiftDisplay}`;
}

/** One parameter's values: repeated or comma-separated, trimmed, empty ones dropped. */
function values(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

const PLACE_ID = /^\d{1,6}$/;

/**
 * A page number or size parameter: absent, or a whole number from 1 to 999999 written in plain
 * digits (the first one when repeated); anything else is refused under the parameter's name.
 */
export function parsePageParam(raw: unknown, field: string): Parsed<number | undefined> {
  if (raw === undefined) return { ok: true, value: undefined };
  const text: unknown = Array.isArray(raw) ? raw[0] : raw;
  if (typeof text !== 'string' || !/^[1-9]\d{0,5}$/.test(text))
    return { ok: false, errors: { [field]: [PAGE_PARAM_MESSAGE] } };
  return { ok: true, value: Number(text) };
}

/** The filter keys of a query string (already split into parameters), by their rules. */
export function parseDirectoryFilters(query: Record<string, unknown>): DirectoryFilterQuery {
  const filters: DirectoryFilterQuery = {};
  for (const key of DIRECTORY_FILTER_KEYS) {
    const given = values(query[key]);
    if (given.length === 0) continue;
    const rule = DIRECTORY_FILTER_RULES[key].values;
    // A flag is on with '1' and simply off otherwise (never "nothing can match").
    if (rule === 'flag') {
      if (given.includes('1')) filters[key] = ['1'];
      continue;
    }
    filters[key] = rule === 'id' ? given.filter((v) => PLACE_ID.test(v)) : given;
  }
  return filters;
}

/**
 * 'Cerca de': results whose municipality's centroid lies within `radiusKm` of the chosen
 * municipality's, nearest first. Two query parameters of their own beside the filter keys (`near`:
 * a municipality id; `radius_km`: one of DIRECTORY_RADII_KM, DEFAULT_RADIUS_KM when absent), so
 * DIRECTORY_FILTER_KEYS keeps meaning "OR-ed values of one catalog list".
 */
export interface DirectoryNear {
  municipality: number;
  radiusKm: number;
}

export const DIRECTORY_RADII_KM = [5, 10, 25, 50] as const;
export const DEFAULT_RADIUS_KM = 10;

export const DIRECTORY_NEAR_MESSAGES = {
  radius: 'El radio debe ser 5, 10, 25 o 50 km.',
  municipality: 'La localidad no existe.',
} as const;

/** Every query parameter a directory reads: the filter keys, 'Cerca de', then paging. */
export const DIRECTORY_QUERY_PARAMS = [...DIRECTORY_FILTER_KEYS, 'near', 'radius_km', 'page', 'page_size'] as const;

/** A parameter's first value (a repeated parameter counts once, as for `page`). */
function first(raw: unknown): unknown {
  return Array.isArray(raw) ? raw[0] : raw;
}

/**
 * `near` and `radius_km`: absent (or empty) `near` is no 'Cerca de' (a lone radius is still
 * checked, then ignored); a `near` that is no plain id, or a radius outside the list, is refused
 * under its parameter's name. Whether the municipality exists is the server's check (its catalog).
 */
export function parseDirectoryNear(query: Record<string, unknown>): Parsed<DirectoryNear | undefined> {
  const radiusText = first(query.radius_km);
  let radiusKm: number = DEFAULT_RADIUS_KM;
  if (radiusText !== undefined) {
    const radius = DIRECTORY_RADII_KM.find((r) => String(r) === radiusText);
    if (radius === undefined) return { ok: false, errors: { radius_km: [DIRECTORY_NEAR_MESSAGES.radius] } };
    radiusKm = radius;
  }
  const nearText = first(query.near);
  if (nearText === undefined || nearText === '') return { ok: true, value: undefined };
  if (typeof nearText !== 'string' || !/^[1-9]\d{0,5}$/.test(nearText))
    return { ok: false, errors: { near: [DIRECTORY_NEAR_MESSAGES.municipality] } };
  return { ok: true, value: { municipality: Number(nearText), radiusKm } };
}

/**
 * A directory's query string: the filters, then `page` and `page_size`, then `near` and
 * `radius_km` (the first refusal wins).
 */
export function parseDirectoryQuery(query: Record<string, unknown>): Parsed<DirectoryQuery> {
  const filters = parseDirectoryFilters(query);
  const page = parsePageParam(query.page, 'page');
  if (!page.ok) return page;
  const size = parsePageParam(query.page_size, 'page_size');
  if (!size.ok) return size;
  const near = parseDirectoryNear(query);
  if (!near.ok) return near;
  return {
    ok: true,
    value: { filters, page: page.value, pageSize: size.value, ...(near.value ? { near: near.value } : {}) },
  };
}

/** A search as the screens and saved searches hold it: every key's values, 'Cerca de', the page. */
export interface DirectorySearch {
  filters: DirectoryFilters;
  near?: DirectoryNear | null;
  page?: number;
}

/**
 * The query parameters of a search (the address of a directory page, a saved search, the API
 * call): the chosen filter keys comma-separated, `near` and `radius_km` when 'Cerca de' is on,
 * and `page` past the first. parseDirectorySearch reads them back.
 */
export function directorySearchToQuery(search: DirectorySearch): Record<string, string> {
  return {
    ...directoryFiltersToQuery(search.filters),
    ...(search.near ? { near: String(search.near.municipality), radius_km: String(search.near.radiusKm) } : {}),
    ...(search.page && search.page > 1 ? { page: String(search.page) } : {}),
  };
}

/**
 * A search from query parameters (directorySearchToQuery's, or an address's): what a rule
 * refuses is left out (no 'Cerca de', the first page) rather than failing, as a screen reads an
 * address.
 */
export function parseDirectorySearch(query: Record<string, unknown>): Required<DirectorySearch> {
  const near = parseDirectoryNear(query);
  const page = parsePageParam(query.page, 'page');
  return {
    filters: { ...NO_DIRECTORY_FILTERS, ...parseDirectoryFilters(query) },
    near: near.ok ? (near.value ?? null) : null,
    page: page.ok ? (page.value ?? 1) : 1,
  };
}

/** Great-circle distance in km between two points given in degrees (haversine, Earth radius 6,371 km). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * A distance as the directories say it and filter by it: whole kilometres, rounded to
 * the nearest (half up: 5.4 km is 5, 5.5 km is 6). One rule for the card and the radius, so a
 * card that says 'a 5 km' is in the 5 km search.
 */
export function roundDistanceKm(km: number): number {
  return Math.round(km);
}

/** Whether a distance is within 'Cerca de''s radius, read as its card says it (roundDistanceKm). */
export function withinRadiusKm(km: number, radiusKm: number): boolean {
  return roundDistanceKm(km) <= radiusKm;
}

/** What a card says of its distance (already rounded, roundDistanceKm): 'a 7 km', and 'a menos de 1 km' for 0. */
export function formatDistanceKm(km: number): string {
  return km < 1 ? 'a menos de 1 km' : `a ${km} km`;
}

/** The query parameters of chosen filters: only keys with values, each comma-separated. */
export function directoryFiltersToQuery(filters: DirectoryFilters): Record<string, string> {
  return Object.fromEntries(
    DIRECTORY_FILTER_KEYS.filter((key) => filters[key].length > 0).map((key) => [key, filters[key].join(',')]),
  );
}

/**
 * Filters kept from an earlier visit (the web keeps them per page in session storage): each
 * key's list of texts, anything else of the saved value ignored; nothing usable is no filter.
 */
export function restoreDirectoryFilters(saved: unknown): DirectoryFilters {
  const filters = { ...NO_DIRECTORY_FILTERS };
  if (typeof saved !== 'object' || saved === null) return filters;
  for (const key of DIRECTORY_FILTER_KEYS) {
    const list: unknown = (saved as Record<string, unknown>)[key];
    if (Array.isArray(list)) filters[key] = list.filter((v): v is string => typeof v === 'string');
  }
  return filters;
}
