import { pageTitle } from '@cym/common';
import type { Page } from 'playwright-core';
import { createAccount, visibleWorker } from '../support/accounts';
import { screenshot, scrollUntilCards, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { insertMembership } from '../support/employer';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import { PublicPagesService } from '../../server/src/modules/public-pages/public-pages.service';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * The layout shifts a page has had so far (Chromium's Layout Instability API, as Lighthouse's CLS).
 * A modal dialog is left out: it lies over the page (the top layer), so its own box growing as
 * its form arrives moves nothing of the page; on a busy machine that can happen more than the API's
 * 500 ms after the tap that opened it, and it would be counted as the page moving.
 */
function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
        const inDialog = (node: Node | null | undefined) =>
          node instanceof Element ? node.closest('dialog') !== null : node?.parentElement?.closest('dialog') != null;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            const sources = entry.sources ?? [];
            const dialogOnly = sources.length > 0 && sources.every((source) => inDialog(source.node));
            if (!entry.hadRecentInput && !dialogOnly) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 300);
      }),
  );
}

/**
 * A public page arrives drawn by the server and the browser takes it over: no console error (a
 * hydration mismatch is one), nothing moves, the answers that came with the page are not asked for
 * again, and its buttons work, for a visitor and for a signed-in employer.
 */
describe('server-rendered public pages in Chromium', () => {
  const browser = useBrowser({ consoleErrors: true, freshPages: true, noPageErrors: true });
  const t = useTestApp({}, { listen: true });

  it("hydrates a worker's profile without an error, a shift or a second request, and Chatear works", async () => {
    const worker = await visibleWorker(t);
    await t.dataSource.query(`UPDATE users SET first_name = 'Rosaura' WHERE id = $1`, [worker.userId]);
    const employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!);
    const url = `${t.baseUrl}/worker-profile/${worker.profileId}`;

    // A visitor on a phone: the page's HTML already holds the profile.
    const page = await browser.newPage(VIEWPORTS.phone);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(`/api/worker-profile/${worker.profileId}/`))
        apiCalls.push(request.url());
    });
    const answer = await page.goto(url);
    expect(answer!.status()).toBe(200);
    expect(await answer!.text()).toMatch(/<div id="root">.*Rosaura.*Chatear/s);
    // Pressed at once, before the app is there: the tap is kept and answered once it is.
    expect(await page.locator('html[data-ready]').count()).toBe(0);
    await page.getByRole('button', { name: 'Chatear' }).click();
    await page.getByRole('dialog', { name: 'Crear cuenta' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Crear cuenta' }).waitFor({ state: 'hidden' });
    await waitForShell(page);
    await page.getByRole('heading', { name: 'Rosaura' }).waitFor();
    expect(await layoutShift(page)).toBeLessThan(0.01);
    expect(apiCalls).toEqual([]);
    await screenshot(page, 'phone-server-rendered-profile', { fullPage: false });

    // A signed-in employer: the page is drawn for a visitor, then the stored session takes over.
    const signed = await browser.signedInPage(t.baseUrl, employer.email, '/user-account', VIEWPORTS.phone);
    await signed.goto(url);
    await waitForShell(signed);
    await signed.getByRole('heading', { name: 'Rosaura' }).waitFor();
    expect(await layoutShift(signed)).toBeLessThan(0.01);
    await signed.getByRole('button', { name: 'Chatear' }).click();
    await signed.waitForURL(/\/conversations\/chat\/\d+$/);
    await signed.getByRole('heading', { name: 'Rosaura' }).waitFor();
  });

  it('hydrates a directory search named in the address and keeps its filters working', async () => {
    for (let i = 0; i < 14; i += 1) await visibleWorker(t);
    const listed = ((await (await fetch(`${t.baseUrl}/api/workers/?page=1`)).json()) as { count: number }).count;
    expect(listed).toBeGreaterThan(12);
    const page = await browser.newPage(VIEWPORTS.phone);
    const answer = await page.goto(`${t.baseUrl}/workers?page=1`);
    const html = await answer!.text();
    expect(html).toMatch(/<div id="root">.*perfil/s);
    // The server draws the first screens' cards (12); the browser draws the rest from the answer
    // that came with the page as the reader scrolls, without asking for it again.
    expect(html.match(/<article class="card worker-card">/g)).toHaveLength(12);
    const directoryCalls: string[] = [];
    page.on('request', (request) => {
      if (/^\/api\/workers\/?$/.test(new URL(request.url()).pathname)) directoryCalls.push(request.url());
    });
    await waitForShell(page);
    expect(await layoutShift(page)).toBeLessThan(0.01);
    await scrollUntilCards(page, 'article.worker-card', listed);
    expect(directoryCalls).toEqual([]);
    // The hydrated filters answer: a service chosen goes into the address.
    await page.getByRole('button', { name: 'Filtros' }).click();
    await page.getByRole('button', { name: 'Servicios' }).click();
    await page.locator('#filter-services input[type=checkbox]').first().check();
    await page.waitForURL(/[?&]services=/);
    await screenshot(page, 'phone-server-rendered-directory', { fullPage: false });
  });

  it('reads whole without JavaScript: no section left faded out, no spinner over a face', async () => {
    for (let i = 0; i < 3; i += 1) await visibleWorker(t);
    // Faces to load: workers with a photo (the directory showed a spinner over each until the app came).
    await t.dataSource.query(
      `UPDATE users SET profile_image = '/og-image.png'
        WHERE id IN (SELECT w.user_id FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id)`,
    );
    // Written behind the services' backs: the kept directory answers and pages go.
    t.app.get(DirectoryCache).invalidate();
    t.app.get(PublicPagesService).forgetPages();
    const live = await browser.newPage(VIEWPORTS.phone);
    const context = await live.context().browser()!.newContext({ viewport: VIEWPORTS.phone, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/`);
    const reveals = page.locator('.reveal');
    expect(await reveals.count()).toBeGreaterThan(0);
    const opacities = await reveals.evaluateAll((elements) => elements.map((e) => getComputedStyle(e).opacity));
    expect(opacities.every((o) => o === '1')).toBe(true);
    await screenshot(page, 'phone-home-without-javascript', { fullPage: false });
    await page.goto(`${t.baseUrl}/workers`);
    expect(await page.locator('article.worker-card').count()).toBeGreaterThan(0);
    expect(await page.locator('.worker-card img[src="/og-image.png"]').count()).toBeGreaterThan(0);
    expect(await page.locator('.worker-card .spinner').count()).toBe(0);
    await screenshot(page, 'phone-workers-without-javascript', { fullPage: false });
    await context.close();

    // With JavaScript, the sections below still fade in as they come into view.
    await live.goto(`${t.baseUrl}/`);
    await waitForShell(live);
    const last = live.locator('.reveal').last();
    await last.scrollIntoViewIfNeeded();
    await live.waitForFunction(() => {
      const all = document.querySelectorAll('.reveal');
      return all[all.length - 1]?.classList.contains('reveal--visible');
    });
  });

  it('titles every page the same on the server and in the browser, at most 70 characters', async () => {
    const worker = await visibleWorker(t);
    const [offer] = (
      (await (await fetch(`${t.baseUrl}/api/job-offers/?page=1&page_size=1`)).json()) as {
        results: { id: number }[];
      }
    ).results;
    const [landing] = (await (await fetch(`${t.baseUrl}/api/landing-pages/popular/`)).json()) as { path: string }[];
    const page = await browser.newPage(VIEWPORTS.desktop);
    const paths = [
      '/',
      '/workers',
      '/job-offers',
      '/faqs',
      `/worker-profile/${worker.profileId}`,
      ...(offer ? [`/job-offer/${offer.id}`] : []),
      ...(landing ? [landing.path] : []),
    ];
    for (const path of paths) {
      const answer = await page.goto(`${t.baseUrl}${path}`);
      const served = /<title>([^<]*)<\/title>/.exec(await answer!.text())![1]!.replace(/&amp;/g, '&');
      await waitForShell(page);
      // The app sets its title after the page is live: wait for its effects to run.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
      expect({ path, title: await page.title() }).toEqual({ path, title: served });
      expect(served.length).toBeLessThanOrEqual(70);
    }
  });

  // A 404 is a console error of its own in Chromium: this one counts only the page's errors.
  describe('not found', () => {
    const plain = useBrowser({ freshPages: true, noPageErrors: true });

    it('shows a hidden or unknown profile and offer as the not-found page, in Spanish, with one request', async () => {
      const worker = await visibleWorker(t);
      await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = false WHERE id = $1`, [
        worker.profileId,
      ]);
      const page = await plain.newPage(VIEWPORTS.phone);
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(request.url()).pathname);
      });
      for (const path of [
        '/no-existe',
        `/worker-profile/${worker.profileId}`,
        '/worker-profile/999999',
        '/job-offer/999999',
      ]) {
        apiCalls.length = 0;
        const answer = await page.goto(`${t.baseUrl}${path}`);
        expect(answer!.status()).toBe(404);
        expect(await answer!.text()).toMatch(/<div id="root">.*No hay resultados/s);
        await waitForShell(page);
        await page.getByRole('heading', { level: 1, name: 'No hay resultados' }).waitFor();
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
        expect(await page.title()).toBe(pageTitle('Página no encontrada'));
        expect(await page.getByText(/Error loading job offer|Error al obtener datos|Mi perfil/).count()).toBe(0);
        expect(apiCalls.filter((call) => /worker-profile|job-offer|verifications/.test(call))).toEqual([]);
        if (path === '/worker-profile/999999') await screenshot(page, 'phone-profile-not-found', { fullPage: false });
      }
      // Reached inside the app (no page from the server): one call, and the same page.
      await page.goto(`${t.baseUrl}/workers`);
      await waitForShell(page);
      apiCalls.length = 0;
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/worker-profile/${worker.profileId}`);
      await page.getByRole('heading', { level: 1, name: 'No hay resultados' }).waitFor();
      const profileCalls = apiCalls.filter((call) => call.startsWith('/api/worker-profile/'));
      expect(profileCalls).toHaveLength(1);
      expect(profileCalls[0]).toMatch(new RegExp(`^/api/worker-profile/${worker.profileId}/get-info/?$`));
      expect(apiCalls.filter((call) => call.startsWith('/api/verifications/'))).toEqual([]);
      await screenshot(page, 'phone-hidden-profile-not-found', { fullPage: false });
    });
  });
});
