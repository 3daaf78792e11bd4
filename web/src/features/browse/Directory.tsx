import {
  COMMON_MESSAGES,
  DIRECTORY_PAGE_SIZE,
  directoryFiltersToQuery,
  restoreDirectoryFilters,
  type DirectoryFilters,
} from '@cym/common';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '../../lib/api/client';
import { useSession } from '../../lib/session';
import { SignUpLinks } from '../auth';
import { FilterBar, type FilterChoices } from './FilterBar';

/** Results per page in both directories (spec 02 §9); 'Mostrar todo' reads pages of the most. */
const PAGE_SIZE = DIRECTORY_PAGE_SIZE.default;

export interface PageAnswer<T> {
  results: T[];
  count: number;
}

interface Props<T> {
  title: string;
  /** Session storage key of the chosen filters (one per page, spec 02 §2.1). */
  storageKey: string;
  loadChoices: () => Promise<FilterChoices | undefined>;
  fetchPage: (query: Record<string, string>, page: number, size: number) => Promise<PageAnswer<T>>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => number;
  countLabel: (count: number) => string;
  emptyText: string;
  gridClass: string;
}

function restoreFilters(key: string): DirectoryFilters {
  try {
    return restoreDirectoryFilters(JSON.parse(sessionStorage.getItem(key) ?? 'null'));
  } catch {
    return restoreDirectoryFilters(null);
  }
}

/** The spec's message for an answer without the server's own, in Spanish. */
const LIST_NOT_LOADED = 'El servidor no respondió correctamente.';

type State<T> = { kind: 'loading' } | { kind: 'error'; message: string } | ({ kind: 'loaded' } & PageAnswer<T>);

/**
 * A public search page (spec 02 §2.1–2.2): the filter bar, the server's filtered page, 50 per
 * page with page buttons, 'Mostrar todo' (every page of 100, in turn), loading, error and empty
 * states, and the activity ping for signed-in people.
 */
export function Directory<T>(props: Props<T>) {
  const { storageKey, loadChoices, fetchPage } = props;
  const { authenticated } = useSession();
  const [choices, setChoices] = useState<FilterChoices | null>(null);
  const [filters, setFilters] = useState<DirectoryFilters>(() => restoreFilters(storageKey));
  const [page, setPage] = useState(1);
  const [showAll, setShowAll] = useState(false);
  const [state, setState] = useState<State<T>>({ kind: 'loading' });
  const query = useMemo(() => directoryFiltersToQuery(filters), [filters]);

  useEffect(() => {
    void loadChoices().then((data) => data && setChoices(data));
    if (authenticated) void api.POST('/api/activity/ping').catch(() => undefined);
  }, [authenticated, loadChoices]);

  useEffect(() => {
    sessionStorage.setItem(storageKey, JSON.stringify(filters));
  }, [storageKey, filters]);

  useEffect(() => {
    let active = true;
    setState({ kind: 'loading' });
    const load = async (): Promise<PageAnswer<T>> => {
      if (!showAll) return fetchPage(query, page, PAGE_SIZE);
      const first = await fetchPage(query, 1, DIRECTORY_PAGE_SIZE.max);
      const results = [...first.results];
      for (let n = 2; results.length < first.count; n += 1)
        results.push(...(await fetchPage(query, n, DIRECTORY_PAGE_SIZE.max)).results);
      return { results, count: first.count };
    };
    load()
      .then((data) => active && setState({ kind: 'loaded', ...data }))
      .catch(
        (caught: unknown) =>
          active &&
          setState({
            kind: 'error',
            // fetch's own failure text is the browser's, in English: the connection message instead.
            message:
              caught instanceof Error && !(caught instanceof TypeError) ? caught.message : COMMON_MESSAGES.connection,
          }),
      );
    return () => {
      active = false;
    };
  }, [fetchPage, query, page, showAll]);

  const pages = state.kind === 'loaded' ? Math.ceil(state.count / PAGE_SIZE) : 0;
  return (
    <div className="container directory">
      <h1>{props.title}</h1>
      {choices && (
        <FilterBar
          choices={choices}
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
      )}
      {state.kind === 'loading' && (
        <div className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Cargando…</span>
        </div>
      )}
      {state.kind === 'error' && (
        <p className="notice notice--error" role="alert">
          Error: {state.message}
        </p>
      )}
      {state.kind === 'loaded' && state.results.length === 0 && <p>{props.emptyText}</p>}
      {state.kind === 'loaded' && state.results.length > 0 && (
        <>
          <p className="muted" role="status">
            {props.countLabel(state.count)}
          </p>
          <div className={`card-grid ${props.gridClass}`}>
            {state.results.map((item) => (
              <div key={props.itemKey(item)}>{props.renderItem(item)}</div>
            ))}
          </div>
          {!showAll && state.count > PAGE_SIZE && (
            <nav className="pager" aria-label="Páginas">
              {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                <button
                  key={n}
                  type="button"
                  className={`pager__page ${n === page ? 'pager__page--current' : ''}`}
                  aria-current={n === page ? 'page' : undefined}
                  onClick={() => {
                    setPage(n);
                    window.scrollTo({ top: 0 });
                  }}
                >
                  {n}
                </button>
              ))}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setShowAll(true);
                  setPage(1);
                }}
              >
                Mostrar todo
              </button>
            </nav>
          )}
          {showAll && state.count > PAGE_SIZE && (
            <nav className="pager" aria-label="Páginas">
              {/* The way back from 'Mostrar todo', without reloading. */}
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setShowAll(false);
                  setPage(1);
                  window.scrollTo({ top: 0 });
                }}
              >
                Ver por páginas
              </button>
            </nav>
          )}
        </>
      )}
      <SignUpLinks />
    </div>
  );
}

/** The list answer of a paged request, or the server's message as an error. */
export function pageOrThrow<T>({ data, error }: { data?: T[] | PageAnswer<T>; error?: unknown }): PageAnswer<T> {
  if (!data || Array.isArray(data))
    throw new Error((error as { error?: string } | undefined)?.error ?? LIST_NOT_LOADED);
  return data;
}
