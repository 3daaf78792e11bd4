import {
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_REASON_KEYS,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
} from '@cym/common';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { errorMessage } from '../../lib/api/errors';
import { useSendReport } from './api';
import './moderation.css';

/**
 * The report form in a native <dialog>: a reason (required), what happened (optional, with its
 * counter); once sent, the team's thanks in its place. The server's refusals (already reported,
 * too many reports, oneself) show inside it.
 */
export function ReportDialog({
  open,
  onClose,
  title,
  target,
  targetId,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  target: ReportTarget;
  targetId: number;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendReport();

  const close = () => {
    onClose();
    // A later report starts from an empty form.
    setReason(null);
    setDetails('');
    setMissingReason(false);
    setProblem(null);
    setSent(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    setProblem(null);
    if (!reason) return setMissingReason(true);
    const text = details.trim();
    if (text.length > MODERATION_LIMITS.maxDetails) return setProblem(MODERATION_MESSAGES.details);
    try {
      const answer = await send.mutateAsync({
        target_type: target,
        target_id: targetId,
        reason,
        details: text || null,
      });
      setSent(answer.message);
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos enviar la denuncia. Intentá de nuevo.'));
    }
  }

  return (
    <Dialog open={open} title={title} onClose={close}>
      {sent ? (
        <div className="report-form">
          <p className="notice notice--success" role="status">
            {sent}
          </p>
          <div className="form__actions">
            <button type="button" className="button" onClick={close}>
              Cerrar
            </button>
          </div>
        </div>
      ) : (
        <form className="report-form" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset
            className="choice-group"
            aria-invalid={missingReason ? true : undefined}
            aria-describedby={missingReason ? `${id}-reason-error` : undefined}
          >
            <legend>Motivo</legend>
            {REPORT_REASON_KEYS.map((key) => (
              <label key={key} className="choice">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={key}
                  checked={reason === key}
                  onChange={() => {
                    setReason(key);
                    setMissingReason(false);
                  }}
                />
                <span>{REPORT_REASONS[key]}</span>
              </label>
            ))}
          </fieldset>
          {missingReason && (
            <p id={`${id}-reason-error`} className="field__error" role="alert">
              {MODERATION_MESSAGES.reason}
            </p>
          )}
          <div className="field">
            <label htmlFor={`${id}-details`}>Contanos qué pasó (opcional)</label>
            <textarea
              id={`${id}-details`}
              rows={3}
              value={details}
              maxLength={MODERATION_LIMITS.maxDetails}
              aria-describedby={`${id}-details-count`}
              onChange={(event) => setDetails(event.target.value)}
            />
            <p id={`${id}-details-count`} className="field__hint">
              {details.length} / {MODERATION_LIMITS.maxDetails} caracteres
            </p>
          </div>
          {problem && (
            <p className="notice notice--error" role="alert">
              {problem}
            </p>
          )}
          <div className="form__actions">
            <button type="submit" className="button" disabled={send.isPending}>
              Enviar denuncia
            </button>
            <button type="button" className="button button--secondary" onClick={close}>
              Cancelar
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
