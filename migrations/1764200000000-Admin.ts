import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office: an audit log of every admin action (who, what, when, before and after),
 * a tombstone date for deleted accounts (the row stays so conversations and payments the other
 * side still needs keep their sender and owner), and an admin's hiding of a worker profile,
 * which the automatic visibility rule must not undo.
 */
export class Admin1764200000000 implements MigrationInterface {
  name = 'Admin1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_audit_log (
        id bigserial PRIMARY KEY,
        actor_id integer REFERENCES users(id) ON DELETE SET NULL,
        action varchar(60) NOT NULL,
        target_type varchar(30) NOT NULL,
        target_id integer,
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX admin_audit_log_created_idx ON admin_audit_log (created_at DESC);
      CREATE INDEX admin_audit_log_target_idx ON admin_audit_log (target_type, target_id);

      ALTER TABLE users ADD COLUMN deleted_at timestamptz;
      ALTER TABLE worker_profiles ADD COLUMN hidden_by_admin boolean NOT NULL DEFAULT false;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE worker_profiles DROP COLUMN hidden_by_admin;
      ALTER TABLE users DROP COLUMN deleted_at;
      DROP TABLE admin_audit_log;
    `);
  }
}
