import { DATA_EXPORT_MESSAGES, formatDateTime, parseId } from '@cym/common';
import { Link, useParams } from 'react-router';
import { PageHero } from '../../components/PageHero';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api/errors';
import { DATA_EXPORTS_LOAD_FAILED, downloadable, useMyDataExports, type DataExport } from './api';
import { formatSize } from './DataExportSection';
import { DownloadButton } from './DownloadButton';
import './data-export.css';

const FAILED = 'No pudimos preparar tus datos. Pedí una nueva descarga desde Mi cuenta.';

function Body({ item }: { item: DataExport | undefined }) {
  if (!item) return <p className="notice notice--error">{DATA_EXPORT_MESSAGES.notFound}</p>;
  if (item.status === 'requested') return <p className="notice">{DATA_EXPORT_MESSAGES.notReady}</p>;
  if (item.status === 'failed') return <p className="notice notice--error">{FAILED}</p>;
  if (!downloadable(item)) return <p className="notice notice--error">{DATA_EXPORT_MESSAGES.expired}</p>;
  return (
    <>
      <p>
        Tu archivo ZIP está listo ({formatSize(item.size_bytes)}). Vence el{' '}
        {formatDateTime(new Date(item.expires_at ?? item.ready_at))} (hora de Argentina).
      </p>
      <DownloadButton item={item} label="Descargar" />
    </>
  );
}

/** /mis-datos/{id}, the ready e-mail's link: the one export with 'Descargar', or why it cannot be. */
export default function DataExportPage() {
  const { exportId } = useParams();
  const id = parseId(exportId);
  const query = useMyDataExports();
  const item = id === null ? undefined : query.data?.find((candidate) => candidate.id === id);
  return (
    <>
      <PageHero title="Tus datos" />
      <div className="container narrow data-export-page">
        <section className="card data-export" aria-label="Archivo con tus datos">
          {query.error ? (
            <p className="notice notice--error" role="alert">
              {errorMessage(query.error, DATA_EXPORTS_LOAD_FAILED)}
            </p>
          ) : query.data || id === null ? (
            <Body item={item} />
          ) : (
            <p role="status">Cargando…</p>
          )}
        </section>
        <p className="data-export-page__back">
          <Link to={paths.userAccount}>← Mi cuenta</Link>
        </p>
      </div>
    </>
  );
}
