import { Clock } from '../../server/src/common/clock/clock';
import { createAccount, TestAccount } from '../support/accounts';
import { insertMembership, membershipTypeId } from '../support/employer';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(120_000);

const STATS = '/api/admin/stats/get-all/';

interface Figures {
  revenue_this_month: number;
  revenue_last_month: number;
  new_parents_30d: number;
  new_parents_paid_7d: number;
  memberships_ending_7d: number;
  workers_visible_this_month: number;
}
const FIGURES: (keyof Figures)[] = [
  'revenue_this_month',
  'revenue_last_month',
  'new_parents_30d',
  'new_parents_paid_7d',
  'memberships_ending_7d',
  'workers_visible_this_month',
];

const at = (iso: string) => new Date(iso);
/** Tuesday 10 March 2026, 09:00 in Buenos Aires (UTC−3). */
const NOW = at('2026-03-10T12:00:00Z');

/**
 * The operator's figures on crafted rows around the edges of Buenos Aires months and days, with the
 * Clock at a fixed instant: each figure moves by exactly what its definition says, and nothing on
 * the wrong side of an edge counts.
 */
describe(bothEngines('admin stats: the operator’s figures'), () => {
  let t: TestApp;
  let admin: TestAccount;
  let typeId: number;
  let clock: Clock;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await createAccount(t, 'admin');
    typeId = await membershipTypeId(t);
    clock = t.app.get(Clock);
  });
  afterAll(() => t.close());
  afterEach(() => {
    clock.now = () => new Date();
  });

  const figures = async (): Promise<Figures> => {
    const body = (await http(t).get(STATS).set(admin.auth).expect(200)).body as Figures;
    return Object.fromEntries(FIGURES.map((k) => [k, body[k]])) as unknown as Figures;
  };
  const delta = (after: Figures, before: Figures) => Object.fromEntries(FIGURES.map((k) => [k, after[k] - before[k]]));
  const employer = async (signedUp?: Date) => {
    const a = await createAccount(t, 'Parent');
    if (signedUp) await t.dataSource.query(`UPDATE users SET created_at = $2 WHERE id = $1`, [a.userId, signedUp]);
    return a;
  };
  const payment = async (
    a: TestAccount,
    amount: number,
    created: Date,
    status = 'approved',
    method = 'bank_transfer',
  ) => {
    await t.dataSource.query(
      `INSERT INTO payments (parent_profile_id, membership_type_id, amount, payment_method, status, created_at)
       VALUES ($1, $2, $3, $6, $4, $5)`,
      [a.profileId, typeId, amount, status, created, method],
    );
  };

  it('sums approved payments of this Buenos Aires month and of the last one', async () => {
    clock.now = () => NOW;
    const before = await figures();
    const a = await employer();
    await payment(a, 1000, at('2026-03-01T03:00:00Z')); // 1 March 00:00 in Buenos Aires: this month
    await payment(a, 2000, at('2026-03-01T02:59:59Z')); // 28 February 23:59:59: last month
    await payment(a, 4000, at('2026-02-01T03:00:00Z')); // 1 February 00:00: last month
    await payment(a, 8000, at('2026-02-01T02:59:00Z')); // 31 January: neither
    await payment(a, 16000, at('2026-03-05T12:00:00Z'), 'pending'); // not approved
    await payment(a, 32000, at('2026-03-05T12:00:00Z'), 'refunded'); // not approved
    await payment(a, 64000, at('2026-03-10T12:00:01Z')); // after now
    expect(delta(await figures(), before)).toMatchObject({ revenue_this_month: 1000, revenue_last_month: 6000 });
  });

  it('counts the employers of the last 30 days and those who paid within 7 days of signing up', async () => {
    clock.now = () => NOW;
    const before = await figures();
    // Converted: paid 6 days after signing up.
    await payment(await employer(at('2026-03-01T12:00:00Z')), 40000, at('2026-03-07T12:00:00Z'));
    // Paid one second too late.
    await payment(await employer(at('2026-03-01T12:00:00Z')), 40000, at('2026-03-08T12:00:01Z'));
    // Only a pending transfer.
    await payment(await employer(at('2026-03-02T12:00:00Z')), 40000, at('2026-03-02T13:00:00Z'), 'pending');
    // A month granted by an admin the next day: no payment, no conversion.
    await payment(await employer(at('2026-03-02T12:00:00Z')), 0, at('2026-03-03T12:00:00Z'), 'approved', 'manual');
    // The first instant of the window (9 February 00:00 in Buenos Aires), converted.
    await payment(await employer(at('2026-02-09T03:00:00Z')), 40000, at('2026-02-10T03:00:00Z'));
    // One second before the window: not counted at all.
    await payment(await employer(at('2026-02-09T02:59:59Z')), 40000, at('2026-02-10T03:00:00Z'));
    // Deleted since: not counted.
    const gone = await employer(at('2026-03-03T12:00:00Z'));
    await payment(gone, 40000, at('2026-03-03T13:00:00Z'));
    await t.dataSource.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [gone.userId]);
    expect(delta(await figures(), before)).toMatchObject({ new_parents_30d: 5, new_parents_paid_7d: 2 });
  });

  it('counts employers whose cover ends in the next 7 days, a renewal taking them out', async () => {
    clock.now = () => NOW;
    const before = await figures();
    const cover = async (a: TestAccount, end: string, status = true) =>
      insertMembership(t, a.profileId!, { start: at('2026-02-20T12:00:00Z'), end: at(end), status });
    await cover(await employer(), '2026-03-15T12:00:00Z'); // ends in 5 days
    await cover(await employer(), '2026-03-17T12:00:00Z'); // ends in exactly 7 days
    const renewed = await employer();
    await cover(renewed, '2026-03-15T12:00:00Z');
    await insertMembership(t, renewed.profileId!, {
      start: at('2026-03-15T12:00:00Z'),
      end: at('2026-04-14T12:00:00Z'),
    });
    await cover(await employer(), '2026-03-17T12:00:01Z'); // one second past 7 days
    await cover(await employer(), '2026-03-15T12:00:00Z', false); // switched off
    await cover(await employer(), '2026-03-10T11:59:59Z'); // already ended
    const twice = await employer(); // two rows ending within the week: one employer
    await cover(twice, '2026-03-12T12:00:00Z');
    await cover(twice, '2026-03-13T12:00:00Z');
    expect(delta(await figures(), before)).toMatchObject({ memberships_ending_7d: 3 });
  });

  it('counts workers visible now that turned visible this month', async () => {
    clock.now = () => NOW;
    const before = await figures();
    const worker = async (visibleSince: string | null, deleted = false) => {
      const a = await createAccount(t, 'Worker');
      if (visibleSince) {
        await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [a.profileId]);
        await t.dataSource.query(`UPDATE worker_profiles SET visible_since = $2 WHERE id = $1`, [
          a.profileId,
          at(visibleSince),
        ]);
      }
      if (deleted) await t.dataSource.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [a.userId]);
      return a;
    };
    await worker('2026-03-01T03:00:00Z'); // 1 March 00:00 in Buenos Aires
    await worker('2026-03-01T02:59:59Z'); // still February there
    await worker('2026-03-10T12:00:01Z'); // after now
    await worker(null); // never visible
    await worker('2026-03-05T12:00:00Z', true); // deleted
    expect(delta(await figures(), before)).toMatchObject({ workers_visible_this_month: 1 });
  });

  it('stamps visible_since whoever turns the profile visible, and empties it when hidden', async () => {
    const a = await createAccount(t, 'Worker');
    const since = async () =>
      (await t.dataSource.query(`SELECT visible_since FROM worker_profiles WHERE id = $1`, [a.profileId]))[0]
        .visible_since as Date | null;
    expect(await since()).toBeNull();
    const before = await figures();
    const show = (visible: boolean) =>
      http(t)
        .put(`/api/admin/user/${a.userId}/toggle-profile-visibility/`)
        .set(admin.auth)
        .send({ visible })
        .expect(200);
    const t0 = Date.now();
    await show(true);
    const first = await since();
    expect(first!.getTime()).toBeGreaterThanOrEqual(t0 - 5000);
    expect(delta(await figures(), before)).toMatchObject({ workers_visible_this_month: 1 });
    await t.dataSource.query(`UPDATE worker_profiles SET updated_at = now() WHERE id = $1`, [a.profileId]);
    expect(await since()).toEqual(first); // other writes keep it
    await show(false);
    expect(await since()).toBeNull();
    expect(delta(await figures(), before)).toMatchObject({ workers_visible_this_month: 0 });
  });

  it('answers 403 to workers and employers, 401 to visitors', async () => {
    for (const kind of ['Worker', 'Parent'] as const) {
      const a = await createAccount(t, kind);
      await http(t).get(STATS).set(a.auth).expect(403);
    }
    await http(t).get(STATS).expect(401);
  });
});
