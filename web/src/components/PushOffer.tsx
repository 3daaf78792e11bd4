import { useId, useState } from 'react';
import { errorMessage } from '../lib/api/errors';
import { askForPush, dismissPushOffer, type PushOutcome } from '../lib/push';
import './push-offer.css';

const OUTCOME_TEXT: Record<Exclude<PushOutcome, 'subscribed'>, string> = {
  denied: 'No activamos las notificaciones. Podés cambiarlo en los permisos del navegador.',
  unsupported: 'Este navegador no puede recibir notificaciones.',
  unavailable: 'No pudimos activar las notificaciones ahora. Probá más tarde desde Mi cuenta, en Notificaciones.',
};

/**
 * The offer of push notifications at a moment that explains it: after a person's first chat
 * message, after saving a search; `title` says what they would hear about. 'Activar' asks the
 * browser; 'Ahora no' is remembered on this device (lib/push: mayOfferPush).
 */
export function PushOffer({ title, onDone }: { title: string; onDone: () => void }) {
  const titleId = useId();
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
    <aside className="push-offer card" aria-labelledby={titleId}>
      <p id={titleId} className="push-offer__title">
        {title}
      </p>
      {result ? (
        <>
          <p role="status">{result}</p>
          <div className="push-offer__actions">
            <button type="button" className="button button--secondary" onClick={onDone}>
              Entendido
            </button>
          </div>
        </>
      ) : (
        <div className="push-offer__actions">
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
