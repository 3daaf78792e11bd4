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
    // The address names only the municipality: the panel finds its province and shows both.
    await page.getByRole('button', { name: 'Filtros (1)', exact: true }).click();
    await page.getByRole('button', { name: 'Cerca de · 25 km' }).click();
    const reloaded = page.locator('#filter-near');
    await page.waitForFunction(
      (name) =>
        (document.querySelector('#filter-near select') as HTMLSelectElement | null)?.selectedOptions[0]?.text === name,
      place!.province,
    );
    expect(
      await reloaded
        .getByLabel('Partido / localidad')
        .evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text),
    ).toBe(place!.name);
    await page.getByRole('heading', { level: 1 }).click();
    await page.getByRole('button', { name: 'Filtros (1)', exact: true }).click();
    // Folded on the phone, 'Filtros' still says a filter is on; 'Limpiar filtros' is thumb-sized.
    const clear = page.getByRole('button', { name: 'Limpiar filtros' });
    expect((await clear.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await clear.click();
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('near'));
    expect(await page.locator('.worker-card .distance').count()).toBe(0);
  });

  it("asks for a province's municipalities when it is chosen, by keyboard alone, the panel still", async () => {
    // The page carries the filters' lists, not the 527 municipalities.
    const html = (await http(t).get('/workers').expect(200)).text;
    expect(html).toContain('"provinces"');
    expect(html).not.toContain('"municipalities"');
    const mendoza = (await http(t).get('/api/provinces-and-municipalities/').expect(200)).body.provinces.find(
      (p: { name: string }) => p.name === 'Mendoza',
    ) as { id: number };
    const { body: municipalities } = await http(t).get(`/api/provinces/${mendoza.id}/municipalities/`).expect(200);

    const page = await browser.newPage(VIEWPORTS.phone);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/municipalities')) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(t.baseUrl + '/workers');
    await waitForShell(page);
    await page.getByRole('button', { name: 'Filtros' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Ubicación' }).focus();
    await page.keyboard.press('Enter');
    const panel = page.locator('#filter-place');
    const province = panel.getByLabel('Provincia');
    const municipality = panel.getByLabel('Partido / localidad');
    await page.keyboard.press('Tab');
    expect(await province.evaluate((el) => el === document.activeElement)).toBe(true);
    const before = (await panel.boundingBox())!;
    expect(asked).toEqual([]);
    // Type-ahead on the closed select chooses Mendoza; its municipalities are asked for then.
    await page.keyboard.type('Mendoza');
    await page.waitForURL((url) => url.searchParams.get('province') === String(mendoza.id));
    await page.waitForFunction(
      (count) => document.querySelectorAll<HTMLSelectElement>('#filter-place select')[1]?.options.length === count,
      municipalities.length + 1,
    );
    expect(asked).toContain(`/api/provinces/${mendoza.id}/municipalities`);
    // Nothing moved and the focus stayed where it was.
    expect(await province.evaluate((el) => el === document.activeElement)).toBe(true);
    const after = (await panel.boundingBox())!;
    expect([after.x, after.y, after.width, after.height]).toEqual([before.x, before.y, before.width, before.height]);
    await screenshot(page, 'phone-workers-place-filter', { fullPage: false });
    // Tab to the municipality and choose the first one by arrow key.
    await page.keyboard.press('Tab');
    expect(await municipality.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.waitForURL((url) => url.searchParams.get('municipality') === String(municipalities[0].id));
    expect(await municipality.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text)).toBe(
      municipalities[0].name,
    );
    // Escape closes the panel and gives the focus back to its button.
    await page.keyboard.press('Escape');
    expect(await page.getByRole('button', { name: 'Ubicación' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
  });
});
