import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { ADMIN_PAGE_SIZE, adminKeys, adminListQuery, type AdminPage, type ListQuery } from './api';
// The pieces carry their styles, also into other features' admin pages (moderation).
import './admin.css';

/** How long the search waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchList<T> {
  /** What the search box shows (asked for 300 ms after the last change). */
  text: string;
  setText: (text: string) => void;
  /** The search and page the rows belong to. */
  query: ListQuery;
  setPage: (page: number) => void;
  /** Null before the first answer and after a failure. */
  data: AdminPage<T> | null;
  loading: boolean;
  failed: boolean;
  /** Puts the server's answer in place of the row with the same id. */
  replace: (row: T) => void;
  /** Asks again for the same search and page (after a delete). */
  reload: () => void;
}

/**
 * An admin list searched on the server: the box is debounced, a new search starts at page 1, 50
 * rows a page; each search and page is its own query under `key` (adminKeys.list) (so a late answer
 * never overwrites a newer one), and the rows on screen stay while the next page loads. `key` names
 * everything `fetchPage` depends on besides the search and page.
 */
export function useSearchList<T extends { id: number }>(
  key: readonly unknown[],
  fetchPage: (query: ListQuery) => Promise<AdminPage<T>>,
): SearchList<T> {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<ListQuery>({ search: '', page: 1 });
  const client = useQueryClient();

  useEffect(() => {
    const timer = setTimeout(() => {
      const search = text.trim();
      setQuery((current) => (current.search === search ? current : { search, page: 1 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const answer = useQuery(adminListQuery(key, fetchPage, query));

  // The last row of the last page was deleted: show the page before it.
  const page = answer.data;
  const pastTheEnd = !!page && page.results.length === 0 && query.page > 1 && page.count > 0;
  useEffect(() => {
    if (pastTheEnd && page) setQuery((q) => ({ ...q, page: Math.ceil(page.count / ADMIN_PAGE_SIZE) }));
  }, [pastTheEnd, page]);

  const keyText = JSON.stringify(adminKeys.listPage(key, query));
  const replace = useCallback(
    (row: T) =>
      client.setQueryData<AdminPage<T>>(
        JSON.parse(keyText) as unknown[],
        (d) => d && { ...d, results: d.results.map((r) => (r.id === row.id ? row : r)) },
      ),
    [client, keyText],
  );
  const listKey = JSON.stringify(key);
  // Every search and page of this list: a delete moves rows between pages.
  const reload = useCallback(
    () => void client.invalidateQueries({ queryKey: JSON.parse(listKey) as unknown[] }),
    [client, listKey],
  );
  const setPage = useCallback((n: number) => setQuery((q) => ({ ...q, page: n })), []);

  return {
    text,
    setText,
    query,
    setPage,
    // Past the end, the spinner shows until the page before it answers.
    data: answer.isError || pastTheEnd ? null : (page ?? null),
    loading: answer.isFetching || pastTheEnd,
    failed: answer.isError,
    replace,
    reload,
  };
}

/** The page numbers around the current one, with the first and last always there. */
function pageNumbers(current: number, total: number): (number | 'gap')[] {
  const shown = new Set([1, total, current - 1, current, current + 1].filter((n) => n >= 1 && n <= total));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1]! > 1) out.push('gap');
    out.push(n);
  });
  return out;
}

/** Page buttons when the answer has more than one page (of 50 unless the list says otherwise). */
export function AdminPager({
  count,
  page,
  onPage,
  pageSize = ADMIN_PAGE_SIZE,
}: {
  count: number;
  page: number;
  onPage: (page: number) => void;
  pageSize?: number;
}) {
  const total = Math.ceil(count / pageSize);
  if (total <= 1) return null;
  const go = (n: number) => {
    onPage(n);
    window.scrollTo({ top: 0 });
  };
  return (
    <nav className="pager admin-pager" aria-label="Páginas">
      <button
        type="button"
        className="pager__page admin-pager__step"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
        aria-label="Página anterior"
      >
        ‹
      </button>
      {pageNumbers(page, total).map((n, i) =>
        n === 'gap' ? (
          <span key={`gap-${i}`} className="admin-pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={n}
            type="button"
            className={`pager__page ${n === page ? 'pager__page--current' : ''}`}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Página ${n}`}
            onClick={() => go(n)}
          >
            {n}
          </button>
        ),
      )}
      <button
        type="button"
        className="pager__page admin-pager__step"
        disabled={page >= total}
        onClick={() => go(page + 1)}
        aria-label="Página siguiente"
      >
        ›
      </button>
    </nav>
  );
}

/** The search box of an admin toolbar, with its label for screen readers. */
export function AdminSearch({
  id,
  label,
  placeholder = label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  /** Shorter than the label where the label would be cut on a 390 px phone. */
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        maxLength={100}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}

/** The first load's spinner. */
export function AdminLoading() {
  return (
    <div className="page-loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Cargando…</span>
    </div>
  );
}

/**
 * What every admin list shows: its load failure with a retry, the first load, the empty text, then
 * the count, the table (a card per row below 700 px) and the page buttons. The rows on screen stay
 * while the next page or search loads (the table says it is busy).
 */
export function AdminListView<T>({
  list,
  loadFailed,
  emptyText,
  countLabel,
  tableLabel,
  className,
  children,
}: {
  list: SearchList<T>;
  loadFailed: string;
  emptyText: string;
  countLabel: (count: number) => string;
  tableLabel: string;
  /** Extra class of the table, for a page's own column rules. */
  className?: string;
  /** The table's head and body for the rows of this page. */
  children: (rows: T[]) => ReactNode;
}) {
  const rows = list.data?.results ?? [];
  return (
    <>
      {list.failed && (
        <div className="admin-status">
          <p className="notice notice--error admin-notice" role="alert">
            {loadFailed}
          </p>
          <button type="button" className="button button--secondary" onClick={list.reload}>
            Reintentar
          </button>
        </div>
      )}
      {!list.data && list.loading && <AdminLoading />}
      {list.data && rows.length === 0 && <p className="admin-status">{emptyText}</p>}
      {list.data && rows.length > 0 && (
        <>
          <p className="admin-count muted" role="status">
            {countLabel(list.data.count)}
          </p>
          <div className="table-scroll" tabIndex={0} aria-label={tableLabel}>
            <table className={className ? `admin-table ${className}` : 'admin-table'} aria-busy={list.loading}>
              {children(rows)}
            </table>
          </div>
          <AdminPager count={list.data.count} page={list.query.page} onPage={list.setPage} />
        </>
      )}
    </>
  );
}
