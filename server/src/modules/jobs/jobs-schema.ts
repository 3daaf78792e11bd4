/** The PostgreSQL schema holding pg-boss's tables (created by the JobsSchema migration). */
export const JOBS_SCHEMA = 'pgboss';
