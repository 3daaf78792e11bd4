import {
  formatDate,
  formatDateTime,
  MODERATION_ACTION_WORDS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASONS,
  type ModerationAction,
  type ReportTarget,
} from '@cym/common';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api/errors';
import { useDocumentTitle } from '../../lib/title';
import { AdminLoading } from '../admin';
import { NotFoundPage } from '../static-pages';
import { useModerate, useReportTarget, useUndoDecision, type Decision, type ReportTargetDetail } from './api';
import { targetName, targetTypeOf } from './paths';
import './moderation-admin.css';

/** What each decision's button says, and what the status line says once it is taken. */
const ACTION_BUTTONS: Record<ModerationAction, string> = {
  dismiss: 'Desestimar',
  warn: 'Advertir',
  hide: 'Ocultar',
  suspend: 'Suspender cuenta',
};

/** A warning or a suspension: the reason goes to the person; a suspension says what it does. */
function ReasonDialog({
  action,
  name,
  busy,
  onSend,
  onClose,
}: {
  action: 'warn' | 'suspend';
  name: string;
  busy: boolean;
  onSend: (reason: string) => Promise<string | null>;
  onClose: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = reason.trim();
    if (text.length < MODERATION_LIMITS.minReason || text.length > MODERATION_LIMITS.maxReason)
      return setProblem(MODERATION_MESSAGES.actionReason);
    setProblem(await onSend(text));
  }
  const suspend = action === 'suspend';
  return (
    <Dialog open title={suspend ? `Suspender la cuenta de ${name}` : `Advertir a ${name}`} onClose={onClose}>
      <form className="moderation-form" onSubmit={(event) => void submit(event)} noValidate>
        {suspend && (
          <p className="notice notice--error">
            No va a poder ingresar y se cierran sus sesiones abiertas. Podés deshacerlo desde el historial.
          </p>
        )}
        <div className="field">
          <label htmlFor={`${id}-reason`}>Motivo</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            value={reason}
            maxLength={MODERATION_LIMITS.maxReason}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
            onChange={(event) => setReason(event.target.value)}
          />
          <p id={`${id}-hint`} className="field__hint">
            {MODERATION_MESSAGES.actionReason}
          </p>
          {problem && (
            <p id={`${id}-problem`} className="field__error" role="alert">
              {problem}
            </p>
          )}
        </div>
        <div className="form__actions">
          <button type="submit" className={suspend ? 'button button--danger' : 'button'} disabled={busy}>
            {suspend ? 'Suspender cuenta' : 'Enviar advertencia'}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancelar
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** 'Deshacer' asks first: an undone suspension lets the person in again. */
function UndoDialog({
  decision,
  busy,
  problem,
  onConfirm,
  onClose,
}: {
  decision: Decision;
  busy: boolean;
  problem: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open title="Deshacer la decisión" onClose={onClose}>
      <div className="moderation-form">
        <p>
          ¿Deshacer «{MODERATION_ACTION_WORDS[decision.action]}» del {formatDate(new Date(decision.created_at))}? Las
          denuncias que cerró vuelven a quedar abiertas.
        </p>
        {problem && (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        )}
        <div className="form__actions">
          <button type="button" className="button" disabled={busy} onClick={onConfirm}>
            Deshacer
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancelar
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function Target({ detail }: { detail: ReportTargetDetail }) {
  if (detail.target_type === 'message' && detail.context.length > 0)
    return (
      <ol className="moderation-context" aria-label="Mensajes de la conversación">
        {detail.context.map((m) => (
          <li key={m.id} className={m.reported ? 'moderation-context__reported' : undefined}>
            <p className="moderation-context__who">
              <strong>{m.sender_name}</strong>{' '}
              <time dateTime={m.created_at} className="muted">
                {formatDateTime(new Date(m.created_at))}
              </time>
              {m.reported && <span className="badge badge--warning">Mensaje denunciado</span>}
            </p>
            <p className="moderation-text">{m.content}</p>
          </li>
        ))}
      </ol>
    );
  return detail.text ? (
    <p className="moderation-text">{detail.text}</p>
  ) : (
    <p className="muted">Ya no existe o no tiene texto.</p>
  );
}

function Actions({ detail, onDone }: { detail: ReportTargetDetail; onDone: (status: string) => void }) {
  const moderate = useModerate(detail.target_type, detail.target_id);
  const [asking, setAsking] = useState<'warn' | 'suspend' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const open = detail.reports.some((r) => r.open);
  if (!open) return <p className="muted">{MODERATION_MESSAGES.nothingOpen}</p>;

  async function act(action: ModerationAction, reason: string | null): Promise<string | null> {
    setProblem(null);
    try {
      await moderate.mutateAsync({ action, reason });
      setAsking(null);
      onDone(`Listo: ${MODERATION_ACTION_WORDS[action]}.`);
      return null;
    } catch (failure) {
      const message = errorMessage(failure, 'No pudimos guardar la decisión.');
      if (!asking) setProblem(message);
      return message;
    }
  }

  const actions: ModerationAction[] = ['dismiss', 'warn'];
  if (detail.target_type !== 'message' && !detail.hidden) actions.push('hide');
  if (!detail.person.suspended && !detail.deleted) actions.push('suspend');
  return (
    <>
      <div className="moderation-actions">
        {actions.map((action) => (
          <button
            key={action}
            type="button"
            className={action === 'suspend' ? 'button button--danger' : 'button button--secondary'}
            disabled={moderate.isPending}
            onClick={() => (action === 'warn' || action === 'suspend' ? setAsking(action) : void act(action, null))}
          >
            {ACTION_BUTTONS[action]}
          </button>
        ))}
      </div>
      {problem && (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      )}
      {asking && (
        <ReasonDialog
          action={asking}
          name={detail.person.name}
          busy={moderate.isPending}
          onSend={(reason) => act(asking, reason)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}

function History({ detail, onDone }: { detail: ReportTargetDetail; onDone: (status: string) => void }) {
  const undo = useUndoDecision();
  const [confirming, setConfirming] = useState<Decision | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (detail.actions.length === 0) return <p className="muted">Todavía no hay decisiones.</p>;
  const confirm = async () => {
    if (!confirming) return;
    setProblem(null);
    try {
      await undo.mutateAsync(confirming.id);
      onDone(`Deshicimos «${MODERATION_ACTION_WORDS[confirming.action]}».`);
      setConfirming(null);
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos deshacer la decisión.'));
    }
  };
  return (
    <>
      <ul className="moderation-history">
        {detail.actions.map((a) => (
          <li key={a.id}>
            <p>
              <strong>{MODERATION_ACTION_WORDS[a.action]}</strong>{' '}
              {a.undone_at && <span className="badge badge--neutral">Deshecha</span>}
            </p>
            {a.reason && <p className="moderation-text">Motivo: {a.reason}</p>}
            <p className="muted">
              {a.actor_name ?? 'El equipo'}, {formatDateTime(new Date(a.created_at))}
              {/* Undone, the reports it closed are open again. */}
              {a.undone_at
                ? ` · deshecha por ${a.undone_by_name ?? 'el equipo'} el ${formatDate(new Date(a.undone_at))}`
                : ` · ${a.report_count === 1 ? '1 denuncia cerrada' : `${a.report_count} denuncias cerradas`}`}
            </p>
            {!a.undone_at && (
              <button
                type="button"
                className="button button--secondary"
                aria-label={`Deshacer «${MODERATION_ACTION_WORDS[a.action]}»`}
                onClick={() => {
                  setProblem(null);
                  setConfirming(a);
                }}
              >
                Deshacer
              </button>
            )}
          </li>
        ))}
      </ul>
      {confirming && (
        <UndoDialog
          decision={confirming}
          busy={undo.isPending}
          problem={problem}
          onConfirm={() => void confirm()}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}

/** Where the last write's outcome is said: beside the control that made it, in view on a phone. */
type StatusPlace = 'decide' | 'history';

function Detail({ detail }: { detail: ReportTargetDetail }) {
  const [status, setStatus] = useState<{ place: StatusPlace; text: string } | null>(null);
  const { person } = detail;
  const statusLine = (place: StatusPlace) => (
    <p className="moderation-status" role="status">
      {status?.place === place ? status.text : ''}
    </p>
  );
  return (
    <>
      <section className="card" aria-labelledby="moderation-target">
        <h2 id="moderation-target">Lo denunciado</h2>
        <p>
          {detail.hidden && <span className="badge badge--warning">Oculto por el equipo</span>}{' '}
          {detail.public_path && <Link to={detail.public_path}>Ver la página pública</Link>}
        </p>
        <Target detail={detail} />
      </section>
      <section className="card" aria-labelledby="moderation-person">
        <h2 id="moderation-person">La persona</h2>
        <p>
          <strong>{person.name || 'Cuenta eliminada'}</strong>{' '}
          {person.suspended && <span className="badge badge--warning">Suspendida</span>}
          {detail.deleted && <span className="badge badge--neutral">Cuenta eliminada</span>}
        </p>
        {person.email && <p className="moderation-text">{person.email}</p>}
        {person.suspended && detail.suspension_reason && (
          <p className="moderation-text">Motivo de la suspensión: {detail.suspension_reason}</p>
        )}
      </section>
      <section className="card" aria-labelledby="moderation-reports">
        <h2 id="moderation-reports">Denuncias ({detail.reports.length})</h2>
        <ul className="moderation-reports">
          {detail.reports.map((r) => (
            <li key={r.id}>
              <p>
                <strong>{REPORT_REASONS[r.reason]}</strong>{' '}
                <span className={r.open ? 'badge badge--warning' : 'badge badge--neutral'}>
                  {r.open ? 'Abierta' : 'Cerrada'}
                </span>
              </p>
              {r.details && <p className="moderation-text">{r.details}</p>}
              <p className="muted">
                {r.reporter_name}, {formatDate(new Date(r.created_at))}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="moderation-decide">
        <h2 id="moderation-decide">Decidir</h2>
        {statusLine('decide')}
        <Actions detail={detail} onDone={(text) => setStatus({ place: 'decide', text })} />
      </section>
      <section className="card" aria-labelledby="moderation-history">
        <h2 id="moderation-history">Historial de decisiones</h2>
        {statusLine('history')}
        <History detail={detail} onDone={(text) => setStatus({ place: 'history', text })} />
      </section>
    </>
  );
}

/** /admin/denuncias/{type}/{id}: what was reported in context, its reports, the decisions. */
export default function AdminReportPage() {
  const params = useParams();
  const type: ReportTarget | null = targetTypeOf(params.targetType);
  const id = Number(params.targetId);
  const valid = type !== null && Number.isInteger(id) && id >= 1;
  const query = useReportTarget(type ?? '', id, valid);
  const detail = query.data;
  const name = type ? targetName(type, detail?.label ?? null, detail?.person.name) : '';
  useDocumentTitle(detail ? `Denuncia: ${name}` : null);
  if (!valid) return <NotFoundPage />;
  return (
    <div className="admin-page moderation-page">
      <p>
        <Link to={paths.admin.reports}>← Denuncias</Link>
      </p>
      <h1 className="admin-page__title">{name}</h1>
      {query.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(query.error, 'No pudimos cargar la denuncia.')}
        </p>
      )}
      {query.isPending && <AdminLoading />}
      {detail && <Detail detail={detail} />}
    </div>
  );
}
