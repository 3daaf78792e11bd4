import { formatProfileCount } from '@cym/common';
import { seedDemo } from '../../server/src/database/seeds/demo-seed';
import { screenshot, scrollUntilCards, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(90_000);

describe('worker directory in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({ BCRYPT_COST: '4' }, { listen: true });

  beforeAll(async () => {
    await seedDemo(t.dataSource, { workers: 160, employers: 4, seed: 3 });
  });

  it('filters by service and province, pages, keeps the filters across a reload, and links to profiles', async () => {
    const page = await browser.newPage(VIEWPORTS.phone);
    await page.goto(t.baseUrl + '/workers');
    await waitForShell(page);
    const total = (await http(t).get('/api/workers/').query({ page_size: '1' }).expect(200)).body.count as number;
    await page.getByText(formatProfileCount(total)).waitFor();
    // 12 cards are drawn at first, the rest of the page's 50 as the reader scrolls.
    expect(await page.locator('.worker-card').count()).toBe(12);
    await screenshot(page, 'phone-workers', { fullPage: false });
    await scrollUntilCards(page, '.worker-card', 50);

    // Second page.
    await page.getByRole('navigation', { name: 'Páginas' }).getByRole('button', { name: '2', exact: true }).click();
    await page.locator('[aria-current="page"]', { hasText: '2' }).waitFor();

    // Filters: Niñera/o in Buenos Aires.
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('button', { name: 'Servicios' }).click();
    // Every checkbox keeps its size next to a label that wraps (issue 15).
    const boxes = await page
      .locator('#filter-services input[type="checkbox"]')
      .evaluateAll((inputs) => inputs.map((input) => Math.round(input.getBoundingClientRect().width)));
    expect(boxes.length).toBe(10);
    expect(new Set(boxes)).toEqual(new Set([20]));
    await page.getByLabel('Niñera/o').check();
    await page.getByRole('button', { name: 'Ubicación' }).click();
    await page.getByLabel('Provincia').selectOption({ label: 'Buenos Aires' });
    await page.getByRole('heading', { level: 1 }).click(); // clicking outside closes the dropdown
    expect(await page.locator('.dropdown__panel').count()).toBe(0);
    const expected = (
      await http(t).get('/api/workers/').query({ services: 'Niñera/o', province: '6', page_size: '1' }).expect(200)
    ).body.count as number;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(total);
    await page.getByText(formatProfileCount(expected)).waitFor();
    expect(await page.locator('.dropdown__button--active').count()).toBe(2);

    // Reload: the same filters come back from session storage.
    await page.reload();
    await page.getByText(formatProfileCount(expected)).waitFor();
    expect(await page.locator('.dropdown__button--active').count()).toBe(2);

    // 'Ver perfil' opens the public profile in a new tab.
    const link = page.getByRole('link', { name: 'Ver perfil' }).first();
    expect(await link.getAttribute('target')).toBe('_blank');
    const [profileTab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await profileTab.getByRole('heading', { level: 1, name: 'Mi perfil' }).waitFor();
    expect(new URL(profileTab.url()).pathname).toMatch(/^\/worker-profile\/\d+$/);

    // Limpiar filtros brings everyone back.
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await page.getByText(formatProfileCount(total)).waitFor();

    // 'Mostrar todo' lists everyone, and 'Ver por páginas' goes back without a reload.
    await page.getByRole('button', { name: 'Mostrar todo' }).click();
    await scrollUntilCards(page, '.worker-card', total);
    await page.getByRole('button', { name: 'Ver por páginas' }).click();
    await scrollUntilCards(page, '.worker-card', 50);
    await page.getByRole('navigation', { name: 'Páginas' }).getByRole('button', { name: '2', exact: true }).waitFor();
    await page.context().close();
    browser.expectNoPageErrors();
  });
});
