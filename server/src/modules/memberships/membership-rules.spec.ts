import { PGlite } from '@electric-sql/pglite';
import { activeMembershipSql, hasActiveMembershipSql, isActiveMembership } from './membership-rules';

/**
 * The rule runs in a real PostgreSQL (PGlite in memory, a second or so) over the columns the
 * migrations give `memberships`, so what is tested is what every query asks.
 */
describe('membership rules', () => {
  let db: PGlite;
  const now = new Date('2026-11-25T12:00:00Z');
  const rows: [id: number, profile: number, status: boolean, end: string][] = [
    [1, 10, true, '2026-12-25T12:00:00Z'], // active
    [2, 11, true, '2026-11-25T12:00:00Z'], // ends exactly now: over
    [3, 12, false, '2026-12-25T12:00:00Z'], // switched off
    [4, 13, true, '2026-11-01T00:00:00Z'], // ended
    [5, 13, false, '2027-01-01T00:00:00Z'], // a pending transfer beside it
    [6, 14, true, '2027-02-01T00:00:00Z'], // a renewal bought ahead: active as well
  ];

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec(`CREATE TABLE memberships (
      id serial PRIMARY KEY, parent_profile_id integer NOT NULL, status boolean NOT NULL DEFAULT false,
      start_date timestamptz NOT NULL DEFAULT '2026-01-01', end_date timestamptz NOT NULL)`);
    for (const [id, profile, status, end] of rows)
      await db.query(`INSERT INTO memberships (id, parent_profile_id, status, end_date) VALUES ($1, $2, $3, $4)`, [
        id,
        profile,
        status,
        end,
      ]);
  });
  afterAll(() => db.close());

  it('is on and ends after now, in SQL and in TypeScript alike', async () => {
    const { rows: found } = await db.query<{ id: number; active: boolean }>(
      `SELECT ms.id, ${activeMembershipSql('ms', '$1')} AS active FROM memberships ms ORDER BY ms.id`,
      [now],
    );
    expect(found.filter((r) => r.active).map((r) => r.id)).toEqual([1, 6]);
    for (const [id, , status, end] of rows)
      expect(isActiveMembership({ status, end_date: new Date(end) }, now)).toBe(found.find((r) => r.id === id)!.active);
  });

  it('moves with the now it is given (the Clock), not the database clock', async () => {
    const later = new Date('2027-01-10T00:00:00Z');
    const { rows: found } = await db.query<{ id: number }>(
      `SELECT ms.id FROM memberships ms WHERE ${activeMembershipSql('ms', '$1')} ORDER BY ms.id`,
      [later],
    );
    expect(found.map((r) => r.id)).toEqual([6]);
  });

  it('answers per employer, from a column or a parameter', async () => {
    const { rows: byColumn } = await db.query<{ profile: number; active: boolean }>(
      `SELECT p.profile, ${hasActiveMembershipSql('p.profile', '$1')} AS active
         FROM (SELECT unnest(ARRAY[10, 11, 12, 13, 14, 15]) AS profile) p ORDER BY p.profile`,
      [now],
    );
    expect(byColumn.filter((r) => r.active).map((r) => r.profile)).toEqual([10, 14]);
    const { rows: byParameter } = await db.query<{ active: boolean }>(
      `SELECT ${hasActiveMembershipSql('$1', '$2')} AS active`,
      [13, now],
    );
    expect(byParameter[0]!.active).toBe(false);
  });

  it('pastes only aliases, columns and numbered parameters into SQL', () => {
    expect(activeMembershipSql('ms', '$2')).toBe('(ms.status AND ms.end_date > $2)');
    expect(() => activeMembershipSql('ms; DROP TABLE x', '$1')).toThrow();
    expect(() => activeMembershipSql('ms', 'now()')).toThrow();
    expect(() => hasActiveMembershipSql('1 OR true', '$1')).toThrow();
  });
});
