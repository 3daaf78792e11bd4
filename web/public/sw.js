/* global self, importScripts, caches */
/* Casa y Manos: the service worker (issue 21).
 *
 * 1. Offline use and installability: the site's shell (the offline page, the icons, the manifest)
 *    is kept on install; the hashed bundles (/assets/) are kept as pages ask for them (cache
 *    first: their names change with their content); each public page a person opens is kept
 *    (network first, up to NETWORK_TIMEOUT_MS, the last MAX_PAGES pages), so that without a
 *    connection the last seen version of a page opens, and a page never seen shows the offline
 *    page (/offline.html, "Sin conexión"). What may be kept is decided in sw-rules.js: never the
 *    API, private pages, anything but a GET, a request with credentials or a no-store answer.
 *    Private pages (and any other navigation of the site) go to the network, never kept, but
 *    without a connection they too end on the offline page, never the browser's own error page.
 *    The app also names the pages it shows without a navigation (its own links) with a
 *    'page-seen' message, and, the first time, the bundles the page loaded before this worker
 *    was in control, so the first page seen works offline too.
 * 2. Web Push: shows the notifications and opens the page a tap on one names. A push's data is
 *    the server's JSON { title, body, url, tag } (PushPayload in common's notifications.ts);
 *    `url` is a path of this site.
 *
 * Changing what is kept or the offline page: raise VERSION; the new worker's activation deletes
 * the old caches.
 */

importScripts('/sw-rules.js');
const rules = self.cymCacheRules;

const VERSION = 'v1';
/** The shell's files (kept on install) and the hashed bundles (kept on use). */
const SHELL_CACHE = `cym-shell-${VERSION}`;
/** The last public pages seen, least recently seen first. */
const PAGES_CACHE = `cym-pages-${VERSION}`;
const MAX_PAGES = 30;
/** Bundles of older builds go once there are more than this many files. */
const MAX_SHELL_FILES = 200;
/** How long a page's network answer is awaited before its kept copy is shown. */
const NETWORK_TIMEOUT_MS = 4000;
/** A page kept this recently is not fetched again for a 'page-seen' message. */
const RECENT_MS = 60_000;
const OFFLINE_PAGE = '/offline.html';
const PRECACHE = [OFFLINE_PAGE, '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/icons/icon-512.png'];

/** Pages kept in this worker's life: URL → when. */
const recentlyKept = new Map();

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(PRECACHE.map((path) => new Request(path, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('cym-') && name !== SHELL_CACHE && name !== PAGES_CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

/** A page's key in the cache: its address without the fragment. */
function pageKey(url) {
  const address = new URL(url);
  address.hash = '';
  return address.href;
}

/** Keeps a page's answer as the most recently seen, and forgets the oldest beyond MAX_PAGES. */
async function keepPage(url, response) {
  const key = pageKey(url);
  const cache = await caches.open(PAGES_CACHE);
  await cache.delete(key);
  await cache.put(key, response);
  recentlyKept.set(key, Date.now());
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_PAGES))) await cache.delete(old);
}

async function keptPage(url) {
  const cache = await caches.open(PAGES_CACHE);
  return cache.match(pageKey(url), { ignoreVary: true });
}

/** Keeps a file of the shell, forgetting the oldest beyond MAX_SHELL_FILES (never the precached). */
async function keepFile(request, response) {
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(request, response);
  const keys = await cache.keys();
  let extra = keys.length - MAX_SHELL_FILES;
  for (const key of keys) {
    if (extra <= 0) break;
    if (PRECACHE.includes(new URL(key.url).pathname)) continue;
    await cache.delete(key);
    extra -= 1;
  }
}

/** Network first for a public page: kept when it comes; its kept copy (else the offline page) when not. */
async function page(event) {
  const { request } = event;
  const network = fetch(request).then((response) => {
    if (rules.storablePage(response)) event.waitUntil(keepPage(request.url, response.clone()));
    return response;
  });
  const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), NETWORK_TIMEOUT_MS));
  try {
    const first = await Promise.race([network, timeout]);
    if (first !== 'timeout') return first;
    // A slow connection: the kept copy now, if there is one; the network's answer still kept.
    const kept = await keptPage(request.url);
    if (kept) {
      event.waitUntil(network.catch(() => undefined));
      return kept;
    }
    return await network;
  } catch {
    const kept = await keptPage(request.url);
    if (kept) {
      // Seen again: the most recent again.
      event.waitUntil(keepPage(request.url, kept.clone()).catch(() => undefined));
      return kept;
    }
    return (await caches.match(OFFLINE_PAGE)) || Response.error();
  }
}

/**
 * Any other navigation of the site (a private page, the API, a file): the network only, never
 * kept; without a connection the offline page, never the browser's own error page.
 */
async function navigation(event) {
  try {
    return await fetch(event.request);
  } catch {
    return (await caches.match(OFFLINE_PAGE)) || Response.error();
  }
}

/**
 * Cache first for the hashed bundles (their content never changes under their name); for the
 * shell's other files the kept copy at once and a fresh one kept for next time.
 */
async function file(event) {
  const { request } = event;
  const kept = await caches.match(request, { ignoreVary: true });
  const hashed = new URL(request.url).pathname.startsWith('/assets/');
  if (kept && hashed) return kept;
  const network = fetch(request).then((response) => {
    if (rules.storable(response)) event.waitUntil(keepFile(request, response.clone()));
    return response;
  });
  if (kept) {
    event.waitUntil(network.catch(() => undefined));
    return kept;
  }
  return network;
}

self.addEventListener('fetch', (event) => {
  const strategy = rules.strategyFor(event.request, self.location.origin);
  if (strategy === 'page') event.respondWith(page(event));
  else if (strategy === 'navigation') event.respondWith(navigation(event));
  else if (strategy === 'asset') event.respondWith(file(event));
  // Anything else goes to the network untouched, as without a service worker.
});

/** Fetches and keeps a page the app showed without a navigation, and the bundles it loaded. */
async function pageSeen(url, assets) {
  const origin = self.location.origin;
  const get = (address, mode) => ({ method: 'GET', url: address, mode, headers: new Headers() });
  const shell = await caches.open(SHELL_CACHE);
  for (const asset of assets) {
    if (typeof asset !== 'string' || rules.strategyFor(get(asset, 'no-cors'), origin) !== 'asset') continue;
    if (await shell.match(asset)) continue;
    const response = await fetch(asset).catch(() => null);
    if (rules.storable(response)) await keepFile(new Request(asset), response);
  }
  if (typeof url !== 'string' || rules.strategyFor(get(url, 'navigate'), origin) !== 'page') return;
  const key = pageKey(url);
  if (Date.now() - (recentlyKept.get(key) ?? 0) < RECENT_MS) return;
  recentlyKept.set(key, Date.now());
  const response = await fetch(key, { credentials: 'same-origin' }).catch(() => null);
  if (rules.storablePage(response)) await keepPage(key, response);
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'page-seen') return;
  event.waitUntil(pageSeen(data.url, Array.isArray(data.assets) ? data.assets : []).catch(() => undefined));
});

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Casa y Manos';
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
      // A newer notice with the same tag (the same conversation) replaces the old one and rings again.
      renotify: typeof data.tag === 'string' && data.tag !== '',
      lang: 'es-AR',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin);
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab of the site already open: bring it forward on that page.
      for (const client of open) {
        if (new URL(client.url).origin !== target.origin) continue;
        await client.focus();
        if (client.url !== target.href && 'navigate' in client)
          await client.navigate(target.href).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
