import { activeMembershipSql } from '../memberships/membership-rules';

/*
 * The back office's hand-written SQL shared by its lists: a person's columns with the list's
 * total (a window count), and the employer's current membership (the active one, else the newest).
 */

export interface UserRow {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  created_at: Date;
  last_login: Date | null;
  last_seen: Date | null;
  profile_image: string | null;
  total: number;
}

export interface MembershipRow {
  membership_id: number | null;
  membership_status: boolean | null;
  membership_active: boolean | null;
  start_date: Date | null;
  end_date: Date | null;
  payment_method: string | null;
  payment_status: string | null;
  transaction_id: string | null;
}

export const USER_COLUMNS = `u.id AS user_id, u.first_name, u.last_name, u.email, u.phone, u.created_at, u.last_login,
       u.last_seen, u.profile_image, count(*) OVER ()::int AS total`;

/** The employer's membership the admin sees: the active one, else the newest. `$1` is now. */
export const CURRENT_MEMBERSHIP = `LEFT JOIN LATERAL (
    SELECT ms.id AS membership_id, ms.status AS membership_status, ${activeMembershipSql('ms', '$1')} AS membership_active,
           ms.start_date, ms.end_date, py.payment_method, py.status AS payment_status, py.transaction_id
      FROM memberships ms LEFT JOIN payments py ON py.id = ms.payment_id
     WHERE ms.parent_profile_id = p.id
     ORDER BY ${activeMembershipSql('ms', '$1')} DESC, ms.id DESC LIMIT 1) cm ON true`;
