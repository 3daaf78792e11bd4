import {
  NOTIFICATION_KINDS,
  type NotificationChannels,
  type NotificationKind,
  type NotificationPreferencesValue,
} from '@cym/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api/errors';
import { askForPush, currentSubscription, pushPermission } from '../../lib/push';
import {
  accountKeys,
  notificationPreferencesQuery,
  PREFERENCES_LOAD_FAILED as LOAD_FAILED,
  PREFERENCES_SAVE_FAILED as SAVE_FAILED,
  saveNotificationPreferences,
} from './api';
import './notification-settings.css';

const KIND_LABELS: Record<NotificationKind, string> = {
  message: 'Mensajes nuevos',
  alert: 'Búsquedas guardadas',
};

/** Why the push checkboxes are off on this device, or null when they can be used. */
function pushBlocked(permission: NotificationPermission | 'unsupported'): string | null {
  if (permission === 'unsupported')
    return 'Este navegador no puede recibir notificaciones. En el teléfono, abrí el sitio con Chrome, Firefox o Safari (agregado a la pantalla de inicio).';
  if (permission === 'denied')
    return 'Bloqueaste las notificaciones de este sitio. Para recibirlas, permitilas en la configuración del navegador.';
  return null;
}

/**
 * 'Notificaciones' on /user-account: per kind, by e-mail and/or on this device. The e-mail choice
 * is the account's; the push one is the account's choice *and* this device's subscription: turning
 * it on asks the browser's permission and subscribes this device.
 */
export function NotificationSettings() {
  const client = useQueryClient();
  const query = useQuery(notificationPreferencesQuery);
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>('unsupported');
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  useEffect(() => {
    setPermission(pushPermission());
    void currentSubscription()
      .then((subscription) => setSubscribed(subscription !== null))
      .catch(() => setSubscribed(false));
  }, []);

  const blocked = pushBlocked(permission);
  const value = query.data;

  async function save(next: NotificationPreferencesValue) {
    client.setQueryData(accountKeys.notificationPreferences, await saveNotificationPreferences(next));
  }

  async function change(kind: NotificationKind, channel: keyof NotificationChannels, on: boolean) {
    if (!value) return;
    setBusy(true);
    setMessage(null);
    try {
      if (channel === 'push' && on && !subscribed) {
        const outcome = await askForPush();
        setPermission(pushPermission());
        if (outcome !== 'subscribed') {
          setMessage({
            text:
              outcome === 'denied'
                ? 'No diste permiso para las notificaciones.'
                : 'No pudimos activar las notificaciones en este dispositivo. Probá más tarde.',
            error: true,
          });
          return;
        }
        setSubscribed(true);
      }
      await save({ ...value, [kind]: { ...value[kind], [channel]: on } });
      setMessage({ text: 'Guardamos tus avisos.', error: false });
    } catch (error) {
      setMessage({ text: errorMessage(error, SAVE_FAILED), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card notification-settings no-print" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notificaciones</h2>
      <p>Elegí cómo querés enterarte de cada novedad.</p>
      {query.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(query.error, LOAD_FAILED)}
        </p>
      )}
      {!value && !query.isError && <p role="status">Cargando…</p>}
      {value && (
        <>
          {NOTIFICATION_KINDS.map((kind) => (
            <fieldset key={kind} className="notification-settings__kind" disabled={busy}>
              <legend>{KIND_LABELS[kind]}</legend>
              <label className="notification-settings__choice">
                <input
                  type="checkbox"
                  checked={value[kind].email}
                  onChange={(event) => void change(kind, 'email', event.target.checked)}
                />
                E-mail
              </label>
              <label className="notification-settings__choice">
                <input
                  type="checkbox"
                  checked={blocked === null && subscribed && value[kind].push}
                  disabled={blocked !== null}
                  aria-describedby={blocked ? 'push-blocked' : undefined}
                  onChange={(event) => void change(kind, 'push', event.target.checked)}
                />
                Notificación en este dispositivo
              </label>
            </fieldset>
          ))}
          {blocked && (
            <p id="push-blocked" className="notification-settings__hint">
              {blocked}
            </p>
          )}
          {message && (
            <p className={message.error ? 'notice notice--error' : 'notice'} role={message.error ? 'alert' : 'status'}>
              {message.text}
            </p>
          )}
        </>
      )}
    </section>
  );
}
