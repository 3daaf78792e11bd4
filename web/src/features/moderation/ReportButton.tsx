import { useState } from 'react';
import { useSignedInNonOwner } from '../../lib/session';
import { ReportDialog } from './ReportDialog';
import './moderation.css';

const WHAT = {
  worker_profile: { profileType: 'Worker', label: 'Denunciar este perfil', title: 'Denunciar el perfil' },
  job_offer: { profileType: 'Parent', label: 'Denunciar esta oferta', title: 'Denunciar la oferta' },
} as const;

/**
 * 'Denunciar' on a worker's public profile or an employer's offer: for anyone signed in but the
 * owner (`ownerProfileId`: the worker's profile, or the offer's employer profile). Nothing for a
 * visitor, as the heart of 'Guardar': reporting takes an account.
 */
export function ReportButton({
  target,
  targetId,
  ownerProfileId,
}: {
  target: keyof typeof WHAT;
  targetId: number;
  ownerProfileId: number;
}) {
  const what = WHAT[target];
  const viewer = useSignedInNonOwner({ profileType: what.profileType, profileId: ownerProfileId });
  const [open, setOpen] = useState(false);
  if (!viewer) return null;
  return (
    <div className="report-button">
      <button
        type="button"
        className="link-button report-button__open"
        aria-label={what.label}
        onClick={() => setOpen(true)}
      >
        Denunciar
      </button>
      <ReportDialog open={open} onClose={() => setOpen(false)} title={what.title} target={target} targetId={targetId} />
    </div>
  );
}
