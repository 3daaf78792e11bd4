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
