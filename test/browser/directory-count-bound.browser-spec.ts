import { formatProfileCount } from '@cym/common';
import type { Page } from 'playwright-core';
import { seedDemo } from '../../seed/src/demo-seed';
import { screenshot, scrollUntilCards, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * The count's bound here: under the demo's listed workers, so the page says 'Más de 100 perfiles';
 * not under 100, 'Mostrar todo''s page size, as in production (1,000).
 */
const BOUND = 100;

/**
 * A directory larger than its count's bound (DIRECTORY_COUNT_BOUND, 1,000 in production; 100 here):
 * the count line says 'Más de …', the pager shows the pages the count reaches and 'Siguiente',
 * which goes on past them, and 'Mostrar todo' shows the first BOUND cards and says so.
 */
describe('a directory past its count bound, in Chromium', () => {
  const browser = useBrowser();
  const t = useTestApp({ DIRECTORY_COUNT_BOUND: String(BOUND) }, { listen: true });
  let listed: number;

  beforeAll(async () => {
    await seedDemo(t.dataSource, { workers: 160, employers: 2, seed: 3 });
    listed = ((await http(t).get('/api/workers/').expect(200)).body as unknown[]).length;
  });

  /** What the API answers for page `n` of 50: the count line the screen must show. */
  async function countLine(n: number): Promise<{ text: string; exact: boolean; count: number }> {
    const body = (
      await http(t)
        .get('/api/workers/')
        .query({ page: String(n), page_size: '50' })
        .expect(200)
    ).body as {
      count: number;
      count_exact: boolean;
    };
    return { text: formatProfileCount(body.count, body.count_exact), exact: body.count_exact, count: body.count };
  }

  const pager = (page: Page) => page.getByRole('navigation', { name: 'Páginas' });

  it("says 'Más de 100 perfiles', pages on with 'Siguiente' and shows the first 100 in 'Mostrar todo'", async () => {
    expect(listed).toBeGreaterThan(BOUND);
    const first = await countLine(1);
    expect(first).toMatchObject({ text: 'Más de 100 perfiles', exact: false });

    // Drawn by the server already: the count line and the pager are in the HTML.
    const html = (await http(t).get('/workers').expect(200)).text;
    expect(html).toContain('Más de 100 perfiles');
    expect(html).toContain('Siguiente');

    const page = await browser.newPage(VIEWPORTS.phone);
    // The directory's API answers other than 200 and requests that failed, told if a wait fails.
    const troubles: string[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/') && r.status() >= 400) troubles.push(`${r.status()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => troubles.push(`${r.failure()?.errorText ?? 'failed'} ${r.url()}`));
    await page.goto(t.baseUrl + '/workers');
    await waitForShell(page);
    await page.getByText(first.text, { exact: true }).waitFor();
    // The pages 100 reaches (2 of 50) and 'Siguiente'.
    expect(await pager(page).locator('.pager__page').allInnerTexts()).toEqual(['1', '2']);
    await pager(page).getByRole('button', { name: 'Siguiente' }).waitFor();
    await screenshot(page, 'phone-workers-count-bound-top', { fullPage: false });
    await scrollUntilCards(page, '.worker-card', 50);
    await pager(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-workers-count-bound-pager', { fullPage: false });

    // 'Siguiente' to page 2, then page 3: each page counts up to its own last row at least.
    for (const n of [2, 3]) {
      // Every card of the page drawn first: the list adds cards as the reader nears its end, which
      // would move the pager from under the click.
      await scrollUntilCards(page, '.worker-card', 50);
      await pager(page).getByRole('button', { name: 'Siguiente' }).click();
      await page.waitForURL(new RegExp(`[?&]page=${n}\\b`));
      const line = await countLine(n);
      await page.getByText(line.text, { exact: true }).waitFor();
      await pager(page)
        .locator('[aria-current="page"]', { hasText: String(n) })
        .waitFor();
      const pages = Math.ceil(line.count / 50);
      expect(await pager(page).locator('.pager__page').count()).toBe(pages);
      // 'Siguiente' while a next page exists: past the count's reach or before its last page.
      expect(await pager(page).getByRole('button', { name: 'Siguiente' }).count()).toBe(
        !line.exact || n < pages ? 1 : 0,
      );
    }

    // 'Mostrar todo': the first 100, saying so, and the way back (page 3's cards drawn first).
    await scrollUntilCards(page, '.worker-card', Math.min(50, listed - 100));
    await pager(page).getByRole('button', { name: 'Mostrar todo' }).click();
    // Reading up to 100 cards: on a loaded machine it may take longer than a page of 50.
    const shown = page.getByText('Se muestran los primeros 100', { exact: false });
    await shown.waitFor({ timeout: 60_000 }).catch(async (error: Error) => {
      const line = await page
        .locator('.directory__count')
        .innerText({ timeout: 1000 })
        .catch(() => '(none)');
      throw new Error(
        `${error.message}\nat ${page.url()}, count line: '${line}'\nAPI troubles: ${troubles.join('; ') || 'none'}`,
      );
    });
    await page.getByText(first.text, { exact: true }).waitFor();
    await scrollUntilCards(page, '.worker-card', BOUND);
    await pager(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-workers-count-bound-all', { fullPage: false });
    await page.getByRole('button', { name: 'Ver por páginas' }).click();
    await scrollUntilCards(page, '.worker-card', 50);
    expect(await pager(page).locator('.pager__page').allInnerTexts()).toEqual(['1', '2']);
    await page.context().close();
  });
});
