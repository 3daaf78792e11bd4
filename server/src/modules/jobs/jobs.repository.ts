import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool, QueryResult } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { JOBS_SCHEMA } from './jobs-schema';

// The job queue's own SQL on pg-boss's tables (everything else goes through pg-boss's API).

/**
 * Jobs of the kind $1 still to be done now: due ones waiting (a worker may be taking one: its
 * row is locked until it turns active) and those some process is running.
 */
const PENDING_JOBS = `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job
  WHERE name = $1 AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`;

/** States the operators watch (JOB_STATES_WATCHED): waiting, waiting for a retry, running, given up. */
export const JOB_STATES_WATCHED = ['created', 'retry', 'active', 'failed'] as const;
export type WatchedJobState = (typeof JOB_STATES_WATCHED)[number];

/**
 * Jobs per queue and watched state, the whole deployment's. Waiting ones are found through pg-boss's
 * partial index on (name, start_after) WHERE state < 'active'; failed ones stay until archived.
 */
const JOBS_BY_STATE = `SELECT name, state::text AS state, count(*)::int AS n FROM ${JOBS_SCHEMA}.job
  WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY name, state`;

/** A statement of pg-boss's answered the way pg-boss reads it. */
export interface JobsSqlResult {
  rows: unknown[];
}

/**
 * Where pg-boss's statements run: on the app's own connection pool (the embedded database has a
 * single backend, so pg-boss must never open a second session there), or in a caller's
 * transaction, so a job exists exactly when the change that sends it is committed.
 */
@Injectable()
export class JobsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs one of pg-boss's statements on the app's pool. */
  async onPool(text: string, values?: unknown[]): Promise<QueryResult> {
    return ((this.dataSource.driver as PostgresDriver).master as Pool).query(text, values);
  }

  /** Runs one of pg-boss's statements in the transaction of `m`. */
  async inTransaction(text: string, values: unknown[], m: EntityManager): Promise<JobsSqlResult> {
    return { rows: await m.query(text, values) };
  }

  /** How many jobs each queue holds in each watched state (queues and states without any are absent). */
  async countsByState(): Promise<{ name: string; state: WatchedJobState; n: number }[]> {
    return (await this.dataSource.query(JOBS_BY_STATE)) as { name: string; state: WatchedJobState; n: number }[];
  }

  /** How many jobs of the kind `name` are due or running now (see PENDING_JOBS). */
  async pendingCount(name: string): Promise<number> {
    const [row] = (await this.dataSource.query(PENDING_JOBS, [name])) as { n: number }[];
    return row?.n ?? 0;
  }
}
