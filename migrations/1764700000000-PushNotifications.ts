import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Web Push (issue 21): each browser's subscription (its push service endpoint and the keys that
 * encrypt for it) and each person's choice of e-mail and/or push per kind of notice. A person
 * without a preferences row gets the defaults (everything on).
 */
export class PushNotifications1764700000000 implements MigrationInterface {
  name = 'PushNotifications1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE push_subscriptions (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        endpoint text NOT NULL UNIQUE,
        p256dh varchar(100) NOT NULL,
        auth varchar(40) NOT NULL,
        user_agent varchar(200),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_success_at timestamptz
      );
      CREATE INDEX push_subscriptions_user_idx ON push_subscriptions(user_id, created_at);

      CREATE TABLE notification_preferences (
        user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        message_email boolean NOT NULL DEFAULT true,
        message_push boolean NOT NULL DEFAULT true,
        alert_email boolean NOT NULL DEFAULT true,
        alert_push boolean NOT NULL DEFAULT true,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE notification_preferences, push_subscriptions`);
  }
}
