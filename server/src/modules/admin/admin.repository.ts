import { activeMembershipSql } from '../memberships/membership-rules';
import { paymentStatusSql } from '../payments/checkout-expiry';
import { FULL_NAME, foldedContains, foldedMatch, foldedMatchAny } from './admin-search';

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

/** A list's total (`n`) when a page past the end has no window count: the page query's FROM and WHERE. */
export function countSql(from: string, where: string): string {
  return `SELECT count(*)::int AS n ${from} ${where}`;
}

// ── People ──────────────────────────────────────────────────────────────────

export type WorkerListRow = UserRow & { profile_id: number; profile_visibility: boolean };
export type ParentListRow = UserRow & MembershipRow & { profile_id: number };

export const WORKERS_FROM = `FROM worker_profiles w JOIN users u ON u.id = w.user_id`;

/** The employers with their current membership; `$1` is now (CURRENT_MEMBERSHIP). */
export const PARENTS_FROM = `FROM parent_profiles p JOIN users u ON u.id = p.user_id ${CURRENT_MEMBERSHIP}`;

/**
 * The people lists' WHERE: accounts not deleted and, with a list pattern, the full name matching
 * it (its parameter appended to `params`).
 */
export function livePeopleWhere(pattern: string | null, params: unknown[]): string {
  const nameSearch = pattern ? `AND ${foldedMatch(FULL_NAME('u'), pattern, params)}` : '';
  return `WHERE u.deleted_at IS NULL ${nameSearch}`;
}

/** A page of workers (`where` from livePeopleWhere), newest accounts first; `paging` is '' or LIMIT/OFFSET. */
export function workersListSql(where: string, paging: string): string {
  return `SELECT w.id AS profile_id, w.profile_visibility, ${USER_COLUMNS} ${WORKERS_FROM} ${where}
        ORDER BY u.created_at DESC, u.id DESC ${paging}`;
}

/** A page of employers with their current membership (`$1` is now), newest accounts first. */
export function parentsListSql(where: string, paging: string): string {
  return `SELECT p.id AS profile_id, cm.*, ${USER_COLUMNS} ${PARENTS_FROM} ${where}
        ORDER BY u.created_at DESC, u.id DESC ${paging}`;
}

/** The user $1 (not deleted), locked, with their worker profile's id and visibility (nulls for a non-worker). */
export const LOCK_USER_WORKER_PROFILE = `SELECT w.id, w.profile_visibility FROM users u LEFT JOIN worker_profiles w ON w.user_id = u.id
          WHERE u.id = $1 AND u.deleted_at IS NULL FOR UPDATE OF u`;

/** The worker whose user is $1, as the workers list shows them (WorkerListRow). */
export const WORKER_OF_USER = `SELECT w.id AS profile_id, w.profile_visibility, ${USER_COLUMNS}
         ${WORKERS_FROM} WHERE u.id = $1`;

// ── Memberships ─────────────────────────────────────────────────────────────

/** Locks the membership $1 for the rest of the transaction. */
export const LOCK_MEMBERSHIP = `SELECT id FROM memberships WHERE id = $1 FOR UPDATE`;

/** The membership $1 as the employers list shows it, with its employer's names; `$2` is now. */
export const ADMIN_MEMBERSHIP = `SELECT ms.id AS membership_id, ms.status AS membership_status, ${activeMembershipSql('ms', '$2')} AS membership_active,
              ms.start_date, ms.end_date, py.payment_method, py.status AS payment_status, py.transaction_id,
              u.first_name, u.last_name
         FROM memberships ms
         JOIN parent_profiles p ON p.id = ms.parent_profile_id JOIN users u ON u.id = p.user_id
         LEFT JOIN payments py ON py.id = ms.payment_id
        WHERE ms.id = $1`;

// ── Payments ────────────────────────────────────────────────────────────────

/** A payment as the lists show it (EMPLOYER_PAYMENTS; paymentsListSql adds the payer and the total). */
export interface PaymentRow {
  id: number;
  created_at: Date;
  transaction_id: string | null;
  payment_method: string;
  amount: number;
  status: string;
}

export interface PaymentListRow extends PaymentRow {
  first_name: string;
  last_name: string;
  total: number;
}

export const PAYMENTS_FROM = `FROM payments py JOIN parent_profiles p ON p.id = py.parent_profile_id JOIN users u ON u.id = p.user_id`;

/** The payments list's WHERE: with a list pattern, the payer's full name or the transaction id matching it; else ''. */
export function paymentsWhere(pattern: string | null, params: unknown[]): string {
  return pattern ? `WHERE ${foldedMatchAny([FULL_NAME('u'), 'py.transaction_id'], pattern, params)}` : '';
}

/** A page of payments, newest first, each with the status it has at `now` (a stale checkout reads expired). */
export function paymentsListSql(now: Date, where: string, paging: string): string {
  return `SELECT py.id, py.created_at, py.transaction_id, py.payment_method, py.amount,
              ${paymentStatusSql('py', now)} AS status, u.first_name, u.last_name, count(*) OVER ()::int AS total
         ${PAYMENTS_FROM} ${where} ORDER BY py.created_at DESC, py.id DESC ${paging}`;
}

// ── One employer ────────────────────────────────────────────────────────────

/** The employer profile $1 with its user's columns (UserRow), when the account is not deleted. */
export const EMPLOYER_PERSON = `SELECT p.id AS profile_id, ${USER_COLUMNS}
         FROM parent_profiles p JOIN users u ON u.id = p.user_id WHERE p.id = $1 AND u.deleted_at IS NULL`;

export interface EmployerMembershipRow {
  id: number;
  status: boolean;
  active: boolean;
  start_date: Date;
  end_date: Date;
  payment_method: string | null;
  amount: number | null;
  payment_status: string | null;
  transaction_id: string | null;
  granted_by: string | null;
}

/** Every membership of the employer profile $1, newest first, with its payment and the granting admin's name; `$2` is now. */
export const EMPLOYER_MEMBERSHIPS = `SELECT ms.id, ms.status, ${activeMembershipSql('ms', '$2')} AS active, ms.start_date, ms.end_date,
              py.payment_method, py.amount, py.status AS payment_status, py.transaction_id,
              NULLIF(trim(g.first_name || ' ' || g.last_name), '') AS granted_by
         FROM memberships ms LEFT JOIN payments py ON py.id = ms.payment_id LEFT JOIN users g ON g.id = py.granted_by
        WHERE ms.parent_profile_id = $1 ORDER BY ms.created_at DESC, ms.id DESC`;

/** Every payment of the employer profile $1, newest first. */
export const EMPLOYER_PAYMENTS = `SELECT id, created_at, transaction_id, payment_method, amount, status FROM payments
        WHERE parent_profile_id = $1 ORDER BY created_at DESC, id DESC`;

/** Locks the employer profile $1 (`id`); no row for a missing one or a deleted account. */
export const LOCK_LIVE_EMPLOYER = `SELECT p.id FROM parent_profiles p JOIN users u ON u.id = p.user_id
        WHERE p.id = $1 AND u.deleted_at IS NULL FOR UPDATE OF p`;

// ── The audit log ───────────────────────────────────────────────────────────

export interface AuditRow {
  id: number;
  created_at: Date;
  action: string;
  target_type: string;
  target_id: number | null;
  before: unknown;
  after: unknown;
  actor_id: number | null;
  actor_name: string | null;
  actor_deleted: boolean | null;
  person_id: number | null;
  person_name: string | null;
  person_deleted: boolean | null;
  offer_title: string | null;
  service_name: string | null;
  total: number;
}

/*
 * The person an entry is about: the user itself, or the employer of the membership or offer
 * (found through the row, or through the entry's own snapshot once the offer is gone). A deleted
 * account reads "Usuario eliminado"; its name comes from the snapshot of its deletion.
 */
export const AUDIT_FROM = `FROM admin_audit_log l
  LEFT JOIN users a ON a.id = l.actor_id
  LEFT JOIN memberships ms ON l.target_type = 'membership' AND ms.id = l.target_id
  LEFT JOIN job_offers jo ON l.target_type = 'job_offer' AND jo.id = l.target_id
  LEFT JOIN services sv ON l.target_type = 'service' AND sv.id = l.target_id
  LEFT JOIN parent_profiles pp ON l.target_type IN ('membership', 'job_offer')
        AND pp.id = coalesce(ms.parent_profile_id, jo.parent_profile_id,
                             (l.before ->> 'parent_profile_id')::int, (l.after ->> 'parent_profile_id')::int)
  LEFT JOIN users pu ON pu.id = CASE WHEN l.target_type = 'user' THEN l.target_id ELSE pp.user_id END
  LEFT JOIN LATERAL (
    SELECT d.before ->> 'first_name' AS first_name, d.before ->> 'last_name' AS last_name
      FROM admin_audit_log d
     WHERE pu.deleted_at IS NOT NULL AND d.action = 'user.delete' AND d.target_type = 'user' AND d.target_id = pu.id
     ORDER BY d.id LIMIT 1) dn ON true`;

const AUDIT_PERSON_NAME = `CASE WHEN dn.first_name IS NOT NULL THEN dn.first_name || ' ' || coalesce(dn.last_name, '')
                          ELSE pu.first_name || ' ' || pu.last_name END`;

/**
 * The audit list's WHERE ('' without filters): the acting admin, the action, and a text found in
 * the person's name or e-mail, each when given; their parameters are appended to `params`.
 */
export function auditWhere(
  filters: { actorId: number | null; action: string | null; person: string | null },
  params: unknown[],
): string {
  const where: string[] = [];
  if (filters.actorId !== null) {
    params.push(filters.actorId);
    where.push(`l.actor_id = $${params.length}`);
  }
  if (filters.action !== null) {
    params.push(filters.action);
    where.push(`l.action = $${params.length}`);
  }
  if (filters.person !== null)
    where.push(foldedContains([AUDIT_PERSON_NAME, FULL_NAME('pu'), 'pu.email'], filters.person, params));
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

/** A page of audit entries (`where` from auditWhere), newest first, with the list's total; `paging` is LIMIT/OFFSET. */
export function auditListSql(where: string, paging: string): string {
  return `SELECT l.id::int AS id, l.created_at, l.action, l.target_type, l.target_id, l.before, l.after,
              a.id AS actor_id, a.first_name || ' ' || a.last_name AS actor_name, a.deleted_at IS NOT NULL AS actor_deleted,
              pu.id AS person_id, ${AUDIT_PERSON_NAME} AS person_name, pu.deleted_at IS NOT NULL AS person_deleted,
              coalesce(jo.title, l.after ->> 'title', l.before ->> 'title') AS offer_title,
              sv.title_display AS service_name,
              count(*) OVER ()::int AS total
         ${AUDIT_FROM} ${where}
        ORDER BY l.created_at DESC, l.id DESC
        ${paging}`;
}

/** The audit filter's admins (`id`, `full_name`): admins now, and anyone who has an entry, by name. */
export const AUDIT_ADMINS = `SELECT id, trim(first_name || ' ' || last_name) AS full_name FROM users
        WHERE is_admin OR id IN (SELECT actor_id FROM admin_audit_log WHERE actor_id IS NOT NULL)
        ORDER BY lower(first_name), lower(last_name), id`;

/** The actions that have entries (`action`), in order. */
export const AUDIT_USED_ACTIONS = `SELECT DISTINCT action FROM admin_audit_log ORDER BY action`;
