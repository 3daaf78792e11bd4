import { hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';

/**
 * Server rendering: the public pages arrive as HTML made by the same components on the server
 * (src/entry-server.tsx), and the browser hydrates them. Two rules follow, and this module holds
 * what they need:
 *
 * - The browser's first render must equal the server's. The server knows no session, no local
 *   or session storage and no clock of the visitor: what depends on them (the stored login, the
 *   last search of the tab) is applied right after hydration, never in the first render.
 * - The answers the server already fetched travel in the page (a JSON script element, which the
 *   content security policy allows, unlike an inline script) and are fresh for a while, so the
 *   browser does not ask for them again on arrival.
 */

export { SERVER_STATE_ELEMENT_ID } from '@cym/common';

/** How long an answer that came with the page counts as fresh (then screens re-ask as usual). */
export const SERVER_ANSWER_FRESH_MS = 30_000;

/** True on the server, and in a browser app that started from a page the server rendered. */
const ServerStartContext = createContext(false);

/** Whether renders may read the browser (false on the server and while hydrating). */
const InBrowserContext = createContext(true);

/**
 * Says whether the page started on the server, and once a hydrated page is live (whenPageLive),
 * that renders are in the browser now: as a transition, so that redrawing what reads it (the directory and its
 * cards, the dialogs) yields to the browser every few milliseconds instead of being one long task
 * right after hydration (as useSyncExternalStore's switch from the server's value was).
 */
export function ServerStartProvider({ value, children }: { value: boolean; children: ReactNode }) {
  const [inBrowser, setInBrowser] = useState(!value);
  useEffect(() => {
    if (!inBrowser) return whenPageLive(() => startTransition(() => setInBrowser(true)));
  }, [inBrowser]);
  return (
    <ServerStartContext.Provider value={value}>
      <InBrowserContext.Provider value={inBrowser}>{children}</InBrowserContext.Provider>
    </ServerStartContext.Provider>
  );
}

/** Whether this page started as server-rendered HTML (then start-up covers are not needed). */
export function useStartedOnServer(): boolean {
  return useContext(ServerStartContext);
}

/**
 * False on the server and during hydration, true in every render after it and in renders that
 * start in the browser: what may read the browser's storage in a render.
 */
export function useInBrowser(): boolean {
  return useContext(InBrowserContext);
}

/** How long a hydrating page may take before what waits for it goes ahead anyway. */
const PAGE_LIVE_LATEST_MS = 5_000;

let pageLive = false;
const waitingForPage = new Set<() => void>();

/**
 * Marks the page as live: drawn by the browser or hydrated, the page itself included (React
 * hydrates the shell first and each Suspense boundary after it). `<html data-ready>` says so, to
 * tools that wait for it and to the start script (boot.ts), which then gives a tap it kept to its
 * button. Called by every route's element (lazy pages, the error page).
 */
export function usePageLive(): void {
  useEffect(() => {
    if (pageLive) {
      document.documentElement.dataset.ready = 'true';
      return;
    }
    pageLive = true;
    for (const run of waitingForPage) run();
    waitingForPage.clear();
    // What those changed (the stored session) is drawn before the page says it is live, so no
    // tap reaches a button that still answers as for a visitor.
    requestAnimationFrame(() =>
      setTimeout(() => {
        document.documentElement.dataset.ready = 'true';
      }, 0),
    );
  }, []);
}

/**
 * Runs `run` once the page is live (at once if it is), or after PAGE_LIVE_LATEST_MS at the
 * latest; returns what cancels it. What changes what the page shows right after hydration (the
 * stored session) waits for it: a change that reaches a part still being hydrated would not
 * match the server's HTML, and React would throw that part away and draw it again.
 */
export function whenPageLive(run: () => void): () => void {
  if (pageLive) {
    run();
    return () => undefined;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    waitingForPage.delete(once);
    run();
  };
  const timer = setTimeout(once, PAGE_LIVE_LATEST_MS);
  waitingForPage.add(once);
  return () => {
    done = true;
    clearTimeout(timer);
    waitingForPage.delete(once);
  };
}

/** The source modules of the lazy pages a server render used (their CSS and scripts go in its head). */
export type RenderedModules = Set<string>;

const RenderedModulesContext = createContext<RenderedModules | null>(null);

export const RenderedModulesProvider = RenderedModulesContext.Provider;

/** Notes a lazy page's module as rendered (on the server; a no-op in the browser). */
export function useRenderedModule(source: string | undefined): void {
  const modules = useContext(RenderedModulesContext);
  if (modules && source) modules.add(source);
}

/**
 * Puts the answers that came with the page into the client's cache, each fresh for
 * SERVER_ANSWER_FRESH_MS from now (the browser's clock, not the server's): the screens show them
 * without asking again on arrival, and ask as usual once they change or grow old. A page whose
 * state cannot be read starts empty, as a page without state would.
 */
export function hydrateServerAnswers(client: QueryClient, json: string): void {
  let state: DehydratedState;
  try {
    state = JSON.parse(json) as DehydratedState;
  } catch {
    return;
  }
  if (!Array.isArray(state?.queries)) return;
  const arrived = Date.now();
  const fromServer = new Map<string, number>();
  for (const query of state.queries) {
    query.state.dataUpdatedAt = arrived;
    fromServer.set(query.queryHash, arrived);
  }
  hydrate(client, state);
  const defaults = client.getDefaultOptions();
  const staleTime = defaults.queries?.staleTime;
  client.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      staleTime: (query: Query) => {
        const at = fromServer.get(query.queryHash);
        if (at === query.state.dataUpdatedAt && Date.now() - at < SERVER_ANSWER_FRESH_MS) return SERVER_ANSWER_FRESH_MS;
        return typeof staleTime === 'function' ? staleTime(query) : (staleTime ?? 0);
      },
    },
  });
}
