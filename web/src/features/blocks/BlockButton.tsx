import { BLOCK_MESSAGES, blockQuestion } from '@cym/common';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { errorMessage } from '../../lib/api/errors';
import { useSignedInNonOwner } from '../../lib/session';
import { afterBlockChange, BLOCK_FAILED, blockedQuery, blockUser, UNBLOCK_FAILED, unblockUser } from './api';
import './blocks.css';

interface BlockButtonProps {
  userId: number;
  /** The person's first name, as the page shows it. */
  name: string;
  /** Whether the signed-in person already blocked them: the button unblocks. */
  blocked: boolean;
  className?: string;
}

/**
 * 'Bloquear' (asked first in a dialog: the other person is not told) or 'Desbloquear' (at once).
 * Every screen is asked again afterwards: the chat's composer, the directories, the shortlists.
 */
export function BlockButton({ userId, name, blocked, className = 'link-button block-button' }: BlockButtonProps) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function change(block: boolean) {
    setBusy(true);
    setError(null);
    try {
      await (block ? blockUser(userId) : unblockUser(userId));
      setAsking(false);
      await afterBlockChange(client);
    } catch (failure) {
      setError(errorMessage(failure, block ? BLOCK_FAILED : UNBLOCK_FAILED));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={className}
        disabled={busy}
        onClick={() => (blocked ? void change(false) : setAsking(true))}
      >
        {blocked ? BLOCK_MESSAGES.unblock : BLOCK_MESSAGES.block}
      </button>
      {error && !asking && (
        <p className="notice notice--error block-button__error" role="alert">
          {error}
        </p>
      )}
      {!blocked && (
        <Dialog open={asking} title={`Bloquear a ${name}`} onClose={() => setAsking(false)}>
          <p>{blockQuestion(name)}</p>
          {error && (
            <p className="notice notice--error" role="alert">
              {error}
            </p>
          )}
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
              Cancelar
            </button>
            <button type="button" className="button button--danger" disabled={busy} onClick={() => void change(true)}>
              {BLOCK_MESSAGES.block}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/**
 * The block button of a public page (a worker's profile, an offer): for a signed-in person who is
 * not the page's owner nor the team, knowing from their list whether they blocked them already.
 */
export function ProfileBlockButton({ userId, name }: { userId: number | null | undefined; name: string }) {
  const viewer = useSignedInNonOwner({ userId });
  // The team blocks nobody: an admin's tools are elsewhere.
  const shown = viewer !== null && !viewer.is_admin && typeof userId === 'number';
  const list = useQuery({ ...blockedQuery, enabled: shown });
  if (!shown || !list.data) return null;
  return (
    <div className="profile-block">
      <BlockButton userId={userId} name={name} blocked={list.data.some((b) => b.user_id === userId)} />
    </div>
  );
}
