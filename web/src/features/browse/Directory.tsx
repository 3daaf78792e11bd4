import { COMMON_MESSAGES, DIRECTORY_PAGE_SIZE, directorySearchToQuery, formatThousands } from '@cym/common';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api/errors';
import { directoryFiltersQuery } from '../../lib/catalog';
import type { Prefetch } from '../../lib/lazy';
import { useSession } from '../../lib/session';
import { SignUpLinks } from '../auth';
import { SaveSearchButton } from '../saved';
import { directoryQuery, pingActivity, type DirectoryItem, type DirectoryName } from './api';
import { Cards } from './Cards';
import { FilterBar } from './FilterBar';
import { addressSearch, useDirectorySearch } from './use-directory-search';
import './directory.css';

/** Results per page in both directories; 'Mostrar todo' reads pages of the most. */
const PAGE_SIZE = DIRECTORY_PAGE_SIZE.default;

/** What a directory page draws first: its filter lists and the page of the search its address names. */
export function prefetchDirectory(name: DirectoryName): Prefetch {
  return ({ client, url }) => {
    const { filters, near, page } = addressSearch(url.searchParams);
    const query = directorySearchToQuery({ filters, near });
    return Promise.all([
      client.prefetchQuery(directoryFiltersQuery),
      client.prefetchQuery(directoryQuery(name, query, { page, size: PAGE_SIZE, all: false })),
    ]);
  };
}

interface Props<N extends DirectoryName> {
  title: string;
  /** Session storage key of the chosen filters (one per page). */
  storageKey: string;
  /** Which directory: its queries' name. */
  name: N;
  renderItem: (item: DirectoryItem<N>) => ReactNode;
  itemKey: (item: DirectoryItem<N>) => number;
  /** The count line: '12 perfiles', or with `exact` false 'Más de 1.000 perfiles'. */
  countLabel: (count: number, exact: boolean) => string;
  emptyText: string;
  gridClass: string;
}

/**
 * A public search page: the filter bar, the server's filtered page, 50 per page with page buttons
 * (up to the count, which stops at the server's bound: then 'Siguiente' goes past it), 'Mostrar
 * todo' (every page of 100, in turn, up to the bound), loading, error and empty states, and the
 * activity ping for signed-in people.
 */
export function Directory<N extends DirectoryName>(props: Props<N>) {
  const { storageKey } = props;
  const { authenticated } = useSession();
  // The filter bar's lists (from lib/catalog); the bar shows once they are known.
  const choices = useQuery(directoryFiltersQuery).data;
  const { filters, setFilters, near, setNear, page, setPage } = useDirectorySearch(storageKey);
  const [showAll, setShowAll] = useState(false);
  const query = useMemo(() => directorySearchToQuery({ filters, near }), [filters, near]);
  const answer = useQuery(
    directoryQuery(props.name, query, { page, size: showAll ? DIRECTORY_PAGE_SIZE.max : PAGE_SIZE, all: showAll }),
  );
  const loaded = answer.data;

  useEffect(() => {
    if (authenticated) pingActivity();
  }, [authenticated]);

  // Pages the count reaches; past a bounded count ('Más de 1.000') 'Siguiente' goes on.
  const pages = loaded ? Math.ceil(loaded.count / PAGE_SIZE) : 0;
  const paged = loaded ? loaded.count > PAGE_SIZE || !loaded.count_exact : false;
  const hasNext = loaded ? page < pages || !loaded.count_exact : false;
  return (
    <div className="container directory">
      <h1>{props.title}</h1>
      {choices && (
        <FilterBar choices={choices} filters={filters} onChange={setFilters} near={near} onNearChange={setNear} />
      )}
      <div className="directory__tools">
        <SaveSearchButton kind={props.name} query={query} />
      </div>
      {/* One live region, there from the start, whose text changes: the count, or
          the empty text; a region removed and re-created is not reliably announced. */}
      <p className="muted directory__count" role="status">
        {loaded
          ? loaded.results.length > 0
            ? props.countLabel(loaded.count, loaded.count_exact)
            : props.emptyText
          : ''}
      </p>
      {answer.isPending && (
        <div className="page-loading">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Cargando…</span>
        </div>
      )}
      {answer.isError && (
        <p className="notice notice--error" role="alert">
          Error: {errorMessage(answer.error, COMMON_MESSAGES.connection)}
        </p>
      )}
      {loaded && loaded.results.length > 0 && (
        <>
          <Cards
            key={JSON.stringify([query, page, showAll])}
            items={loaded.results}
            renderItem={props.renderItem}
            itemKey={props.itemKey}
            gridClass={props.gridClass}
          />
          {!showAll && paged && (
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
              {hasNext && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setPage(page + 1);
                    window.scrollTo({ top: 0 });
                  }}
                >
                  Siguiente
                </button>
              )}
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
          {showAll && paged && (
            <nav className="pager" aria-label="Páginas">
              {!loaded.count_exact && (
                <p className="muted directory__shown">
                  Se muestran los primeros {formatThousands(loaded.results.length)}: usá los filtros o las páginas para
                  ver los demás.
                </p>
              )}
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
      {/* Below the cards once they are in: shown earlier, it was pushed down the screen (a layout shift). */}
      {!answer.isPending && !authenticated && <SignUpLinks />}
    </div>
  );
}
