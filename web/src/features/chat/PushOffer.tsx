import { useState } from 'react';
import { errorMessage } from '../../lib/api/errors';
import { askForPush, dismissPushOffer, type PushOutcome } from '../../lib/push';

const OUTCOME_TEXT: Record<Exclude<PushOutcome, 'subscribed'>, string> = {
  denied: 'No activamos las notificaciones. Podés cambiarlo en los permisos del navegador.',
  unsupported: 'Este navegador no puede recibir notificaciones.',
  unavailable: 'No pudimos activar las notificaciones ahora. Probá más tarde desde Mi perfil.',
};

/**
 * After a person's first message: the moment that explains why we would ask for notifications
 * (issue 21). 'Activar' asks the browser; 'Ahora no' is remembered on this device.
 */
export function PushOffer({ onDone }: { onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  async function activate() {
    setBusy(true);
    try {
      const outcome = await askForPush();
      if (outcome === 'subscribed') return onDone();
      setResult(OUTCOME_TEXT[outcome]);
      if (outcome === 'denied') dismissPushOffer();
    } catch (error) {
      setResult(errorMessage(error, OUTCOME_TEXT.unavailable));
    } finally {
      setBusy(false);
    }
  }

  return (
    <aside className="chat__push card" aria-labelledby="chat-push-title">
      <p id="chat-push-title" className="chat__push-title">
        Activá las notificaciones para enterarte cuando te respondan
      </p>
      {result ? (
        <p role="status">{result}</p>
      ) : (
        <div className="chat__push-actions">
          <button type="button" className="button" disabled={busy} onClick={() => void activate()}>
            Activar
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => {
              dismissPushOffer();
              onDone();
            }}
          >
            Ahora no
          </button>
        </div>
      )}
    </aside>
  );
}
