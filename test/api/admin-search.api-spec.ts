import { createAccount, TestAccount } from '../support/accounts';
import { rename } from '../support/admin';
import { CatalogIds, catalogIds, membershipTypeId, offerBody } from '../support/employer';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(120_000);

const WORKERS = '/api/admin/worker-profiles/get-all/';
const PARENTS = '/api/admin/parent-profiles/get-all/';
const OFFERS = '/api/admin/job-offers/get-all/';
const PAYMENTS = '/api/admin/payments/get-all/';

/**
 * The admin lists' search: case and accents aside on every list, both ways ("garcia" finds
 * "García", "GARCÍA" finds "Garcia"), wildcards literal, served by an index.
 */
describe(bothEngines('admin search, accents and case aside'), () => {
  let t: TestApp;
  let ids: CatalogIds;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await startTestApp();
    ids = await catalogIds(t);
    admin = await createAccount(t, 'admin');
  });
  afterAll(() => t.close());

  const found = async (path: string, search: string): Promise<number[]> => {
    const res = await http(t).get(path).set(admin.auth).query({ search }).expect(200);
    return (res.body.results as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  };
  const person = async (kind: 'Worker' | 'Parent', first: string, last: string) => {
    const a = await createAccount(t, kind);
    await rename(t, a.userId, first, last);
    return a;
  };

  it('finds workers and employers whatever accents and case the name or the search has', async () => {
    for (const [kind, path] of [
      ['Worker', WORKERS],
      ['Parent', PARENTS],
    ] as const) {
      const accented = (await person(kind, 'Dolores', 'García Núñez')).profileId!;
      const plain = (await person(kind, 'DOLORES', 'GARCIA NUNEZ')).profileId!;
      const both = [accented, plain].sort((a, b) => a - b);
      for (const search of ['garcia', 'García', 'GARCÍA', 'dolores garcía nunez', 'núñez', 'NUNEZ', 'rcía nú'])
        expect([path, search, await found(path, search)]).toEqual([path, search, both]);
      expect(await found(path, 'garcía  núñez')).toEqual([]);
    }
  });

  it('finds offers by title and payments by name or transaction id, accents and case aside', async () => {
    const a = (
      await http(t)
        .post('/api/admin/job-offers/add/')
        .set(admin.auth)
        .send(offerBody(ids, { title: 'Niñera en Córdoba' }))
        .expect(201)
    ).body.id;
    const b = (
      await http(t)
        .post('/api/admin/job-offers/add/')
        .set(admin.auth)
        .send(offerBody(ids, { title: 'NINERA EN CORDOBA' }))
        .expect(201)
    ).body.id;
    for (const search of ['ninera en cordoba', 'NIÑERA', 'córdoba', 'Cordoba'])
      expect([search, await found(OFFERS, search)]).toEqual([search, [a, b]]);

    const accented = await person('Parent', 'Íñigo', 'Pérez');
    const plain = await person('Parent', 'Inigo', 'PEREZ');
    const typeId = await membershipTypeId(t);
    const rows: { id: number }[] = await t.dataSource.query(
      `INSERT INTO payments (parent_profile_id, membership_type_id, amount, payment_method, status, transaction_id)
       VALUES ($1, $3, 40000, 'bank_transfer', 'pending', 'TRF-Ñandú-1'), ($2, $3, 40000, 'bank_transfer', 'pending', 'trf-nandu-2')
       RETURNING id`,
      [accented.profileId, plain.profileId, typeId],
    );
    const both = rows.map((r) => r.id).sort((x, y) => x - y);
    for (const search of ['inigo perez', 'ÍÑIGO', 'pérez', 'nandu', 'ÑANDÚ', 'trf-ñandu'])
      expect([search, await found(PAYMENTS, search)]).toEqual([search, both]);
  });

  it('takes % _ and \\ literally, full-width ones too, after folding', async () => {
    const percent = (await person('Worker', 'Promo', 'Cien 100%')).profileId!;
    const digits = (await person('Worker', 'Promo', 'Cien 1000')).profileId!;
    expect(await found(WORKERS, 'cien 100%')).toEqual([percent]);
    // unaccent folds the full-width ％ into %: still a literal percent sign, never a wildcard.
    expect(await found(WORKERS, 'cien 100％')).toEqual([percent]);
    expect(await found(WORKERS, 'CIEN 100')).toEqual([percent, digits].sort((a, b) => a - b));
    const under = (await person('Worker', 'Luz', 'Del_Mar')).profileId!;
    await person('Worker', 'Luz', 'DelXMar');
    expect(await found(WORKERS, 'l_m')).toEqual([under]);
    expect(await found(WORKERS, 'l＿m')).toEqual([under]);
  });

  it('is served by the trigram indexes on the folded name and title', async () => {
    const plan = async (sql: string) => {
      const runner = t.dataSource.createQueryRunner();
      try {
        await runner.query('SET enable_seqscan = off');
        const rows: { 'QUERY PLAN': string }[] = await runner.query(`EXPLAIN ${sql}`, ['garcia']);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await runner.query('RESET enable_seqscan');
        await runner.release();
      }
    };
    expect(
      await plan(
        `SELECT id FROM users u WHERE public.cym_fold(u.first_name || ' ' || u.last_name) LIKE public.cym_contains($1)`,
      ),
    ).toContain('users_name_folded_trgm_idx');
    expect(
      await plan(`SELECT id FROM job_offers o WHERE public.cym_fold(o.title) LIKE public.cym_contains($1)`),
    ).toContain('job_offers_title_folded_trgm_idx');
  });
});
