import { MigrationInterface, QueryRunner } from 'typeorm';

/** Refresh tokens (rotation and reuse detection by family) and the e-mail outbox. */
export class AuthAndOutbox1763870400000 implements MigrationInterface {
  name = 'AuthAndOutbox1763870400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX refresh_tokens_family_idx ON refresh_tokens(family_id);
      CREATE INDEX refresh_tokens_user_idx ON refresh_tokens(user_id);

      CREATE TABLE email_outbox (
        id serial PRIMARY KEY,
        to_address varchar(254) NOT NULL,
        subject varchar(200) NOT NULL,
        html text NOT NULL,
        text text NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX email_outbox_pending_idx ON email_outbox(next_attempt_at) WHERE status = 'pending';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE email_outbox, refresh_tokens`);
  }
}
