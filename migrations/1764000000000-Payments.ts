import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments as the card provider sees them (preference, provider status) and one membership per
 * payment, so a payment reported many times grants once; the built-in sandbox provider's own
 * preferences and payments, kept in the database so a restart or a second process sees them.
 */
export class Payments1764000000000 implements MigrationInterface {
  name = 'Payments1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payments ADD COLUMN provider_preference_id varchar(100);
      ALTER TABLE payments ADD COLUMN provider_status varchar(40);
      CREATE UNIQUE INDEX memberships_payment_uidx ON memberships(payment_id) WHERE payment_id IS NOT NULL;
      CREATE INDEX payments_created_idx ON payments(created_at DESC);

      CREATE TABLE sandbox_preferences (
        id varchar(64) PRIMARY KEY,
        external_reference varchar(100) NOT NULL,
        title varchar(200) NOT NULL,
        amount integer NOT NULL CHECK (amount > 0),
        payer_email varchar(254),
        back_urls jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE sandbox_payments (
        id bigserial PRIMARY KEY,
        preference_id varchar(64) NOT NULL REFERENCES sandbox_preferences(id) ON DELETE CASCADE,
        status varchar(20) NOT NULL,
        status_detail varchar(60) NOT NULL,
        amount integer NOT NULL,
        external_reference varchar(100) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        approved_at timestamptz
      );
      -- Numbers shaped like MercadoPago's payment ids.
      ALTER SEQUENCE sandbox_payments_id_seq RESTART WITH 90000000001;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE sandbox_payments, sandbox_preferences;
      DROP INDEX payments_created_idx;
      DROP INDEX memberships_payment_uidx;
      ALTER TABLE payments DROP COLUMN provider_status, DROP COLUMN provider_preference_id;
    `);
  }
}
