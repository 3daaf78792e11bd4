import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `blocks`: who blocked whom. A blocked person cannot write to the blocker nor start a
 * conversation with them, and the blocker no longer sees them in the directories, shortlists and
 * alerts. One row per pair (the primary key makes blocking twice one row); nobody blocks
 * themselves; both sides go with either account. The index on `blocked_id` serves the reads that
 * ask "who blocked this person" (the chat's checks in the other direction).
 */
export class Blocks1764971000000 implements MigrationInterface {
  name = 'Blocks1764971000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE blocks (
        blocker_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        blocked_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (blocker_id, blocked_id),
        CONSTRAINT blocks_not_self CHECK (blocker_id <> blocked_id)
      );
      CREATE INDEX blocks_blocked_idx ON blocks (blocked_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE blocks`);
  }
}
