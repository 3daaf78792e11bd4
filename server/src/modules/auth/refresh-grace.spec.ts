import { graceSuccessor, type PresentedAgain } from './refresh-grace';

describe('graceSuccessor', () => {
  const spentAt = new Date('2026-03-02T12:00:00Z');
  const later = (ms: number) => new Date(spentAt.getTime() + ms);
  const successor = { id: 'next', expiresAt: later(14 * 24 * 3600_000), usedAt: null, revokedAt: null };
  const token = (changes: Partial<PresentedAgain> = {}): PresentedAgain => ({
    usedAt: spentAt,
    revokedAt: null,
    successor,
    ...changes,
  });

  it('answers the same successor while the token was spent less than the grace ago', () => {
    expect(graceSuccessor(token(), later(0), 30)).toEqual({ id: 'next', expiresAt: successor.expiresAt });
    expect(graceSuccessor(token(), later(29_999), 30)).toEqual({ id: 'next', expiresAt: successor.expiresAt });
  });

  it('takes a reuse at or after the grace for a theft', () => {
    expect(graceSuccessor(token(), later(30_000), 30)).toBeNull();
    expect(graceSuccessor(token(), later(3600_000), 30)).toBeNull();
  });

  it('grants nothing when the grace is off', () => {
    expect(graceSuccessor(token(), later(0), 0)).toBeNull();
  });

  it('never revives a revoked login, nor a token never spent or spent without a successor', () => {
    expect(graceSuccessor(token({ revokedAt: later(1000) }), later(2000), 30)).toBeNull();
    expect(graceSuccessor(token({ successor: { ...successor, revokedAt: later(1000) } }), later(2000), 30)).toBeNull();
    expect(graceSuccessor(token({ usedAt: null }), later(0), 30)).toBeNull();
    // Spent before tokens named their successor, or the successor expired.
    expect(graceSuccessor(token({ successor: null }), later(0), 30)).toBeNull();
  });

  it('refuses once the chain went on: the successor spent', () => {
    expect(graceSuccessor(token({ successor: { ...successor, usedAt: later(1000) } }), later(2000), 30)).toBeNull();
  });
});
