import { useEffect, useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';

export const INACTIVITY_MS = 15 * 60 * 1000;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll'] as const;

/** After 15 minutes without mouse or keyboard activity, offer to reload. */
export function InactivityDialog() {
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (idle) return;
    let timer = setTimeout(() => setIdle(true), INACTIVITY_MS);
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), INACTIVITY_MS);
    };
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, reset, { passive: true }));
    return () => {
      clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, reset));
    };
  }, [idle]);

  return (
    <Dialog open={idle} title="¡Hola de nuevo!" onClose={() => setIdle(false)}>
      <p>Estuviste un rato sin actividad. Recargá la página para ver la información más reciente.</p>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={() => setIdle(false)}>
          Seguir aquí
        </button>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Recargar página
        </button>
      </div>
    </Dialog>
  );
}
