import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CHAT_MESSAGES, chatPreview } from '@cym/common';
import { createAccount, type TestAccount } from '../support/accounts';
import { launchBrowser, logIn, screenshot, VIEWPORTS } from '../support/browser';
import { insertMembership } from '../support/employer';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * A worker and an employer talk live in two browsers (issue 7): the employer starts from the
 * worker's profile, the worker sees the message arrive, the employer's check turns double when
 * the worker has the conversation open, and a reload keeps the history.
 */
describe('live chat in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({ BCRYPT_COST: '4' }, { listen: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await t?.close();
  });

  async function signedIn(
    account: TestAccount,
    viewport: { width: number; height: number },
    landing = '/user-account',
  ): Promise<Page> {
    const context = await browser.newContext({ viewport, locale: 'es-AR' });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
    await logIn(page, t.baseUrl, account.email, 'clave1234', landing);
    return page;
  }

  it('delivers messages live with one check, then two, and keeps the history', async () => {
    const worker = await createAccount(t, 'Worker');
    const employer = await createAccount(t, 'Parent');
    // A visible worker profile, so the employer can open it and press Chatear.
    await t.dataSource.query(`UPDATE users SET first_name = 'Rosa' WHERE id = $1`, [worker.userId]);
    await t.dataSource.query(`UPDATE users SET first_name = 'Pablo' WHERE id = $1`, [employer.userId]);
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [worker.profileId]);
    await insertMembership(t, employer.profileId!);

    const employerPage = await signedIn(employer, VIEWPORTS.desktop);
    const workerPage = await signedIn(worker, VIEWPORTS.phone);

    // The worker has no chats yet.
    await workerPage.goto(t.baseUrl + '/conversations');
    await workerPage.getByRole('heading', { name: CHAT_MESSAGES.noChats }).waitFor();
    await workerPage.getByRole('link', { name: 'Empleos' }).last().waitFor();
    // No WhatsApp button on the chat pages (spec 01 §2), though the footer's link shows.
    await workerPage.locator('footer a[href^="https://wa.me/"]').waitFor();
    expect(await workerPage.getByRole('link', { name: 'Escribinos por WhatsApp' }).count()).toBe(0);

    // The employer starts from the worker's profile.
    await employerPage.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await employerPage.getByRole('button', { name: 'Chatear' }).click();
    await employerPage.waitForURL(/\/conversations\/chat\/\d+$/);
    const conversationUrl = employerPage.url();
    await employerPage.getByRole('heading', { name: 'Rosa' }).waitFor();
    await employerPage.getByText(CHAT_MESSAGES.disclaimer).waitFor();
    const send = employerPage.getByRole('button', { name: 'Enviar' });
    await employerPage.getByLabel('Mensaje', { exact: true }).fill('Hola Rosa, ¿estás disponible los lunes?');
    await send.click();
    const sent = employerPage.locator('.chat__bubble--own', { hasText: 'Hola Rosa' });
    await sent.waitFor();
    await sent.getByLabel('Enviado').waitFor();

    // The worker's list shows it; opening the conversation reads it.
    await workerPage.goto(t.baseUrl + '/conversations');
    await workerPage.getByRole('button', { name: /Pablo/ }).click();
    await workerPage.getByText('Hola Rosa, ¿estás disponible los lunes?').waitFor();
    await sent.getByLabel('Leído').waitFor();

    // A reply arrives live on the employer's open page, already read there.
    await workerPage.getByLabel('Mensaje', { exact: true }).fill('¡Hola! Sí, los lunes a la mañana.');
    await workerPage.getByRole('button', { name: 'Enviar' }).click();
    await employerPage.getByText('¡Hola! Sí, los lunes a la mañana.').waitFor();
    await workerPage.locator('.chat__bubble--own', { hasText: 'los lunes a la mañana' }).getByLabel('Leído').waitFor();
    // Both sidebars follow without a reload: the newest message is the preview (the phone's is folded away).
    for (const page of [employerPage, workerPage])
      await page
        .locator('.chat__preview', { hasText: chatPreview('¡Hola! Sí, los lunes a la mañana.') })
        .waitFor({ state: 'attached' });
    await screenshot(workerPage, 'phone-chat', { fullPage: false });
    await screenshot(employerPage, 'desktop-chat', { fullPage: false });

    // A reload keeps the history, in order, under 'Hoy'.
    await employerPage.goto(conversationUrl);
    await employerPage.getByText('Hoy').first().waitFor();
    const bubbles = await employerPage.locator('.chat__bubble p').allTextContents();
    expect(bubbles).toEqual(['Hola Rosa, ¿estás disponible los lunes?', '¡Hola! Sí, los lunes a la mañana.']);
    const unread = await http(t).get('/api/chat/unread-count/').set(worker.auth);
    expect(unread.body.unread).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('lists a conversation just opened before its first message, and shows a worker the card of an employer without offers', async () => {
    const worker = await createAccount(t, 'Worker');
    const employer = await createAccount(t, 'Parent');
    const admin = await createAccount(t, 'admin');
    await t.dataSource.query(`UPDATE users SET first_name = 'Nélida' WHERE id = $1`, [worker.userId]);
    await t.dataSource.query(`UPDATE users SET first_name = 'Marcos' WHERE id = $1`, [employer.userId]);
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [worker.profileId]);
    // An active membership but no public offer: the worker has no offer page to go to.
    await insertMembership(t, employer.profileId!);

    // The admin opens a conversation with the worker: the sidebar lists it at once, as the open one.
    const adminPage = await signedIn(admin, VIEWPORTS.desktop, '/');
    const started = await http(t)
      .post('/api/chat/conversation/start-chat')
      .set(admin.auth)
      .send({ workerId: worker.profileId, adminId: admin.userId })
      .expect(201);
    await adminPage.goto(`${t.baseUrl}/conversations/chat/${started.body.id}`);
    const adminEntry = adminPage.locator('.chat__entry--active', { hasText: 'Nélida' });
    await adminEntry.waitFor();
    await adminEntry.getByText(CHAT_MESSAGES.noMessages).waitFor();
    expect(await adminPage.getByText(CHAT_MESSAGES.emptyList).count()).toBe(0);

    // So does the employer's, from the worker's profile.
    const employerPage = await signedIn(employer, VIEWPORTS.desktop);
    await employerPage.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await employerPage.getByRole('button', { name: 'Chatear' }).click();
    await employerPage.waitForURL(/\/conversations\/chat\/\d+$/);
    await employerPage.locator('.chat__entry--active', { hasText: 'Nélida' }).waitFor();
    await employerPage.getByLabel('Mensaje', { exact: true }).fill('Hola Nélida, ¿tenés lugar los martes?');
    await employerPage.getByRole('button', { name: 'Enviar' }).click();
    await employerPage.locator('.chat__bubble--own', { hasText: 'los martes' }).waitFor();

    // The worker reads it on a phone: 'Ver perfil' shows what can be shown of the employer.
    const workerPage = await signedIn(worker, VIEWPORTS.phone);
    await workerPage.goto(t.baseUrl + '/conversations');
    await workerPage.getByRole('button', { name: /Marcos/ }).click();
    await workerPage.getByText('¿tenés lugar los martes?').waitFor();
    await workerPage.getByRole('button', { name: 'Ver perfil' }).click();
    const card = workerPage.getByRole('dialog', { name: 'Marcos' });
    await card.getByText('Todavía no tiene ofertas publicadas para mostrar.').waitFor();
    await card.getByRole('img', { name: 'Sin foto de Marcos' }).waitFor();
    await screenshot(workerPage, 'phone-chat-employer-card', { fullPage: false });
    await workerPage.keyboard.press('Escape');
    await card.waitFor({ state: 'hidden' });
    expect(pageErrors).toEqual([]);
  });
});
