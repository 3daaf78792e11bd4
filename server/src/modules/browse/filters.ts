import {
  DIRECTORY_FILTER_KEYS,
  DIRECTORY_NEAR_MESSAGES,
  DIRECTORY_PAGE_SIZE,
  directoryShiftValue,
  distanceKm,
  parseDirectoryQuery,
  parsePageParam,
  roundDistanceKm,
  withinRadiusKm,
  type DirectoryFilterKey,
} from '@cym/common';
import { AppException } from '../../common/app-exception';
import type { Catalog } from '../catalog/catalog.service';
import type { CardChoices } from './card-json';

/** The directories' filter keys, as query parameters (common's list, also the web's filter bar). */
export const FILTER_KEYS = DIRECTORY_FILTER_KEYS;
export type FilterKey = DirectoryFilterKey;

export const MAX_PAGE_SIZE = DIRECTORY_PAGE_SIZE.max;
export const DEFAULT_PAGE_SIZE = DIRECTORY_PAGE_SIZE.default;

/**
 * The most cards the plain array (no filter or page parameter: the spec's answer) holds, most
 * recent first: a million-worker directory in one answer would be gigabytes (docs/DECISIONS.md).
 */
export const DIRECTORY_ARRAY_MAX = 10_000;

/**
 * How many matches page `query` counts exactly (DIRECTORY_COUNT_BOUND, `bound`), or its own last
 * row's position when deeper: the count then still tells whether a next page exists, and costs
 * no more rows than the page's own OFFSET walks.
 */
export function countBoundOf(query: Pick<ParsedQuery, 'page' | 'pageSize'>, bound: number): number {
  return Math.max(bound, query.page * query.pageSize);
}

/** A directory page's count as answered: at most its bound, and whether it is the exact number of matches. */
export interface BoundedCount {
  count: number;
  /** False: more than `count` match (the count stopped at its bound). */
  exact: boolean;
}

/** The count a page answers from its rows' total (counted up to `countBound + 1`). */
export function boundedCount(total: number, countBound: number): BoundedCount {
  return total > countBound ? { count: countBound, exact: false } : { count: total, exact: true };
}

export interface ParsedQuery {
  /** Catalog ids per key; an empty list means the key matched nothing (so no result can). */
  filters: Partial<Record<FilterKey, number[]>>;
  page: number;
  pageSize: number;
  /** True when the caller used any filter or paging parameter (then the answer is paginated). */
  paginated: boolean;
  /** 'Cerca de': the chosen municipality, the radius, and the municipalities within it (nearMunicipalities). */
  near?: ParsedNear;
}

export interface ParsedNear {
  municipality: number;
  radiusKm: number;
  /** Every municipality whose centroid is within the radius, nearest first (then by id), with its distance. */
  within: { id: number; km: number }[];
}

/**
 * The municipalities whose centroid lies within `radiusKm` of municipality `id`'s (haversine on
 * the catalog's centroids, in memory: 527 of them), nearest first, then by id; the chosen one
 * is first, at 0 km. Within is read as the card says it (common's withinRadiusKm: the distance
 * rounded to whole km), so a card 'a 5 km' is in the 5 km search. Null when the catalog has no such municipality.
 */
export function nearMunicipalities(catalog: Catalog, id: number, radiusKm: number): ParsedNear['within'] | null {
  const centre = catalog.centroids.get(id);
  if (!centre) return null;
  const within: ParsedNear['within'] = [];
  for (const [other, point] of catalog.centroids) {
    const km = distanceKm(centre, point);
    if (withinRadiusKm(km, radiusKm)) within.push({ id: other, km });
  }
  return within.sort((a, b) => a.km - b.km || a.id - b.id);
}

/** A page number or size parameter (common's rule), or 400 naming the parameter. */
export function positiveInt(raw: unknown, field: string): number | undefined {
  const parsed = parsePageParam(raw, field);
  if (!parsed.ok) throw AppException.validation(parsed.errors);
  return parsed.value;
}

/**
 * Turns the query string into catalog ids. Common's parser reads the keys and their values
 * (display labels for services, arrangements, tasks and languages; `Día:Turno` labels for
 * shifts; numeric ids for places) and the page; here labels become the catalog's ids. Several
 * values of one key are OR-ed; keys are AND-ed by the query builder.
 */
export function parseBrowseQuery(query: Record<string, unknown>, catalog: Catalog): ParsedQuery {
  const parsed = parseDirectoryQuery(query);
  if (!parsed.ok) throw AppException.validation(parsed.errors);
  const { filters: wanted, page, pageSize: size, near: nearWanted } = parsed.value;
  let near: ParsedNear | undefined;
  if (nearWanted) {
    const within = nearMunicipalities(catalog, nearWanted.municipality, nearWanted.radiusKm);
    if (!within) throw AppException.validation({ near: [DIRECTORY_NEAR_MESSAGES.municipality] });
    near = { ...nearWanted, within };
  }
  const labels: Record<
    Exclude<FilterKey, 'province' | 'municipality' | 'verified'>,
    { id: number; label: string }[]
  > = {
    services: catalog.services.map((s) => ({ id: s.id, label: s.title_display })),
    work_arrangements: catalog.workArrangements.map((w) => ({ id: w.id, label: w.value_display })),
    tasks: catalog.tasks.map((t) => ({ id: t.id, label: t.title_display })),
    languages: catalog.languages.map((l) => ({ id: l.id, label: l.name_display })),
    work_shifts: catalog.shifts.map((s) => ({ id: s.id, label: directoryShiftValue(s.day_display, s.shift_display) })),
  };
  const filters: ParsedQuery['filters'] = {};
  for (const key of FILTER_KEYS) {
    const values = wanted[key];
    if (!values) continue;
    filters[key] =
      key === 'verified'
        ? [VERIFIED_CODE_ID]
        : key === 'province' || key === 'municipality'
          ? values.map(Number)
          : labels[key].filter((c) => values.includes(c.label)).map((c) => c.id);
  }
  const paginated = Object.keys(filters).length > 0 || near !== undefined || page !== undefined || size !== undefined;
  return {
    filters,
    page: page ?? 1,
    pageSize: Math.min(size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    paginated,
    ...(near ? { near } : {}),
  };
}

/**
 * What a filter value becomes in the read models' `filter_keys` (migration SearchReadModel, whose
 * triggers write the same codes): the kind's offset plus the catalog or place id.
 */
export const FILTER_KEY_OFFSETS: Record<FilterKey, number> = {
  province: 10_000_000,
  municipality: 20_000_000,
  services: 30_000_000,
  work_arrangements: 40_000_000,
  tasks: 50_000_000,
  languages: 60_000_000,
  work_shifts: 70_000_000,
  verified: 80_000_000,
};

/**
 * 'Solo verificados' is one code, 80,000,001, in the read models' `filter_keys`
 * (migration VerificationDocuments writes it: a worker with an approved DNI; an offer whose
 * employer has one, or the team's), so it is one more GIN condition like any filter.
 */
export const VERIFIED_CODE_ID = 1;

const VERIFIED_CODE = FILTER_KEY_OFFSETS.verified + VERIFIED_CODE_ID;

/**
 * Whether a read model row's `filter_keys` (as text, `{1,2,…}`) hold 'Solo verificados': the
 * card's 'Identidad verificada' read from the row the page already has, no lookup per card.
 */
export function hasVerifiedCode(keysText: string | null | undefined): boolean {
  if (!keysText) return false;
  return keysText
    .slice(1, -1)
    .split(',')
    .some((part) => Number(part) === VERIFIED_CODE);
}

/** The width of each kind's range of codes (an offset to the next). */
const FILTER_KEY_RANGE = 10_000_000;

/** Which choice list a code's offset stands for. */
const CHOICE_LIST_OF_OFFSET = new Map<number, keyof CardChoices>(
  (['services', 'work_arrangements', 'tasks', 'languages', 'work_shifts'] as const).map((list) => [
    FILTER_KEY_OFFSETS[list],
    list,
  ]),
);

/**
 * The choice ids a read model row's `filter_keys` holds, per choice list (places left out), from
 * the array's text (`{30000002,40000001}`).
 */
export function decodeChoiceKeys(keysText: string): CardChoices {
  const choices: CardChoices = { services: [], work_arrangements: [], tasks: [], languages: [], work_shifts: [] };
  const inner = keysText.slice(1, -1);
  if (!inner) return choices;
  for (const part of inner.split(',')) {
    const key = Number(part);
    const list = CHOICE_LIST_OF_OFFSET.get(key - (key % FILTER_KEY_RANGE));
    if (list) choices[list].push(key % FILTER_KEY_RANGE);
  }
  return choices;
}

/** A card's distance as it says it: whole kilometres, by its municipality (null when it has none in the list). */
export function nearDistances(near: ParsedNear | undefined): ((municipality: number | null) => number | null) | null {
  if (!near) return null;
  const km = new Map(near.within.map((m) => [m.id, roundDistanceKm(m.km)]));
  return (municipality) => (municipality === null ? null : (km.get(municipality) ?? null));
}
