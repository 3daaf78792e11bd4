import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SAVED_SEARCH_MESSAGES } from '@cym/common';
import { paths } from '../../config/paths';
import { PageHero } from '../../components/PageHero';
import { errorMessage } from '../../lib/api/errors';
import { useDocumentTitle } from '../../lib/title';
import { unsubscribe } from './api';
import './saved.css';

/**
 * /alertas/baja?t=…: the alert e-mail's link. Opening it is the one click: the page tells the
 * server at once (no login; the token names the search) and says what happened.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  useDocumentTitle('Dejar de recibir e-mails');
  const [state, setState] = useState<{ done: boolean; message: string } | null>(null);

  useEffect(() => {
    let live = true;
    unsubscribe(token).then(
      (answer) => live && setState({ done: true, message: answer.message }),
      (error: unknown) =>
        live && setState({ done: false, message: errorMessage(error, SAVED_SEARCH_MESSAGES.badLink) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <>
      <PageHero title="Dejar de recibir e-mails" />
      <div className="container narrow">
        <div className="card form unsubscribe">
          {!state && <p role="status">Procesando…</p>}
          {state && (
            <p
              className={`notice ${state.done ? 'notice--success' : 'notice--error'}`}
              role={state.done ? 'status' : 'alert'}
            >
              {state.message}
            </p>
          )}
          {state?.done && <p>Podés volver a activar los avisos, o borrar la búsqueda, desde Búsquedas y alertas.</p>}
          <p>
            <Link className="button" to={paths.alerts}>
              Ir a Búsquedas y alertas
            </Link>
          </p>
        </div>
      </div>
    </>
  );
}
