import type { PushPayload } from '@cym/common';
import type { CDPSession, Page } from 'playwright-core';
import { PushService } from '../../server/src/modules/push/push.service';
import { createAccount, visibleWorker } from '../support/accounts';
import { logIn, screenshot, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { insertMembership } from '../support/employer';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';
import { WebPushReceiver, type TestSubscription } from '../support/web-push-receiver';

jest.setTimeout(120_000);

/**
 * Web Push end to end in Chromium: the service worker installs, the chat offers notifications after
 * a first message, the subscription reaches our API, a reply to a person who is away is encrypted
 * and signed by our server, and the service worker shows it.
 *
 * The limit: headless Chromium here has no push service (Chrome's is Google's, on the internet),
 * so `PushManager.subscribe` fails — the first test shows it. The journey therefore replaces
 * `subscribe`/`getSubscription` in its page with a subscription whose endpoint is the test's
 * stand-in push service and whose keys the test holds. Everything else is real: our UI and API
 * store it, our server encrypts and sends to the receiver, the receiver decrypts, and the
 * decrypted message goes to the real service worker through DevTools'
 * `ServiceWorker.deliverPushMessage`, the push service's last hop.
 */
describe('Web Push in Chromium', () => {
  const browser = useBrowser({ consoleErrors: false });
  const t = useTestApp({}, { listen: true });
  const receiver = new WebPushReceiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());

  /** The service worker's registration id, through DevTools. */
  async function registrationOf(session: CDPSession): Promise<string> {
    return new Promise((resolve) => {
      session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r: { scopeURL: string }) => r.scopeURL.startsWith(t.baseUrl));
        if (found) resolve(found.registrationId as string);
      });
      void session.send('ServiceWorker.enable');
    });
  }

  /** Replaces the browser's push subscription with one for `subscription` (see the suite's comment). */
  async function standInPushService(page: Page, subscription: TestSubscription): Promise<void> {
    await page.addInitScript((s) => {
      // Kept across pages as the browser keeps a real subscription.
      const KEY = 'testPushSubscription';
      const make = () => ({
        endpoint: s.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true },
        toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys }),
        unsubscribe: async () => (localStorage.removeItem(KEY), true),
      });
      PushManager.prototype.subscribe = async function () {
        localStorage.setItem(KEY, '1');
        return make() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return localStorage.getItem(KEY) ? (make() as unknown as PushSubscription) : null;
      };
    }, subscription);
  }

  it('installs the service worker; the real subscribe needs a push service this machine cannot reach', async () => {
    const page = await browser.newPage(VIEWPORTS.phone);
    await page.context().grantPermissions(['notifications'], { origin: t.baseUrl });
    await page.goto(t.baseUrl + '/');
    const outcome = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const key = ((await (await fetch('/api/push/key')).json()) as { public_key: string }).public_key;
      const bytes = Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      try {
        await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytes });
        return { active: registration.active?.scriptURL, subscribed: true, error: '' };
      } catch (error) {
        return { active: registration.active?.scriptURL, subscribed: false, error: String(error) };
      }
    });
    expect(outcome.active).toBe(`${t.baseUrl}/sw.js`);
    // Recorded rather than required: a machine with internet access would subscribe.
    console.log(`PushManager.subscribe in headless Chromium: ${JSON.stringify(outcome)}`);
  });

  it('offers push after a first message, stores the subscription and shows a reply sent while away', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!);
    await t.dataSource.query(`UPDATE users SET first_name = 'Rosa' WHERE id = $1`, [worker.userId]);
    const { body: conversation } = await http(t)
      .post('/api/chat/conversation/start-chat/')
      .set(employer.auth)
      .send({ workerId: worker.profileId, parentId: employer.profileId })
      .expect(201);
    const device = receiver.subscription();

    const page = await browser.newPage(VIEWPORTS.phone);
    await standInPushService(page, device);
    const session = await page.context().newCDPSession(page);
    const registrationId = registrationOf(session);
    await logIn(page, t.baseUrl, employer.email, 'clave1234', '/user-account');

    // No question on arrival: the offer comes after the first message.
    await page.goto(`${t.baseUrl}/conversations/chat/${conversation.id}`);
    await page.getByLabel('Mensaje', { exact: true }).fill('Hola Rosa, ¿podés los lunes?');
    expect(await page.getByText('Activá las notificaciones').count()).toBe(0);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Activá las notificaciones para enterarte cuando te respondan').waitFor();
    await screenshot(page, 'phone-push-offer', { fullPage: false });
    // The person says yes to the browser's question (granted here, as the dialog would).
    await page.context().grantPermissions(['notifications'], { origin: t.baseUrl });
    await page.getByRole('button', { name: 'Activar' }).click();
    await page.getByText('Activá las notificaciones').waitFor({ state: 'detached' });
    const [stored] = await t.dataSource.query(`SELECT endpoint FROM push_subscriptions WHERE user_id = $1`, [
      employer.userId,
    ]);
    expect(stored.endpoint).toBe(device.endpoint);

    // The employer leaves the site (no socket); Rosa answers.
    const id = await registrationId;
    await page.goto('about:blank');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await http(t)
      .post(`/api/chat/conversations/${conversation.id}/messages/`)
      .set(worker.auth)
      .send({ content: '¡Sí! Los lunes a la mañana.' })
      .expect(201);
    await t.app.get(PushService).deliverDue();
    const [push] = receiver.for(device.id);
    expect(push.problem).toBeUndefined();
    const payload = JSON.parse(push.text!) as PushPayload;
    expect(payload).toEqual({
      title: 'Nuevo mensaje de Rosa',
      body: '¡Sí! Los lunes a la mañana.',
      url: `/conversations/chat/${conversation.id}`,
      tag: `conv-${conversation.id}`,
    });

    // The push service's last hop: the decrypted message to the real service worker.
    await session.send('ServiceWorker.deliverPushMessage', { origin: t.baseUrl, registrationId: id, data: push.text! });
    await page.goto(t.baseUrl + '/user-account');
    await waitForShell(page);
    const shown = async () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
      });
    let notifications = await shown();
    for (let i = 0; i < 50 && notifications.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      notifications = await shown();
    }
    expect(notifications).toEqual([
      { title: 'Nuevo mensaje de Rosa', body: '¡Sí! Los lunes a la mañana.', tag: `conv-${conversation.id}` },
    ]);

    // The account's settings: both kinds, push on for this device.
    const settings = page.getByRole('region', { name: 'Notificaciones' });
    await settings.getByRole('group', { name: 'Mensajes nuevos' }).waitFor();
    await settings.getByRole('group', { name: 'Búsquedas guardadas' }).waitFor();
    const messagesPush = settings
      .getByRole('group', { name: 'Mensajes nuevos' })
      .getByRole('checkbox', { name: 'Notificación en este dispositivo' });
    await expect(messagesPush.isChecked()).resolves.toBe(true);
    const alertsEmail = settings
      .getByRole('group', { name: 'Búsquedas guardadas' })
      .getByRole('checkbox', { name: 'E-mail' });
    await alertsEmail.click();
    await settings.getByText('Guardamos tus avisos.').waitFor();
    await expect(alertsEmail.isChecked()).resolves.toBe(false);
    const [prefs] = await t.dataSource.query(
      `SELECT alert_email, message_push FROM notification_preferences WHERE user_id = $1`,
      [employer.userId],
    );
    expect(prefs).toEqual({ alert_email: false, message_push: true });
    await settings.scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-notification-settings', { fullPage: false });
  });
});
