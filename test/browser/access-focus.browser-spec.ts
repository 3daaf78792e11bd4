import type { Page } from 'playwright-core';
import { AUTH_MESSAGES } from '@cym/common';
import { createAccount, visibleWorker } from '../support/accounts';
import { insertMembership } from '../support/employer';
import { http } from '../support/http';
import { openMenuIfNeeded, screenshot, useBrowser, VIEWPORTS, waitForShell, type Viewport } from '../support/browser';
import { useTestApp } from '../support/test-app';
import { nextTotpCode } from '../support/totp';

jest.setTimeout(120_000);

/** What has the focus: tag, name (label, aria-label or text), and its ARIA state. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element) return null;
    const labelled = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
    const describedBy = element.getAttribute('aria-describedby');
    return {
      tag: element.tagName.toLowerCase(),
      name: (labelled?.textContent ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
      invalid: element.getAttribute('aria-invalid'),
      description: describedBy
        ? describedBy
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
        : null,
      inDialog: element.closest('dialog') !== null,
    };
  });
}

/** Waits until the focus is on `tag` named `name` (a heading, a field, a button). */
async function focusReaches(page: Page, tag: string, name: string | RegExp): Promise<void> {
  await page.waitForFunction(
    ({ tag, source, flags }) => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element.tagName.toLowerCase() !== tag) return false;
      const labelled = element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null;
      const text = (labelled?.textContent ?? element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
      return new RegExp(source, flags).test(text);
    },
    {
      tag,
      source: typeof name === 'string' ? `^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : name.source,
      flags: typeof name === 'string' ? '' : name.flags,
    },
    { timeout: 15_000 },
  );
}

/** Types the login with the keyboard alone, from the e-mail field that has the focus. */
async function typeLogin(page: Page, email: string, password: string): Promise<void> {
  await focusReaches(page, 'input', 'Correo electrónico');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await focusReaches(page, 'input', 'Contraseña');
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

/**
 * Getting to the page asked for, and where the focus goes:
 * a private address opened logged out opens the login popup and, after the login, that address
 * with its query; the popup starts on its first field and gives the focus back to its opener;
 * login errors mark their fields; a navigation puts the focus on the new page's h1 and says the
 * page; a popup whose code cannot come says so inside itself; a used verification link offers
 * the login. Driven by the keyboard alone where the item is about the keyboard.
 */
describe('Access and focus in Chromium', () => {
  const browser = useBrowser({ freshPages: true, noPageErrors: true, serviceWorkers: 'block' });
  const t = useTestApp({}, { listen: true });

  it('opens the login on a private address, marks login errors, and lands on the address with its query', async () => {
    const worker = await createAccount(t, 'Worker');
    const page = await browser.newPage(VIEWPORTS.phone);
    await page.goto(`${t.baseUrl}/guardados?orden=recientes#lista`);
    // Sent to /, with the login popup open and the focus on its first field.
    await page.waitForURL(`${t.baseUrl}/`);
    const dialog = page.getByRole('dialog', { name: 'Ingresar' });
    await dialog.waitFor();
    await focusReaches(page, 'input', 'Correo electrónico');
    await screenshot(page, 'phone-login-on-arrival', { fullPage: false });

    // A wrong password: the field says so (aria-invalid, described by the message); the focus stays.
    await typeLogin(page, worker.email, 'equivocada1');
    await dialog.getByText(AUTH_MESSAGES.wrongPassword).waitFor();
    const wrong = await focused(page);
    expect(wrong).toMatchObject({ tag: 'input', name: 'Contraseña', invalid: 'true', inDialog: true });
    expect(wrong?.description).toContain(AUTH_MESSAGES.wrongPassword);
    expect(await dialog.getByLabel('Correo electrónico').getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, 'phone-login-wrong-password', { fullPage: false });

    // Empty fields: both marked.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await dialog.getByText(AUTH_MESSAGES.required).waitFor();
    for (const label of ['Correo electrónico', 'Contraseña'])
      expect(await dialog.getByLabel(label).getAttribute('aria-invalid')).toBe('true');

    // The right one: the address asked for, query and fragment included, with the focus on its h1.
    await page.keyboard.type(worker.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type('clave1234');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${t.baseUrl}/guardados?orden=recientes#lista`);
    await dialog.waitFor({ state: 'hidden' });
    await focusReaches(page, 'h1', /.+/);
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    // The page is said in a live region that was there before.
    await page.getByTestId('route-announcer').filter({ hasText: 'Guardados' }).waitFor({ state: 'attached' });
    expect(await page.getByTestId('route-announcer').getAttribute('aria-live')).toBe('polite');
  });

  it('brings an expired session, the chat e-mail link and an admin address through the login to their page', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!);
    const { body: conversation } = await http(t)
      .post('/api/chat/conversation/start-chat/')
      .set(employer.auth)
      .send({ workerId: worker.profileId, parentId: employer.profileId })
      .expect(201);

    // The chat e-mail's link (unread-mailer.ts: /conversations/chat/{id}), opened logged out.
    const page = await browser.newPage(VIEWPORTS.phone);
    await page.goto(`${t.baseUrl}/conversations/chat/${conversation.id}`);
    await page.getByRole('dialog', { name: 'Ingresar' }).waitFor();
    await typeLogin(page, employer.email, 'clave1234');
    await page.waitForURL(`${t.baseUrl}/conversations/chat/${conversation.id}`);
    await page.getByLabel('Mensaje', { exact: true }).waitFor();

    // The session expires (its refresh token no longer works): the login, then the same page.
    await page.goto(`${t.baseUrl}/alertas?buscar=1`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => {
      const tokens = JSON.parse(localStorage.getItem('authTokens') ?? '{}') as Record<string, string>;
      localStorage.setItem('authTokens', JSON.stringify({ ...tokens, refresh: 'vencido' }));
    });
    await page.reload();
    await page.getByRole('dialog', { name: 'Ingresar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await typeLogin(page, employer.email, 'clave1234');
    await page.waitForURL(`${t.baseUrl}/alertas?buscar=1`);

    // An admin address.
    const admin = await createAccount(t, 'admin');
    const desk = await browser.newPage(VIEWPORTS.desktop);
    await desk.goto(`${t.baseUrl}/admin/stats`);
    await desk.getByRole('dialog', { name: 'Ingresar' }).waitFor();
    await typeLogin(desk, admin.email, 'clave1234');
    // An admin's second step starts on its code field, and Enter sends it.
    await focusReaches(desk, 'input', 'Código de verificación');
    await desk.keyboard.type(await nextTotpCode(admin.email));
    await desk.keyboard.press('Enter');
    await desk.waitForURL(`${t.baseUrl}/admin/stats`);
    await focusReaches(desk, 'h1', /.+/);

    // Closed without logging in, the popup forgets the address: a reload opens no popup.
    const visitor = await browser.newPage(VIEWPORTS.desktop);
    await visitor.goto(`${t.baseUrl}/user-account`);
    await visitor.getByRole('dialog', { name: 'Ingresar' }).waitFor();
    await visitor.keyboard.press('Escape');
    await visitor.getByRole('dialog', { name: 'Ingresar' }).waitFor({ state: 'hidden' });
    expect(await focused(visitor)).not.toMatchObject({ tag: 'body' });
    await visitor.reload();
    await waitForShell(visitor);
    expect(await visitor.getByRole('dialog', { name: 'Ingresar' }).count()).toBe(0);
  });

  for (const [label, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as [string, Viewport][])
    it(`on a ${label}, a popup starts on its first field and gives the focus back to its opener`, async () => {
      const page = await browser.newPage(viewport);
      await page.goto(t.baseUrl + '/');
      await waitForShell(page);
      // On a phone the navbar's Ingresar sits behind the menu's toggle.
      const toggle = page.getByRole('button', { name: 'Abrir menú' });
      const phone = await toggle.isVisible();
      if (phone) {
        await toggle.focus();
        await page.keyboard.press('Enter');
      }
      await page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Ingresar' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Ingresar' }).waitFor();
      await focusReaches(page, 'input', 'Correo electrónico');
      // Another form in the same popup: its first field.
      await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).focus();
      await page.keyboard.press('Enter');
      await page.getByRole('dialog', { name: 'Recuperar contraseña' }).waitFor();
      await focusReaches(page, 'input', /correo/i);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      // Back to the opener, or to the toggle of the menu it sat in (closed as the popup opened).
      if (phone) await focusReaches(page, 'button', /menú/);
      else await focusReaches(page, 'button', 'Ingresar');
    });

  it('says inside the popup when its form cannot load offline, and leaves the page', async () => {
    const page = await browser.newPage(VIEWPORTS.phone);
    await page.goto(t.baseUrl + '/');
    await waitForShell(page);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    await page.context().setOffline(true);
    await openMenuIfNeeded(page);
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Ingresar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ingresar' });
    await dialog.getByText('No pudimos cargar el formulario. Revisá tu conexión y volvé a intentar.').waitFor();
    // The page behind stays; never the route's error screen.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    expect(await page.getByText('No pudimos cargar esta página').count()).toBe(0);
    await focusReaches(page, 'button', 'Reintentar');
    await screenshot(page, 'phone-login-offline', { fullPage: false });
    // Online again, 'Reintentar' brings the form, focus on its first field.
    await page.context().setOffline(false);
    await page.keyboard.press('Enter');
    await focusReaches(page, 'input', 'Correo electrónico');
  });

  it('moves the focus to the chat after Chatear, and to the wizard and back to its button', async () => {
    const worker = await visibleWorker(t);
    await t.dataSource.query(`UPDATE users SET first_name = 'Rosaura' WHERE id = $1`, [worker.userId]);
    const employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!);
    const page = await browser.signedInPage(t.baseUrl, employer.email, '/user-account', VIEWPORTS.phone);

    // The offer wizard opens in place of the page: its first step's title; closed, 'Agregar…'.
    const add = page.getByRole('button', { name: 'Agregar oferta laboral' });
    await add.focus();
    await page.keyboard.press('Enter');
    await focusReaches(page, 'h2', /.+/);
    expect(await page.evaluate(() => document.activeElement?.closest('.wizard') !== null)).toBe(true);
    await page.getByRole('button', { name: 'Cancelar', exact: true }).focus();
    await page.keyboard.press('Enter');
    await focusReaches(page, 'button', 'Agregar oferta laboral');

    // Chatear: the conversation's page, focus in it (never <body>).
    await page.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await waitForShell(page);
    await page.getByRole('button', { name: 'Chatear' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/conversations\/chat\/\d+$/);
    // Its h1 ('Chat') heads the list, which a phone hides while a conversation is open: the page's region.
    await page.waitForFunction(() => document.activeElement?.closest('main') !== null, undefined, { timeout: 15_000 });
    await screenshot(page, 'phone-chat-after-chatear', { fullPage: false });
  });

  it('says a used verification link is verified and offers the login', async () => {
    const worker = await createAccount(t, 'Worker');
    await t.dataSource.query(`UPDATE users SET created_at = now() - interval '1 hour' WHERE id = $1`, [worker.userId]);
    const [{ created }] = await t.dataSource.query(
      `SELECT extract(epoch from created_at)::int AS created FROM users WHERE id = $1`,
      [worker.userId],
    );
    // A link issued to this account before it was verified (the one it used): its signature no
    // longer matches, the address is verified.
    const issued = (Number(created) + 60).toString(36);
    const uid = Buffer.from(String(worker.userId)).toString('base64url');
    const page = await browser.newPage(VIEWPORTS.phone);
    await page.goto(`${t.baseUrl}/email-verification/${uid}/${issued}-${'A'.repeat(43)}`);
    await page.getByText(AUTH_MESSAGES.alreadyVerified).waitFor();
    const login = page.getByRole('main').getByRole('button', { name: 'Ingresar' });
    await screenshot(page, 'phone-verification-used-link', { fullPage: false });
    await login.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Ingresar' }).waitFor();
    await focusReaches(page, 'input', 'Correo electrónico');
    await page.keyboard.press('Escape');
    await focusReaches(page, 'button', 'Ingresar');
  });
});
