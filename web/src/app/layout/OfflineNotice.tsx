import { useNameSeenPages, useOnline, usePageFailed } from '../../lib/offline';

/**
 * 'Sin conexión': at the foot of the navbar, in its sticky bar, while the browser has no connection
 * — the page is then the last version the service worker kept. It pushes the page down rather than
 * covering it; the live region is always there so that screen readers announce the change. It also
 * names each page shown to the service worker (lib/offline.ts). Over the error screen of a page
 * whose code did not arrive there is no kept version to speak of.
 */
export function OfflineNotice() {
  const online = useOnline();
  const failed = usePageFailed();
  useNameSeenPages();
  return (
    <div role="status" className="offline-status">
      {!online && (
        <p className="offline-notice">
          {failed
            ? 'Sin conexión. Esta página no está guardada en tu dispositivo.'
            : 'Sin conexión. Estás viendo la última versión guardada de esta página.'}
        </p>
      )}
    </div>
  );
}
