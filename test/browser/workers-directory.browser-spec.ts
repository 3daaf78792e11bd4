import { formatProfileCount } from '@cym/common';
import { seedDemo } from '../../seed/src/demo-seed';
import { screenshot, scrollUntilCards, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(90_000);

describe('worker directory in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });

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
    // Every checkbox keeps its size next to a label that wraps.
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

    // 'Ver perfil', named with the person, opens the public profile in the same tab; Back returns
    // to the results at the same scroll position.
    const listUrl = page.url();
    await scrollUntilCards(page, '.worker-card', Math.min(expected, 50));
    const card = page.locator('.worker-card').nth(Math.min(expected, 50) - 2);
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(1000);
    const who = (await card.locator('h2').textContent())!.split(',')[0]!;
    const link = card.getByRole('link', { name: `Ver perfil de ${who}`, exact: true });
    expect(await link.getAttribute('target')).toBeNull();
    await link.click();
    await page.waitForURL(/\/worker-profile\/\d+$/);
    // The person heads her page ('Lucía, 34'); 'Mi perfil' is nobody's heading here.
    const heading = page.getByRole('heading', { level: 1 });
    await heading.filter({ hasText: who }).waitFor();
    expect(await heading.textContent()).toMatch(new RegExp(`^${who}(, \\d+)?$`));
    expect(await page.getByRole('heading', { name: 'Mi perfil' }).count()).toBe(0);
    await page.getByRole('heading', { level: 2, name: 'Sobre mí' }).waitFor();
    // A visitor is offered the sign-up buttons.
    await page.getByRole('button', { name: 'Registrarme para trabajar' }).waitFor();
    expect(page.context().pages()).toHaveLength(1);
    await page.goBack();
    await page.waitForURL(listUrl);
    await page.getByText(formatProfileCount(expected)).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, scrolled, { timeout: 5000 });

    // Limpiar filtros brings everyone back.
    await page.getByRole('button', { name: 'Limpiar filtros' }).click();
    await page.getByText(formatProfileCount(total)).waitFor();

    // 'Mostrar todo' lists everyone, and 'Ver por páginas' goes back without a reload. The page's
    // cards all drawn first: the list adds cards near its end, which would move the button.
    await scrollUntilCards(page, '.worker-card', 50);
    await page.getByRole('button', { name: 'Mostrar todo' }).click();
    await scrollUntilCards(page, '.worker-card', total);
    await page.getByRole('button', { name: 'Ver por páginas' }).click();
    await scrollUntilCards(page, '.worker-card', 50);
    await page.getByRole('navigation', { name: 'Páginas' }).getByRole('button', { name: '2', exact: true }).waitFor();
    await page.context().close();
    browser.expectNoPageErrors();
  });

  it('opens and closes the filter panels by keyboard, keeps them off the results, and says the count in one live region', async () => {
    const page = await browser.newPage(VIEWPORTS.desktop);
    await page.goto(t.baseUrl + '/workers');
    await waitForShell(page);
    const total = (await http(t).get('/api/workers/').query({ page_size: '1' }).expect(200)).body.count as number;
    const region = page.locator('.directory [role="status"]');
    await region.filter({ hasText: formatProfileCount(total) }).waitFor();
    expect(await region.count()).toBe(1);
    // Marks the region: a re-created one would not carry the mark.
    await region.evaluate((el) => el.setAttribute('data-first', ''));

    const services = page.getByRole('button', { name: 'Servicios' });
    await services.focus();
    await page.keyboard.press('Enter');
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    const panel = page.locator('#filter-services');
    await panel.waitFor();
    // The open panel pushes the results down instead of covering the first ones.
    const panelBox = (await panel.boundingBox())!;
    const firstCard = (await page.locator('.worker-card').first().boundingBox())!;
    expect(firstCard.y).toBeGreaterThanOrEqual(panelBox.y + panelBox.height);
    await screenshot(page, 'desktop-workers-filter-open', { fullPage: false });

    // Into the list, tick the first service with Space: the same region says the new count.
    await page.keyboard.press('Tab');
    const first = panel.getByRole('checkbox').first();
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    const label = (await panel.locator('label').first().textContent())!.trim();
    const count = (await http(t).get('/api/workers/').query({ services: label, page_size: '1' }).expect(200)).body
      .count as number;
    expect(count).toBeLessThan(total);
    await region.filter({ hasText: formatProfileCount(count) }).waitFor();
    expect(await page.locator('.directory [role="status"][data-first]').count()).toBe(1);

    // Escape closes the panel and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await services.getAttribute('aria-expanded')).toBe('false');
    expect(await services.evaluate((el) => el === document.activeElement)).toBe(true);

    // Tabbing past the panel's last control closes it too.
    await page.keyboard.press('Enter');
    await panel.waitFor();
    const boxes = await panel.getByRole('checkbox').count();
    for (let i = 0; i < boxes; i += 1) await page.keyboard.press('Tab');
    expect(
      await panel
        .getByRole('checkbox')
        .last()
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await page.keyboard.press('Tab');
    await panel.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Modalidad' }).evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await page.context().close();
    browser.expectNoPageErrors();
  });
});
