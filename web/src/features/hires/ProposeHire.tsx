import { useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { InactiveMembershipDialog } from '../employer';
import { useEmployment, useProposal, type HireProposal } from './api';
import { ProposalForm } from './ProposalForm';
import './hires.css';

/**
 * 'Proponer contratación' in an employer's conversation with a worker: the form on the whole
 * screen of a phone, as a panel at the side on a desktop. Hidden while the conversation's latest
 * proposal waits for an answer (its card offers 'Retirar propuesta') or became a relationship that
 * has not ended. An employer whose membership ended gets the membership's prompt.
 */
export function ProposeHire({
  conversationId,
  workerName,
  latestProposalId,
  onSent,
}: {
  conversationId: number;
  workerName: string;
  /** The conversation's newest proposal, if any. */
  latestProposalId: number | null;
  onSent: (proposal: HireProposal) => void;
}) {
  const [open, setOpen] = useState(false);
  const [membership, setMembership] = useState(false);
  const latest = useProposal(latestProposalId ?? 0, latestProposalId !== null).data;
  const hired = latest?.status === 'accepted' ? latest.employment_id : null;
  const employment = useEmployment(hired ?? 0, hired !== null).data;
  // One open proposal, one relationship at a time between the two (the server refuses a second).
  if (latest?.status === 'pending' || (hired !== null && employment?.status !== 'ended')) return null;
  return (
    <div className="propose-hire">
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        Proponer contratación
      </button>
      <Dialog open={open} title="Proponer contratación" onClose={() => setOpen(false)} className="dialog--sheet">
        {open && (
          <ProposalForm
            conversationId={conversationId}
            workerName={workerName}
            onCancel={() => setOpen(false)}
            onSent={(proposal) => {
              setOpen(false);
              onSent(proposal);
            }}
            onMembershipRequired={() => {
              setOpen(false);
              setMembership(true);
            }}
          />
        )}
      </Dialog>
      <InactiveMembershipDialog
        open={membership}
        onClose={() => setMembership(false)}
        message="Para proponer una contratación necesitás una membresía activa."
      />
    </div>
  );
}
