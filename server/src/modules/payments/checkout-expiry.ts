/**
 * A card checkout nobody completed: after 24 hours a
 * MercadoPago payment still pending that the provider never reported is 'expired' ('Vencido'),
 * and it never counts as pending. Computed on read, so it is always true and needs no job.
 */
export const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * An open checkout is offered again instead of a new one while at least this much of its life is
 * left, so the person has time to pay before MercadoPago closes it.
 */
export const CHECKOUT_REUSE_MARGIN_MS = 60 * 60 * 1000;

export interface CheckoutFacts {
  payment_method: string;
  status: string;
  provider_payment_id: string | null;
  created_at: Date;
}

/** Our payment's status as people see it: 'expired' for an abandoned checkout, else the stored one. */
export function paymentStatusAt(payment: CheckoutFacts, now: Date): string {
  return isAbandoned(payment, now) ? 'expired' : payment.status;
}

export function isAbandoned(payment: CheckoutFacts, now: Date): boolean {
  return (
    payment.payment_method === 'mercadopago' &&
    payment.status === 'pending' &&
    payment.provider_payment_id === null &&
    now.getTime() - payment.created_at.getTime() >= CHECKOUT_TTL_MS
  );
}

/** When a checkout created at `createdAt` stops being offered again. */
export function reusableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + CHECKOUT_TTL_MS - CHECKOUT_REUSE_MARGIN_MS);
}

/**
 * The same rule in SQL, for lists and counts: `alias` is the payments table's alias and `now`
 * Clock.now(), written as a timestamptz literal (an ISO date: nothing to escape).
 */
export function paymentStatusSql(alias: string, now: Date): string {
  return paymentStatusSqlWith(alias, `'${now.toISOString()}'`);
}

function paymentStatusSqlWith(alias: string, now: string): string {
  return `(CASE WHEN ${alias}.payment_method = 'mercadopago' AND ${alias}.status = 'pending'
     AND ${alias}.provider_payment_id IS NULL AND ${alias}.created_at <= ${now}::timestamptz - interval '24 hours'
     THEN 'expired' ELSE ${alias}.status END)`;
}
