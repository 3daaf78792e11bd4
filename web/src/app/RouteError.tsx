import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { PageLoadError } from '../lib/lazy';
import { useMarkPageFailed, useOnline } from '../lib/offline';
import { usePageLive } from '../lib/server-render';

/**
 * Shown when a page failed: its code did not arrive (no connection, a chunk that timed out) or it
 * broke while drawing. Always in Spanish: the error itself (the browser's, in English) goes to the
 * console, never on screen. 'Reintentar' loads the address again (without a connection, the
 * service worker's offline page).
 */
export function RouteError() {
  const error = useRouteError();
  const online = useOnline();
  usePageLive();
  useMarkPageFailed();
  useEffect(() => console.error('Casa y Manos: la página no se pudo mostrar.', error), [error]);
  const notLoaded = error instanceof PageLoadError || !online;
  return (
    <section className="not-found container" role="alert">
      <h1>{notLoaded ? 'No pudimos cargar esta página' : 'Algo salió mal'}</h1>
      <p>
        {notLoaded ? 'Revisá tu conexión y volvé a intentar.' : 'No pudimos mostrar esta página. Volvé a intentar.'}
      </p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Reintentar
      </button>
    </section>
  );
}
