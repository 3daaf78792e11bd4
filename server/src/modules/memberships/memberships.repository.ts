import { activeMembershipSql, hasActiveMembershipSql } from './membership-rules';

/*
 * The memberships module's hand-written SQL: a membership with its type and payment (the
 * MEMBRESÍA table and the grant's answer; `$2` is the Clock's now), the types on sale, the
 * pending bank transfer, and the reads and locks of a grant or an admin's switch.
 */

export interface MembershipRow {
  id: number;
  type_id: number;
  type_name: string;
  type_price: number;
  start_date: Date;
  end_date: Date;
  active: boolean;
  status: boolean;
  payment_id: number | null;
  payment_method: string | null;
  amount: number | null;
  payment_status: string | null;
  transaction_id: string | null;
}

export const MEMBERSHIP_SELECT = `SELECT ms.id, mt.id AS type_id, mt.name AS type_name, mt.price AS type_price,
       ms.start_date, ms.end_date, ms.status, ${activeMembershipSql('ms', '$2')} AS active,
       py.id AS payment_id, py.payment_method, py.amount, py.status AS payment_status, py.transaction_id
  FROM memberships ms
  JOIN membership_types mt ON mt.id = ms.membership_type_id
  LEFT JOIN payments py ON py.id = ms.payment_id`;

/** The memberships of the employer profile $1, newest first; `$2` is now. */
export const MEMBERSHIPS_OF_PARENT = `${MEMBERSHIP_SELECT} WHERE ms.parent_profile_id = $1 ORDER BY ms.created_at DESC, ms.id DESC`;

/** The membership $1; `$2` is now. */
export const MEMBERSHIP_BY_ID = `${MEMBERSHIP_SELECT} WHERE ms.id = $1`;

/** The membership type on sale: the first active one. */
export const CURRENT_MEMBERSHIP_TYPE = `SELECT id, name, price, duration_days FROM membership_types WHERE is_active ORDER BY id LIMIT 1`;

/** The membership type $1 when it is active. */
export const ACTIVE_MEMBERSHIP_TYPE = `SELECT id, name, price, duration_days FROM membership_types WHERE id = $1 AND is_active`;

/** Whether the employer profile $1 has an active membership at $2 (now): `active`. */
export const PROFILE_HAS_ACTIVE_MEMBERSHIP = `SELECT ${hasActiveMembershipSql('$1', '$2')} AS active`;

/**
 * The employer profile $1's newest bank-transfer request still pending (`id` of its membership)
 * for the type $2 at the amount $3; no row when there is none.
 */
export const PENDING_BANK_TRANSFER = `SELECT ms.id FROM memberships ms JOIN payments py ON py.id = ms.payment_id
          WHERE ms.parent_profile_id = $1 AND ms.membership_type_id = $2 AND py.payment_method = 'bank_transfer'
            AND py.status = 'pending' AND py.amount = $3
          ORDER BY ms.id DESC LIMIT 1`;

/** The membership (`id`) the payment $1 granted, if any. */
export const MEMBERSHIP_OF_PAYMENT = `SELECT id FROM memberships WHERE payment_id = $1`;

/** A membership as the admin's switch reads it (LOCK_MEMBERSHIP_FOR_SWITCH). */
export interface SwitchedMembershipRow {
  id: number;
  parent_profile_id: number;
  membership_type_id: number;
  status: boolean;
  end_date: Date;
  payment_id: number | null;
  payment_method: string | null;
  payment_status: string | null;
}

/** The membership $1 with its payment, its row locked for the rest of the transaction. */
export const LOCK_MEMBERSHIP_FOR_SWITCH = `SELECT ms.id, ms.parent_profile_id, ms.membership_type_id, ms.status, ms.end_date,
              py.id AS payment_id, py.payment_method, py.status AS payment_status
         FROM memberships ms LEFT JOIN payments py ON py.id = ms.payment_id
        WHERE ms.id = $1 FOR UPDATE OF ms`;

/**
 * When the employer profile $1's cover ends (`end_date`, null without one): the latest end of its
 * memberships active at $3 (now), the membership $2 left out.
 */
export const COVER_END = `SELECT max(ms.end_date) AS end_date FROM memberships ms
        WHERE ms.parent_profile_id = $1 AND ms.id <> $2 AND ${activeMembershipSql('ms', '$3')}`;

/** The e-mail and first name of the employer profile $1's owner; no row for a deleted account. */
export const LIVE_EMPLOYER_CONTACT = `SELECT u.email, u.first_name FROM parent_profiles p JOIN users u ON u.id = p.user_id
        WHERE p.id = $1 AND u.deleted_at IS NULL`;

/** Switches off every membership of the user $1's employer profile (a deleted account). */
export const SWITCH_OFF_MEMBERSHIPS_OF_USER = `UPDATE memberships SET status = false
        WHERE parent_profile_id IN (SELECT id FROM parent_profiles WHERE user_id = $1)`;
