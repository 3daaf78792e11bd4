import { membershipState } from './membership-state';

describe('membership state', () => {
  const start = new Date('2026-12-23T03:00:00Z');
  const end = new Date('2027-01-22T03:00:00Z');
  const card = {
    status: true,
    start_date: start,
    end_date: end,
    payment_method: 'mercadopago',
    payment_status: 'approved',
  };

  it('is Programada until its start, Activa within its period, Vencida after', () => {
    expect(membershipState(card, new Date('2026-11-23T15:00:00Z'))).toBe('scheduled');
    expect(membershipState(card, start)).toBe('active');
    expect(membershipState(card, new Date('2027-01-22T02:59:59Z'))).toBe('active');
    expect(membershipState(card, end)).toBe('expired');
  });

  it('is Pendiente while a transfer waits, Inactiva when switched off', () => {
    const transfer = { ...card, status: false, payment_method: 'bank_transfer', payment_status: 'pending' };
    expect(membershipState(transfer, new Date('2027-03-01T00:00:00Z'))).toBe('pending');
    expect(membershipState({ ...card, status: false, payment_status: 'refunded' }, start)).toBe('inactive');
    expect(membershipState({ ...card, status: false }, end)).toBe('expired');
  });
});
