import { COMMON_MESSAGES, DIRECTORY_PAGE_SIZE, directorySearchToQuery } from '@cym/common';
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api/errors';
import { useSession } from '../../lib/session';
import { SignUpLinks } from '../auth';
import { SaveSearchButton } from '../saved';
import { pingActivity, useDirectoryPage, type FetchPage } from './api';
import { FilterBar, type FilterChoices } from './FilterBar';
import { useDirectorySearch } from './use-directory-search';
import './directory.css';

/** Results per page in both directories (spec 02 §9); 'Mostrar todo' reads pages of the most. */
const PAGE_SIZE = DIRECTORY_PAGE_SIZE.default;

/**
 * Cards drawn at first, and added each time the reader nears the last one drawn: more than the
 * first screen holds on a phone (one column) or a desktop (three rows of four). A page rendered
 * on the server draws these and the browser hydrates them; the rest of the page's answer, already
 * in memory, is drawn as the reader scrolls. 50 cards drawn at once were most of a directory's
 * start-up work on a slow phone (docs/PERFORMANCE.md), and 'Mostrar todo' can be hundreds.
 */
const CARDS_PER_STEP = 12;

/** How far below the screen the next cards are drawn, so that scrolling never reaches the end. */
const DRAW_AHEAD = '0px 0px 1200px 0px';

/**
 * A grid of cards drawn CARDS_PER_STEP at a time, the next ones once a marker after the last card
 * comes within DRAW_AHEAD of the screen (each step a transition: drawn in slices that let taps
 * through). Keyboard focus entering the grid draws them all, so Tab never skips a card.
 */
function Cards<T>({
  items,
  renderItem,
  itemKey,
  gridClass,
}: Pick<Props<T>, 'renderItem' | 'itemKey' | 'gridClass'> & { items: T[] }) {
  const [drawn, setDrawn] = useState(CARDS_PER_STEP);
  const nearEnd = useCallback((marker: HTMLDivElement | null) => {
    if (!marker) return;
    if (typeof IntersectionObserver === 'undefined') {
      startTransition(() => setDrawn(Number.MAX_SAFE_INTEGER));
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setDrawn((count) => count + CARDS_PER_STEP));
      },
      { rootMargin: DRAW_AHEAD },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <div className={`card-grid ${gridClass}`} onFocus={() => setDrawn(Number.MAX_SAFE_INTEGER)}>
        {items.slice(0, drawn).map((item) => (
          <div key={itemKey(item)}>{renderItem(item)}</div>
        ))}
      </div>
      {/* A new marker per step, so that one still near the screen asks for the next step too. */}
      {drawn < items.length && <div key={drawn} ref={nearEnd} className="directory__more" />}
    </>
  );
}

interface Props<T> {
  title: string;
  /** Session storage key of the chosen filters (one per page, spec 02 §2.1). */
  storageKey: string;
  /** Which directory: its queries' name. */
  name: 'workers' | 'job-offers';
  /** The filter bar's lists (from lib/catalog); the bar shows once they are known. */
  choices: FilterChoices | undefined;
  fetchPage: FetchPage<T>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => number;
  countLabel: (count: number) => string;
  emptyText: string;
  gridClass: string;
}

/**
 * A public search page (spec 02 §2.1–2.2): the filter bar, the server's filtered page, 50 per
 * page with page buttons, 'Mostrar todo' (every page of 100, in turn), loading, error and empty
 * states, and the activity ping for signed-in people.
 */
export function Directory<T>(props: Props<T>) {
  const { storageKey, choices, fetchPage } = props;
  const { authenticated } = useSession();
  const { filters, setFilters, near, setNear, page, setPage } = useDirectorySearch(storageKey);
  const [showAll, setShowAll] = useState(false);
  const query = useMemo(() => directorySearchToQuery({ filters, near }), [filters, near]);
  const answer = useDirectoryPage(props.name, fetchPage, query, {
    page,
    size: showAll ? DIRECTORY_PAGE_SIZE.max : PAGE_SIZE,
    all: showAll,
  });
  const loaded = answer.data;

  useEffect(() => {
    if (authenticated) pingActivity();
  }, [authenticated]);

  const pages = loaded ? Math.ceil(loaded.count / PAGE_SIZE) : 0;
  return (
    <div className="container directory">
      <h1>{props.title}</h1>
      {choices && (
        <FilterBar choices={choices} filters={filters} onChange={setFilters} near={near} onNearChange={setNear} />
      )}
      <div className="directory__tools">
        <SaveSearchButton kind={props.name} query={query} />
      </div>
      {answer.isPending && (
        <div className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="visually-hidden">Cargando…</span>
        </div>
      )}
      {answer.isError && (
        <p className="notice notice--error" role="alert">
          Error: {errorMessage(answer.error, COMMON_MESSAGES.connection)}
        </p>
      )}
      {loaded && loaded.results.length === 0 && <p>{props.emptyText}</p>}
      {loaded && loaded.results.length > 0 && (
        <>
          <p className="muted" role="status">
            {props.countLabel(loaded.count)}
          </p>
          <Cards
            key={JSON.stringify([query, page, showAll])}
            items={loaded.results}
            renderItem={props.renderItem}
            itemKey={props.itemKey}
            gridClass={props.gridClass}
          />
          {!showAll && loaded.count > PAGE_SIZE && (
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
          {showAll && loaded.count > PAGE_SIZE && (
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
      {/* Below the cards once they are in: shown earlier, it was pushed down the screen (a layout shift). */}
      {!answer.isPending && !authenticated && <SignUpLinks />}
    </div>
  );
}
