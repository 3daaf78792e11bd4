import { isReplicaFailure, lagMs, lsnBytes } from './read-replica';
import { tokenSubject } from './reads';

describe('lsnBytes', () => {
  it('reads both halves of a WAL position as hexadecimal', () => {
    expect(lsnBytes('0/3000000')).toBe(0x3000000n);
    expect(lsnBytes('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(lsnBytes('1/0') > lsnBytes('0/FFFFFFFF')).toBe(true);
  });
});

describe('lagMs', () => {
  const samples = [
    { at: 1_000, lsn: 10n },
    { at: 2_000, lsn: 20n },
    { at: 3_000, lsn: 30n },
  ];

  it('is the age of the oldest reading of the primary the replica has not replayed', () => {
    expect(lagMs(samples, 10n, 3_500)).toBe(1_500);
    expect(lagMs(samples, 5n, 3_500)).toBe(2_500);
  });

  it('is nothing once every reading is replayed, or with no reading', () => {
    expect(lagMs(samples, 30n, 9_000)).toBe(0);
    expect(lagMs([], 0n, 9_000)).toBe(0);
  });
});

describe('isReplicaFailure', () => {
  it('takes the replica being unreachable, stopping or cancelling a read for replay', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '08006', '57P01', '57P03', '40001'])
      expect(isReplicaFailure(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isReplicaFailure(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it("leaves a statement's own errors to the read", () => {
    for (const code of ['42P01', '22P02', '23505', '57014'])
      expect(isReplicaFailure(Object.assign(new Error('x'), { code }))).toBe(false);
    expect(isReplicaFailure(new Error('something else'))).toBe(false);
  });
});

describe('tokenSubject', () => {
  const token = (payload: unknown) =>
    `Bearer eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.c2lnbmF0dXJl`;

  it("reads the token's user id", () => {
    expect(tokenSubject(token({ id: 42, typ: 'access' }))).toBe(42);
  });

  it('is null for anything else', () => {
    expect(tokenSubject(undefined)).toBeNull();
    expect(tokenSubject('Basic abc')).toBeNull();
    expect(tokenSubject(token({ id: '42' }))).toBeNull();
    expect(tokenSubject(token({ id: -1 }))).toBeNull();
    expect(tokenSubject(token({ id: 1.5 }))).toBeNull();
    expect(tokenSubject('Bearer a.%%%.c')).toBeNull();
    expect(tokenSubject(`Bearer a.${Buffer.from('not json').toString('base64url')}.c`)).toBeNull();
  });
});
