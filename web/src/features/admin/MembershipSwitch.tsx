import { adminApi, type AdminMembership } from './admin-api';

/** 'Activa' when switched on and not expired; a switched-on membership past its end says so. */
export function membershipStateLabel(membership: AdminMembership | null): string {
  if (!membership) return 'Sin membresía';
  if (membership.active) return 'Activa';
  return membership.status ? 'Vencida' : 'Inactiva';
}

/**
 * What the switch does: an employer without any membership gets one granted by hand (30 days,
 * 'Manual', issue 16 item 7); any other membership is toggled (spec 03 §4).
 */
export function switchMembership(profileId: number, membership: AdminMembership | null): Promise<AdminMembership> {
  return membership ? adminApi.toggleMembership(membership.id) : adminApi.grantMembership(profileId);
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
        checked={membership?.status ?? false}
        disabled={busy}
        aria-label={`Membresía de ${name}`}
        onChange={onSwitch}
      />
      <span aria-hidden="true">{membershipStateLabel(membership)}</span>
    </label>
  );
}
