import { AppException } from '../../common/app-exception';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, positiveInt } from '../browse/filters';
import type { Paging } from './admin.repository';

/** The admin lists' query: without parameters the plain array, with any a page. */
export interface AdminQuery {
  /** A LIKE pattern matching the search anywhere, wildcards in it escaped; null without a search. */
  pattern: string | null;
  page: number;
  pageSize: number;
  paginated: boolean;
}

const SEARCH_MAX = 100;

export function parseAdminQuery(query: Record<string, unknown>): AdminQuery {
  const raw = Array.isArray(query.search) ? (query.search as unknown[])[0] : query.search;
  if (raw !== undefined && typeof raw !== 'string')
    throw AppException.validation({ search: ['La búsqueda no es válida.'] });
  const search = (raw ?? '').trim();
  if (search.length > SEARCH_MAX)
    throw AppException.validation({ search: [`La búsqueda admite hasta ${SEARCH_MAX} caracteres.`] });
  const page = positiveInt(query.page, 'page');
  const size = positiveInt(query.page_size, 'page_size');
  return {
    pattern: search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
    page: page ?? 1,
    pageSize: Math.min(size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    paginated: raw !== undefined || page !== undefined || size !== undefined,
  };
}

/** The page a paginated query asks for; null for the whole list. */
export function pageOf(query: AdminQuery): Paging | null {
  return query.paginated ? { limit: query.pageSize, offset: (query.page - 1) * query.pageSize } : null;
}

/** The plain list, or the page envelope when the caller asked for one. */
export function answer<T>(query: AdminQuery, results: T[], count: number) {
  return query.paginated ? { results, count, page: query.page, page_size: query.pageSize } : results;
}
