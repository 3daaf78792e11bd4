import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../components/ui/Dialog';
import { errorMessage } from '../../lib/api/errors';
import { useAnswerProposal, useProposal, type HireProposal, type ProposalAnswer } from './api';
import { HireTermsList, LaborDisclaimer } from './HireTermsList';
import { dayText, hirePath } from './words';
import './hires.css';

const STATUS_BADGES: Record<HireProposal['status'], string> = {
  pending: 'badge--warning',
  accepted: 'badge--done',
  declined: 'badge--neutral',
  withdrawn: 'badge--neutral',
};

/** What each answer's confirmation asks and says, with the names and the start date. */
function confirmation(answer: ProposalAnswer, proposal: HireProposal) {
  const { employer, worker, terms } = proposal;
  if (answer === 'accept')
    return {
      title: '¿Aceptar la propuesta?',
      text: `Empezás a trabajar con ${employer.name} el ${dayText(terms.start_date)}, con estas condiciones. Antes de ese día te tiene que registrar en ARCA.`,
      confirm: 'Sí, aceptar',
    };
  if (answer === 'decline')
    return {
      title: '¿Rechazar la propuesta?',
      text: `${employer.name} va a ver que no la aceptaste. Pueden seguir hablando por el chat.`,
      confirm: 'Sí, rechazar',
    };
  return {
    title: '¿Retirar la propuesta?',
    text: `${worker.name} ya no va a poder aceptarla. Después podés hacer una propuesta nueva.`,
    confirm: 'Sí, retirar',
  };
}

/** The card's buttons, each asking first in a dialog; a failure is said in the dialog. */
function Answers({ proposal }: { proposal: HireProposal }) {
  const [asking, setAsking] = useState<ProposalAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const answer = useAnswerProposal();
  const ask = (which: ProposalAnswer) => {
    setProblem(null);
    setAsking(which);
  };
  async function confirm() {
    if (!asking) return;
    try {
      await answer.mutateAsync({ id: proposal.id, answer: asking });
      setAsking(null);
    } catch (failure) {
      setProblem(errorMessage(failure, 'No pudimos guardar tu respuesta. Intentá de nuevo.'));
    }
  }
  const words = asking ? confirmation(asking, proposal) : null;
  return (
    <>
      <div className="card-actions hire-card__actions">
        {proposal.can_answer && (
          <>
            <button type="button" className="button" onClick={() => ask('accept')}>
              Aceptar
            </button>
            <button type="button" className="button button--secondary" onClick={() => ask('decline')}>
              Rechazar
            </button>
          </>
        )}
        {proposal.can_withdraw && (
          <button type="button" className="button button--secondary" onClick={() => ask('withdraw')}>
            Retirar propuesta
          </button>
        )}
        {proposal.employment_id !== null && (
          <Link className="button" to={hirePath(proposal.employment_id)}>
            Ver la relación laboral
          </Link>
        )}
      </div>
      <Dialog open={asking !== null} title={words?.title ?? ''} onClose={() => setAsking(null)}>
        {words && (
          <>
            <p>{words.text}</p>
            {problem && (
              <p className="notice notice--error" role="alert">
                {problem}
              </p>
            )}
            <div className="dialog__actions">
              <button type="button" className="button button--secondary" onClick={() => setAsking(null)}>
                Cancelar
              </button>
              <button
                type="button"
                className="button"
                data-autofocus
                disabled={answer.isPending}
                onClick={() => void confirm()}
              >
                {answer.isPending ? 'Guardando…' : words.confirm}
              </button>
            </div>
          </>
        )}
      </Dialog>
    </>
  );
}

/**
 * A hire proposal as the chat shows it, under each of its steps' messages: every card of the same
 * proposal reads the one query, so an older card shows the answer as soon as it comes.
 */
export function ProposalCard({ proposalId }: { proposalId: number }) {
  const titleId = useId();
  const query = useProposal(proposalId);
  const proposal = query.data;
  return (
    <article className="hire-card" aria-labelledby={titleId}>
      <header className="hire-card__head">
        <h3 id={titleId}>Propuesta de contratación</h3>
        {proposal && <span className={`badge ${STATUS_BADGES[proposal.status]}`}>{proposal.status_label}</span>}
      </header>
      {!proposal && !query.isError && (
        <p className="muted" role="status">
          Cargando la propuesta…
        </p>
      )}
      {query.isError && !proposal && (
        <p className="notice notice--error" role="alert">
          {errorMessage(query.error, 'No pudimos cargar la propuesta de contratación.')}
        </p>
      )}
      {proposal && (
        <>
          <p className="hire-card__who">
            {proposal.employer.name} le propone a {proposal.worker.name} trabajar con estas condiciones:
          </p>
          <HireTermsList terms={proposal.terms} />
          <Answers proposal={proposal} />
        </>
      )}
      <LaborDisclaimer />
    </article>
  );
}
