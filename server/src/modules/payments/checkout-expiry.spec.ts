import { CHECKOUT_TTL_MS, isAbandoned, paymentStatusAt, paymentStatusSql, reusableUntil } from './checkout-expiry';

describe('abandoned card checkouts', () => {
  const created = new Date('2026-11-23T12:00:00Z');
  const at = (ms: number) => new Date(created.getTime() + ms);
  const checkout = {
    payment_method: 'mercadopago',
    status: 'pending',
    provider_payment_id: null as string | null,
    created_at: created,
  };

  it('reads as expired from 24 hours on, pending before', () => {
    expect(paymentStatusAt(checkout, at(CHECKOUT_TTL_MS - 1))).toBe('pending');
    expect(paymentStatusAt(checkout, at(CHECKOUT_TTL_MS))).toBe('expired');
    expect(isAbandoned(checkout, at(3 * CHECKOUT_TTL_MS))).toBe(true);
  });

  it('never expires a payment the provider reported, a transfer or a settled one', () => {
    const later = at(2 * CHECKOUT_TTL_MS);
    expect(paymentStatusAt({ ...checkout, provider_payment_id: '123' }, later)).toBe('pending');
    expect(paymentStatusAt({ ...checkout, payment_method: 'bank_transfer' }, later)).toBe('pending');
    expect(paymentStatusAt({ ...checkout, status: 'approved' }, later)).toBe('approved');
    expect(paymentStatusAt({ ...checkout, status: 'rejected' }, later)).toBe('rejected');
  });

  it('is offered again until an hour before it expires', () => {
    expect(reusableUntil(created).toISOString()).toBe('2026-11-24T11:00:00.000Z');
  });

  it('writes the same rule in SQL', () => {
    const sql = paymentStatusSql('py', created);
    expect(sql).toContain("py.status = 'pending'");
    expect(sql).toContain('py.provider_payment_id IS NULL');
    expect(sql).toContain("'2026-11-23T12:00:00.000Z'::timestamptz - interval '24 hours'");
  });
});
