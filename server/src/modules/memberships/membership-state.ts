import { isActiveMembership } from './membership-rules';

/**
 * What a membership is for the person looking at it:
 * 'active' (Activa) within its period, 'scheduled' (Programada) a renewal whose period has not
 * started, 'pending' (Pendiente) a bank transfer waiting for approval, 'expired' (Vencida) once
 * its period ended, 'inactive' (Inactiva) switched off (a refund, an admin).
 */
export type MembershipState = 'active' | 'scheduled' | 'pending' | 'expired' | 'inactive';

export const MEMBERSHIP_STATES: readonly MembershipState[] = ['active', 'scheduled', 'pending', 'expired', 'inactive'];

export interface MembershipFacts {
  status: boolean;
  start_date: Date;
  end_date: Date;
  payment_method: string | null;
  payment_status: string | null;
}

export function membershipState(m: MembershipFacts, now: Date): MembershipState {
  if (!m.status && m.payment_method === 'bank_transfer' && m.payment_status === 'pending') return 'pending';
  if (!isActiveMembership(m, now)) return m.end_date.getTime() <= now.getTime() ? 'expired' : 'inactive';
  return m.start_date.getTime() > now.getTime() ? 'scheduled' : 'active';
}
