import { useRouteError } from 'react-router';
import { usePageLive } from '../lib/server-render';

/** Shown when a page's code failed to load (a dropped connection, a chunk that timed out). */
export function RouteError() {
  const error = useRouteError();
  usePageLive();
  const message = error instanceof Error ? error.message : 'No pudimos cargar esta página.';
  return (
    <section className="not-found container" role="alert">
      <h1>Algo salió mal</h1>
      <p>{message} Revisá tu conexión e intentá de nuevo.</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Reintentar
      </button>
    </section>
  );
}
