import { createElement, lazy, type ComponentType } from 'react';
import { usePageLive, useRenderedModule } from './server-render';

/** Script chunks that have not arrived after 120 s count as failed (spec 01 §9). */
const CHUNK_TIMEOUT_MS = 120_000;

type PageModule<P> = { default: ComponentType<P> };

/** A lazy page, with `preload` to fetch its module before it is drawn. */
export type LazyPage<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

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
  const loadOnce = () => {
    loading ??= new Promise<PageModule<P>>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('La página tardó demasiado en cargar.')), CHUNK_TIMEOUT_MS);
      load()
        .then((module) => {
          loaded = module;
          resolve(module);
        }, reject)
        .finally(() => clearTimeout(timer));
    });
    // A failed download may be tried again (the retry screen).
    loading.catch(() => (loading = undefined));
    return loading;
  };
  const Lazy = lazy(loadOnce);
  function Page(props: P) {
    useRenderedModule(source);
    usePageLive();
    return loaded ? createElement(loaded.default, props) : createElement(Lazy, props);
  }
  return Object.assign(Page, { preload: () => loadOnce().then(() => undefined) });
}
