import { JOBS_SCHEMA } from './jobs-schema';

// The job queue's own SQL on pg-boss's tables (everything else goes through pg-boss's API).

/** How many jobs of the kind $1 some process is running now. */
export const ACTIVE_JOBS = `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state = 'active'`;
