import { seedDemo } from '../../seed/src/demo-seed';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import { countQueries } from '../support/admin';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

/** Haversine in km, written here apart from the app's (common's distanceKm). */
function haversine(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const toRad = (deg: number) => (deg * Math.PI) / 180;
  const h =
    Math.sin(toRad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(toRad(b.lon - a.lon) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

interface Listed {
  id: number;
  municipality_id: number | null;
  /** Position in the directory's usual order (most recently seen, newest offer first). */
  usual: number;
}

interface Card {
  id: number;
  distance_km?: number;
  location: { municipality: { id: number } | null };
}

describe(bothEngines("'Cerca de' on the directories (near, radius_km)"), () => {
  let t: TestApp;
  let places: Map<number, { lat: number; lon: number }>;
  let workers: Listed[];
  let offers: Listed[];
  let centre: number;

  beforeAll(async () => {
    t = await startTestApp();
    await seedDemo(t.dataSource, { workers: 150, employers: 30, seed: 5 });
    const rows: { id: number; lat: number; lon: number }[] = await t.dataSource.query(
      `SELECT id, lat, lon FROM municipalities`,
    );
    places = new Map(rows.map((r) => [r.id, { lat: r.lat, lon: r.lon }]));
    workers = await t.dataSource.query(`
      SELECT w.id, w.municipality_id,
             row_number() OVER (ORDER BY s.last_seen DESC NULLS LAST, s.worker_profile_id DESC)::int AS usual
        FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id`);
    offers = await t.dataSource.query(`
      SELECT o.id, o.municipality_id,
             row_number() OVER (ORDER BY s.created_at DESC, s.job_offer_id DESC)::int AS usual
        FROM offer_search s JOIN job_offers o ON o.id = s.job_offer_id
       WHERE s.visible_until > now()`);
    // The municipality with the most listed workers: the demo puts many around Buenos Aires.
    const counts = new Map<number, number>();
    for (const w of workers)
      if (w.municipality_id) counts.set(w.municipality_id, (counts.get(w.municipality_id) ?? 0) + 1);
    centre = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  });
  afterAll(() => t.close());

  /** What the directory must answer: the listed within the radius, nearest first, then the usual order. */
  function expected(listed: Listed[], radiusKm: number, only?: Set<number>) {
    const from = places.get(centre)!;
    return (
      listed
        .filter((l) => l.municipality_id !== null && (!only || only.has(l.id)))
        .map((l) => ({ ...l, km: haversine(from, places.get(l.municipality_id!)!) }))
        // Within as the card says it: the distance rounded to whole km.
        .filter((l) => Math.round(l.km) <= radiusKm)
        .sort((a, b) => a.km - b.km || a.municipality_id! - b.municipality_id! || a.usual - b.usual)
    );
  }

  async function page(path: string, query: Record<string, string>) {
    const res = await http(t)
      .get(path)
      .query({ ...query, page_size: '100' })
      .expect(200);
    return res.body as { results: Card[]; count: number };
  }

  it.each([5, 10, 25, 50])('lists workers within %i km only, nearest first, each with its distance', async (radius) => {
    const want = expected(workers, radius);
    expect(want.length).toBeGreaterThan(0);
    const got = await page('/api/workers/', { near: String(centre), radius_km: String(radius) });
    expect(got.count).toBe(want.length);
    expect(got.results.map((c) => c.id)).toEqual(want.slice(0, 100).map((w) => w.id));
    got.results.forEach((card, i) => {
      expect(card.distance_km).toBe(Math.round(want[i]!.km));
      expect(card.location.municipality?.id).toBe(want[i]!.municipality_id);
    });
  });

  it('reaches past the chosen municipality, and the wider radius holds the narrower', async () => {
    const far = expected(workers, 50);
    expect(new Set(far.map((w) => w.municipality_id)).size).toBeGreaterThan(1);
    expect(far.some((w) => Math.round(w.km) > 0)).toBe(true);
    const near = new Set(expected(workers, 5).map((w) => w.id));
    expect([...near].every((id) => far.some((w) => w.id === id))).toBe(true);
  });

  it("keeps a card that a wider search labels 'a 5 km' in the 5 km search (one rounding rule)", async () => {
    // A centre with listed workers just past a radius (5.0–5.5 km, 10.0–10.5 km…): their cards say 'a 5 km'.
    const listedPlaces = [...new Set(workers.map((w) => w.municipality_id).filter((m) => m !== null))];
    let edge: { from: number; radius: number } | null = null;
    for (const from of listedPlaces) {
      for (const to of listedPlaces) {
        const km = haversine(places.get(from)!, places.get(to)!);
        const radius = [5, 10, 25].find((r) => km > r && km < r + 0.5);
        if (radius) edge = { from, radius };
      }
      if (edge) break;
    }
    expect(edge).not.toBeNull();
    const { from, radius } = edge!;
    const wide = await page('/api/workers/', { near: String(from), radius_km: '50' });
    const labelled = wide.results.filter((c) => c.distance_km! <= radius).map((c) => c.id);
    const narrow = await page('/api/workers/', { near: String(from), radius_km: String(radius) });
    expect(narrow.results.map((c) => c.id)).toEqual(labelled);
    expect(narrow.results.every((c) => c.distance_km! <= radius)).toBe(true);
  });

  it('takes 10 km when no radius is given, and pages in the same order', async () => {
    const want = expected(workers, 10);
    const got = await page('/api/workers/', { near: String(centre) });
    expect(got.count).toBe(want.length);
    expect(got.results.map((c) => c.id)).toEqual(want.slice(0, 100).map((w) => w.id));
    const second = await http(t)
      .get('/api/workers/')
      .query({ near: String(centre), radius_km: '50', page: '2', page_size: '5' })
      .expect(200);
    expect(second.body.results.map((c: Card) => c.id)).toEqual(
      expected(workers, 50)
        .slice(5, 10)
        .map((w) => w.id),
    );
  });

  it('combines with the other filters', async () => {
    const [service]: { id: number; title_display: string }[] = await t.dataSource.query(
      `SELECT s.id, s.title_display FROM services s JOIN worker_services ws ON ws.service_id = s.id
        GROUP BY s.id ORDER BY count(*) DESC LIMIT 1`,
    );
    const offering = new Set(
      (
        (await t.dataSource.query(`SELECT worker_profile_id AS id FROM worker_services WHERE service_id = $1`, [
          service!.id,
        ])) as { id: number }[]
      ).map((r) => r.id),
    );
    const want = expected(workers, 50, offering);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(expected(workers, 50).length);
    const got = await page('/api/workers/', {
      near: String(centre),
      radius_km: '50',
      services: service!.title_display,
    });
    expect(got.count).toBe(want.length);
    expect(got.results.map((c) => c.id)).toEqual(want.slice(0, 100).map((w) => w.id));
    // With a province filter that excludes the centre's province: nothing within the radius matches both.
    const [{ province_id }] = await t.dataSource.query(`SELECT province_id FROM municipalities WHERE id = $1`, [
      centre,
    ]);
    const other = province_id === 6 ? 14 : 6;
    const none = await page('/api/workers/', { near: String(centre), radius_km: '5', province: String(other) });
    expect(none.count).toBe(0);
  });

  it('orders the offers the same way', async () => {
    const want = expected(offers, 50);
    const got = await page('/api/job-offers/', { near: String(centre), radius_km: '50' });
    expect(got.count).toBe(want.length);
    expect(got.results.map((c) => c.id)).toEqual(want.slice(0, 100).map((o) => o.id));
    got.results.forEach((card, i) => expect(card.distance_km).toBe(Math.round(want[i]!.km)));
  });

  it('writes no distance without near', async () => {
    const got = await page('/api/workers/', { radius_km: '25' });
    expect(got.results.length).toBeGreaterThan(0);
    expect(got.results.every((c) => !('distance_km' in c))).toBe(true);
    const plain = (await http(t).get('/api/job-offers/').expect(200)).body as Card[];
    expect(plain.every((c) => !('distance_km' in c))).toBe(true);
  });

  it('refuses another radius or an unknown municipality with a Spanish 400', async () => {
    for (const path of ['/api/workers/', '/api/job-offers/']) {
      for (const radius_km of ['7', '100', 'diez', '10.5', '']) {
        const res = await http(t)
          .get(path)
          .query({ near: String(centre), radius_km })
          .expect(400);
        expectErrorShape(res.body);
        expect(res.body.error).toBe('El radio debe ser 5, 10, 25 o 50 km.');
        expect(res.body.errors).toEqual({ radius_km: ['El radio debe ser 5, 10, 25 o 50 km.'] });
      }
      for (const near of ['999999', '0', 'abc', '-3', '1.5']) {
        const res = await http(t).get(path).query({ near }).expect(400);
        expectErrorShape(res.body);
        expect(res.body.error).toBe('La localidad no existe.');
      }
    }
  });

  it('answers with one SQL statement per list request, with or without near and filters', async () => {
    const cache = t.app.get(DirectoryCache);
    const [{ label }] = await t.dataSource.query(`SELECT title_display AS label FROM services ORDER BY id LIMIT 1`);
    for (const query of [
      `near=${centre}`,
      `near=${centre}&radius_km=50&services=${encodeURIComponent(label)}&page=2&page_size=10`,
      `near=${centre}&radius_km=5&province=6&municipality=${centre}`,
    ]) {
      for (const path of ['/api/workers/', '/api/job-offers/']) {
        cache.invalidate();
        expect(await countQueries(t, () => http(t).get(`${path}?${query}`).expect(200))).toBe(1);
        // Kept: the same search again reads nothing; another radius is another answer.
        expect(await countQueries(t, () => http(t).get(`${path}?${query}`).expect(200))).toBe(0);
      }
    }
    cache.invalidate();
    await http(t).get(`/api/workers/?near=${centre}&radius_km=5`).expect(200);
    expect(await countQueries(t, () => http(t).get(`/api/workers/?near=${centre}&radius_km=25`).expect(200))).toBe(1);
  });
});
