import { useEffect, useState } from 'react';
import { PRODUCT_NAME } from '@cym/common';

const PRELOADER_MS = 1000;

/** The one-second start-up cover (spec 01 §2 Shell); the page renders underneath meanwhile. */
export function Preloader() {
  const [visible, setVisible] = useState(true);
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
