import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAGE_PARAM_MESSAGE } from '@cym/common';
import { seedDemo } from '../../seed/src/demo-seed';
import { createAccount } from '../support/accounts';
import { expectErrorShape, http } from '../support/http';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

interface Card {
  id: number;
  services: { title_display: string }[];
  tasks: { title_display: string }[];
  languages: { name_display: string }[];
  work_arrangements: { value_display: string }[];
  work_shifts: { day_display: string; shift_display: string }[];
  location: { province: { id: number } | null; municipality: { id: number } | null };
}

describe(bothEngines('GET /api/workers/'), () => {
  let t: TestApp;
  let all: Card[];

  beforeAll(async () => {
    t = await startTestApp();
    await seedDemo(t.dataSource, { workers: 120, employers: 4, seed: 7 });
    all = (await http(t).get('/api/workers/').expect(200)).body;
  });
  afterAll(() => t.close());

  /** The spec's rule, applied in the test to the full list: OR within a key, AND across keys. */
  function expected(filters: Record<string, string[]>): number[] {
    const labels: Record<string, (c: Card) => string[]> = {
      services: (c) => c.services.map((s) => s.title_display),
      tasks: (c) => c.tasks.map((s) => s.title_display),
      languages: (c) => c.languages.map((s) => s.name_display),
      work_arrangements: (c) => c.work_arrangements.map((s) => s.value_display),
      work_shifts: (c) => c.work_shifts.map((s) => `${s.day_display}:${s.shift_display}`),
      province: (c) => (c.location.province ? [String(c.location.province.id)] : []),
      municipality: (c) => (c.location.municipality ? [String(c.location.municipality.id)] : []),
    };
    return all
      .filter((card) =>
        Object.entries(filters).every(([key, wanted]) => labels[key]!(card).some((v) => wanted.includes(v))),
      )
      .map((c) => c.id)
      .sort((a, b) => a - b);
  }

  async function ids(query: Record<string, string>) {
    const res = await http(t)
      .get('/api/workers/')
      .query({ ...query, page_size: '100' })
      .expect(200);
    expect(res.body.results.length).toBeLessThanOrEqual(100);
    return {
      ids: (res.body.results as Card[]).map((c) => c.id).sort((a, b) => a - b),
      count: res.body.count as number,
    };
  }

  it('lists only visible workers of active accounts, without private fields, as a plain array', async () => {
    const [{ n }] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM worker_profiles w JOIN users u ON u.id = w.user_id
        WHERE w.profile_visibility AND u.is_active`,
    );
    expect(all).toHaveLength(n);
    expect(n).toBeLessThan(120);
    // Hidden profiles, and the demo's suspended account (visible profile, inactive account).
    const hidden = await t.dataSource.query(
      `SELECT w.id FROM worker_profiles w JOIN users u ON u.id = w.user_id WHERE NOT (w.profile_visibility AND u.is_active)`,
    );
    expect(hidden.length).toBeGreaterThan(0);
    const listed = new Set(all.map((c) => c.id));
    for (const { id } of hidden) expect(listed.has(id)).toBe(false);
    const text = JSON.stringify(all);
    expect(text).not.toMatch(/last_name|email|phone|password/);
    // The filter cases below are meaningful only if the data has matches and non-matches.
    const nannies = expected({ services: ['Niñera/o'] }).length;
    expect(nannies).toBeGreaterThan(0);
    expect(nannies).toBeLessThan(all.length);
    expect(Object.keys(all[0]!).sort()).toEqual(
      [
        'date_of_birth',
        'id',
        'introduction',
        'languages',
        'location',
        'rating',
        'services',
        'tasks',
        'user',
        'verified',
        'work_arrangements',
        'work_shifts',
      ].sort(),
    );
  });

  it.each([
    [{ services: ['Niñera/o'] }],
    [{ services: ['Niñera/o', 'Cocinera/o'] }],
    [{ services: ['Niñera/o'], province: ['2'] }],
    [{ work_shifts: ['Lunes:Mañana', 'Sábado:Noche'] }],
    [{ languages: ['Guaraní'] }],
    [{ tasks: ['Cuidado de niños'], work_arrangements: ['Con retiro (por horas)', 'Sin retiro (cama adentro)'] }],
    [
      {
        province: ['6'],
        municipality: [
          '6028',
          '6035',
          '6091',
          '6260',
          '6364',
          '6410',
          '6427',
          '6434',
          '6490',
          '6515',
          '6539',
          '6560',
          '6568',
          '6595',
          '6638',
          '6648',
          '6658',
          '6749',
          '6756',
          '6760',
          '6778',
          '6805',
          '6840',
          '6861',
        ],
      },
    ],
  ])('filters %j with OR within a key and AND across keys', async (filters) => {
    const query = Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v.join(',')]));
    const got = await ids(query);
    expect(got.ids).toEqual(expected(filters));
    expect(got.count).toBe(got.ids.length);
  });

  it('answers no results for unknown labels and ids', async () => {
    expect((await ids({ services: 'Astronauta' })).count).toBe(0);
    expect((await ids({ province: '999' })).count).toBe(0);
    expect((await ids({ province: 'abc' })).count).toBe(0);
  });

  it('pages with a stable order and a total count, capping page_size at 100', async () => {
    const first = await http(t).get('/api/workers/').query({ page: '1', page_size: '10' }).expect(200);
    expect(first.body).toMatchObject({ count: all.length, page: 1, page_size: 10 });
    expect(first.body.results).toHaveLength(10);
    const second = await http(t).get('/api/workers/').query({ page: '2', page_size: '10' }).expect(200);
    const overlap = first.body.results.filter((a: Card) => second.body.results.some((b: Card) => b.id === a.id));
    expect(overlap).toHaveLength(0);
    const beyond = await http(t).get('/api/workers/').query({ page: '999', page_size: '10' }).expect(200);
    expect(beyond.body).toMatchObject({ results: [], count: all.length });
    const capped = await http(t).get('/api/workers/').query({ page_size: '1000' }).expect(200);
    expect(capped.body.page_size).toBe(100);
    expect(capped.body.results.length).toBe(Math.min(100, all.length));
  });

  // Every refused page is in parseBrowseQuery's unit test (server/src/modules/browse/filters.spec.ts);
  // here one proves the route answers the refusal.
  it('refuses page=0 with 400', async () => {
    const res = await http(t).get('/api/workers/').query({ page: '0' }).expect(400);
    expectErrorShape(res.body);
    expect(res.body).toEqual({
      error: PAGE_PARAM_MESSAGE,
      code: 'VALIDATION_FAILED',
      errors: { page: [PAGE_PARAM_MESSAGE] },
    });
  });

  it('answers 304 to a repeated request carrying the ETag', async () => {
    const first = await http(t).get('/api/workers/').query({ services: 'Niñera/o' }).expect(200);
    expect(first.headers.etag).toBeDefined();
    await http(t)
      .get('/api/workers/')
      .query({ services: 'Niñera/o' })
      .set('If-None-Match', first.headers.etag)
      .expect(304);
    await http(t)
      .get('/api/workers/')
      .query({ services: 'Cocinera/o' })
      .set('If-None-Match', first.headers.etag)
      .expect(200);
  });

  it('serves the same JSON compressed with brotli or gzip, with one ETag for all encodings', async () => {
    const fastify = t.app.getHttpAdapter().getInstance();
    const get = (encoding?: string) =>
      fastify.inject({
        method: 'GET',
        url: '/api/workers/?page=1&page_size=50',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const plain = await get();
    const br = await get('gzip, deflate, br');
    const gz = await get('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(new Set([plain.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
  });

  it('shows a profile change made through the API at once, though the page was cached', async () => {
    const admin = await createAccount(t, 'admin');
    const target = all[3]!;
    const card = async () => {
      const res = await http(t).get('/api/workers/').query({ page: '1', page_size: '100' }).expect(200);
      return (res.body.results as (Card & { introduction: string })[]).find((c) => c.id === target.id);
    };
    expect(await card()).toBeDefined(); // now cached
    const introduction = 'Presentación nueva, escrita recién por la administración.';
    await http(t)
      .put(`/api/worker-profile/${target.id}/introduction/update/`)
      .set(admin.auth)
      .send({ introduction })
      .expect(200);
    expect((await card())?.introduction).toBe(introduction);
  });

  it('stops listing a worker as soon as the profile is hidden', async () => {
    const victim = all[0]!;
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = false WHERE id = $1`, [victim.id]);
    // A write behind the application's back: the directory cache learns of it as a service write would tell it.
    t.app.get(DirectoryCache).invalidate();
    const now = (await http(t).get('/api/workers/').expect(200)).body as Card[];
    expect(now.some((c) => c.id === victim.id)).toBe(false);
    await http(t).get(`/api/worker-profile/${victim.id}/get-info/`).expect(404);
  });
});
