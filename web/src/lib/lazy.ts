import type { QueryClient } from '@tanstack/react-query';
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import type { Params, RouteObject } from 'react-router';
import { usePageLive, useRenderedModule } from './server-render';

/** Script chunks that have not arrived after 120 s count as failed. */
const CHUNK_TIMEOUT_MS = 120_000;

/** What a page's `prefetch` is given: the query client, the route's parameters and the address. */
export interface PrefetchContext {
  client: QueryClient;
  params: Params;
  url: URL;
}

/**
 * The queries a page draws (each with the query options its hooks use), fetched into the client
 * before a server render draws the page, so the page is drawn once, with its answers. A route
 * declares it beside its page: the page module's `prefetch` export, or its `handle.prefetch`.
 */
export type Prefetch = (context: PrefetchContext) => Promise<unknown>;

type PageModule<P> = { default: ComponentType<P>; prefetch?: Prefetch };

/**
 * A page's code that did not arrive (no connection, a chunk of an older build, the time limit):
 * the route's error screen asks the person to check their connection and try again
 * (app/RouteError.tsx). The browser's own error, in English, is its `cause`, for the console.
 */
export class PageLoadError extends Error {
  constructor(cause?: unknown) {
    super('No pudimos cargar esta página.', { cause });
    this.name = 'PageLoadError';
  }
}

/** A failed download is not asked again before this long (a new visit to the page asks again). */
const RETRY_AFTER_MS = 2_000;

/**
 * A lazy page, with `preload` to fetch its module before it is drawn, and `prefetch` to load it
 * and fetch the queries it declares.
 */
export type LazyPage<P extends object> = ComponentType<P> & {
  preload: () => Promise<void>;
  prefetch: Prefetch;
};

/**
 * A page loaded on demand (React.lazy), with a time limit, so a stalled download on a slow network
 * ends in the retry screen. Once its module is there (`preload`, or a first render), the page is
 * drawn at once, without suspending: the browser preloads the page it hydrates (main.tsx), so the
 * whole server-rendered page hydrates in one go. `source` is the page's module, written in by the
 * build (vite.config.ts, `lazyPageSources`): a server render notes which pages it used, to link
 * their CSS and scripts in the page's head.
 */
export function lazyPage<P extends object>(load: () => Promise<PageModule<P>>, source?: string): LazyPage<P> {
  let loaded: PageModule<P> | undefined;
  let loading: Promise<PageModule<P>> | undefined;
  let failedAt = 0;
  const loadOnce = () => {
    loading ??= new Promise<PageModule<P>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new PageLoadError(new Error('timeout'))), CHUNK_TIMEOUT_MS);
      load()
        .then(
          (module) => {
            loaded = module;
            resolve(module);
          },
          (error: unknown) => reject(new PageLoadError(error)),
        )
        .finally(() => clearTimeout(timer));
    });
    // A failed download may be tried again (the retry screen, or a later visit to the page).
    loading.catch(() => {
      loading = undefined;
      failedAt = Date.now();
    });
    return loading;
  };
  // React.lazy keeps a failure for good: a later visit to the page gets a fresh one. Not at once,
  // so React's own second render of a failed tree does not start the download again and again.
  let Lazy = lazy(loadOnce);
  function Page(props: P) {
    useRenderedModule(source);
    usePageLive();
    if (!loaded && failedAt > 0 && Date.now() - failedAt > RETRY_AFTER_MS) {
      failedAt = 0;
      Lazy = lazy(loadOnce);
    }
    return loaded ? createElement(loaded.default, props) : createElement(Lazy, props);
  }
  return Object.assign(Page, {
    preload: () => loadOnce().then(() => undefined),
    prefetch: (context: PrefetchContext) => loadOnce().then((module) => module.prefetch?.(context)),
  });
}

/** The lazy page a route draws, when its element is one (a page behind a guard is not). */
export function routePage(route: RouteObject): Partial<LazyPage<object>> | undefined {
  return (route.element as ReactElement | undefined)?.type as Partial<LazyPage<object>> | undefined;
}
