import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports and moderation. `reports`: a signed-in person reports a worker profile, a job offer or
 * a single message (`target_id` is the message's bigint id, or the profile's or offer's id) with a
 * reason; `target_user_id` is the person behind the target, so a suspension reaches every target
 * of theirs. One open report per reporter and target is a partial unique index. An admin's
 * decision is a `moderation_actions` row that closes the target's open reports (`action_id`);
 * undoing it stamps `undone_at` and reopens them when the action was a dismissal or a warning.
 * `previous` keeps what an undo restores (an offer's switch). `safety_words` are the team's
 * warning words, folded (lower case, no accents). `users.suspended_at` and `suspension_reason`
 * mark a suspension (the account is also `is_active = false`, so every existing reader of active
 * accounts leaves it out); `job_offers.hidden_by_admin` keeps an offer the team hid switched off.
 */
export class Moderation1764974000000 implements MigrationInterface {
  name = 'Moderation1764974000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN suspended_at timestamptz,
        ADD COLUMN suspension_reason varchar(500);
      ALTER TABLE job_offers ADD COLUMN hidden_by_admin boolean NOT NULL DEFAULT false;

      CREATE TABLE moderation_actions (
        id serial PRIMARY KEY,
        target_type varchar(20) NOT NULL CHECK (target_type IN ('worker_profile', 'job_offer', 'message')),
        target_id bigint NOT NULL,
        target_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        action varchar(10) NOT NULL CHECK (action IN ('dismiss', 'warn', 'hide', 'suspend')),
        reason varchar(500),
        previous jsonb,
        actor_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        undone_at timestamptz,
        undone_by integer REFERENCES users(id) ON DELETE SET NULL
      );
      CREATE INDEX moderation_actions_target_idx ON moderation_actions (target_type, target_id, created_at DESC);

      CREATE TABLE reports (
        id serial PRIMARY KEY,
        reporter_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        target_type varchar(20) NOT NULL CHECK (target_type IN ('worker_profile', 'job_offer', 'message')),
        target_id bigint NOT NULL,
        target_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        reason varchar(20) NOT NULL
          CHECK (reason IN ('harassment', 'scam', 'inappropriate', 'fake', 'minor', 'other')),
        details varchar(1000),
        created_at timestamptz NOT NULL DEFAULT now(),
        action_id integer REFERENCES moderation_actions(id) ON DELETE SET NULL,
        handled_at timestamptz
      );
      CREATE UNIQUE INDEX reports_open_once ON reports (reporter_id, target_type, target_id) WHERE handled_at IS NULL;
      CREATE INDEX reports_open_target_idx ON reports (target_type, target_id) WHERE handled_at IS NULL;
      CREATE INDEX reports_target_user_idx ON reports (target_user_id);
      CREATE INDEX reports_action_idx ON reports (action_id);

      CREATE TABLE safety_words (
        id serial PRIMARY KEY,
        word varchar(60) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO safety_words (word) VALUES
        ('transferencia'), ('transferi'), ('transferir'), ('cbu'), ('cvu'), ('alias'),
        ('adelanto'), ('por adelantado'), ('deposito'), ('depositar'), ('depositame'),
        ('western union'), ('tarjeta de credito'), ('codigo que te llego');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE safety_words;
      DROP TABLE reports;
      DROP TABLE moderation_actions;
      ALTER TABLE job_offers DROP COLUMN hidden_by_admin;
      ALTER TABLE users DROP COLUMN suspension_reason, DROP COLUMN suspended_at;
    `);
  }
}
