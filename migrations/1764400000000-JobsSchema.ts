import PgBoss from 'pg-boss';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { JOBS_SCHEMA } from '../server/src/modules/jobs/jobs-schema';

/**
 * The durable job queue's tables (pg-boss, schema `pgboss`), created here so that a database is
 * complete after the migrations and N processes starting at once find it ready. pg-boss writes
 * its own script (it takes its own advisory lock and transaction, hence `transaction = false`)
 * and upgrades the schema itself when a newer pg-boss starts.
 */
export class JobsSchema1764400000000 implements MigrationInterface {
  name = 'JobsSchema1764400000000';
  transaction = false as const;

  async up(q: QueryRunner): Promise<void> {
    const [found] = (await q.query(`SELECT to_regclass('${JOBS_SCHEMA}.version') AS version`)) as {
      version: string | null;
    }[];
    if (!found?.version) await q.query(PgBoss.getConstructionPlans(JOBS_SCHEMA));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA IF EXISTS ${JOBS_SCHEMA} CASCADE`);
  }
}
