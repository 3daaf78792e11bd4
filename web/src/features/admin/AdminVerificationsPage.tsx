import {
  argentinaToday,
  formatDateTime,
  formatIsoDate,
  validateIssuedOn,
  validateRejectionReason,
  VERIFICATION_LIMITS,
  verificationStatusText,
} from '@cym/common';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api/errors';
import { AdminNotice, type AdminNoticeValue } from './AdminNotice';
import {
  openDocument,
  useAdminDocuments,
  usePrivateImage,
  useReviewDocument,
  type AdminDocument,
} from '../verifications';
import './admin.css';
import '../../components/verification-documents.css';
import './admin-verifications.css';

/** The document itself: an image inline, a PDF as a button that opens it (both through the authorised endpoint). */
function DocumentView({ document, inline }: { document: AdminDocument; inline: boolean }) {
  const image = document.content_type.startsWith('image/');
  // Pending images show inline; decided ones open on demand (their bytes are fetched only then).
  const preview = usePrivateImage(image && inline ? document.file_url : null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="admin-verification__document">
      {image && preview.data && (
        <img
          className="admin-verification__preview"
          src={preview.data}
          alt={`${document.kind_display} de ${document.person.full_name}`}
        />
      )}
      {image && inline && preview.isPending && <p role="status">Cargando imagen…</p>}
      <button
        type="button"
        className="link-button"
        onClick={() =>
          void openDocument(document.file_url).catch((caught) => setError(errorMessage(caught, 'No pudimos abrirlo.')))
        }
      >
        {image ? 'Abrir en otra pestaña' : 'Abrir el PDF'}
      </button>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function Decision({ document, onDone }: { document: AdminDocument; onDone: (text: string) => void }) {
  const review = useReviewDocument();
  const issuedId = useId();
  const reasonId = useId();
  const [issuedOn, setIssuedOn] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const certificate = document.kind === 'background_check';
  const today = argentinaToday(new Date());

  const approve = () => {
    setError(null);
    if (certificate) {
      const problem = validateIssuedOn(issuedOn, today);
      if (problem) return setError(problem);
    }
    review.mutate(
      { id: document.id, decision: 'approve', issuedOn: certificate ? issuedOn : undefined },
      {
        onSuccess: () => onDone(`Aprobaste: ${document.kind_display} de ${document.person.full_name}.`),
        onError: (caught) => setError(errorMessage(caught, 'No pudimos aprobarlo.')),
      },
    );
  };
  const reject = () => {
    setError(null);
    const problem = validateRejectionReason(reason);
    if (problem) return setError(problem);
    review.mutate(
      { id: document.id, decision: 'reject', reason: reason.trim() },
      {
        onSuccess: () => onDone(`Rechazaste: ${document.kind_display} de ${document.person.full_name}.`),
        onError: (caught) => setError(errorMessage(caught, 'No pudimos rechazarlo.')),
      },
    );
  };

  return (
    <div className="verification__form">
      {certificate && !rejecting && (
        <label htmlFor={issuedId}>
          Fecha de emisión del certificado
          <input
            id={issuedId}
            type="date"
            value={issuedOn}
            max={today}
            onChange={(event) => setIssuedOn(event.target.value)}
          />
        </label>
      )}
      {rejecting && (
        <label htmlFor={reasonId}>
          Motivo del rechazo (se envía por correo)
          <textarea
            id={reasonId}
            rows={3}
            maxLength={VERIFICATION_LIMITS.reasonMax}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
      )}
      <div className="verification__actions">
        {!rejecting ? (
          <>
            <button type="button" className="button" disabled={review.isPending} onClick={approve}>
              Aprobar
            </button>
            <button type="button" className="button button--secondary" onClick={() => setRejecting(true)}>
              Rechazar
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button" disabled={review.isPending} onClick={reject}>
              Rechazar con este motivo
            </button>
            <button type="button" className="link-button" onClick={() => setRejecting(false)}>
              Cancelar
            </button>
          </>
        )}
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function DocumentCard({ document, onDone }: { document: AdminDocument; onDone: (text: string) => void }) {
  const pending = document.status === 'pending';
  return (
    <li className="card admin-verification">
      <div className="verification__head">
        <h3>
          {document.person.full_name}{' '}
          <span className="muted">({document.person.profile_type === 'Worker' ? 'Trabajador/a' : 'Empleador/a'})</span>
        </h3>
        <span className={`verification__status verification__status--${document.status}`}>
          {verificationStatusText(document.status, document.rejection_reason)}
        </span>
      </div>
      <p className="muted">
        {document.kind_display} · subido el {formatDateTime(new Date(document.uploaded_at))} · {document.person.email}
        {document.person.worker_profile_id !== null && (
          <>
            {' · '}
            <a href={`/worker-profile/${document.person.worker_profile_id}`} target="_blank" rel="noopener">
              Ver perfil
            </a>
          </>
        )}
      </p>
      {!pending && (
        <p className="muted">
          {document.reviewer ? `Revisado por ${document.reviewer}` : 'Revisado'}
          {document.reviewed_at ? ` el ${formatDateTime(new Date(document.reviewed_at))}` : ''}
          {document.expires_on ? ` · vence el ${formatIsoDate(document.expires_on)}` : ''}
        </p>
      )}
      <DocumentView document={document} inline={pending} />
      {pending && <Decision document={document} onDone={onDone} />}
    </li>
  );
}

/**
 * /admin/verificaciones: the documents waiting for review, oldest first, each with its person,
 * kind, upload date and the document; approve (a certificate with its issue date) or reject with a
 * reason. Then the latest decisions.
 */
export default function AdminVerificationsPage() {
  const query = useAdminDocuments();
  const documents = query.data ?? [];
  const pending = documents.filter((d) => d.status === 'pending');
  const decided = documents.filter((d) => d.status !== 'pending');
  // Each decision said in the page's polite live region.
  const [notice, setNotice] = useState<AdminNoticeValue>(null);
  const done = (text: string) => setNotice({ kind: 'success', text });
  return (
    <div className="admin-page">
      <h1 className="admin-page__title">Verificaciones</h1>
      <AdminNotice notice={notice} />
      {query.isPending && <p role="status">Cargando…</p>}
      {query.error && (
        <p className="notice notice--error" role="alert">
          {errorMessage(query.error, 'No pudimos cargar las verificaciones.')}
        </p>
      )}
      <h2>Pendientes ({pending.length})</h2>
      {query.data && pending.length === 0 && <p>No hay documentos para revisar.</p>}
      <ul className="admin-verifications">
        {pending.map((d) => (
          <DocumentCard key={d.id} document={d} onDone={done} />
        ))}
      </ul>
      {decided.length > 0 && (
        <>
          <h2>Revisados recientemente</h2>
          <ul className="admin-verifications">
            {decided.map((d) => (
              <DocumentCard key={d.id} document={d} onDone={done} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
