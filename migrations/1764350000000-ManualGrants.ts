import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Memberships an admin grants by hand (a transfer confirmed outside the site, a courtesy month):
 * a payment row with method 'manual', amount 0, approved at once, naming the admin in
 * `granted_by`, so the payments list, the employer's MEMBRESÍA table and the admin's employer
 * view show it like any other payment.
 */
export class ManualGrants1764350000000 implements MigrationInterface {
  name = 'ManualGrants1764350000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payments DROP CONSTRAINT payments_amount_check;
      ALTER TABLE payments DROP CONSTRAINT payments_payment_method_check;
      ALTER TABLE payments ADD CONSTRAINT payments_payment_method_check
        CHECK (payment_method IN ('mercadopago', 'bank_transfer', 'manual'));
      ALTER TABLE payments ADD CONSTRAINT payments_amount_check
        CHECK (amount > 0 OR (payment_method = 'manual' AND amount = 0));
      ALTER TABLE payments ADD COLUMN granted_by integer REFERENCES users(id) ON DELETE SET NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM payments WHERE payment_method = 'manual';
      ALTER TABLE payments DROP COLUMN granted_by;
      ALTER TABLE payments DROP CONSTRAINT payments_amount_check;
      ALTER TABLE payments DROP CONSTRAINT payments_payment_method_check;
      ALTER TABLE payments ADD CONSTRAINT payments_payment_method_check
        CHECK (payment_method IN ('mercadopago', 'bank_transfer'));
      ALTER TABLE payments ADD CONSTRAINT payments_amount_check CHECK (amount > 0);
    `);
  }
}
