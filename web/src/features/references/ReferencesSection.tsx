import { REFERENCE_LIMITS, REFERENCE_MESSAGES } from '@cym/common';
import { useId, useState, type FormEvent } from 'react';
import { PersonPhoto } from '../../components/PersonPhoto';
import { RatingSummary, Stars } from '../../components/Rating';
import { Dialog } from '../../components/ui/Dialog';
import { errorMessage } from '../../lib/api/errors';
import { useSession } from '../../lib/session';
import { useReferencePage, useReplyReference, useReportReference, type Reference, type ReferenceSubject } from './api';
import { LeaveReference } from './LeaveReference';
import './references.css';

/** The subject's one public answer (not editable once published). */
function ReplyForm({ reference }: { reference: Reference }) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reply = useReplyReference();
  const length = text.trim().length;
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (length < REFERENCE_LIMITS.minReply || length > REFERENCE_LIMITS.maxReply)
      return setProblem(REFERENCE_MESSAGES.reply);
    try {
      await reply.mutateAsync({ id: reference.id, text: text.trim() });
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos publicar la respuesta.'));
    }
  }
  return (
    <form className="reference__reply-form" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={`${id}-reply`}>Responder públicamente a {reference.author.first_name}</label>
      <textarea
        id={`${id}-reply`}
        rows={3}
        value={text}
        maxLength={REFERENCE_LIMITS.maxReply + 20}
        aria-describedby={`${id}-count`}
        onChange={(event) => setText(event.target.value)}
      />
      <p id={`${id}-count`} className="muted reference-form__count">
        {length} / {REFERENCE_LIMITS.maxReply} caracteres · Podés responder una sola vez.
      </p>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button" disabled={reply.isPending || length === 0}>
        {REFERENCE_MESSAGES.answer}
      </button>
    </form>
  );
}

/** 'Denunciar': the subject or an admin tells the team why a reference should go. */
function ReportButton({ reference }: { reference: Reference }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const report = useReportReference();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const length = reason.trim().length;
    if (length < REFERENCE_LIMITS.minReason || length > REFERENCE_LIMITS.maxReason)
      return setProblem(REFERENCE_MESSAGES.reason);
    try {
      await report.mutateAsync({ id: reference.id, reason: reason.trim() });
      setSent(true);
      setOpen(false);
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos enviar la denuncia.'));
    }
  }
  if (sent) return <p className="muted reference__reported">Denuncia enviada. El equipo la va a revisar.</p>;
  return (
    <>
      <button type="button" className="link-button reference__report" onClick={() => setOpen(true)}>
        {REFERENCE_MESSAGES.report}
      </button>
      <Dialog open={open} title="Denunciar la referencia" onClose={() => setOpen(false)}>
        <form className="reference-form" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={`${id}-reason`}>¿Por qué debería revisarla el equipo?</label>
          <textarea
            id={`${id}-reason`}
            rows={4}
            value={reason}
            maxLength={REFERENCE_LIMITS.maxReason + 20}
            onChange={(event) => setReason(event.target.value)}
          />
          {problem && (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="button" disabled={report.isPending}>
            Enviar denuncia
          </button>
        </form>
      </Dialog>
    </>
  );
}

function ReferenceItem({ reference, subjectName }: { reference: Reference; subjectName: string }) {
  const { user } = useSession();
  const isSubject = user?.id === reference.subject_user_id;
  return (
    <li className="reference">
      <div className="reference__head">
        <PersonPhoto name={reference.author.first_name} image={reference.author.profile_image} size={40} />
        <div>
          <strong>{reference.author.first_name}</strong>
          <div className="reference__meta">
            <Stars value={reference.stars} />
            <time dateTime={reference.created_at} className="muted">
              {reference.formatted_date}
            </time>
          </div>
        </div>
      </div>
      {reference.hired && (
        <p className="reference__hired" title="Escrita después de una contratación registrada en el sitio">
          Trabajó con {subjectName}
        </p>
      )}
      <p className="reference__text">{reference.text}</p>
      {reference.reply && (
        <div className="reference__reply">
          <p className="reference__reply-who">Respuesta de {subjectName}</p>
          <p>{reference.reply}</p>
        </div>
      )}
      {isSubject && !reference.reply && <ReplyForm reference={reference} />}
      {(isSubject || user?.is_admin) && <ReportButton reference={reference} />}
    </li>
  );
}

function ReferencePageItems({
  subject,
  profileId,
  page,
  subjectName,
}: {
  subject: ReferenceSubject;
  profileId: number;
  page: number;
  subjectName: string;
}) {
  const query = useReferencePage(subject, profileId, page);
  if (!query.data) return null;
  return (
    <>
      {query.data.results.map((reference) => (
        <ReferenceItem key={reference.id} reference={reference} subjectName={subjectName} />
      ))}
    </>
  );
}

/**
 * 'Referencias' on a public profile: the average and count, then the visible references newest
 * first, ten a page ('Ver más'), each with its author's first name, stars, date, text and the
 * subject's reply; the subject answers and reports from here.
 */
export function ReferencesSection({
  subject,
  profileId,
  subjectName,
}: {
  subject: ReferenceSubject;
  profileId: number;
  subjectName: string;
}) {
  const [pages, setPages] = useState(1);
  const first = useReferencePage(subject, profileId, 1);
  const data = first.data;
  const more = data ? data.count > pages * data.page_size : false;
  return (
    <section className="card references" aria-labelledby={`references-${subject}-${profileId}`}>
      <h2 id={`references-${subject}-${profileId}`}>
        Referencias {data?.rating && <RatingSummary rating={data.rating} />}
      </h2>
      {data && <LeaveReference userId={data.subject_user_id} name={subjectName} />}
      {first.isError && <p className="muted">{errorMessage(first.error, 'No pudimos cargar las referencias.')}</p>}
      {data && data.count === 0 && <p className="muted">{REFERENCE_MESSAGES.none}</p>}
      {data && data.count > 0 && (
        <ul className="references__list">
          {Array.from({ length: pages }, (_, i) => (
            <ReferencePageItems
              key={i + 1}
              subject={subject}
              profileId={profileId}
              page={i + 1}
              subjectName={subjectName}
            />
          ))}
        </ul>
      )}
      {more && (
        <button type="button" className="button button--secondary" onClick={() => setPages(pages + 1)}>
          {REFERENCE_MESSAGES.more}
        </button>
      )}
    </section>
  );
}

/** The average and count under a profile's name (the same query as the section's first page). */
export function ProfileRating({ subject, profileId }: { subject: ReferenceSubject; profileId: number }) {
  const rating = useReferencePage(subject, profileId, 1).data?.rating;
  if (!rating) return null;
  return (
    <p className="profile-rating">
      <RatingSummary rating={rating} />
    </p>
  );
}
