import { seedDemo } from '../../seed/src/demo-seed';
import { screenshot, scrollUntilCards, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(90_000);

describe("'Cerca de' on /workers in Chromium", () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });

  beforeAll(async () => {
    await seedDemo(t.dataSource, { workers: 160, employers: 4, seed: 3 });
  });

  it('chooses a place and a radius on a phone, and the cards say how far they are', async () => {
    // The municipality with the most listed workers, and its province.
    const [place]: { id: number; name: string; province: string }[] = await t.dataSource.query(`
      SELECT m.id, m.name, p.name AS province FROM worker_search s
        JOIN worker_profiles w ON w.id = s.worker_profile_id
        JOIN municipalities m ON m.id = w.municipality_id JOIN provinces p ON p.id = m.province_id
       GROUP BY m.id, p.name ORDER BY count(*) DESC, m.id LIMIT 1`);
    const expected = (
      await http(t)
        .get('/api/workers/')
        .query({ near: String(place!.id), radius_km: '25', page_size: '1' })
        .expect(200)
    ).body.count as number;
    expect(expected).toBeGreaterThan(0);

    const page = await browser.newPage(VIEWPORTS.phone);
    await page.goto(t.baseUrl + '/workers');
    await waitForShell(page);
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('button', { name: 'Cerca de' }).click();
    const panel = page.locator('#filter-near');
    await panel.getByLabel('Provincia').selectOption({ label: place!.province });
    await panel.getByLabel('Partido / localidad').selectOption({ label: place!.name });
    await panel.getByLabel('Radio').selectOption({ label: '25 km' });
    // The panel fits the phone's width: nothing sticks out to the side.
    const box = (await panel.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'phone-workers-near-panel', { fullPage: false });
    await panel.getByRole('button', { name: 'Buscar cerca' }).click();

    await page.getByText(`${expected} perfiles`).waitFor();
    const url = new URL(page.url());
    expect(url.searchParams.get('near')).toBe(String(place!.id));
    expect(url.searchParams.get('radius_km')).toBe('25');
    expect(await page.locator('.dropdown__button--active', { hasText: 'Cerca de · 25 km' }).count()).toBe(1);
    await scrollUntilCards(page, '.worker-card', Math.min(expected, 50));
    const distances = await page.locator('.worker-card .distance').allTextContents();
    expect(distances.length).toBe(Math.min(expected, 50));
    for (const text of distances) expect(text).toMatch(/^ · a (menos de 1|\d+) km$/);
    expect(distances[0]).toBe(' · a menos de 1 km');
    await page.getByRole('heading', { level: 1 }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await screenshot(page, 'phone-workers-near-results', { fullPage: false });

    // A reload keeps it (the address), and 'Limpiar filtros' turns it off.
    await page.reload();
    await page.getByText(`${expected} perfiles`).waitFor();
    // Folded on the phone, 'Filtros' still says a filter is on; 'Limpiar filtros' is thumb-sized.
    await page.getByRole('button', { name: 'Filtros (1)', exact: true }).waitFor();
    const clear = page.getByRole('button', { name: 'Limpiar filtros' });
    expect((await clear.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await clear.click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('near'));
    expect(await page.locator('.worker-card .distance').count()).toBe(0);
  });
});
