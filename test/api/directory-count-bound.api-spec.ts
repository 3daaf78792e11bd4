import { seedDemo } from '../../seed/src/demo-seed';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import { countQueries } from '../support/admin';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

/** The bound this suite runs with: small, so that a demo directory of a few dozen passes it. */
const BOUND = 5;

interface Page {
  results: { id: number; location?: { province: { id: number } | null } }[];
  count: number;
  count_exact: boolean;
  page: number;
  page_size: number;
}

/**
 * Bounded counts (DIRECTORY_COUNT_BOUND): a directory's count is exact up to the bound, or up to
 * the page's own last row when the page is deeper; beyond, the answer says 'more than' it. The
 * pages themselves are what they would be without the bound.
 */
describe(bothEngines('bounded directory counts (DIRECTORY_COUNT_BOUND)'), () => {
  let t: TestApp;
  let workers: number[];
  let offers: number[];

  beforeAll(async () => {
    t = await startTestApp({ DIRECTORY_COUNT_BOUND: String(BOUND), DIRECTORY_CACHE_SECONDS: '0' });
    await seedDemo(t.dataSource, { workers: 30, employers: 12, seed: 5 });
    // The plain arrays, in the directories' order (not bounded: the whole of a small directory).
    workers = ((await http(t).get('/api/workers/').expect(200)).body as { id: number }[]).map((w) => w.id);
    offers = ((await http(t).get('/api/job-offers/').expect(200)).body as { id: number }[]).map((o) => o.id);
  });
  afterAll(() => t.close());

  const page = async (path: string, query: Record<string, string>): Promise<Page> =>
    (await http(t).get(path).query(query).expect(200)).body as Page;

  it.each([
    ['/api/workers/', () => workers],
    ['/api/job-offers/', () => offers],
  ])('%s counts up to the bound, then says more than it', async (path, listed) => {
    const all = listed();
    // More than page 4 of 2 holds, so that page is not the last.
    expect(all.length).toBeGreaterThan(8);

    // The first page of 2: more than 5 match, so the count stops at 5 and says so.
    const first = await page(path, { page: '1', page_size: '2' });
    expect(first).toMatchObject({ count: BOUND, count_exact: false, page: 1, page_size: 2 });
    expect(first.results.map((r) => r.id)).toEqual(all.slice(0, 2));

    // Page 4 of 2 ends at row 8, past the bound: the count reaches it and tells a page 5 exists.
    const fourth = await page(path, { page: '4', page_size: '2' });
    expect(fourth).toMatchObject({ count: 8, count_exact: false });
    expect(fourth.results.map((r) => r.id)).toEqual(all.slice(6, 8));

    // The last page's bound covers every match: the count is exact again.
    const last = Math.ceil(all.length / 2);
    expect(await page(path, { page: String(last), page_size: '2' })).toMatchObject({
      count: all.length,
      count_exact: true,
    });
    // A page of 100 counts up to 100: a small directory's count is exact on it.
    expect(await page(path, { page_size: '100' })).toMatchObject({ count: all.length, count_exact: true });
    // Past the last page: no cards, and the exact count.
    expect(await page(path, { page: '99', page_size: '2' })).toMatchObject({
      results: [],
      count: all.length,
      count_exact: true,
    });
  });

  it('counts a search with fewer matches than the bound exactly', async () => {
    const cards = (await http(t).get('/api/workers/').query({ page_size: '100' }).expect(200)).body as Page;
    const perProvince = new Map<number, number>();
    for (const card of cards.results) {
      const id = card.location?.province?.id;
      if (id !== undefined) perProvince.set(id, (perProvince.get(id) ?? 0) + 1);
    }
    const few = [...perProvince].find(([, n]) => n <= BOUND);
    const many = [...perProvince].find(([, n]) => n > BOUND);
    expect(few).toBeDefined();
    expect(await page('/api/workers/', { province: String(few![0]), page_size: '2' })).toMatchObject({
      count: few![1],
      count_exact: true,
    });
    if (many) {
      expect(await page('/api/workers/', { province: String(many[0]), page_size: '2' })).toMatchObject({
        count: BOUND,
        count_exact: false,
      });
    }
  });

  it('reads the page and its bounded count in one statement', async () => {
    const cache = t.app.get(DirectoryCache);
    for (const path of ['/api/workers/', '/api/job-offers/']) {
      for (const query of ['page=1&page_size=2', 'page=4&page_size=2', 'province=6&page_size=50']) {
        cache.invalidate();
        expect(await countQueries(t, () => http(t).get(`${path}?${query}`).expect(200))).toBe(1);
      }
    }
  });
});
