import type { Page } from 'playwright-core';
import { AUTH_STORAGE_KEY } from '@cym/common';
import { createAccount, sessionThroughApi, type Session, type TestAccount } from '../support/accounts';
import {
  expectNoSideScroll,
  logIn,
  screenshot,
  storeSession,
  useBrowser,
  VIEWPORTS,
  waitForShell,
  eventually,
} from '../support/browser';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/**
 * 'Sesiones activas' on /user-account: the person sees the login of this browser (Chromium here:
 * 'Chrome en Linux') marked 'Esta sesión' beside the others, closes one, closes all the others
 * after confirming in a dialog, and closing this one logs out.
 */
describe('active sessions on the account page', () => {
  const browser = useBrowser({ freshPages: true, noPageErrors: true });
  const t = useTestApp({}, { listen: true });

  /** Another login of the account, from another device: its access token. */
  async function loginFrom(who: TestAccount, userAgent: string): Promise<string> {
    const res = await http(t)
      .post('/api/token/')
      .set('User-Agent', userAgent)
      .send({ username: who.email, password: 'clave1234' })
      .expect(200);
    return res.body.access as string;
  }

  /** A worker with no login but the ones the test makes. */
  async function worker(): Promise<TestAccount> {
    const created = await createAccount(t, 'Worker');
    await http(t).post('/api/logout/').set(created.auth).expect(200);
    return created;
  }

  const section = (page: Page) => page.getByRole('region', { name: 'Sesiones activas' });
  const item = (page: Page, name: string) => section(page).getByRole('listitem').filter({ hasText: name });
  const refused = async (access: string) =>
    (await http(t).get('/api/user/get-data/').set('Authorization', `Bearer ${access}`)).status;

  it('lists both logins, closes the other, then all the others, then this one (phone)', async () => {
    const who = await worker();
    const firefox = await loginFrom(who, FIREFOX_WINDOWS);
    const page = await browser.newPage(VIEWPORTS.phone);
    await logIn(page, t.baseUrl, who.email, 'clave1234', '/user-account');

    const here = item(page, 'Chrome en Linux');
    await here.waitFor();
    await here.getByText('Esta sesión').waitFor();
    await item(page, 'Firefox en Windows').waitFor();
    expect(await section(page).getByRole('listitem').count()).toBe(2);
    // The newest use first: this page's login came after the other one.
    expect(await section(page).getByRole('listitem').first().textContent()).toContain('Chrome en Linux');
    expect(await item(page, 'Firefox en Windows').textContent()).toMatch(
      /Iniciada el \d{2}\/\d{2}\/\d{4} · último uso (recién|hace \d+ min)/,
    );
    await section(page).scrollIntoViewIfNeeded();
    await expectNoSideScroll(page);
    const close = item(page, 'Firefox en Windows').getByRole('button', { name: /^Cerrar sesión/ });
    const box = await close.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'login-sessions-phone');

    await close.click();
    await section(page).getByRole('status').filter({ hasText: 'Cerraste la sesión de Firefox en Windows.' }).waitFor();
    await item(page, 'Firefox en Windows').waitFor({ state: 'detached' });
    expect(await refused(firefox)).toBe(401);
    // Alone, nothing else to close.
    expect(await section(page).getByRole('button', { name: 'Cerrar todas las demás' }).count()).toBe(0);

    const others = [await loginFrom(who, SAFARI_IPHONE), await loginFrom(who, FIREFOX_WINDOWS)];
    await page.reload();
    await waitForShell(page);
    await item(page, 'Safari en iOS').waitFor();
    expect(await section(page).getByRole('listitem').count()).toBe(3);
    await section(page).getByRole('button', { name: 'Cerrar todas las demás' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cerrar las demás sesiones' });
    await dialog.getByText('Se van a cerrar las 2 sesiones abiertas en otros dispositivos.').waitFor();
    await screenshot(page, 'login-sessions-confirm-phone', { fullPage: false });
    // Cancelling keeps them.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await refused(others[0])).toBe(200);
    await section(page).getByRole('button', { name: 'Cerrar todas las demás' }).click();
    await dialog.getByRole('button', { name: 'Cerrar todas las demás' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section(page).getByRole('status').filter({ hasText: 'Cerraste todas las demás sesiones.' }).waitFor();
    await item(page, 'Safari en iOS').waitFor({ state: 'detached' });
    expect(await section(page).getByRole('listitem').count()).toBe(1);
    for (const access of others) expect(await refused(access)).toBe(401);

    // Closing this one is a logout: back home, no session stored.
    await item(page, 'Chrome en Linux')
      .getByRole('button', { name: /^Cerrar sesión/ })
      .click();
    await page.waitForURL(t.baseUrl + '/');
    await waitForShell(page);
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull();
  });

  it('shows each login on one line with its button at 1280 px', async () => {
    const who = await worker();
    await loginFrom(who, SAFARI_IPHONE);
    const page = await browser.newPage(VIEWPORTS.desktop);
    await logIn(page, t.baseUrl, who.email, 'clave1234', '/user-account');
    const row = item(page, 'Safari en iOS');
    await row.waitFor();
    const rowBox = await row.boundingBox();
    const buttonBox = await row.getByRole('button', { name: /^Cerrar sesión/ }).boundingBox();
    // The button sits at the row's right end, beside the text rather than under it.
    expect(buttonBox!.y).toBeLessThan(rowBox!.y + rowBox!.height / 2);
    expect(buttonBox!.x + buttonBox!.width).toBeGreaterThan(rowBox!.x + rowBox!.width - 4);
    await section(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'login-sessions-desktop');
  });
});

/**
 * A refresh must not log the person out when its answer is lost on the way back, nor when two tabs
 * present the same refresh token at once (a browser without Web Locks): for a few seconds the
 * server answers a just-spent token with its successor again, and the app asks again.
 */
describe('a refresh that loses its answer or races another tab', () => {
  const browser = useBrowser({ freshPages: true, noPageErrors: true, serviceWorkers: 'block' });
  const t = useTestApp({}, { listen: true });

  const stored = (page: Page) =>
    page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Session | null, AUTH_STORAGE_KEY);
  /** Waits until the page stored a pair other than `spent`'s (a cleared session never matches). */
  const rotated = (page: Page, spent: Session) =>
    page.waitForFunction(
      ([key, refresh]) => {
        const now = JSON.parse(localStorage.getItem(key) ?? 'null') as Session | null;
        return now !== null && now.refresh !== refresh;
      },
      [AUTH_STORAGE_KEY, spent.refresh] as const,
    );
  const jti = (token: string) =>
    (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { jti: string }).jti;
  const open = (session: Session) =>
    http(t).get('/api/user/get-data/').set('Authorization', `Bearer ${session.access}`);

  it('stays signed in when the answer to its refresh never arrives', async () => {
    const who = await createAccount(t, 'Worker');
    const start = await sessionThroughApi(t, who.email);
    const page = await browser.newPage(VIEWPORTS.phone);
    await storeSession(page, start);
    let lost: Session | undefined;
    let asked = 0;
    await page.route(/\/api\/token\/refresh/, async (route) => {
      asked += 1;
      if (lost) return route.continue();
      // The server rotates the token; its answer is lost on the way back.
      lost = (await (await route.fetch()).json()) as Session;
      return route.abort('connectionreset');
    });
    await page.goto(t.baseUrl + '/user-account');
    await waitForShell(page);
    await rotated(page, start);
    const now = (await stored(page))!;
    expect(asked).toBe(2);
    expect(jti(now.refresh)).toBe(jti(lost!.refresh));
    await open(now).expect(200);
    expect(page.url()).toBe(t.baseUrl + '/user-account');
    await page.getByRole('region', { name: 'Sesiones activas' }).waitFor();
    await screenshot(page, 'refresh-lost-answer-phone');
  });

  it('keeps two tabs signed in when both refresh with the same token at once', async () => {
    const who = await createAccount(t, 'Parent');
    const start = await sessionThroughApi(t, who.email);
    const first = await browser.newPage(VIEWPORTS.phone);
    const context = first.context();
    await storeSession(first, start);
    // A browser without Web Locks: nothing keeps the tabs' refreshes apart.
    await context.addInitScript(() => Object.defineProperty(navigator, 'locks', { value: undefined }));
    const presented: string[] = [];
    const answered: Session[] = [];
    let bothAsked!: () => void;
    const together = new Promise<void>((resolve) => (bothAsked = resolve));
    await context.route(/\/api\/token\/refresh/, async (route) => {
      presented.push((route.request().postDataJSON() as Session).refresh);
      if (presented.length === 2) bothAsked();
      // Held until the other tab asks too, then both reach the server together.
      await together;
      const response = await route.fetch();
      answered.push((await response.json()) as Session);
      await route.fulfill({ response });
    });
    const second = await context.newPage();
    await Promise.all([first.goto(t.baseUrl + '/user-account'), second.goto(t.baseUrl + '/user-account')]);
    await Promise.all([rotated(first, start), rotated(second, start)]);
    expect(presented).toEqual([start.refresh, start.refresh]);
    // Both answered (the tabs share storage: the first answer stored ends both waits above), the
    // same successor, so whichever tab stored last stored a live token.
    await eventually(async () => answered.length, 2);
    expect(jti(answered[0].refresh)).toBe(jti(answered[1].refresh));
    for (const page of [first, second]) {
      await page.getByRole('region', { name: 'Sesiones activas' }).waitFor();
      expect(page.url()).toBe(t.baseUrl + '/user-account');
    }
    const now = (await stored(first))!;
    await open(now).expect(200);
    // The login goes on as one chain.
    await http(t).post('/api/token/refresh/').send({ refresh: now.refresh }).expect(200);
  });
});
