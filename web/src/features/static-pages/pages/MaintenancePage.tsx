import { PRODUCT_NAME } from '@cym/common';
import { useDocumentTitle } from '../../../lib/title';

export default function MaintenancePage() {
  // Outside the shell, so no route title: its own.
  useDocumentTitle('En mantenimiento');
  return (
    <main className="maintenance">
      <img src="/favicon.svg" alt="" width="72" height="72" />
      <h1>Estamos renovando {PRODUCT_NAME}</h1>
      <p>Estamos haciendo mejoras en el sitio. Volvé a visitarnos en un rato.</p>
    </main>
  );
}
