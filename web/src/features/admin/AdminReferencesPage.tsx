import { formatDate, REFERENCE_LIMITS, REFERENCE_MESSAGES } from '@cym/common';
import { useId, useState, type FormEvent } from 'react';
import { Stars } from '../../components/Rating';
import { Dialog } from '../../components/ui/Dialog';
import { errorMessage } from '../../lib/api/errors';
import {
  useAdminReferences,
  useHideReference,
  useRestoreReference,
  type AdminReference,
  type AdminReferenceFilter,
} from '../references';
import { AdminLoading, AdminPager } from './AdminList';
import './admin.css';
import './admin-references.css';

const FILTERS: { value: AdminReferenceFilter; label: string }[] = [
  { value: 'all', label: 'Todas (denunciadas primero)' },
  { value: 'reported', label: 'Denunciadas' },
  { value: 'hidden', label: 'Ocultas' },
];

function HideDialog({ reference, onClose }: { reference: AdminReference; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const hide = useHideReference();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const length = reason.trim().length;
    if (length < REFERENCE_LIMITS.minReason || length > REFERENCE_LIMITS.maxReason)
      return setProblem(REFERENCE_MESSAGES.reason);
    try {
      await hide.mutateAsync({ id: reference.id, reason: reason.trim() });
      onClose();
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos ocultar la referencia.'));
    }
  }
  return (
    <Dialog open title="Ocultar la referencia" onClose={onClose}>
      <form className="admin-reference__form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={`${id}-reason`}>Motivo (queda en el registro de actividad)</label>
        <textarea id={`${id}-reason`} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button" disabled={hide.isPending}>
          Ocultar
        </button>
      </form>
    </Dialog>
  );
}

function ReferenceRow({ reference }: { reference: AdminReference }) {
  const [hiding, setHiding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const restore = useRestoreReference();
  return (
    <li className={`card admin-reference ${reference.hidden_at ? 'admin-reference--hidden' : ''}`}>
      <p className="admin-reference__who">
        <strong>{reference.author_name}</strong> sobre <strong>{reference.subject_name}</strong> ·{' '}
        <span className="muted">{formatDate(new Date(reference.created_at))}</span>
      </p>
      <Stars value={reference.stars} />
      <p className="admin-reference__text">{reference.text}</p>
      {reference.reply && <p className="muted admin-reference__text">Respuesta: {reference.reply}</p>}
      {reference.reports.length > 0 && (
        <div className="admin-reference__reports">
          <p>
            <span className="badge badge--warning">
              {reference.reports.length === 1 ? '1 denuncia' : `${reference.reports.length} denuncias`}
            </span>
          </p>
          <ul>
            {reference.reports.map((r) => (
              <li key={`${r.reporter_user_id}-${r.created_at}`}>
                <strong>{r.reporter_name}</strong> ({formatDate(new Date(r.created_at))}): {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {reference.hidden_at ? (
        <p className="admin-reference__hidden">
          Oculta desde el {formatDate(new Date(reference.hidden_at))}: {reference.hidden_reason}
        </p>
      ) : null}
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <p className="card-actions">
        {reference.hidden_at ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={restore.isPending}
            onClick={() =>
              restore
                .mutateAsync(reference.id)
                .catch((failure: unknown) => setProblem(errorMessage(failure, 'No pudimos mostrarla de nuevo.')))
            }
          >
            Volver a mostrar
          </button>
        ) : (
          <button type="button" className="button button--secondary" onClick={() => setHiding(true)}>
            Ocultar
          </button>
        )}
      </p>
      {hiding && <HideDialog reference={reference} onClose={() => setHiding(false)} />}
    </li>
  );
}

/** /admin/referencias: the references, reported ones first; hide with a reason or restore. */
export default function AdminReferencesPage() {
  const [filter, setFilter] = useState<AdminReferenceFilter>('all');
  const [page, setPage] = useState(1);
  const query = useAdminReferences(filter, page);
  const data = query.data;
  return (
    <div className="admin-page admin-references">
      <h1 className="admin-page__title">Referencias</h1>
      <div className="admin-toolbar">
        <label className="admin-filter">
          <span>Mostrar</span>
          <select
            value={filter}
            onChange={(e) => {
              setFilter(e.target.value as AdminReferenceFilter);
              setPage(1);
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(query.error, 'No pudimos cargar las referencias.')}
        </p>
      )}
      {query.isPending && <AdminLoading />}
      {data && data.count === 0 && <p>No hay referencias para mostrar.</p>}
      {data && data.count > 0 && (
        <>
          <p className="muted">{data.count === 1 ? '1 referencia' : `${data.count} referencias`}</p>
          <ul className="admin-references__list">
            {data.results.map((reference) => (
              <ReferenceRow key={reference.id} reference={reference} />
            ))}
          </ul>
          <AdminPager count={data.count} page={page} onPage={setPage} />
        </>
      )}
    </div>
  );
}
