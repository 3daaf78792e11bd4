import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { visibleWorker } from '../support/accounts';
import { eventually, openMenuIfNeeded, screenshot, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

const NOTICE = 'Sin conexión. Estás viendo la última versión guardada de esta página.';

/**
 * The installable app and its offline shell, in Chromium: the service worker keeps the pages a
 * person saw (opened or reached through the app's links) and the bundles they need; without a
 * connection the last seen version of a page opens with the 'Sin conexión' notice, and a page never
 * seen shows the offline page. Chrome's own installability check (DevTools'
 * `Page.getInstallabilityErrors`, what Lighthouse's removed PWA audits used) finds nothing missing.
 */
describe('Offline and installable in Chromium', () => {
  const browser = useBrowser({ consoleErrors: false, freshPages: true });
  const t = useTestApp({}, { listen: true });

  /** The addresses the service worker keeps as pages, least recently seen first. */
  async function keptPages(page: Page): Promise<string[]> {
    return page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('cym-pages-'));
      const keys = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
      return keys.flat().map((request) => new URL(request.url).pathname + new URL(request.url).search);
    });
  }

  async function untilKept(page: Page, path: string): Promise<void> {
    await eventually(async () => (await keptPages(page)).includes(path), true);
  }

  it('serves the service worker unkept by the HTTP cache and the manifest with the icons', async () => {
    const sw = await http(t).get('/sw.js').expect(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect((await http(t).get('/sw-rules.js').expect(200)).headers['cache-control']).toBe('no-cache');
    const manifest = await http(t).get('/manifest.webmanifest').expect(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const body = JSON.parse(manifest.text);
    expect(body).toMatchObject({ start_url: '/', scope: '/', display: 'standalone', lang: 'es-AR', id: '/' });
    for (const icon of body.icons) await http(t).get(icon.src).expect(200).expect('content-type', 'image/png');
    const home = await http(t).get('/').expect(200);
    expect(home.text).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  });

  it('is installable on a phone: Chrome reports no installability error', async () => {
    // Chrome never offers to install from an incognito window, and Playwright's contexts are
    // incognito: this check runs in a profile of its own, in Debian's Chromium as the suite's.
    const profile = mkdtempSync(join(tmpdir(), 'cym-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      viewport: VIEWPORTS.phone,
      locale: 'es-AR',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const session = await context.newCDPSession(page);
      await page.goto(t.baseUrl + '/');
      await waitForShell(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
      const manifest = await session.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(manifest.url).toBe(`${t.baseUrl}/manifest.webmanifest`);
      const { installabilityErrors } = await session.send('Page.getInstallabilityErrors');
      console.log(`Page.getInstallabilityErrors on /: ${JSON.stringify(installabilityErrors)}`);
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('shows the last seen pages offline with the notice, the offline page for others, and online again', async () => {
    const worker = await visibleWorker(t);
    await t.dataSource.query(`UPDATE users SET first_name = 'Rosaura' WHERE id = $1`, [worker.userId]);
    const profile = `/worker-profile/${worker.profileId}`;

    const page = await browser.newPage(VIEWPORTS.phone);
    // Online: the directory, then a page reached through the navbar (no navigation), then a profile.
    await page.goto(t.baseUrl + '/workers');
    await waitForShell(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    await untilKept(page, '/workers');
    await openMenuIfNeeded(page);
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Cómo funciona' }).click();
    await page.waitForURL(`${t.baseUrl}/how-it-works`);
    await untilKept(page, '/how-it-works');
    await page.goto(t.baseUrl + profile);
    await waitForShell(page);
    await page.getByRole('heading', { name: 'Rosaura' }).waitFor();
    await untilKept(page, profile);
    expect(await page.getByText(NOTICE).count()).toBe(0);
    // Never a private page, never the API.
    await page.goto(t.baseUrl + '/guardados');
    await waitForShell(page);
    const kept = await keptPages(page);
    expect(kept).toEqual(expect.arrayContaining(['/workers', '/how-it-works', profile]));
    expect(kept.filter((path) => path.startsWith('/api') || path.startsWith('/guardados'))).toEqual([]);

    // Offline: the profile again, from the service worker, live (its bundles kept) with the notice.
    await page.context().setOffline(true);
    await page.goto(t.baseUrl + profile);
    await page.getByRole('heading', { name: 'Rosaura' }).waitFor();
    await waitForShell(page);
    await page.getByText(NOTICE).waitFor();
    await screenshot(page, 'phone-offline-profile', { fullPage: false });
    // The directory and the page reached through the app's link.
    await page.goto(t.baseUrl + '/workers');
    await waitForShell(page);
    await page.getByText(NOTICE).waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto(t.baseUrl + '/how-it-works');
    await waitForShell(page);
    await page.getByText(NOTICE).waitFor();
    // A page never seen: the offline page.
    await page.goto(t.baseUrl + '/job-offers');
    await page.getByRole('heading', { level: 1, name: 'Sin conexión' }).waitFor();
    await page.getByText('Esta página no está guardada en tu dispositivo').waitFor();
    await screenshot(page, 'phone-offline-page', { fullPage: false });

    // Back online: the notice goes without a reload.
    await page.goto(t.baseUrl + '/workers');
    await waitForShell(page);
    await page.getByText(NOTICE).waitFor();
    await page.context().setOffline(false);
    await page.getByText(NOTICE).waitFor({ state: 'detached' });
  });

  it('opens private pages offline on the offline page, and says in Spanish when a page’s code did not arrive', async () => {
    const worker = await visibleWorker(t);
    const page = await browser.signedInPage(t.baseUrl, worker.email, '/user-account', VIEWPORTS.phone);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    await page.goto(t.baseUrl + '/job-offers');
    await waitForShell(page);
    await untilKept(page, '/job-offers');

    // Offline, through the app's link to a page never opened: its code cannot come.
    await page.context().setOffline(true);
    await openMenuIfNeeded(page);
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Guardados' }).click();
    const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { level: 1 }) });
    await failure.getByRole('heading', { name: 'No pudimos cargar esta página' }).waitFor();
    await failure.getByText('Revisá tu conexión y volvé a intentar.').waitFor();
    // Never the browser's error (in English) on screen; the navbar stays, with no 'kept version'.
    const shown = await page.locator('main').innerText();
    expect(shown).not.toMatch(/fetch|module|import|error|failed/i);
    await page.getByText('Sin conexión. Esta página no está guardada en tu dispositivo.').waitFor();
    expect(await page.getByText(NOTICE).count()).toBe(0);
    await screenshot(page, 'phone-offline-page-not-loaded', { fullPage: false });
    // Reintentar loads the address again: without a connection, the offline page.
    await failure.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sin conexión' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/guardados');

    // Each private page opened offline: our offline page, never the browser's own.
    for (const path of ['/alertas', '/user-account', '/conversations', '/conversations/chat/1']) {
      await page.goto(t.baseUrl + path);
      await page.getByRole('heading', { level: 1, name: 'Sin conexión' }).waitFor();
      await page.getByText('Las de tu cuenta (mensajes, guardados, alertas) necesitan conexión.').waitFor();
    }
    await screenshot(page, 'phone-offline-private-page', { fullPage: false });
    // Still nothing of them kept.
    const kept = await keptPages(page);
    expect(kept.filter((path) => /^\/(guardados|alertas|user-account|conversations|api)/.test(path))).toEqual([]);
    await page.context().setOffline(false);
  });

  it('on a desktop the notice sits in the navbar, clear of the floating WhatsApp button', async () => {
    const page = await browser.newPage({ width: 1366, height: 900 });
    await page.goto(t.baseUrl + '/workers');
    await waitForShell(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
    await untilKept(page, '/workers');
    await page.context().setOffline(true);
    await page.reload();
    await waitForShell(page);
    const notice = page.getByText(NOTICE);
    await notice.waitFor();
    // Scrolled down, the notice stays in view with the sticky navbar.
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(300);
    expect(await notice.isVisible()).toBe(true);
    const box = (await notice.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(150);
    const button = (await page.locator('.whatsapp-button--floating').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(button.y);
    await screenshot(page, 'desktop-offline-directory', { fullPage: false });
    await page.context().setOffline(false);
  });
});
