import { CHAT_MESSAGES, SAFETY_NOTICE } from '@cym/common';
import { createAccount, type TestAccount, visibleWorker } from '../support/accounts';
import type { Page } from 'playwright-core';
import { eventually, screenshot, useBrowser, VIEWPORTS, type Viewport, waitForShell } from '../support/browser';
import { insertMembership } from '../support/employer';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * A worker and an employer talk live in two browsers: the employer starts from the worker's
 * profile, the worker sees the message arrive, the employer's check turns double when the worker
 * has the conversation open, and a reload keeps the history.
 */
describe('live chat in Chromium', () => {
  // A live channel that fails logs to the console and throws nothing: console errors count too.
  const browser = useBrowser({ consoleErrors: true });
  const t = useTestApp({}, { listen: true });

  const signedIn = (account: TestAccount, viewport: Viewport, landing = '/user-account') =>
    browser.signedInPage(t.baseUrl, account.email, landing, viewport);

  /** A worker whose profile is public and an employer with a membership, by their first names. */
  async function workerAndEmployer(workerName: string, employerName: string) {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await t.dataSource.query(`UPDATE users SET first_name = $1 WHERE id = $2`, [workerName, worker.userId]);
    await t.dataSource.query(`UPDATE users SET first_name = $1 WHERE id = $2`, [employerName, employer.userId]);
    await insertMembership(t, employer.profileId!);
    return { worker, employer };
  }

  it('delivers messages live with one check, then two, and keeps the history', async () => {
    // A visible worker profile, so the employer can open it and press Chatear.
    const { worker, employer } = await workerAndEmployer('Rosa', 'Pablo');

    const employerPage = await signedIn(employer, VIEWPORTS.desktop);
    const workerPage = await signedIn(worker, VIEWPORTS.phone);

    // The worker has no chats yet.
    await workerPage.goto(t.baseUrl + '/conversations');
    await workerPage.getByRole('heading', { name: CHAT_MESSAGES.noChats }).waitFor();
    await workerPage.getByRole('link', { name: 'Empleos' }).last().waitFor();
    // No WhatsApp button on the chat pages, though the footer's link shows.
    await workerPage.locator('footer a[href^="https://wa.me/"]').waitFor();
    expect(await workerPage.getByRole('link', { name: 'Escribinos por WhatsApp' }).count()).toBe(0);

    // The employer starts from the worker's profile.
    await employerPage.goto(`${t.baseUrl}/worker-profile/${worker.profileId}`);
    await employerPage.getByRole('button', { name: 'Chatear' }).click();
    await employerPage.waitForURL(/\/conversations\/chat\/\d+$/);
    const conversationUrl = employerPage.url();
    await employerPage.getByRole('heading', { name: 'Rosa' }).waitFor();
    await employerPage.getByText(SAFETY_NOTICE).waitFor();
    const send = employerPage.getByRole('button', { name: 'Enviar' });
    await employerPage.getByLabel('Mensaje', { exact: true }).fill('Hola Rosa, ¿estás disponible los lunes?');
    await send.click();
    const sent = employerPage.locator('.chat__bubble--own', { hasText: 'Hola Rosa' });
    await sent.waitFor();
    await sent.getByLabel('Enviado').waitFor();

    // The worker's list shows it; opening the conversation reads it.
    await workerPage.goto(t.baseUrl + '/conversations');
    await workerPage.getByRole('button', { name: /Pablo/ }).click();
    await workerPage.locator('.chat__bubble', { hasText: 'Hola Rosa, ¿estás disponible los lunes?' }).waitFor();
    await sent.getByLabel('Leído').waitFor();

    // A reply arrives live on the employer's open page, already read there.
    await workerPage.getByLabel('Mensaje', { exact: true }).fill('¡Hola! Sí, los lunes a la mañana.');
    await workerPage.getByRole('button', { name: 'Enviar' }).click();
    await employerPage.locator('.chat__bubble', { hasText: '¡Hola! Sí, los lunes a la mañana.' }).waitFor();
    await workerPage.locator('.chat__bubble--own', { hasText: 'los lunes a la mañana' }).getByLabel('Leído').waitFor();
    // Both sidebars follow without a reload: the newest message is the preview (the phone's is folded away).
    for (const page of [employerPage, workerPage])
      await page
        .locator('.chat__preview', { hasText: '¡Hola! Sí, los lunes a la mañana.' })
        .waitFor({ state: 'attached' });
    // The preview takes the row's width (cut there, not at 15 characters), the name read once, in
    // a list named as such.
    const preview = await employerPage
      .locator('.chat__preview')
      .first()
      .evaluate((element) => {
        const row = element.closest('.chat__entry')!.getBoundingClientRect();
        const box = element.getBoundingClientRect();
        return {
          text: element.textContent,
          cut: element.scrollWidth > element.clientWidth,
          gap: row.right - box.right,
        };
      });
    expect(preview.text).toBe('¡Hola! Sí, los lunes a la mañana.');
    if (preview.cut) expect(preview.gap).toBeLessThanOrEqual(17);
    const sidebar = await employerPage.getByRole('complementary', { name: 'Conversaciones' }).ariaSnapshot();
    expect(sidebar).toContain('- button "Rosa ');
    expect(sidebar).not.toContain('Foto de');
    // The footer's groups are headings in the one contentinfo landmark, not regions of their own.
    const footer = await employerPage.getByRole('contentinfo').ariaSnapshot();
    expect(footer).toContain('heading "Ayuda"');
    expect(footer).not.toContain('region');
    await screenshot(workerPage, 'phone-chat', { fullPage: false });
    await screenshot(employerPage, 'desktop-chat', { fullPage: false });

    // A reload keeps the history, in order, under 'Hoy'.
    await employerPage.goto(conversationUrl);
    await employerPage.getByText('Hoy').first().waitFor();
    const bubbles = await employerPage.locator('.chat__bubble p').allTextContents();
    expect(bubbles).toEqual(['Hola Rosa, ¿estás disponible los lunes?', '¡Hola! Sí, los lunes a la mañana.']);
    const unread = await http(t).get('/api/chat/unread-count/').set(worker.auth);
    expect(unread.body.unread).toBe(0);
    browser.expectNoPageErrors();
  });

  it('lists a conversation just opened before its first message, and shows a worker the card of an employer without offers', async () => {
    // An active membership but no public offer: the worker has no offer page to go to.
    const { worker, employer } = await workerAndEmployer('Nélida', 'Marcos');
    const admin = await createAccount(t, 'admin');

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
    await workerPage.getByRole('button', { name: /Marcos/ }).waitFor();
    // No border of the chat runs along the screen's edge: the phone's list is full width.
    const edgeBorders = await workerPage.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.chat, .chat *')]
        .filter((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          return (
            (parseFloat(style.borderLeftWidth) > 0 && box.left <= 0) ||
            (parseFloat(style.borderRightWidth) > 0 && box.right >= window.innerWidth)
          );
        })
        .map((element) => element.className),
    );
    expect(edgeBorders).toEqual([]);
    await workerPage.getByRole('button', { name: /Marcos/ }).click();
    await workerPage.locator('.chat__bubble', { hasText: '¿tenés lugar los martes?' }).waitFor();
    await workerPage.getByRole('button', { name: 'Ver perfil' }).click();
    const card = workerPage.getByRole('dialog', { name: 'Marcos' });
    await card.getByText('Todavía no tiene ofertas publicadas para mostrar.').waitFor();
    await card.getByRole('img', { name: 'Sin foto de Marcos' }).waitFor();
    await screenshot(workerPage, 'phone-chat-employer-card', { fullPage: false });
    await workerPage.keyboard.press('Escape');
    await card.waitFor({ state: 'hidden' });
    browser.expectNoPageErrors();
  });

  /** Where the conversation's pieces are on screen (viewport pixels), the newest message last. */
  async function chatLayout(page: Page) {
    return page.evaluate(() => {
      const box = (element: Element | null | undefined) => {
        if (!element) return null;
        const { top, bottom } = element.getBoundingClientRect();
        return { top: Math.round(top), bottom: Math.round(bottom) };
      };
      return {
        screen: innerHeight,
        navbar: box(document.querySelector('.navbar'))!,
        last: box([...document.querySelectorAll('.chat__bubble')].pop())!,
        offer: box(document.querySelector('.push-offer')),
        composer: box(document.querySelector('.chat__form'))!,
        text: box(document.querySelector('#chat-text'))!,
      };
    });
  }

  /** The newest message whole on screen, between the navbar and the composer, and the composer on screen. */
  async function newestInView(page: Page): Promise<boolean> {
    const { screen, navbar, last, composer, text } = await chatLayout(page);
    return (
      last.top >= navbar.bottom &&
      last.bottom <= composer.top &&
      composer.bottom <= screen + 1 &&
      text.top >= composer.top
    );
  }

  it('keeps the newest message above the composer, and the offer of notifications in view, on a phone and a desktop', async () => {
    const { worker, employer } = await workerAndEmployer('Lucía', 'Andrés');
    const { body: conversation } = await http(t)
      .post('/api/chat/conversation/start-chat/')
      .set(employer.auth)
      .send({ workerId: worker.profileId, parentId: employer.profileId })
      .expect(201);
    // A conversation longer than the screen (written straight to the table: sends are rate-limited).
    await t.dataSource.query(
      `INSERT INTO messages (conversation_id, sender_id, content, created_at, is_read)
       SELECT $1, CASE WHEN i % 2 = 1 THEN $2::int ELSE $3::int END,
              'Mensaje ' || i || ': ¿podemos hablar del horario de los lunes y de los feriados?',
              now() - interval '1 hour' + i * interval '1 minute', true
         FROM generate_series(1, 14) AS i`,
      [conversation.id, employer.userId, worker.userId],
    );

    for (const [name, viewport, account] of [
      ['phone', VIEWPORTS.phone, worker],
      ['desktop', { width: 1280, height: 800 }, employer],
    ] as const) {
      const page = await signedIn(account, viewport);
      // Opened: the newest message whole, just above the composer.
      await page.goto(`${t.baseUrl}/conversations/chat/${conversation.id}`);
      // A person types once the one-second cover is gone (a click before it lands on the cover).
      await waitForShell(page);
      await page.locator('.chat__bubble', { hasText: 'Mensaje 14:' }).waitFor();
      await eventually(() => newestInView(page), true);
      if (name === 'desktop') {
        // On a desktop the page opens at the top, the partner's name under the navbar:
        // the messages scroll in their own box.
        const top = await page.evaluate(() => ({
          scrolled: window.scrollY,
          name: document.querySelector('.chat__header h2')!.getBoundingClientRect().top,
          navbar: document.querySelector('.navbar')!.getBoundingClientRect().bottom,
        }));
        expect(top.scrolled).toBe(0);
        expect(top.name).toBeGreaterThanOrEqual(top.navbar);
        await screenshot(page, 'desktop-chat-opened', { fullPage: false });
      }

      // Sent: the new message above the composer, the offer of notifications between them.
      await page.getByLabel('Mensaje', { exact: true }).fill(`Perfecto, hablamos el lunes (${name}).`);
      await page.getByRole('button', { name: 'Enviar' }).click();
      const offer = page.getByRole('complementary', {
        name: 'Activá las notificaciones para enterarte cuando te respondan',
      });
      await offer.waitFor();
      await page.locator('.chat__bubble--own', { hasText: `(${name})` }).waitFor();
      await eventually(() => newestInView(page), true);
      if (name === 'desktop') {
        // Beside the scrolled conversation the list of conversations stays in view, under the navbar.
        const [navbar, list] = await Promise.all([
          page.locator('.navbar').boundingBox(),
          page.locator('.chat__list').boundingBox(),
        ]);
        expect(list!.y).toBeGreaterThanOrEqual(navbar!.y + navbar!.height);
        expect(list!.y).toBeLessThan(viewport.height / 2);
      }
      const sent = await chatLayout(page);
      expect(sent.offer).not.toBeNull();
      expect(sent.offer!.top).toBeGreaterThanOrEqual(sent.last.bottom);
      expect(sent.offer!.bottom).toBeLessThanOrEqual(sent.composer.top);
      expect(sent.offer!.top).toBeGreaterThanOrEqual(sent.navbar.bottom);
      await screenshot(page, `${name}-chat-after-send`, { fullPage: false });

      // 'Ahora no': the offer goes, the newest message stays above the composer.
      await offer.getByRole('button', { name: 'Ahora no' }).click();
      await offer.waitFor({ state: 'detached' });
      await eventually(() => newestInView(page), true);
    }
    browser.expectNoPageErrors();
  });
});
