import { seedDemo } from '../../seed/src/demo-seed';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

/**
 * The search read model (worker_search, offer_search: migration SearchReadModel) is kept by
 * triggers whoever writes. After each kind of write, every row must equal its definition
 * recomputed here from the source tables, and no listed worker or public-able offer may lack one.
 */
describe(bothEngines('search read model'), () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await seedDemo(t.dataSource, { workers: 40, employers: 6, seed: 3 });
  });
  afterAll(() => t.close());

  const q = (sql: string, params: unknown[] = []) => t.dataSource.query(sql, params);

  /** The filter codes (kind offset + id, sorted) of the row `alias` with the choice tables `prefix`_*. */
  const codes = (alias: string, prefix: 'worker' | 'job_offer', key: string, verified: string) => `ARRAY(
      SELECT c FROM (
        SELECT 10000000 + ${alias}.province_id AS c UNION ALL SELECT 20000000 + ${alias}.municipality_id
        UNION ALL SELECT 30000000 + service_id FROM ${prefix}_services WHERE ${key} = ${alias}.id
        UNION ALL SELECT 40000000 + work_arrangement_id FROM ${prefix}_work_arrangements WHERE ${key} = ${alias}.id
        UNION ALL SELECT 50000000 + task_id FROM ${prefix}_tasks WHERE ${key} = ${alias}.id
        UNION ALL SELECT 60000000 + language_id FROM ${prefix}_languages WHERE ${key} = ${alias}.id
        UNION ALL SELECT 70000000 + shift_id FROM ${prefix}_shifts WHERE ${key} = ${alias}.id
        UNION ALL SELECT 80000001 WHERE ${verified}) AS all_codes
      WHERE c IS NOT NULL ORDER BY c)`;
  /** 'Solo verificados': the account `user` has an approved DNI. */
  const approvedDni = (user: string) =>
    `EXISTS (SELECT 1 FROM verification_documents d WHERE d.user_id = ${user} AND d.kind = 'dni' AND d.status = 'approved')`;
  const sorted = (column: string) => `ARRAY(SELECT unnest(${column}) ORDER BY 1)`;

  const WORKERS_BY_DEFINITION = `
    SELECT w.id, u.id AS user_id, u.last_seen, ${codes('w', 'worker', 'worker_profile_id', approvedDni('u.id'))} AS keys
      FROM worker_profiles w JOIN users u ON u.id = w.user_id
     WHERE w.profile_visibility AND u.is_active`;
  const WORKERS_IN_MODEL = `
    SELECT worker_profile_id AS id, user_id, last_seen, ${sorted('filter_keys')} AS keys FROM worker_search`;
  const OFFERS_BY_DEFINITION = `
    SELECT o.id, o.parent_profile_id, o.created_at,
           CASE WHEN o.parent_profile_id IS NULL THEN 'infinity'::timestamptz
                ELSE (SELECT max(end_date) FROM memberships WHERE parent_profile_id = o.parent_profile_id AND status) END AS until,
           ${codes('o', 'job_offer', 'job_offer_id', `(o.parent_profile_id IS NULL OR ${approvedDni('pu.id')})`)} AS keys
      FROM job_offers o LEFT JOIN parent_profiles pp ON pp.id = o.parent_profile_id LEFT JOIN users pu ON pu.id = pp.user_id
     WHERE o.status AND (pu.id IS NULL OR pu.is_active)
       AND (o.parent_profile_id IS NULL OR EXISTS (SELECT 1 FROM memberships WHERE parent_profile_id = o.parent_profile_id AND status))`;
  const OFFERS_IN_MODEL = `
    SELECT job_offer_id AS id, parent_profile_id, created_at, visible_until AS until, ${sorted('filter_keys')} AS keys
      FROM offer_search`;

  /** Rows in one query's answer and not in the other's, both ways (empty when they agree). */
  async function difference(a: string, b: string): Promise<unknown[]> {
    return q(`(${a} EXCEPT ${b}) UNION ALL (${b} EXCEPT ${a})`);
  }

  async function expectConsistent(): Promise<void> {
    expect(await difference(WORKERS_BY_DEFINITION, WORKERS_IN_MODEL)).toEqual([]);
    expect(await difference(OFFERS_BY_DEFINITION, OFFERS_IN_MODEL)).toEqual([]);
  }

  const visibleWorker = async (offset = 0): Promise<{ id: number; user_id: number }> =>
    (
      await q('SELECT id, user_id FROM worker_profiles WHERE profile_visibility ORDER BY id OFFSET $1 LIMIT 1', [
        offset,
      ])
    )[0];
  const employerWithOffers = async (): Promise<{ parent: number; user: number }> =>
    (
      await q(`SELECT pp.id AS parent, pp.user_id AS user FROM parent_profiles pp
                WHERE EXISTS (SELECT 1 FROM job_offers o WHERE o.parent_profile_id = pp.id AND o.status)
                  AND EXISTS (SELECT 1 FROM memberships m WHERE m.parent_profile_id = pp.id AND m.status)
                ORDER BY pp.id LIMIT 1`)
    )[0];

  it('starts equal to its definition, with rows to compare', async () => {
    const [{ workers }] = await q('SELECT count(*)::int AS workers FROM worker_search');
    const [{ offers }] = await q('SELECT count(*)::int AS offers FROM offer_search');
    expect(workers).toBeGreaterThan(10);
    expect(offers).toBeGreaterThan(0);
    await expectConsistent();
  });

  it("follows a worker's profile, choices, account and visits", async () => {
    const a = await visibleWorker(0);
    const b = await visibleWorker(1);
    await q(
      `UPDATE worker_profiles SET introduction = 'Cambiada', province_id = 2, municipality_id = NULL WHERE id = $1`,
      [a.id],
    );
    await q('DELETE FROM worker_services WHERE worker_profile_id = $1', [a.id]);
    await q('INSERT INTO worker_services (worker_profile_id, service_id) SELECT $1, id FROM services LIMIT 2', [a.id]);
    await q('UPDATE worker_tasks SET task_id = task_id WHERE worker_profile_id = $1', [b.id]);
    await q(`UPDATE users SET first_name = 'Otra', last_seen = now() - interval '3 days' WHERE id = $1`, [b.user_id]);
    await q(`UPDATE users SET last_seen = now() WHERE id = $1`, [a.user_id]);
    await expectConsistent();

    await q('UPDATE worker_profiles SET profile_visibility = false WHERE id = $1', [a.id]);
    await q('UPDATE users SET is_active = false WHERE id = $1', [b.user_id]);
    await expectConsistent();
    expect(await q('SELECT 1 FROM worker_search WHERE worker_profile_id = ANY($1)', [[a.id, b.id]])).toEqual([]);

    await q('UPDATE worker_profiles SET profile_visibility = true WHERE id = $1', [a.id]);
    await q('UPDATE users SET is_active = true WHERE id = $1', [b.user_id]);
    await expectConsistent();
    expect(await q('SELECT 1 FROM worker_search WHERE worker_profile_id = ANY($1)', [[a.id, b.id]])).toHaveLength(2);

    await q('DELETE FROM users WHERE id = $1', [a.user_id]);
    await expectConsistent();
  });

  it("follows offers, their choices, their employer's account and memberships", async () => {
    const e = await employerWithOffers();
    const [offer] = await q('SELECT id FROM job_offers WHERE parent_profile_id = $1 ORDER BY id LIMIT 1', [e.parent]);
    await q('DELETE FROM job_offer_shifts WHERE job_offer_id = $1', [offer.id]);
    await q('INSERT INTO job_offer_shifts (job_offer_id, shift_id) SELECT $1, id FROM shifts ORDER BY id LIMIT 3', [
      offer.id,
    ]);
    await q(
      `UPDATE job_offers o SET (province_id, municipality_id) =
         (SELECT m.province_id, m.id FROM municipalities m WHERE m.province_id <> o.province_id ORDER BY m.id LIMIT 1)
        WHERE o.id = $1`,
      [offer.id],
    );
    await expectConsistent();

    await q(`UPDATE memberships SET end_date = end_date + interval '40 days' WHERE parent_profile_id = $1`, [e.parent]);
    await expectConsistent();
    await q('UPDATE memberships SET status = false WHERE parent_profile_id = $1', [e.parent]);
    await expectConsistent();
    expect(await q('SELECT 1 FROM offer_search WHERE parent_profile_id = $1', [e.parent])).toEqual([]);

    await q(
      `INSERT INTO memberships (parent_profile_id, membership_type_id, status, start_date, end_date)
       SELECT $1, min(id), true, now(), now() + interval '30 days' FROM membership_types`,
      [e.parent],
    );
    await expectConsistent();
    expect((await q('SELECT 1 FROM offer_search WHERE parent_profile_id = $1', [e.parent])).length).toBeGreaterThan(0);

    await q('UPDATE users SET is_active = false WHERE id = $1', [e.user]);
    await expectConsistent();
    expect(await q('SELECT 1 FROM offer_search WHERE parent_profile_id = $1', [e.parent])).toEqual([]);
    await q('UPDATE users SET is_active = true WHERE id = $1', [e.user]);
    await q('UPDATE job_offers SET status = false WHERE id = $1', [offer.id]);
    await expectConsistent();
    await q('DELETE FROM memberships WHERE parent_profile_id = $1', [e.parent]);
    await q('DELETE FROM job_offers WHERE id = $1', [offer.id]);
    await expectConsistent();
  });

  it("follows verified documents: 'Solo verificados' for workers and employers' offers", async () => {
    const worker = await visibleWorker(2);
    const e = await employerWithOffers();
    for (const user of [worker.user_id, e.user])
      await q(
        `INSERT INTO verification_documents (user_id, kind, status, storage_key, content_type, size_bytes)
         VALUES ($1, 'dni', 'pending', 'x.jpg', 'image/jpeg', 1) ON CONFLICT (user_id, kind) DO NOTHING`,
        [user],
      );
    await expectConsistent();
    await q(`UPDATE verification_documents SET status = 'approved' WHERE user_id = ANY ($1)`, [
      [worker.user_id, e.user],
    ]);
    await expectConsistent();
    expect(
      await q('SELECT 1 FROM worker_search WHERE user_id = $1 AND 80000001 = ANY (filter_keys)', [worker.user_id]),
    ).toHaveLength(1);
    await q(`DELETE FROM verification_documents WHERE user_id = ANY ($1)`, [[worker.user_id, e.user]]);
    await expectConsistent();
  });
});
