import { createElement, lazy, useEffect, type ComponentType } from 'react';
import { useRenderedModule } from './server-render';

/** Script chunks that have not arrived after 120 s count as failed (spec 01 §9). */
const CHUNK_TIMEOUT_MS = 120_000;

/**
 * React.lazy with a time limit, so a stalled download on a slow network ends in the retry screen.
 * `source` is the page's module, written in by the build (vite.config.ts, `lazyPageSources`): a
 * server render notes which pages it used, to link their CSS and scripts in the page's head.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, source?: string) {
  const Page = lazy<ComponentType<P>>(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('La página tardó demasiado en cargar.')), CHUNK_TIMEOUT_MS);
    });
    return Promise.race([load(), late]).finally(() => clearTimeout(timer));
  });
  function LazyPage(props: P) {
    useRenderedModule(source);
    // The page is live (drawn here or hydrated): `<html data-ready>` says so, to tools that wait for it.
    useEffect(() => {
      document.documentElement.dataset.ready = 'true';
    }, []);
    return createElement(Page, props);
  }
  return LazyPage;
}
