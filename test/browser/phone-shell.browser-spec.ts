import { ageFromBirthDate, COMMON_MESSAGES } from '@cym/common';
import type { Page } from 'playwright-core';
import { createAccount, visibleWorker } from '../support/accounts';
import { drawInBrowser, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(90_000);

/**
 * On a phone (390 × 844): the menu never stays open behind a dialog, a sign-up link that names
 * worker or employer opens the form with it chosen, a page loaded afresh (the return from the
 * payment checkout) opens at its top, not at another page's saved position, and a lost connection
 * is told in Spanish.
 */
describe('the shell on a phone', () => {
  // No service worker: its pages are drawn in the browser (drawInBrowser) and their calls made to fail.
  const browser = useBrowser({ freshPages: true, serviceWorkers: 'block' });
  const t = useTestApp({}, { listen: true });
  let page: Page;

  beforeEach(async () => {
    page = await browser.newPage(VIEWPORTS.phone);
  });

  const menuToggle = () => page.locator('.navbar__toggle');

  it('closes the menu when a dialog opens from it, and on Escape', async () => {
    await page.goto(t.baseUrl + '/');
    await waitForShell(page);
    await menuToggle().click();
    expect(await menuToggle().getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ingresar' });
    await dialog.waitFor();
    expect(await menuToggle().getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await menuToggle().getAttribute('aria-expanded')).toBe('false');

    await menuToggle().click();
    expect(await menuToggle().getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await menuToggle().getAttribute('aria-expanded')).toBe('false');
  });

  it('preselects the profile type the sign-up link names', async () => {
    await page.goto(t.baseUrl + '/how-it-works');
    await waitForShell(page);
    for (const [link, type] of [
      ['Registrarme para trabajar', 'Worker'],
      ['Registrarme como empleador', 'Parent'],
    ] as const) {
      await page.getByRole('button', { name: link }).click();
      const dialog = page.getByRole('dialog', { name: 'Crear cuenta' });
      await dialog.waitFor();
      const checked = await dialog.locator('input[name="profileType"]:checked').getAttribute('value');
      expect([link, checked]).toEqual([link, type]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
    }
  });

  it('opens a freshly loaded page at its top, whatever the previous page was scrolled to', async () => {
    await page.goto(t.baseUrl + '/terms');
    await waitForShell(page);
    await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // A new document, as when the checkout sends the person back to /payment/…
    await page.goto(t.baseUrl + '/privacy-policy');
    await waitForShell(page);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  it("tells a directory visitor with no connection in Spanish, never the browser's English", async () => {
    // The page drawn in the browser (as after a failed server render), whose own call fails.
    await drawInBrowser(page);
    await page.route(/\/api\/workers/, (route) => route.abort('internetdisconnected'));
    await page.goto(t.baseUrl + '/workers');
    await waitForShell(page);
    const alert = page.locator('.notice--error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(`Error: ${COMMON_MESSAGES.connection}`);
    expect(await page.locator('body').textContent()).not.toMatch(/Failed to fetch|Network response/);
  });

  it("keeps a profile with a 450-character word inside the phone's width", async () => {
    const worker = await createAccount(t, 'Worker');
    const word = 'a'.repeat(400);
    await http(t)
      .post(`/api/worker-profile/${worker.profileId}/experience/add/`)
      .set(worker.auth)
      .send({ title: 'Niñera', description: word })
      .expect(201);
    await http(t)
      .put(`/api/worker-profile/${worker.profileId}/introduction/update/`)
      .set(worker.auth)
      .send({ introduction: 'b'.repeat(450) })
      .expect(200);
    // The write recomputed the visibility of this incomplete profile: shown as a complete one would be.
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [worker.profileId]);
    await page.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await waitForShell(page);
    await page.getByText(word.slice(0, 30), { exact: false }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('puts the last-seen badge on the photo and keeps Chatear off the details, on a desktop', async () => {
    const worker = await visibleWorker(t);
    const profile = await browser.newPage(VIEWPORTS.desktop);
    await profile.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await waitForShell(profile);
    const badge = await profile.locator('.last-seen').boundingBox();
    const photo = await profile.locator('.public-profile__photo .person-photo').boundingBox();
    const lastRow = await profile.locator('.public-profile__top .details dd').last().boundingBox();
    const chat = await profile.getByRole('button', { name: 'Chatear' }).boundingBox();
    // The badge straddles the photo's lower edge, centred under it.
    expect(badge!.y).toBeLessThan(photo!.y + photo!.height);
    expect(badge!.y + badge!.height).toBeGreaterThan(photo!.y + photo!.height - 40);
    expect(Math.abs(badge!.x + badge!.width / 2 - (photo!.x + photo!.width / 2))).toBeLessThan(2);
    expect(chat!.y - (lastRow!.y + lastRow!.height)).toBeGreaterThanOrEqual(16);
  });

  it('gives every route its own tab title, and a profile the name of its worker', async () => {
    const expected: [string, string][] = [
      ['/', 'Casa y Manos · Trabajo en casas particulares'],
      ['/how-it-works', 'Cómo funciona · Casa y Manos'],
      ['/workers', 'Perfiles de trabajadores · Casa y Manos'],
      ['/job-offers', 'Ofertas de empleo · Casa y Manos'],
      ['/no-existe', 'Página no encontrada · Casa y Manos'],
    ];
    for (const [path, title] of expected) {
      await page.goto(t.baseUrl + path);
      await waitForShell(page);
      await page.waitForFunction((wanted) => document.title === wanted, title);
    }
    const worker = await createAccount(t, 'Worker');
    await t.dataSource.query(
      `UPDATE worker_profiles SET profile_visibility = true, date_of_birth = '1990-06-01' WHERE id = $1`,
      [worker.profileId],
    );
    await page.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await waitForShell(page);
    const age = ageFromBirthDate('1990-06-01');
    await page.waitForFunction((wanted) => document.title === wanted, `Prueba, ${age} · Casa y Manos`);
  });

  it('names what failed on a public profile, as the spec words it', async () => {
    const worker = await createAccount(t, 'Worker');
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [worker.profileId]);
    const cases: [RegExp, string][] = [
      [/\/get-info/, 'Error al obtener datos.'],
      [/\/shifts\/get-all/, 'Error al obtener datos de los turnos.'],
      [/\/educations\/get-all/, 'Error al cargar la información.'],
    ];
    await drawInBrowser(page);
    for (const [failing, message] of cases) {
      await page.route(failing, (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","code":"INTERNAL_ERROR"}' }),
      );
      await page.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
      await waitForShell(page);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect([String(failing), (await alert.textContent())?.replace('Mi perfil', '')]).toEqual([
        String(failing),
        message,
      ]);
      await page.unroute(failing);
    }
  });
});
