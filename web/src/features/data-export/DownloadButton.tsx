import { useState } from 'react';
import { errorMessage } from '../../lib/api/errors';
import { DATA_EXPORT_DOWNLOAD_FAILED, downloadDataExport, type DataExport } from './api';

/** 'Descargar' for a ready export, with its failure said where it happened. */
export function DownloadButton({
  item,
  label = 'Descargar',
}: {
  item: DataExport & { file_url: string; ready_at: string };
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = () => {
    setBusy(true);
    setError(null);
    downloadDataExport(item)
      .catch((caught: unknown) => setError(errorMessage(caught, DATA_EXPORT_DOWNLOAD_FAILED)))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button type="button" className="button" onClick={download} disabled={busy}>
        {busy ? 'Descargando…' : label}
      </button>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
