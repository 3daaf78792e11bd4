import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { limitOffsetSql } from '../browse/browse.repository';
import { activeMembershipSql } from '../memberships/membership-rules';
import { paymentStatusSql } from '../payments/checkout-expiry';
import { FULL_NAME, foldedContains, foldedMatch, foldedMatchAny } from '../../database/folded-search';
import { AdminAuditEntry } from './entities/admin-audit-entry.entity';

/*
 * The back office's SQL. Its lists read every feature's tables: a person's columns with the
 * list's total (a window count), the employer's current membership (the active one, else the
 * newest), payments and the audit log.
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

const USER_COLUMNS = `u.id AS user_id, u.first_name, u.last_name, u.email, u.phone, u.created_at, u.last_login,
       u.last_seen, u.profile_image, count(*) OVER ()::int AS total`;

/** The employer's membership the admin sees: the active one, else the newest. `$1` is now. */
const CURRENT_MEMBERSHIP = `LEFT JOIN LATERAL (
    SELECT ms.id AS membership_id, ms.status AS membership_status, ${activeMembershipSql('ms', '$1')} AS membership_active,
           ms.start_date, ms.end_date, py.payment_method, py.status AS payment_status, py.transaction_id
      FROM memberships ms LEFT JOIN payments py ON py.id = ms.payment_id
     WHERE ms.parent_profile_id = p.id
     ORDER BY ${activeMembershipSql('ms', '$1')} DESC, ms.id DESC LIMIT 1) cm ON true`;

/** A list's total (`n`) when a page past the end has no window count: the page query's FROM and WHERE. */
function countSql(from: string, where: string): string {
  return `SELECT count(*)::int AS n ${from} ${where}`;
}

// ── People ──────────────────────────────────────────────────────────────────

export type WorkerListRow = UserRow & { profile_id: number; profile_visibility: boolean };
export type ParentListRow = UserRow & MembershipRow & { profile_id: number };

/** A user locked for an admin's change of visibility: their worker profile's id and visibility, nulls for a non-worker. */
export interface LockedWorkerRow {
  id: number | null;
  profile_visibility: boolean | null;
}

const WORKERS_FROM = `FROM worker_profiles w JOIN users u ON u.id = w.user_id`;

/** The employers with their current membership; `$1` is now (CURRENT_MEMBERSHIP). */
const PARENTS_FROM = `FROM parent_profiles p JOIN users u ON u.id = p.user_id ${CURRENT_MEMBERSHIP}`;

/**
 * The people lists' WHERE: accounts not deleted and, with a list pattern, the full name matching
 * it (its parameter appended to `params`).
 */
function livePeopleWhere(pattern: string | null, params: unknown[]): string {
  const nameSearch = pattern ? `AND ${foldedMatch(FULL_NAME('u'), pattern, params)}` : '';
  return `WHERE u.deleted_at IS NULL ${nameSearch}`;
}

/** A page of workers (`where` from livePeopleWhere), newest accounts first; `paging` is '' or LIMIT/OFFSET. */
function workersListSql(where: string, paging: string): string {
  return `SELECT w.id AS profile_id, w.profile_visibility, ${USER_COLUMNS} ${WORKERS_FROM} ${where}
        ORDER BY u.created_at DESC, u.id DESC ${paging}`;
}

/** A page of employers with their current membership (`$1` is now), newest accounts first. */
function parentsListSql(where: string, paging: string): string {
  return `SELECT p.id AS profile_id, cm.*, ${USER_COLUMNS} ${PARENTS_FROM} ${where}
        ORDER BY u.created_at DESC, u.id DESC ${paging}`;
}

/** The user $1 (not deleted), locked, with their worker profile's id and visibility (nulls for a non-worker). */
const LOCK_USER_WORKER_PROFILE = `SELECT w.id, w.profile_visibility FROM users u LEFT JOIN worker_profiles w ON w.user_id = u.id
          WHERE u.id = $1 AND u.deleted_at IS NULL FOR UPDATE OF u`;

/** The worker whose user is $1, as the workers list shows them (WorkerListRow). */
const WORKER_OF_USER = `SELECT w.id AS profile_id, w.profile_visibility, ${USER_COLUMNS}
         ${WORKERS_FROM} WHERE u.id = $1`;

// ── Memberships ─────────────────────────────────────────────────────────────

/** Locks the membership $1 for the rest of the transaction. */
const LOCK_MEMBERSHIP = `SELECT id FROM memberships WHERE id = $1 FOR UPDATE`;

/** A membership as the employers list shows it, with its employer's names. */
export type AdminMembershipRow = MembershipRow & { first_name: string; last_name: string };

/** The membership $1 as the employers list shows it, with its employer's names; `$2` is now. */
const ADMIN_MEMBERSHIP = `SELECT ms.id AS membership_id, ms.status AS membership_status, ${activeMembershipSql('ms', '$2')} AS membership_active,
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

const PAYMENTS_FROM = `FROM payments py JOIN parent_profiles p ON p.id = py.parent_profile_id JOIN users u ON u.id = p.user_id`;

/** The payments list's WHERE: with a list pattern, the payer's full name or the transaction id matching it; else ''. */
function paymentsWhere(pattern: string | null, params: unknown[]): string {
  return pattern ? `WHERE ${foldedMatchAny([FULL_NAME('u'), 'py.transaction_id'], pattern, params)}` : '';
}

/** A page of payments, newest first, each with the status it has at `now` (a stale checkout reads expired). */
function paymentsListSql(now: Date, where: string, paging: string): string {
  return `SELECT py.id, py.created_at, py.transaction_id, py.payment_method, py.amount,
              ${paymentStatusSql('py', now)} AS status, u.first_name, u.last_name, count(*) OVER ()::int AS total
         ${PAYMENTS_FROM} ${where} ORDER BY py.created_at DESC, py.id DESC ${paging}`;
}

// ── One employer ────────────────────────────────────────────────────────────

/** An employer as the back office's view of one shows them: the profile and its user's columns. */
export type EmployerRow = UserRow & { profile_id: number };

/** The employer profile $1 with its user's columns (UserRow), when the account is not deleted. */
const EMPLOYER_PERSON = `SELECT p.id AS profile_id, ${USER_COLUMNS}
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
const EMPLOYER_MEMBERSHIPS = `SELECT ms.id, ms.status, ${activeMembershipSql('ms', '$2')} AS active, ms.start_date, ms.end_date,
              py.payment_method, py.amount, py.status AS payment_status, py.transaction_id,
              NULLIF(trim(g.first_name || ' ' || g.last_name), '') AS granted_by
         FROM memberships ms LEFT JOIN payments py ON py.id = ms.payment_id LEFT JOIN users g ON g.id = py.granted_by
        WHERE ms.parent_profile_id = $1 ORDER BY ms.created_at DESC, ms.id DESC`;

/** Every payment of the employer profile $1, newest first. */
const EMPLOYER_PAYMENTS = `SELECT id, created_at, transaction_id, payment_method, amount, status FROM payments
        WHERE parent_profile_id = $1 ORDER BY created_at DESC, id DESC`;

/** Locks the employer profile $1 (`id`); no row for a missing one or a deleted account. */
const LOCK_LIVE_EMPLOYER = `SELECT p.id FROM parent_profiles p JOIN users u ON u.id = p.user_id
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
const AUDIT_FROM = `FROM admin_audit_log l
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

/** The audit list's filters, each null when not given. */
export interface AuditFilters {
  actorId: number | null;
  action: string | null;
  person: string | null;
}

/**
 * The audit list's WHERE ('' without filters): the acting admin, the action, and a text found in
 * the person's name or e-mail, each when given; their parameters are appended to `params`.
 */
function auditWhere(filters: AuditFilters, params: unknown[]): string {
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
function auditListSql(where: string, paging: string): string {
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
const AUDIT_ADMINS = `SELECT id, trim(first_name || ' ' || last_name) AS full_name FROM users
        WHERE is_admin OR id IN (SELECT actor_id FROM admin_audit_log WHERE actor_id IS NOT NULL)
        ORDER BY lower(first_name), lower(last_name), id`;

/** The actions that have entries (`action`), in order. */
const AUDIT_USED_ACTIONS = `SELECT DISTINCT action FROM admin_audit_log ORDER BY action`;

/** The team: the admins whose accounts are not deleted, by name, and whether their second factor is confirmed. */
const TEAM = `SELECT u.id, trim(u.first_name || ' ' || u.last_name) AS full_name, u.email,
             (t.confirmed_at IS NOT NULL) AS second_factor, u.last_login
        FROM users u LEFT JOIN admin_totp t ON t.user_id = u.id
       WHERE u.is_admin AND u.deleted_at IS NULL
       ORDER BY lower(u.first_name), lower(u.last_name), u.id`;

/** An admin of the team screen. */
export interface TeamRow {
  id: number;
  full_name: string;
  email: string;
  second_factor: boolean;
  last_login: Date | null;
}

/** The audit filter's choice of admin. */
export interface AuditAdminRow {
  id: number;
  full_name: string;
}

/** An entry of the audit log as it is written; `before` and `after` already well-formed for jsonb. */
export type NewAuditEntry = Pick<
  AdminAuditEntry,
  'actorId' | 'action' | 'targetType' | 'targetId' | 'before' | 'after'
>;

/** A page of a list: `limit` rows from `offset`. */
export interface Paging {
  limit: number;
  offset: number;
}

/** The rows of a list (a page, or all of it) and how many the whole list has. */
export interface ListRows<T> {
  rows: T[];
  total: number;
}

@Injectable()
export class AdminRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  // ── People ────────────────────────────────────────────────────────────────

  /** The workers not deleted (with a list pattern, those whose name matches), newest accounts first. */
  workers(pattern: string | null, page: Paging | null): Promise<ListRows<WorkerListRow>> {
    const params: unknown[] = [];
    const where = livePeopleWhere(pattern, params);
    return this.list(workersListSql(where, this.paging(page, params)), countSql(WORKERS_FROM, where), params, page);
  }

  /** The employers not deleted, each with their current membership at `now`, newest accounts first. */
  parents(now: Date, pattern: string | null, page: Paging | null): Promise<ListRows<ParentListRow>> {
    const params: unknown[] = [now];
    const where = livePeopleWhere(pattern, params);
    return this.list(parentsListSql(where, this.paging(page, params)), countSql(PARENTS_FROM, where), params, page);
  }

  /** The user not deleted, locked until the transaction of `m` ends, with their worker profile; null when there is none. */
  async lockUserWorkerProfile(userId: number, m: EntityManager): Promise<LockedWorkerRow | null> {
    const [row] = (await m.query(LOCK_USER_WORKER_PROFILE, [userId])) as LockedWorkerRow[];
    return row ?? null;
  }

  /** The worker whose user is `userId`, as the workers list shows them. */
  async workerOfUser(userId: number): Promise<WorkerListRow | null> {
    const [row] = (await this.dataSource.query(WORKER_OF_USER, [userId])) as WorkerListRow[];
    return row ?? null;
  }

  // ── Memberships ───────────────────────────────────────────────────────────

  /** Locks the membership until the transaction of `m` ends. */
  async lockMembership(id: number, m: EntityManager): Promise<void> {
    await m.query(LOCK_MEMBERSHIP, [id]);
  }

  /** The membership as the employers list shows it at `now`, with its employer's names. */
  async membership(
    id: number,
    now: Date,
    m: EntityManager = this.dataSource.manager,
  ): Promise<AdminMembershipRow | null> {
    const [row] = (await m.query(ADMIN_MEMBERSHIP, [id, now])) as AdminMembershipRow[];
    return row ?? null;
  }

  // ── Payments ──────────────────────────────────────────────────────────────

  /** The payments (with a list pattern, those whose payer or transaction matches), newest first, each with its status at `now`. */
  payments(now: Date, pattern: string | null, page: Paging | null): Promise<ListRows<PaymentListRow>> {
    const params: unknown[] = [];
    const where = paymentsWhere(pattern, params);
    return this.list(
      paymentsListSql(now, where, this.paging(page, params)),
      countSql(PAYMENTS_FROM, where),
      params,
      page,
    );
  }

  // ── One employer ──────────────────────────────────────────────────────────

  /** The employer profile with its user, unless the account is deleted. */
  async employer(profileId: number): Promise<EmployerRow | null> {
    const [row] = (await this.dataSource.query(EMPLOYER_PERSON, [profileId])) as EmployerRow[];
    return row ?? null;
  }

  /** Every membership of the employer profile, newest first, active or not at `now`. */
  employerMemberships(profileId: number, now: Date): Promise<EmployerMembershipRow[]> {
    return this.dataSource.query(EMPLOYER_MEMBERSHIPS, [profileId, now]);
  }

  /** Every payment of the employer profile, newest first. */
  employerPayments(profileId: number): Promise<PaymentRow[]> {
    return this.dataSource.query(EMPLOYER_PAYMENTS, [profileId]);
  }

  /** Locks the employer profile until the transaction of `m` ends; false for a missing one or a deleted account. */
  async lockLiveEmployer(profileId: number, m: EntityManager): Promise<boolean> {
    const rows = (await m.query(LOCK_LIVE_EMPLOYER, [profileId])) as { id: number }[];
    return rows.length > 0;
  }

  // ── The audit log ─────────────────────────────────────────────────────────

  /** Writes an entry in the transaction of `m`, so it commits (or not) with the change it records. */
  async addAuditEntry(entry: NewAuditEntry, m: EntityManager): Promise<void> {
    await m.getRepository(AdminAuditEntry).insert(entry);
  }

  /** A page of the audit log, newest first, filtered. */
  auditEntries(filters: AuditFilters, page: Paging): Promise<ListRows<AuditRow>> {
    const params: unknown[] = [];
    const where = auditWhere(filters, params);
    return this.list(auditListSql(where, this.paging(page, params)), countSql(AUDIT_FROM, where), params, page);
  }

  /** The admins the audit filter offers: admins now, and anyone who has an entry, by name. */
  auditAdmins(): Promise<AuditAdminRow[]> {
    return this.dataSource.query(AUDIT_ADMINS);
  }

  /** The team: every admin account not deleted, by name. */
  team(): Promise<TeamRow[]> {
    return this.dataSource.query(TEAM);
  }

  /** The actions that have entries, in order. */
  async auditUsedActions(): Promise<string[]> {
    const rows: { action: string }[] = await this.dataSource.query(AUDIT_USED_ACTIONS);
    return rows.map((row) => row.action);
  }

  // ── Lists ─────────────────────────────────────────────────────────────────

  /** LIMIT/OFFSET of a page, its parameters appended; '' for the whole list. */
  private paging(page: Paging | null, params: unknown[]): string {
    return page ? limitOffsetSql(params, page.limit, page.offset) : '';
  }

  /**
   * A list's rows and its total: the rows' window count or, for a page past the end (no row to
   * carry it), the count query on the same filters (`params` without the page's two).
   */
  private async list<T extends { total: number }>(
    select: string,
    count: string,
    params: unknown[],
    page: Paging | null,
  ): Promise<ListRows<T>> {
    const rows: T[] = await this.dataSource.query(select, params);
    if (rows[0] || !page || page.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
    const [row] = (await this.dataSource.query(count, params.slice(0, -2))) as { n: number }[];
    return { rows, total: row!.n };
  }

  /**
   * Replaces, in the before and after of the audit rows about the person `userId` (their account,
   * their memberships, and the references whose ids are `referenceIds`), the values of `fields`
   * with `replacement`; the action, actor, target and date stay.
   */
  async redactAuditValues(
    userId: number,
    referenceIds: number[],
    fields: readonly string[],
    replacement: string,
    m: EntityManager,
  ): Promise<void> {
    const redacted = (column: 'before' | 'after') =>
      `CASE WHEN jsonb_typeof(${column}) = 'object' THEN COALESCE((
         SELECT jsonb_object_agg(e.key, CASE WHEN e.key = ANY($3::text[]) AND e.value <> 'null'::jsonb
                                             THEN to_jsonb($4::text) ELSE e.value END)
           FROM jsonb_each(${column}) e), ${column}) ELSE ${column} END`;
    await m.query(
      `UPDATE admin_audit_log SET before = ${redacted('before')}, after = ${redacted('after')}
        WHERE (target_type = 'user' AND target_id = $1)
           OR (target_type = 'membership' AND target_id IN (
                 SELECT ms.id FROM memberships ms JOIN parent_profiles pp ON pp.id = ms.parent_profile_id
                  WHERE pp.user_id = $1))
           OR (target_type = 'reference' AND target_id = ANY($2::int[]))`,
      [userId, referenceIds, fields, replacement],
    );
  }
}
