import { useId, useState } from 'react';
import {
  formatDate,
  formatDateTime,
  formatIsoDate,
  VERIFICATION_BADGES,
  VERIFICATION_KIND_LABELS,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
  verificationStatusText,
  type VerificationKind,
} from '@cym/common';
import { errorMessage } from '../../lib/api/errors';
import { openDocument, useDeleteDocument, useMyDocuments, useUploadDocument, type MyDocument } from './api';
import '../../components/verification-documents.css';

const HELP: Record<VerificationKind, string> = {
  dni: 'Una foto nítida del frente de tu DNI, o un PDF. Solo el equipo de revisión la ve.',
  background_check:
    'El Certificado de Antecedentes Penales (PDF o foto), emitido hace menos de 12 meses. Se pide en argentina.gob.ar.',
};

function statusLine(document: MyDocument): string {
  if (document.expired && document.expires_on) return `Vencido el ${formatIsoDate(document.expires_on)}`;
  const text = verificationStatusText(document.status, document.rejection_reason);
  if (document.status === 'approved' && document.expires_on)
    return `${text} · Vence el ${formatIsoDate(document.expires_on)}`;
  return text;
}

/**
 * What the review team did with the document, with dates: the decision and the last time an admin
 * opened the file (every opening is in the audit log; the owner sees the latest).
 */
function reviewLine(document: MyDocument): string | null {
  const parts: string[] = [];
  if (document.reviewed_at) parts.push(`Revisado el ${formatDate(new Date(document.reviewed_at))}.`);
  if (document.viewed_at)
    parts.push(`El equipo de revisión lo abrió por última vez el ${formatDateTime(new Date(document.viewed_at))}.`);
  return parts.length ? parts.join(' ') : null;
}

function DocumentRow({ kind, document }: { kind: VerificationKind; document: MyDocument | undefined }) {
  const inputId = useId();
  const upload = useUploadDocument();
  const remove = useDeleteDocument();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;
  const review = document ? reviewLine(document) : null;

  const choose = (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > VERIFICATION_LIMITS.maxBytes) return setError(VERIFICATION_MESSAGES.tooLarge);
    upload.mutate(
      { kind, file },
      { onError: (caught) => setError(errorMessage(caught, 'No pudimos subir el archivo.')) },
    );
  };

  const tone = document?.expired
    ? 'rejected'
    : document?.status === 'approved'
      ? 'approved'
      : document?.status === 'rejected'
        ? 'rejected'
        : 'pending';
  return (
    <li className="verification">
      <div className="verification__head">
        <h3>{VERIFICATION_KIND_LABELS[kind]}</h3>
        {document && (
          <span className={`verification__status verification__status--${tone}`}>{statusLine(document)}</span>
        )}
      </div>
      {review && <p className="muted">{review}</p>}
      <p className="muted">
        {document?.badge ? `Tu perfil muestra «${document.badge}».` : HELP[kind]}
        {!document?.badge && ` Con la aprobación tu perfil muestra «${VERIFICATION_BADGES[kind]}».`}
      </p>
      <div className="verification__actions">
        <label className={`button ${document ? 'button--secondary' : ''}`} htmlFor={inputId} aria-disabled={busy}>
          {upload.isPending ? 'Subiendo…' : document ? 'Subir otro' : 'Subir archivo'}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/*,application/pdf"
          disabled={busy}
          aria-label={`Subir ${VERIFICATION_KIND_LABELS[kind]}`}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {document && (
          <>
            <button
              type="button"
              className="link-button"
              onClick={() =>
                void openDocument(document.file_url).catch((caught) =>
                  setError(errorMessage(caught, 'No pudimos abrir el documento.')),
                )
              }
            >
              Ver
            </button>
            <button
              type="button"
              className="link-button"
              disabled={busy}
              onClick={() => {
                if (
                  !window.confirm(
                    `¿Borrar tu ${VERIFICATION_KIND_LABELS[kind]}? Si estaba aprobado, se quita la insignia.`,
                  )
                )
                  return;
                remove.mutate(kind, { onError: (caught) => setError(errorMessage(caught, 'No pudimos borrarlo.')) });
              }}
            >
              Borrar
            </button>
          </>
        )}
      </div>
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * 'Verificación' on /user-account: each document (a worker's DNI and certificate, an employer's
 * DNI), its status, and upload, view and delete. `accept="image/*,application/pdf"` lets a phone
 * offer its camera.
 */
export function VerificationSection({ kinds }: { kinds: readonly VerificationKind[] }) {
  const query = useMyDocuments();
  const byKind = new Map((query.data ?? []).map((d) => [d.kind, d]));
  return (
    <section className="card account-section verification-section no-print" aria-labelledby="verification-title">
      <h2 id="verification-title">Verificación</h2>
      <p className="muted">
        Subí tus documentos para que el equipo los revise. Son privados: nadie más puede verlos. Foto o PDF de hasta 5
        MB; un PDF, de hasta {VERIFICATION_LIMITS.maxPdfPages} páginas.
      </p>
      {query.error && (
        <p className="notice notice--error" role="alert">
          {errorMessage(query.error, 'No pudimos cargar tus documentos.')}
        </p>
      )}
      <ul className="verification-list">
        {kinds.map((kind) => (
          <DocumentRow key={kind} kind={kind} document={byKind.get(kind)} />
        ))}
      </ul>
    </section>
  );
}
