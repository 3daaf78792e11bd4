import { HttpStatus } from '@nestjs/common';
import { AppException } from '../../common/app-exception';
import type { Catalog } from '../catalog/catalog.service';

/** Filter keys of spec 02 §5, as query parameters (decisions: API). */
export const FILTER_KEYS = [
  'services',
  'work_arrangements',
  'tasks',
  'languages',
  'work_shifts',
  'province',
  'municipality',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;

export interface ParsedQuery {
  /** Catalog ids per key; an empty list means the key matched nothing (so no result can). */
  filters: Partial<Record<FilterKey, number[]>>;
  page: number;
  pageSize: number;
  /** True when the caller used any filter or paging parameter (then the answer is paginated). */
  paginated: boolean;
}

const BAD_PAGE = 'El número de página no es válido.';

function values(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [raw];
  return list
    .filter((v): v is string => typeof v === 'string')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

export function positiveInt(raw: unknown, field: string): number | undefined {
  if (raw === undefined) return undefined;
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (typeof text !== 'string' || !/^[1-9]\d{0,5}$/.test(text)) throw AppException.validation({ [field]: [BAD_PAGE] });
  return Number(text);
}

/**
 * Turns the query string into catalog ids: display labels for services, arrangements, tasks
 * and languages; `Día:Turno` labels for shifts; numeric ids for places. Several values of one
 * key are OR-ed; keys are AND-ed by the query builder.
 */
export function parseBrowseQuery(query: Record<string, unknown>, catalog: Catalog): ParsedQuery {
  const filters: ParsedQuery['filters'] = {};
  const byLabel = (list: { id: number; label: string }[], wanted: string[]) =>
    list.filter((c) => wanted.includes(c.label)).map((c) => c.id);
  for (const key of FILTER_KEYS) {
    const wanted = values(query[key]);
    if (wanted.length === 0) continue;
    switch (key) {
      case 'services':
        filters[key] = byLabel(
          catalog.services.map((s) => ({ id: s.id, label: s.title_display })),
          wanted,
        );
        break;
      case 'work_arrangements':
        filters[key] = byLabel(
          catalog.workArrangements.map((w) => ({ id: w.id, label: w.value_display })),
          wanted,
        );
        break;
      case 'tasks':
        filters[key] = byLabel(
          catalog.tasks.map((t) => ({ id: t.id, label: t.title_display })),
          wanted,
        );
        break;
      case 'languages':
        filters[key] = byLabel(
          catalog.languages.map((l) => ({ id: l.id, label: l.name_display })),
          wanted,
        );
        break;
      case 'work_shifts':
        filters[key] = byLabel(
          catalog.shifts.map((s) => ({ id: s.id, label: `${s.day_display}:${s.shift_display}` })),
          wanted,
        );
        break;
      case 'province':
      case 'municipality':
        filters[key] = wanted.filter((v) => /^\d{1,6}$/.test(v)).map(Number);
        break;
    }
  }
  const page = positiveInt(query.page, 'page');
  const size = positiveInt(query.page_size, 'page_size');
  const paginated = Object.keys(filters).length > 0 || page !== undefined || size !== undefined;
  return { filters, page: page ?? 1, pageSize: Math.min(size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE), paginated };
}

export function badRequest(message: string): AppException {
  return new AppException(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', message);
}

/** The join table and column each choice filter checks, per listed entity. */
export type ChoiceJoins = Record<Exclude<FilterKey, 'province' | 'municipality'>, readonly [string, string]>;

/**
 * SQL conditions for the filters (OR within a key through `= ANY`, AND across keys), with their
 * parameters appended to `params`. Answers null when a key matched no catalog entry: then no
 * row can match and the caller answers an empty page without asking the database.
 */
export function filterConditions(
  filters: ParsedQuery['filters'],
  params: unknown[],
  owner: { alias: string; foreignKey: string; joins: ChoiceJoins },
): string[] | null {
  const conditions: string[] = [];
  for (const [key, ids] of Object.entries(filters) as [FilterKey, number[] | undefined][]) {
    if (!ids || ids.length === 0) return null;
    params.push(ids);
    const slot = `$${params.length}::int[]`;
    if (key === 'province') conditions.push(`${owner.alias}.province_id = ANY(${slot})`);
    else if (key === 'municipality') conditions.push(`${owner.alias}.municipality_id = ANY(${slot})`);
    else {
      const [table, column] = owner.joins[key];
      conditions.push(
        `EXISTS (SELECT 1 FROM ${table} j WHERE j.${owner.foreignKey} = ${owner.alias}.id AND j.${column} = ANY(${slot}))`,
      );
    }
  }
  return conditions;
}
