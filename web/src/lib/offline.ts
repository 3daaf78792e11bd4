import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * Offline use: whether the browser has a connection, and the pages the app shows named to the
 * service worker (web/public/sw.js), which keeps the public ones for offline use.
 */

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** False while the browser says it has no connection; true on the server (and while hydrating). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Whether the page on screen is the error screen of a page that failed (app/RouteError.tsx). */
let pageFailed = false;
const failedListeners = new Set<() => void>();

function setPageFailed(failed: boolean): void {
  pageFailed = failed;
  for (const listener of failedListeners) listener();
}

/** Marks the page on screen as failed while the calling component (the error screen) is shown. */
export function useMarkPageFailed(): void {
  useEffect(() => {
    setPageFailed(true);
    return () => setPageFailed(false);
  }, []);
}

/** Whether the page on screen failed: no kept version of it is shown then (OfflineNotice). */
export function usePageFailed(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      failedListeners.add(onChange);
      return () => void failedListeners.delete(onChange);
    },
    () => pageFailed,
    () => false,
  );
}

/** Whether the person asked their browser to save data: no page is fetched for later then. */
function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/** The bundles already named to the service worker. */
const assetsNamed = new Set<string>();

/**
 * The bundles this page loaded that the service worker has not been told of. It keeps the bundles
 * it sees fetched, but not those loaded before it controlled the page — the first page's, and
 * those of pages reached through the app's links while it was installing — without which a page
 * it keeps would not come alive offline.
 */
function bundlesToName(): string[] {
  const fresh = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/assets/`) && !assetsNamed.has(name));
  for (const name of fresh) assetsNamed.add(name);
  return fresh;
}

/**
 * Names `path` (a page the app shows) to the service worker once it is active, with the bundles
 * it has not been told of (see bundlesToName). The worker decides what it keeps (never private
 * pages; bundles, which hold no one's data, whichever page loaded them).
 */
export function pageSeen(path: string): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext || savingData()) return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({
      type: 'page-seen',
      url: new URL(path, location.origin).href,
      assets: bundlesToName(),
    }),
  );
}

/** Names each page the app shows to the service worker (see pageSeen). */
export function useNameSeenPages(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    pageSeen(pathname + search);
  }, [pathname, search]);
}
