import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admins' second factor: one row per admin who started enrolling. `secret` is the TOTP secret
 * encrypted with AES-256-GCM under the configured key (never in clear); `confirmed_at` is set
 * when the admin proved it with a first code, before which no session is issued; `last_step` is
 * the 30-second step of the last code accepted, so a code works once; `recovery_codes` are the
 * salted SHA-256 hashes of the unused recovery codes (a used one is removed in the same UPDATE
 * that accepts it).
 */
export class AdminSecondFactor1764950000000 implements MigrationInterface {
  name = 'AdminSecondFactor1764950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_totp (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret varchar(200) NOT NULL,
        confirmed_at timestamptz,
        last_step integer,
        recovery_codes text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_totp`);
  }
}
