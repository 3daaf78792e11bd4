import { DATA_EXPORT_MESSAGES, formatDateTime } from '@cym/common';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/errors';
import {
  DATA_EXPORT_REQUEST_FAILED,
  DATA_EXPORTS_LOAD_FAILED,
  downloadable,
  useMyDataExports,
  useRequestDataExport,
} from './api';
import { DownloadButton } from './DownloadButton';
import './data-export.css';

/** The size of a ZIP as people read it: '35 KB', '2,4 MB'. */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('es-AR', { maximumFractionDigits: 1 })} MB`;
}

/**
 * 'Tus datos' on /user-account: what the ZIP holds, 'Descargar mis datos', and the ready ones with
 * their expiry. The request's outcome is said in a live region that is there before it.
 */
export function DataExportSection() {
  const query = useMyDataExports();
  const request = useRequestDataExport();
  const [said, setSaid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const items = query.data ?? [];
  const preparing = items.some((item) => item.status === 'requested');
  const ready = items.filter(downloadable);

  const ask = () => {
    setError(null);
    setSaid('');
    request.mutate(undefined, {
      onSuccess: () => setSaid(DATA_EXPORT_MESSAGES.requested),
      onError: (caught) => setError(errorMessage(caught, DATA_EXPORT_REQUEST_FAILED)),
    });
  };

  return (
    <section className="card account-section data-export no-print" aria-labelledby="data-export-title">
      <h2 id="data-export-title">Tus datos</h2>
      <p>
        Podés descargar un archivo ZIP con todo lo que guardamos sobre vos: tu cuenta, tu perfil, tus conversaciones,
        referencias, búsquedas y guardados, contrataciones y pagos, y los archivos que subiste (tu foto y tus
        documentos). Cada archivo viene explicado en un README.
      </p>
      <p className="muted">
        Lo preparamos en unos minutos y te avisamos por correo. Se puede descargar durante 24 horas, solo desde tu
        cuenta.
      </p>
      <button type="button" className="button" onClick={ask} disabled={request.isPending || preparing}>
        {request.isPending ? 'Pidiendo…' : 'Descargar mis datos'}
      </button>
      <p className="data-export__said" role="status">
        {said || (preparing ? DATA_EXPORT_MESSAGES.requested : '')}
      </p>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      {query.error && (
        <p className="notice notice--error" role="alert">
          {errorMessage(query.error, DATA_EXPORTS_LOAD_FAILED)}
        </p>
      )}
      {ready.length > 0 && (
        <ul className="data-export__list" aria-label="Archivos listos">
          {ready.map((item) => (
            <li key={item.id} className="data-export__item">
              <span>
                <strong>Listo el {formatDateTime(new Date(item.ready_at))}</strong>
                <br />
                <span className="muted">
                  {formatSize(item.size_bytes)} · Vence el {formatDateTime(new Date(item.expires_at ?? item.ready_at))}
                </span>
              </span>
              <DownloadButton item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
