import { adminApi, type AdminMembership } from './api';

/** A membership switched on whose end date has passed, or switched off and past its end. */
function ended(membership: AdminMembership): boolean {
  return !membership.active && !!membership.end_date && new Date(membership.end_date).getTime() < Date.now();
}

/** 'Activa' when switched on and in force; a membership past its end says 'Vencida'. */
export function membershipStateLabel(membership: AdminMembership | null): string {
  if (!membership) return 'Sin membresía';
  if (membership.active) return 'Activa';
  return membership.status || ended(membership) ? 'Vencida' : 'Inactiva';
}

/** What a switch did, said to the admin (and to screen readers, in a polite live region). */
export function membershipResult(name: string, membership: AdminMembership | null): string {
  return membership?.active ? `La membresía de ${name} está activa.` : `La membresía de ${name} quedó desactivada.`;
}

/**
 * What the switch does: it is on only while the membership is in force, so
 * switching on an employer without one, or whose membership ended, grants one by hand (30 days,
 * 'Manual'); any other membership is toggled.
 */
export function switchMembership(profileId: number, membership: AdminMembership | null): Promise<AdminMembership> {
  return membership && !ended(membership)
    ? adminApi.toggleMembership(membership.id)
    : adminApi.grantMembership(profileId);
}

/** The employer's membership switch, for every employer (with or without a membership). */
export function MembershipSwitch({
  membership,
  name,
  busy,
  onSwitch,
}: {
  membership: AdminMembership | null;
  name: string;
  busy: boolean;
  onSwitch: () => void;
}) {
  return (
    <label className="switch admin-switch">
      <input
        type="checkbox"
        role="switch"
        // Ticked only while it is in force: an expired membership is off and says 'Vencida'.
        checked={membership?.active ?? false}
        // Not disabled while saving: a disabled control drops the focus to <body>.
        aria-disabled={busy}
        aria-label={`Membresía de ${name}`}
        onChange={() => {
          if (!busy) onSwitch();
        }}
      />
      <span aria-hidden="true">{membershipStateLabel(membership)}</span>
    </label>
  );
}
