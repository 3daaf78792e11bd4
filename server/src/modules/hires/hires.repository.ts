import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HireArrangement, HirePayBasis, HireProposalStatus, HireTerms, ScheduleSlot } from '@cym/common';
import type { DataSource, EntityManager } from 'typeorm';

/** SQLSTATE 23505: a unique index refused the row. */
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } };
  return e?.code === UNIQUE_VIOLATION || e?.driverError?.code === UNIQUE_VIOLATION;
}

/** The terms of a proposal or a relationship, as read (numbers as numbers, names joined). */
export interface TermsRow {
  start_date: string;
  services: number[];
  service_names: string[];
  category: number;
  category_name: string;
  arrangement: HireArrangement;
  schedule: ScheduleSlot[];
  weekly_hours: number;
  pay_basis: HirePayBasis;
  pay_amount: number;
  province_id: number;
  province_name: string;
  municipality_id: number;
  municipality_name: string;
  zone: boolean;
}

/** The terms the computations take, from a proposal's or a relationship's row. */
export function hireTermsOf(row: TermsRow): HireTerms {
  return {
    start_date: row.start_date,
    category: row.category,
    arrangement: row.arrangement,
    schedule: row.schedule,
    pay_basis: row.pay_basis,
    pay_amount: row.pay_amount,
    zone: row.zone,
  };
}

/** A party's names and ids. */
export interface PartyColumns {
  worker_profile_id: number;
  parent_profile_id: number;
  worker_user_id: number;
  parent_user_id: number;
  worker_name: string;
  parent_name: string;
  worker_image: string | null;
  parent_image: string | null;
}

export interface ProposalRow extends TermsRow, PartyColumns {
  id: number;
  conversation_id: number;
  status: HireProposalStatus;
  created_at: Date;
  answered_at: Date | null;
  employment_id: number | null;
}

export interface EmploymentRow extends TermsRow, PartyColumns {
  id: number;
  proposal_id: number;
  conversation_id: number | null;
  trial_ends_on: string;
  worker_cuil: string | null;
  employer_cuit: string | null;
  work_address: string | null;
  registered_on: string | null;
  ended_on: string | null;
  end_cause: string | null;
  created_at: Date;
}

export interface EmploymentEventRow {
  id: string;
  kind: string;
  actor_id: number | null;
  actor_name: string | null;
  detail: Record<string, unknown>;
  created_at: Date;
}

/** The columns of the terms, read from `t` (a proposal or a relationship). */
const TERMS = `to_char(t.start_date, 'YYYY-MM-DD') AS start_date, t.services,
       ARRAY(SELECT s.title_display FROM unnest(t.services) WITH ORDINALITY u(id, n)
              JOIN services s ON s.id = u.id ORDER BY u.n) AS service_names,
       t.category, wc.name AS category_name, t.arrangement, t.schedule, t.weekly_hours::float8 AS weekly_hours,
       t.pay_basis, t.pay_amount::float8 AS pay_amount, t.province_id, pr.name AS province_name,
       t.municipality_id, mu.name AS municipality_name, t.zone,
       t.worker_profile_id, t.parent_profile_id, w.user_id AS worker_user_id, p.user_id AS parent_user_id,
       trim(concat_ws(' ', wu.first_name, wu.last_name)) AS worker_name,
       trim(concat_ws(' ', pu.first_name, pu.last_name)) AS parent_name,
       wu.profile_image AS worker_image, pu.profile_image AS parent_image`;

const TERMS_JOINS = `
  JOIN wage_categories wc ON wc.category = t.category
  JOIN provinces pr ON pr.id = t.province_id
  JOIN municipalities mu ON mu.id = t.municipality_id
  JOIN worker_profiles w ON w.id = t.worker_profile_id
  JOIN users wu ON wu.id = w.user_id
  JOIN parent_profiles p ON p.id = t.parent_profile_id
  JOIN users pu ON pu.id = p.user_id`;

const PROPOSAL = `SELECT t.id, t.conversation_id, t.status, t.created_at, t.answered_at, e.id AS employment_id, ${TERMS}
  FROM hire_proposals t ${TERMS_JOINS}
  LEFT JOIN employments e ON e.proposal_id = t.id`;

const EMPLOYMENT = `SELECT t.id, t.proposal_id, t.conversation_id, to_char(t.trial_ends_on, 'YYYY-MM-DD') AS trial_ends_on,
       t.worker_cuil, t.employer_cuit, t.work_address,
       to_char(t.registered_on, 'YYYY-MM-DD') AS registered_on, to_char(t.ended_on, 'YYYY-MM-DD') AS ended_on,
       t.end_cause, t.created_at, ${TERMS}
  FROM employments t ${TERMS_JOINS}`;

/** A stored payslip (a draft the employer saved, or confirmed). */
export interface PayslipRow {
  period: string;
  overtime_ordinary_hours: number;
  overtime_rest_hours: number;
  holiday_hours: number;
  lines: unknown[];
  gross: number;
  non_remunerative: number;
  net: number;
  sources: unknown[];
  paid_on: string | null;
  confirmed_at: Date | null;
  acknowledged_at: Date | null;
}

/** A payslip's computed content, to store. */
export interface PayslipContent {
  overtimeOrdinaryHours: number;
  overtimeRestHours: number;
  holidayHours: number;
  lines: unknown[];
  gross: number;
  nonRemunerative: number;
  net: number;
  sources: unknown[];
}

export interface ContributionRow {
  period: string;
  amount: number;
  paid_on: string;
}

/** Someone to remind of a relationship's due date. */
export interface ReminderRow {
  employment_id: number;
  user_id: number;
  email: string;
  first_name: string;
  worker_name: string;
}

export interface SettlementRow {
  cause: string;
  end_date: string;
  notice_given: boolean;
  lines: unknown[];
  total: number;
  sources: unknown[];
  created_at: Date;
}

const PAYSLIP_COLUMNS = `trim(period) AS period, overtime_ordinary_hours::float8 AS overtime_ordinary_hours,
       overtime_rest_hours::float8 AS overtime_rest_hours, holiday_hours::float8 AS holiday_hours, lines,
       gross::float8 AS gross, non_remunerative::float8 AS non_remunerative, net::float8 AS net, sources,
       to_char(paid_on, 'YYYY-MM-DD') AS paid_on, confirmed_at, acknowledged_at`;

/** A new proposal's row. */
export interface NewProposal {
  conversationId: number;
  workerProfileId: number;
  parentProfileId: number;
  proposedBy: number;
  startDate: string;
  services: number[];
  category: number;
  arrangement: HireArrangement;
  schedule: ScheduleSlot[];
  weeklyHours: number;
  payBasis: HirePayBasis;
  payAmount: number;
  provinceId: number;
  municipalityId: number;
  zone: boolean;
  at: Date;
}

/** The proposals and relationships: every statement of the hires module. */
@Injectable()
export class HiresRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private q(m?: EntityManager): DataSource | EntityManager {
    return m ?? this.dataSource;
  }

  /** A municipality's province (null when the municipality does not exist). */
  async provinceOf(municipalityId: number): Promise<number | null> {
    const [row] = (await this.dataSource.query(`SELECT province_id FROM municipalities WHERE id = $1`, [
      municipalityId,
    ])) as { province_id: number }[];
    return row?.province_id ?? null;
  }

  /** Whether every id is a service of the catalog. */
  async servicesExist(ids: number[]): Promise<boolean> {
    const [row] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM services WHERE id = ANY($1::int[])`, [
      ids,
    ])) as { n: number }[];
    return row?.n === ids.length;
  }

  /** Whether the pair has a relationship that has not ended. */
  async openEmploymentExists(workerProfileId: number, parentProfileId: number, m?: EntityManager): Promise<boolean> {
    const [row] = (await this.q(m).query(
      `SELECT EXISTS (SELECT 1 FROM employments WHERE worker_profile_id = $1 AND parent_profile_id = $2
                        AND ended_on IS NULL) AS open`,
      [workerProfileId, parentProfileId],
    )) as { open: boolean }[];
    return row?.open === true;
  }

  /** Saves a proposal; null when the pair has an open one already (the partial unique index decides). */
  async addProposal(p: NewProposal, m: EntityManager): Promise<number | null> {
    try {
      const [row] = (await m.query(
        `INSERT INTO hire_proposals (conversation_id, worker_profile_id, parent_profile_id, proposed_by, start_date,
                services, category, arrangement, schedule, weekly_hours, pay_basis, pay_amount, province_id,
                municipality_id, zone, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
        [
          p.conversationId,
          p.workerProfileId,
          p.parentProfileId,
          p.proposedBy,
          p.startDate,
          p.services,
          p.category,
          p.arrangement,
          JSON.stringify(p.schedule),
          p.weeklyHours,
          p.payBasis,
          p.payAmount,
          p.provinceId,
          p.municipalityId,
          p.zone,
          p.at,
        ],
      )) as { id: number }[];
      return row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async proposal(id: number, m?: EntityManager): Promise<ProposalRow | null> {
    const [row] = (await this.q(m).query(`${PROPOSAL} WHERE t.id = $1`, [id])) as ProposalRow[];
    return row ?? null;
  }

  /** The proposal's status, its row locked until the transaction ends. */
  async lockProposal(id: number, m: EntityManager): Promise<HireProposalStatus | null> {
    const [row] = (await m.query(`SELECT status FROM hire_proposals WHERE id = $1 FOR UPDATE`, [id])) as {
      status: HireProposalStatus;
    }[];
    return row?.status ?? null;
  }

  async setProposalStatus(id: number, status: HireProposalStatus, at: Date, m: EntityManager): Promise<void> {
    await m.query(`UPDATE hire_proposals SET status = $2, answered_at = $3 WHERE id = $1`, [id, status, at]);
  }

  /**
   * The relationship an accepted proposal becomes: its terms copied, the users of both profiles,
   * the trial period's end. Null when the pair has an open relationship already (unique index).
   */
  async addEmployment(proposalId: number, trialEndsOn: string, at: Date, m: EntityManager): Promise<number | null> {
    try {
      const [row] = (await m.query(
        `INSERT INTO employments (proposal_id, worker_profile_id, parent_profile_id, worker_user_id, parent_user_id,
                conversation_id, start_date, services, category, arrangement, schedule, weekly_hours, pay_basis,
                pay_amount, province_id, municipality_id, zone, trial_ends_on, created_at)
         SELECT t.id, t.worker_profile_id, t.parent_profile_id, w.user_id, p.user_id, t.conversation_id, t.start_date,
                t.services, t.category, t.arrangement, t.schedule, t.weekly_hours, t.pay_basis, t.pay_amount,
                t.province_id, t.municipality_id, t.zone, $2, $3
           FROM hire_proposals t
           JOIN worker_profiles w ON w.id = t.worker_profile_id
           JOIN parent_profiles p ON p.id = t.parent_profile_id
          WHERE t.id = $1
         RETURNING id`,
        [proposalId, trialEndsOn, at],
      )) as { id: number }[];
      return row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async addEvent(
    employmentId: number,
    kind: string,
    actorId: number | null,
    detail: Record<string, unknown>,
    at: Date,
    m: EntityManager,
  ): Promise<void> {
    await m.query(
      `INSERT INTO employment_events (employment_id, kind, actor_id, detail, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [employmentId, kind, actorId, JSON.stringify(detail), at],
    );
  }

  /** The relationships the user is a party of, newest start first. */
  employmentsOf(userId: number): Promise<EmploymentRow[]> {
    return this.dataSource.query(
      `${EMPLOYMENT} WHERE t.worker_user_id = $1 OR t.parent_user_id = $1 ORDER BY t.start_date DESC, t.id DESC`,
      [userId],
    );
  }

  /** Every relationship, newest first (admins). */
  allEmployments(): Promise<EmploymentRow[]> {
    return this.dataSource.query(`${EMPLOYMENT} ORDER BY t.start_date DESC, t.id DESC LIMIT 500`);
  }

  async employment(id: number, m?: EntityManager): Promise<EmploymentRow | null> {
    const [row] = (await this.q(m).query(`${EMPLOYMENT} WHERE t.id = $1`, [id])) as EmploymentRow[];
    return row ?? null;
  }

  /** The relationship's row locked for a change: its parties and whether it ended. */
  async lockEmployment(
    id: number,
    m: EntityManager,
  ): Promise<{ worker_user_id: number; parent_user_id: number; ended_on: string | null } | null> {
    const [row] = (await m.query(
      `SELECT worker_user_id, parent_user_id, to_char(ended_on, 'YYYY-MM-DD') AS ended_on
         FROM employments WHERE id = $1 FOR UPDATE`,
      [id],
    )) as { worker_user_id: number; parent_user_id: number; ended_on: string | null }[];
    return row ?? null;
  }

  events(employmentId: number): Promise<EmploymentEventRow[]> {
    return this.dataSource.query(
      `SELECT e.id::text, e.kind, e.actor_id, e.detail, e.created_at,
              nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS actor_name
         FROM employment_events e LEFT JOIN users u ON u.id = e.actor_id
        WHERE e.employment_id = $1 ORDER BY e.id`,
      [employmentId],
    );
  }

  async setWorkerCuil(id: number, cuil: string, m: EntityManager): Promise<void> {
    await m.query(`UPDATE employments SET worker_cuil = $2 WHERE id = $1`, [id, cuil]);
  }

  async setEmployerData(id: number, cuit: string, address: string, m: EntityManager): Promise<void> {
    await m.query(`UPDATE employments SET employer_cuit = $2, work_address = $3 WHERE id = $1`, [id, cuit, address]);
  }

  async setRegisteredOn(id: number, day: string, m: EntityManager): Promise<void> {
    await m.query(`UPDATE employments SET registered_on = $2 WHERE id = $1`, [id, day]);
  }

  /** The e-mail and first name of users, for the notices. */
  async contacts(userIds: number[], m?: EntityManager): Promise<{ id: number; email: string; first_name: string }[]> {
    return this.q(m).query(`SELECT id, email, first_name FROM users WHERE id = ANY($1::int[]) AND deleted_at IS NULL`, [
      userIds,
    ]);
  }

  // ── Pay ───────────────────────────────────────────────────────────────────

  payslips(employmentId: number): Promise<PayslipRow[]> {
    return this.dataSource.query(`SELECT ${PAYSLIP_COLUMNS} FROM payslips WHERE employment_id = $1 ORDER BY period`, [
      employmentId,
    ]);
  }

  async payslip(employmentId: number, period: string, m?: EntityManager): Promise<PayslipRow | null> {
    const [row] = (await this.q(m).query(
      `SELECT ${PAYSLIP_COLUMNS} FROM payslips WHERE employment_id = $1 AND period = $2`,
      [employmentId, period],
    )) as PayslipRow[];
    return row ?? null;
  }

  /**
   * Writes a month's payslip while it is not confirmed: a draft (paidOn null) or its confirmation
   * (paidOn and confirmedAt). Answers false when it was confirmed already (the guarded upsert
   * changed nothing).
   */
  async savePayslip(
    employmentId: number,
    period: string,
    content: PayslipContent,
    confirm: { paidOn: string; at: Date } | null,
    now: Date,
    m: EntityManager,
  ): Promise<boolean> {
    const rows = (await m.query(
      `INSERT INTO payslips (employment_id, period, overtime_ordinary_hours, overtime_rest_hours, holiday_hours, lines,
              gross, non_remunerative, net, sources, paid_on, confirmed_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)
       ON CONFLICT ON CONSTRAINT payslips_once DO UPDATE SET
              overtime_ordinary_hours = EXCLUDED.overtime_ordinary_hours,
              overtime_rest_hours = EXCLUDED.overtime_rest_hours, holiday_hours = EXCLUDED.holiday_hours,
              lines = EXCLUDED.lines, gross = EXCLUDED.gross, non_remunerative = EXCLUDED.non_remunerative,
              net = EXCLUDED.net, sources = EXCLUDED.sources, paid_on = EXCLUDED.paid_on,
              confirmed_at = EXCLUDED.confirmed_at, updated_at = EXCLUDED.updated_at
        WHERE payslips.confirmed_at IS NULL
       RETURNING id`,
      [
        employmentId,
        period,
        content.overtimeOrdinaryHours,
        content.overtimeRestHours,
        content.holidayHours,
        JSON.stringify(content.lines),
        content.gross,
        content.nonRemunerative,
        content.net,
        JSON.stringify(content.sources),
        confirm?.paidOn ?? null,
        confirm?.at ?? null,
        now,
      ],
    )) as { id: number }[];
    return rows.length === 1;
  }

  /** The worker's "Recibí conforme": once, on a confirmed payslip; false when it was not possible. */
  async acknowledgePayslip(employmentId: number, period: string, at: Date, m: EntityManager): Promise<boolean> {
    const [rows] = (await m.query(
      `UPDATE payslips SET acknowledged_at = $3
        WHERE employment_id = $1 AND period = $2 AND confirmed_at IS NOT NULL AND acknowledged_at IS NULL
        RETURNING id`,
      [employmentId, period, at],
    )) as [unknown[], number];
    return rows.length === 1;
  }

  contributions(employmentId: number): Promise<ContributionRow[]> {
    return this.dataSource.query(
      `SELECT trim(period) AS period, amount::float8 AS amount, to_char(paid_on, 'YYYY-MM-DD') AS paid_on
         FROM contribution_payments WHERE employment_id = $1 ORDER BY period`,
      [employmentId],
    );
  }

  /** Marks a month's ARCA payment as paid (or corrects its date). */
  async markContribution(
    employmentId: number,
    period: string,
    amount: number,
    paidOn: string,
    by: number,
    at: Date,
    m: EntityManager,
  ): Promise<void> {
    await m.query(
      `INSERT INTO contribution_payments (employment_id, period, amount, paid_on, marked_by, marked_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (employment_id, period) DO UPDATE SET
              amount = EXCLUDED.amount, paid_on = EXCLUDED.paid_on, marked_by = EXCLUDED.marked_by,
              marked_at = EXCLUDED.marked_at`,
      [employmentId, period, amount, paidOn, by, at],
    );
  }

  async settlement(employmentId: number): Promise<SettlementRow | null> {
    const [row] = (await this.dataSource.query(
      `SELECT cause, to_char(end_date, 'YYYY-MM-DD') AS end_date, notice_given, lines, total::float8 AS total, sources,
              created_at
         FROM settlements WHERE employment_id = $1`,
      [employmentId],
    )) as SettlementRow[];
    return row ?? null;
  }

  /** Ends the relationship and keeps its settlement, in the caller's transaction. */
  async end(
    employmentId: number,
    settlement: {
      cause: string;
      endDate: string;
      noticeGiven: boolean;
      lines: unknown[];
      total: number;
      sources: unknown[];
    },
    by: number,
    at: Date,
    m: EntityManager,
  ): Promise<void> {
    await m.query(`UPDATE employments SET ended_on = $2, end_cause = $3 WHERE id = $1`, [
      employmentId,
      settlement.endDate,
      settlement.cause,
    ]);
    await m.query(
      `INSERT INTO settlements (employment_id, cause, end_date, notice_given, lines, total, sources, created_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        employmentId,
        settlement.cause,
        settlement.endDate,
        settlement.noticeGiven,
        JSON.stringify(settlement.lines),
        settlement.total,
        JSON.stringify(settlement.sources),
        by,
        at,
      ],
    );
  }

  /**
   * Claims the `kind` reminders of `period` for the relationships open between `from` and `to`
   * (and, with `unpaidOnly`, whose ARCA payment of `period` is not marked), not reminded yet: each
   * claimed once, whatever the number of processes (the reminder's primary key). Answers whom to
   * write to: the employer for a payment, both parties otherwise.
   */
  claimReminders(
    kind: 'contribution' | 'sac' | 'vacations',
    period: string,
    from: string,
    to: string,
    unpaidOnly: boolean,
    at: Date,
    m: EntityManager,
  ): Promise<ReminderRow[]> {
    return m.query(
      `WITH due AS (
         SELECT e.id FROM employments e
          WHERE e.start_date <= $4 AND (e.ended_on IS NULL OR e.ended_on >= $3)
            AND (NOT $5 OR NOT EXISTS (SELECT 1 FROM contribution_payments c
                                        WHERE c.employment_id = e.id AND c.period = $2))),
       claimed AS (
         INSERT INTO employment_reminders (employment_id, kind, period, sent_at)
         SELECT id, $1, $2, $6 FROM due
         ON CONFLICT DO NOTHING RETURNING employment_id)
       SELECT c.employment_id, u.id AS user_id, u.email, u.first_name,
              trim(concat_ws(' ', wu.first_name, wu.last_name)) AS worker_name
         FROM claimed c
         JOIN employments e ON e.id = c.employment_id
         JOIN users wu ON wu.id = e.worker_user_id
         JOIN users u ON u.deleted_at IS NULL
                     AND (u.id = e.parent_user_id OR ($1 <> 'contribution' AND u.id = e.worker_user_id))
        ORDER BY c.employment_id, u.id`,
      [kind, period, from, to, unpaidOnly, at],
    );
  }

  /**
   * A deleted account's erasure: the identifiers (CUIL, CUIT) and the address of work of the
   * relationships it took part in are cleared; dates, terms and amounts stay.
   */
  async clearPersonalFieldsOf(userId: number, m: EntityManager): Promise<void> {
    await m.query(
      `UPDATE employments SET worker_cuil = NULL, employer_cuit = NULL, work_address = NULL
        WHERE (worker_user_id = $1 OR parent_user_id = $1)
          AND (worker_cuil IS NOT NULL OR employer_cuit IS NOT NULL OR work_address IS NOT NULL)`,
      [userId],
    );
  }
}
