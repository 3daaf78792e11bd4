import { useNameSeenPages, useOnline } from '../../lib/offline';

/**
 * 'Sin conexión' (issue 21): at the foot of the navbar, in its sticky bar, while the browser has
 * no connection — the page is then the last version the service worker kept. It pushes the page
 * down rather than covering it; the live region is always there so that screen readers announce
 * the change. It also names each page shown to the service worker (lib/offline.ts).
 */
export function OfflineNotice() {
  const online = useOnline();
  useNameSeenPages();
  return (
    <div role="status" className="offline-status">
      {!online && (
        <p className="offline-notice">Sin conexión. Estás viendo la última versión guardada de esta página.</p>
      )}
    </div>
  );
}
