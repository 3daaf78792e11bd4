import { REFERENCE_MESSAGES } from '@cym/common';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { useSession } from '../../lib/session';
import { useEligibility } from './api';
import { ReferenceForm } from './ReferenceForm';
import './references.css';

/**
 * 'Dejar una referencia' / 'Editar mi referencia' about `userId`: shown only to a worker or
 * employer the server says may write now (a conversation where both wrote), or who may still edit
 * theirs. `watch` changes (e.g. the conversation's message count) ask again.
 */
export function LeaveReference({ userId, name, watch }: { userId: number | null; name: string; watch?: unknown }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<'created' | 'updated' | null>(null);
  const mayAsk = !!user && !user.is_admin && user.profile_type !== null && userId !== null && userId !== user.id;
  const eligibility = useEligibility(userId, mayAsk);
  const { refetch } = eligibility;
  const data = eligibility.data;
  // Not allowed yet (the other side has not written): ask again when the conversation moves.
  const waiting = !!data && !data.can_write && !data.reference;
  useEffect(() => {
    if (waiting) void refetch();
  }, [watch, waiting, refetch]);
  if (!mayAsk || !data || userId === null) return null;
  const editing = data.reference && data.can_edit ? data.reference : null;
  // The first time thanks; after an edit only 'Referencia actualizada.'.
  const doneText = done === 'updated' ? REFERENCE_MESSAGES.updated : done ? REFERENCE_MESSAGES.published : null;
  if (!data.can_write && !editing) return doneText ? <p className="notice">{doneText}</p> : null;
  const title = editing ? REFERENCE_MESSAGES.edit : REFERENCE_MESSAGES.leave;
  return (
    <div className="leave-reference">
      {doneText && (
        <p className="notice" role="status">
          {doneText}
        </p>
      )}
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {title}
      </button>
      <Dialog open={open} title={title} onClose={() => setOpen(false)}>
        {open && (
          <ReferenceForm
            subjectUserId={userId}
            subjectName={name}
            existing={editing}
            onDone={(result) => {
              setOpen(false);
              setDone(result);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}
