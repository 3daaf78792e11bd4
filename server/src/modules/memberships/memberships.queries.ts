import { activeMembershipSql } from './membership-rules';

/*
 * The memberships module's hand-written SQL: a membership with its type and payment (the
 * MEMBRESÍA table and the grant's answer). `$2` is the Clock's now.
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
