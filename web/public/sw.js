/* global self */
/* Casa y Manos: the service worker (issue 21).
 *
 * For now it only shows Web Push notifications and opens the page a tap on one names. It has no
 * fetch handler on purpose: nothing is cached and every request goes to the network as without
 * it. The offline and installable part (caching, a fetch handler, the manifest's start page)
 * goes HERE later, beside these handlers.
 *
 * A push's data is the server's JSON { title, body, url, tag } (PushPayload in common's
 * notifications.ts); `url` is a path of this site.
 */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

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
