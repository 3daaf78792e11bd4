/* global self */
/* Casa y Manos: what the service worker (sw.js) may keep for offline use (issue 21).
 *
 * Plain functions on URLs and headers, loaded by sw.js with importScripts and tested on their own
 * (web/src/lib/sw-rules.spec.ts). Kept: the public pages a person saw, the hashed bundles, the
 * icons and the offline page. Never kept: the API, private pages, anything but a GET, anything sent
 * with credentials (an Authorization header), a response marked no-store or private, an error.
 * Every navigation of the site that finds no network ends on the offline page, never the
 * browser's own (English) error page: private pages too, though they are never kept.
 */
(function (scope) {
  /** The private pages (common's PRIVATE_ROUTE_PREFIXES; a unit test keeps them equal). */
  const PRIVATE_PAGES = [
    '/user-account',
    '/maintenance',
    '/reset-password',
    '/conversations',
    '/guardados',
    '/alertas',
    '/contrataciones',
    '/mis-datos',
    '/admin',
    '/membership-type',
    '/payment',
    '/reset',
    '/email-verification',
  ];

  /** Files of the site that never change under their name or are the shell's own (cache-first). */
  const STATIC_FILES = [
    '/favicon.svg',
    '/offline.html',
    '/manifest.webmanifest',
    '/icons/icon-192.png',
    '/icons/icon-512.png',
    '/icons/maskable-192.png',
    '/icons/maskable-512.png',
    '/icons/apple-touch-icon.png',
  ];

  function isPrivatePage(path) {
    return PRIVATE_PAGES.some((prefix) => path === prefix || path.startsWith(prefix + '/'));
  }

  /**
   * How the service worker answers a request: 'page' (a navigation to a public page: network
   * first, kept), 'navigation' (any other navigation of the site — a private page, the API, a
   * file: the network only, never kept, the offline page when there is no network), 'asset' (a
   * hashed bundle or a shell file: cache first), or 'network' (as without a service worker: the
   * API's and other requests of the app, other sites, anything but a plain GET).
   */
  function strategyFor(request, origin) {
    if (request.method !== 'GET') return 'network';
    if (request.headers && typeof request.headers.get === 'function' && request.headers.get('authorization'))
      return 'network';
    const url = new URL(request.url);
    if (url.origin !== origin) return 'network';
    const path = url.pathname;
    const api = path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
    if (request.mode === 'navigate') {
      // Never kept, but without a connection they show the offline page too.
      if (api || isPrivatePage(path.replace(/\/+$/, '') || '/')) return 'navigation';
      // A file with an extension (a sitemap, an image) is not a page of the app.
      if (/\.[a-z0-9]+$/i.test(path)) return 'navigation';
      return 'page';
    }
    if (api) return 'network';
    if (path.startsWith('/assets/') || STATIC_FILES.includes(path)) return 'asset';
    return 'network';
  }

  /** Whether a response may be kept: a full 200 that no header marks as not to be stored. */
  function storable(response) {
    if (!response || response.status !== 200 || response.type === 'opaque') return false;
    const control = (response.headers.get('cache-control') || '').toLowerCase();
    if (/\b(no-store|private)\b/.test(control)) return false;
    if (response.headers.get('vary') === '*') return false;
    return true;
  }

  /** Whether a page's response is an HTML page to keep (not an error page, not a redirect). */
  function storablePage(response) {
    return storable(response) && !response.redirected && /text\/html/.test(response.headers.get('content-type') || '');
  }

  scope.cymCacheRules = { PRIVATE_PAGES, STATIC_FILES, isPrivatePage, strategyFor, storable, storablePage };
})(self);
