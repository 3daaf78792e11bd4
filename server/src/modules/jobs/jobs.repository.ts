import { JOBS_SCHEMA } from './jobs-schema';

// The job queue's own SQL on pg-boss's tables (everything else goes through pg-boss's API).

/**
 * Jobs of the kind $1 still to be done now: due ones waiting (a worker may be taking one: its
 * row is locked until it turns active) and those some process is running.
 */
export const PENDING_JOBS = `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job
  WHERE name = $1 AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`;
