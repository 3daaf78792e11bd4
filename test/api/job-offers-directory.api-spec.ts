import { seedDemo } from '../../seed/src/demo-seed';
import { expectErrorShape, http } from '../support/http';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

interface Offer {
  id: number;
  parent_profile: { id: number } | null;
  services: { title_display: string }[];
  location: { province: { id: number } };
}

describe(bothEngines('public job offers'), () => {
  let t: TestApp;
  let all: Offer[];

  beforeAll(async () => {
    t = await startTestApp();
    await seedDemo(t.dataSource, { workers: 10, employers: 30, seed: 11 });
    all = (await http(t).get('/api/job-offers/').expect(200)).body;
  });
  afterAll(() => t.close());

  it('lists exactly the public offers: active, and from an employer with an active membership or from the team', async () => {
    const rows: { id: number }[] = await t.dataSource.query(`
      SELECT o.id FROM job_offers o
       WHERE o.status AND (o.parent_profile_id IS NULL OR EXISTS (
         SELECT 1 FROM memberships ms WHERE ms.parent_profile_id = o.parent_profile_id AND ms.status AND ms.end_date > now()))
       ORDER BY o.id`);
    expect(all.map((o) => o.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
    const [{ hidden }] = await t.dataSource.query(`SELECT count(*)::int AS hidden FROM job_offers`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(hidden);
    expect(all.some((o) => o.parent_profile === null)).toBe(true);
    expect(JSON.stringify(all)).not.toMatch(/last_name|email|phone/);
  });

  it('answers one public offer and 404 for hidden or missing ones', async () => {
    const one = await http(t).get(`/api/job-offer/${all[0]!.id}/get/`).expect(200);
    expect(one.body).toMatchObject({
      id: all[0]!.id,
      status: true,
      formatted_created_at: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    });
    const [hidden] = await t.dataSource.query(`SELECT id FROM job_offers WHERE NOT (id = ANY($1::int[])) LIMIT 1`, [
      all.map((o) => o.id),
    ]);
    expect(hidden).toBeDefined();
    await http(t).get(`/api/job-offer/${hidden.id}/get/`).expect(404);
    const notFound = await http(t).get('/api/job-offer/999999/get/').expect(404);
    expectErrorShape(notFound.body);
    await http(t).get('/api/job-offer/abc/get/').expect(404);
  });

  it('hides an offer when its employer’s membership ends', async () => {
    const withParent = all.find((o) => o.parent_profile !== null)!;
    await t.dataSource.query(
      `UPDATE memberships SET end_date = now() - interval '1 day', start_date = now() - interval '31 days' WHERE parent_profile_id = $1`,
      [withParent.parent_profile!.id],
    );
    // Time passing changes no row the application writes: the cached list shows it once its
    // interval ends, which the test skips to.
    t.app.get(DirectoryCache).invalidate();
    await http(t).get(`/api/job-offer/${withParent.id}/get/`).expect(404);
    const now = (await http(t).get('/api/job-offers/').expect(200)).body as Offer[];
    expect(now.some((o) => o.id === withParent.id)).toBe(false);
  });

  it('filters and pages like the worker directory', async () => {
    const current = (await http(t).get('/api/job-offers/').expect(200)).body as Offer[];
    const label = current[0]!.services[0]!.title_display;
    const expected = current
      .filter((o) => o.services.some((s) => s.title_display === label))
      .map((o) => o.id)
      .sort((a, b) => a - b);
    const res = await http(t).get('/api/job-offers/').query({ services: label, page_size: '100' }).expect(200);
    expect(res.body.results.map((o: Offer) => o.id).sort((a: number, b: number) => a - b)).toEqual(expected);
    expect(res.body.count).toBe(expected.length);
    await http(t).get('/api/job-offers/').query({ page: '0' }).expect(400);
  });
});
