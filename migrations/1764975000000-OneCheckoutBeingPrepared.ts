import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * At most one card checkout per employer "being prepared": a pending MercadoPago payment whose
 * provider preference is not stored yet. The request that writes it asks the provider and stores
 * the preference; a second click that arrives meanwhile finds this row (an insert that would be a
 * second one does nothing) and waits for that checkout instead of opening one of its own. Earlier
 * duplicates (left by clicks at once, or by a process stopped before it asked the provider) are
 * cancelled first, keeping each employer's newest.
 */
export class OneCheckoutBeingPrepared1764975000000 implements MigrationInterface {
  name = 'OneCheckoutBeingPrepared1764975000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE payments SET status = 'cancelled', updated_at = now()
        WHERE id IN (
          SELECT id FROM (
            SELECT id, row_number() OVER (PARTITION BY parent_profile_id ORDER BY created_at DESC, id DESC) AS n
              FROM payments
             WHERE payment_method = 'mercadopago' AND status = 'pending' AND provider_preference_id IS NULL
          ) ranked
          WHERE n > 1);
      CREATE UNIQUE INDEX payments_one_checkout_being_prepared ON payments (parent_profile_id)
        WHERE payment_method = 'mercadopago' AND status = 'pending' AND provider_preference_id IS NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payments_one_checkout_being_prepared`);
  }
}
