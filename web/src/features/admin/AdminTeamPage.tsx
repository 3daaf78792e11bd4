import { ADMIN_TEAM_MESSAGES as TEAM, secondFactorResetDone, secondFactorResetWarning } from '@cym/common';
import { useState } from 'react';
import { Dialog } from '../../components/ui/Dialog';
import { errorMessage } from '../../lib/api/errors';
import { AdminLoading } from './AdminList';
import { AdminNotice, type AdminNoticeValue } from './AdminNotice';
import { useAdminTeam, useResetSecondFactor, type AdminTeamMember } from './api';
import './admin.css';
import './admin-team.css';

/** One admin: name, e-mail, their second factor, and the reset (not on the admin's own card). */
function MemberCard({ member, onReset }: { member: AdminTeamMember; onReset: (member: AdminTeamMember) => void }) {
  return (
    <li className="team-member">
      <div className="team-member__head">
        <strong className="team-member__name">{member.full_name}</strong>
        {member.current && <span className="badge badge--neutral">{TEAM.you}</span>}
      </div>
      <p className="team-member__email">{member.email}</p>
      <p className="team-member__facts">
        <span className={member.second_factor ? 'badge badge--done' : 'badge badge--warning'}>
          {member.second_factor ? TEAM.enrolled : TEAM.notEnrolled}
        </span>
        <span className="muted">Último ingreso: {member.formatted_last_login ?? 'nunca'}</span>
      </p>
      {!member.current && (
        <button
          type="button"
          className="button button--secondary team-member__reset"
          aria-label={`${TEAM.resetButton} de ${member.full_name}`}
          onClick={() => onReset(member)}
        >
          {TEAM.resetButton}
        </button>
      )}
    </li>
  );
}

/**
 * /admin/equipo: the admins, each with their second factor. An admin who lost the phone with
 * their authenticator app is reset here by another, after a confirmation: their app and recovery
 * codes go, their sessions end, and the next login enrols again (they are told by e-mail).
 */
export default function AdminTeamPage() {
  const team = useAdminTeam();
  const reset = useResetSecondFactor();
  const [target, setTarget] = useState<AdminTeamMember | null>(null);
  const [notice, setNotice] = useState<AdminNoticeValue>(null);

  const open = (member: AdminTeamMember) => {
    reset.reset();
    setNotice(null);
    setTarget(member);
  };
  const close = () => {
    if (!reset.isPending) setTarget(null);
  };
  const confirm = () => {
    if (!target || reset.isPending) return;
    const member = target;
    reset.mutate(member.id, {
      onSuccess: () => {
        setTarget(null);
        setNotice({ kind: 'success', text: secondFactorResetDone(member.full_name) });
      },
    });
  };
  const failure = reset.isError ? errorMessage(reset.error, TEAM.resetFailed) : null;
  const members = team.data ?? [];

  return (
    <div className="admin-page team-page">
      <h1 className="admin-page__title">{TEAM.title}</h1>
      <p className="team-page__intro">{TEAM.intro}</p>
      <AdminNotice notice={notice} />
      {team.isError && (
        <div className="admin-status">
          <p className="notice notice--error admin-notice" role="alert">
            {errorMessage(team.error, TEAM.loadFailed)}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void team.refetch()}>
            Reintentar
          </button>
        </div>
      )}
      {team.isPending && <AdminLoading />}
      {members.length > 0 && (
        <ul className="team-list" aria-label="Personas del equipo">
          {members.map((member) => (
            <MemberCard key={member.id} member={member} onReset={open} />
          ))}
        </ul>
      )}
      <Dialog open={target !== null} title={TEAM.confirmTitle} onClose={close}>
        {target && <p>{secondFactorResetWarning(target.full_name)}</p>}
        {failure && (
          <p className="notice notice--error admin-notice" role="alert">
            {failure}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            {TEAM.cancel}
          </button>
          <button type="button" className="button button--danger" aria-disabled={reset.isPending} onClick={confirm}>
            {reset.isPending ? 'Restableciendo...' : TEAM.confirmAction}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
