import type { Page } from 'playwright-core';
import { AUTH_STORAGE_KEY } from '@cym/common';
import { createAccount, type TestAccount } from '../support/accounts';
import { expectNoSideScroll, logIn, screenshot, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
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
