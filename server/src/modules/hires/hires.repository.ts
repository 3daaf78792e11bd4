import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { HireArrangement, HirePayBasis, HireProposalStatus, ScheduleSlot } from '@cym/common';
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

/** A party's names and ids. */
export interface PartyColumns {
  worker_profile_id: number;
  parent_profile_id: number;
  worker_user_id: number;
  parent_user_id: number;
  worker_name: string;
  parent_name: string;
  worker_image: string | null;
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
       wu.profile_image AS worker_image`;

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
}
