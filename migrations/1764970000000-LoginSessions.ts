import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per login (a refresh-token family), for 'Sesiones activas' and the new-browser e-mail.
 * `browser` and `system` are the labels parsed from the login's User-Agent ('Chrome', 'Android'):
 * neither the raw header nor the address is kept. `created_at` is the login's first use,
 * `last_used_at` its latest refresh; `revoked_at` is set with its family's tokens. A login from a
 * browser and system the person has not used in 180 days is told by e-mail, so the rows stay
 * after their login ends; the person's older rows are removed at their next login.
 */
export class LoginSessions1764970000000 implements MigrationInterface {
  name = 'LoginSessions1764970000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE login_sessions (
        family_id uuid PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        browser varchar(60) NOT NULL,
        system varchar(60) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
      CREATE INDEX login_sessions_user_idx ON login_sessions (user_id, last_used_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_sessions`);
  }
}
