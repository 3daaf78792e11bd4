import { formatDate, formatLastSeen, lastSeenInSentence } from '@cym/common';
import { useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { errorMessage } from '../../lib/api/errors';
import { useSession } from '../../lib/session';
import {
  SESSION_END_FAILED,
  SESSIONS_END_FAILED,
  SESSIONS_LOAD_FAILED,
  type LoginSession,
  useEndLoginSession,
  useEndOtherLoginSessions,
  useLoginSessions,
} from './api';
import './login-sessions.css';

/** 'Chrome en Android'. */
export function sessionName(session: Pick<LoginSession, 'browser' | 'system'>): string {
  return `${session.browser} en ${session.system}`;
}

/**
 * 'Iniciada el 27/11/2026 · último uso hace 5 min'. A use within the last minutes (the page itself
 * refreshes its login) reads 'recién', not the chat's 'en línea'.
 */
export function sessionWhen(session: Pick<LoginSession, 'created_at' | 'last_used_at'>, now: Date): string {
  const lastSeen = formatLastSeen(new Date(session.last_used_at), now);
  const used = lastSeen === 'En línea' ? 'recién' : lastSeenInSentence(lastSeen);
  return `Iniciada el ${formatDate(new Date(session.created_at))} · último uso ${used}`;
}

/**
 * 'Sesiones activas' on /user-account: each open login (browser and system, when it started and
 * was last used), this one marked. 'Cerrar sesión' ends one at once (this one: a logout, as the
 * navbar's); 'Cerrar todas las demás' asks first.
 */
export function LoginSessions() {
  const query = useLoginSessions();
  const endOne = useEndLoginSession();
  const endOthers = useEndOtherLoginSessions();
  const { signOut } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const sessions = query.data;
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  const busy = endOne.isPending || endOthers.isPending;
  const now = new Date();

  async function close(session: LoginSession) {
    setMessage(null);
    try {
      await endOne.mutateAsync(session);
      if (session.current) {
        signOut();
        return;
      }
      setMessage({ text: `Cerraste la sesión de ${sessionName(session)}.`, error: false });
    } catch (error) {
      setMessage({ text: errorMessage(error, SESSION_END_FAILED), error: true });
    }
  }

  async function closeOthers() {
    setMessage(null);
    try {
      await endOthers.mutateAsync();
      setConfirming(false);
      setMessage({ text: 'Cerraste todas las demás sesiones.', error: false });
    } catch (error) {
      setConfirming(false);
      setMessage({ text: errorMessage(error, SESSIONS_END_FAILED), error: true });
    }
  }

  return (
    <section className="card login-sessions no-print" aria-labelledby="login-sessions-title">
      <h2 id="login-sessions-title">Sesiones activas</h2>
      <p>
        Los dispositivos donde tu cuenta está abierta. Si no reconocés alguno, cerrá esa sesión y cambiá tu contraseña.
      </p>
      {query.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(query.error, SESSIONS_LOAD_FAILED)}
        </p>
      )}
      {!sessions && !query.isError && <p role="status">Cargando…</p>}
      {sessions && (
        <ul className="login-sessions__list">
          {sessions.map((session) => (
            <li key={session.id} className="login-sessions__item">
              <div className="login-sessions__text">
                <p className="login-sessions__name">
                  <strong>{sessionName(session)}</strong>
                  {session.current && <span className="login-sessions__current">Esta sesión</span>}
                </p>
                <p className="login-sessions__when muted" id={`login-session-${session.id}`}>
                  {sessionWhen(session, now)}
                </p>
              </div>
              <button
                type="button"
                className="button button--secondary login-sessions__close"
                aria-label={`Cerrar sesión de ${sessionName(session)}${session.current ? ' (esta sesión)' : ''}`}
                aria-describedby={`login-session-${session.id}`}
                disabled={busy}
                onClick={() => void close(session)}
              >
                Cerrar sesión
              </button>
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <button
          type="button"
          className="button button--ghost login-sessions__others"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          Cerrar todas las demás
        </button>
      )}
      {message && (
        <p className={message.error ? 'notice notice--error' : 'notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <Dialog open={confirming} title="Cerrar las demás sesiones" onClose={() => setConfirming(false)}>
        <p>
          {others === 1
            ? 'Se va a cerrar la sesión abierta en otro dispositivo.'
            : `Se van a cerrar las ${others} sesiones abiertas en otros dispositivos.`}{' '}
          Esta sesión sigue abierta.
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
            Cancelar
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => void closeOthers()} data-autofocus>
            Cerrar todas las demás
          </button>
        </div>
      </Dialog>
    </section>
  );
}
