/** How many pending card payments one reconciliation run asks the provider about. */
export const RECONCILE_BATCH = 200;

/**
 * The card payments still pending that the reconciliation asks the provider about, newest first:
 * unreported checkouts created after `$1`, reported ones (cash tickets, reviews) after `$2`.
 */
export const RECONCILE_DUE = `SELECT * FROM payments
        WHERE payment_method = 'mercadopago' AND status = 'pending'
          AND ((provider_payment_id IS NULL AND created_at > $1) OR (provider_payment_id IS NOT NULL AND created_at > $2))
        ORDER BY created_at DESC, id DESC LIMIT ${RECONCILE_BATCH}`;

/**
 * An employer's ($1) open card checkout for the membership type $2 at the price $3, created up
 * to now ($4) and not yet paid or reported: offered again instead of a new one (the newest).
 */
export const OPEN_CHECKOUT = `SELECT id, provider_preference_id, created_at FROM payments
        WHERE parent_profile_id = $1 AND payment_method = 'mercadopago' AND status = 'pending'
          AND provider_payment_id IS NULL AND provider_preference_id IS NOT NULL
          AND membership_type_id = $2 AND amount = $3 AND created_at <= $4
        ORDER BY created_at DESC, id DESC LIMIT 1`;

/** The account ($1's employer profile) a payment belongs to. */
export const PAYMENT_OWNER = `SELECT user_id FROM parent_profiles WHERE id = $1`;

// The built-in sandbox provider's own tables (sandbox_preferences, sandbox_payments).

/** A checkout: id $1, our payment reference $2, title $3, amount $4, payer e-mail $5, return URLs $6. */
export const SANDBOX_INSERT_PREFERENCE = `INSERT INTO sandbox_preferences (id, external_reference, title, amount, payer_email, back_urls)
       VALUES ($1, $2, $3, $4, $5, $6)`;

/** The sandbox payments made for our payment reference $1, newest first. */
export const SANDBOX_PAYMENTS_OF = `SELECT id::text FROM sandbox_payments WHERE external_reference = $1 ORDER BY id DESC LIMIT 20`;

/** One sandbox payment ($1) as the provider reports it. */
export const SANDBOX_PAYMENT = `SELECT id::text, status, status_detail, amount, external_reference FROM sandbox_payments WHERE id = $1`;

/** One sandbox checkout ($1). */
export const SANDBOX_PREFERENCE = `SELECT id, external_reference, title, amount, back_urls, created_at FROM sandbox_preferences WHERE id = $1`;

/** The person's choice on a checkout ($1): status $2 and detail $3, amount $4, reference $5, approved now when $6. */
export const SANDBOX_INSERT_PAYMENT = `INSERT INTO sandbox_payments (preference_id, status, status_detail, amount, external_reference, approved_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END) RETURNING id::text`;
