import { useEffect, useState } from 'react';
import { PRODUCT_NAME } from '@cym/common';
import { useStartedOnServer } from '../../lib/server-render';

const PRELOADER_MS = 1000;

/**
 * The one-second start-up cover; the page renders underneath meanwhile. A page the server rendered
 * is already there: covering it would only delay what the visitor can read.
 */
export function Preloader() {
  const startedOnServer = useStartedOnServer();
  const [visible, setVisible] = useState(!startedOnServer);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), PRELOADER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="preloader" role="status" aria-live="polite" data-testid="preloader">
      <img src="/favicon.svg" alt="" width="64" height="64" />
      <span className="visually-hidden">Cargando {PRODUCT_NAME}…</span>
    </div>
  );
}
