import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * Offline use (issue 21): whether the browser has a connection, and the pages the app shows
 * named to the service worker (web/public/sw.js), which keeps the public ones for offline use.
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

/** Whether the person asked their browser to save data: no page is fetched for later then. */
function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

let assetsSent = false;

/**
 * Names `path` (a page the app shows) to the service worker once it is active. The first time it
 * also names the page's bundles, loaded before the worker was in control, so that page opens
 * offline too. The worker decides what it keeps (never private pages).
 */
export function pageSeen(path: string): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext || savingData()) return;
  const assets = assetsSent
    ? []
    : performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.startsWith(`${location.origin}/assets/`));
  assetsSent = true;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: 'page-seen', url: new URL(path, location.origin).href, assets }),
  );
}

/** Names each page the app shows to the service worker (see pageSeen). */
export function useNameSeenPages(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    pageSeen(pathname + search);
  }, [pathname, search]);
}
