import type { BrowserContext, Page, Route } from 'playwright-core';
import type { TestAccount } from '../support/accounts';
import { logIn, screenshot, submitLogin, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { http } from '../support/http';
import { ADMIN_ROUTES, EMPLOYER_ROUTES, publicRoutes, walkAccounts } from '../support/routes';
import { useTestApp } from '../support/test-app';

jest.setTimeout(600_000);

/**
 * Whatever breaks between the browser and the API, what a person reads is Spanish. Every route of
 * the built SPA is opened (as a visitor and signed in as each role) while the API is unreachable,
 * while it answers a framework's English 500, and while a proxy answers an HTML 502; the forms that
 * talk to the API are submitted too. Any English word on the screen, in an alert or in a field's
 * message fails the suite. The public offer page's 'Error loading job offer.' is the one English
 * sentence the product itself shows, and is allowed.
 */

type Failure = 'down' | 'english-500' | 'html-502';
const FAILURES: Failure[] = ['down', 'english-500', 'html-502'];

/** Words that are English and never Spanish; a screen showing one is speaking English. */
const ENGLISH_WORDS = new Set(
  (
    'the and you your please try again occurred failed fetch network cannot unable found not internal ' +
    'server unexpected invalid request response timeout undefined null nan loading message something went wrong ' +
    'unknown bad gateway service unavailable forbidden unauthorized sorry is are was to of for with this that from ' +
    'object send sending retry load'
  ).split(' '),
);
/** English the spec itself puts on screen. */
const ALLOWED_SENTENCES = ['Error loading job offer.'];

function englishIn(text: string): string[] {
  let rest = text;
  for (const sentence of ALLOWED_SENTENCES) rest = rest.split(sentence).join(' ');
  const words = rest.toLowerCase().match(/[a-záéíóúüñ]+/g) ?? [];
  return [...new Set(words.filter((word) => ENGLISH_WORDS.has(word)))];
}

/** Lets the session's own token calls through when `signedIn`, so the signed-in screens render. */
async function breakApi(context: BrowserContext, failure: Failure, signedIn: boolean): Promise<void> {
  const handler = async (route: Route) => {
    const url = new URL(route.request().url());
    if (signedIn && url.pathname.startsWith('/api/token/')) return route.continue();
    if (failure === 'down') return route.abort('failed');
    if (failure === 'english-500')
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' }),
      });
    return route.fulfill({
      status: 502,
      contentType: 'text/html',
      body: '<html><body><h1>502 Bad Gateway</h1><p>The server is not responding.</p></body></html>',
    });
  };
  await context.route('**/api/**', handler);
  await context.route('**/socket.io/**', handler);
}

describe('every screen speaks Spanish when the API fails', () => {
  const browser = useBrowser();
  const t = useTestApp({}, { listen: true });
  let worker: TestAccount;
  let employer: TestAccount;
  let admin: TestAccount;
  let workerId: number;
  let offerId: number;
  let conversationId: number;
  const found: string[] = [];

  beforeAll(async () => {
    ({ worker, employer, admin, workerId, offerId } = await walkAccounts(t));
    const started = await http(t)
      .post('/api/chat/conversation/start-chat')
      .set(employer.auth)
      .send({ workerId, parentId: employer.profileId })
      .expect(201);
    conversationId = started.body.id;
  });
  beforeEach(() => {
    found.length = 0;
  });

  /** What the page shows now: its text, its alerts and the validation bubbles of its fields. */
  async function check(page: Page, where: string, alerts: string[]): Promise<void> {
    const text = await page.evaluate(() => {
      const fields = [...document.querySelectorAll('input, textarea, select')]
        .map((field) => (field as HTMLInputElement).validationMessage)
        .join(' ');
      return `${document.body.innerText} ${document.title} ${fields}`;
    });
    const english = englishIn(`${text} ${alerts.join(' ')}`);
    if (english.length > 0) {
      found.push(`${where}: ${english.join(', ')}`);
      await screenshot(page, `english-${where.replace(/[^a-z0-9]+/gi, '-')}`, { fullPage: false });
    }
  }

  /**
   * Signed-in screens are walked with the API down and answering an English 500: a 502 page takes
   * the same path in the client as any 5xx, which the visitor's walk already covers.
   */
  async function walk(account: TestAccount | null, landing: string, routes: string[], actions = false) {
    for (const failure of account ? FAILURES.slice(0, 2) : FAILURES) {
      const page = await browser.newPage(VIEWPORTS.phone);
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.dismiss();
      });
      try {
        if (account) await logIn(page, t.baseUrl, account.email, 'clave1234', landing);
        await breakApi(page.context(), failure, account !== null);
        for (const route of routes) {
          await page.goto(t.baseUrl + route);
          await waitForShell(page).catch(() => undefined);
          // Failed calls end at once; give the screens their moment to show what they say about it.
          await page.waitForTimeout(800);
          await check(page, `${failure} ${account ? 'signed-in' : 'visitor'} ${route}`, alerts);
        }
        if (actions) await submitForms(page, failure, alerts);
      } finally {
        await page.context().close();
      }
    }
  }

  /** The forms a visitor sends to the API, each submitted into the failure. */
  async function submitForms(page: Page, failure: Failure, alerts: string[]): Promise<void> {
    await page.goto(t.baseUrl + '/');
    await waitForShell(page);
    await submitLogin(page, 'alguien@example.com', 'clave1234');
    await page.waitForTimeout(1000);
    await check(page, `${failure} login`, alerts);
    await page.keyboard.press('Escape');

    await page.goto(t.baseUrl + '/reset-password');
    await waitForShell(page);
    await page.getByLabel('Correo electrónico').fill('alguien@example.com');
    await page.getByRole('button', { name: /Enviar/ }).click();
    await page.waitForTimeout(1000);
    await check(page, `${failure} reset-password`, alerts);

    await page.goto(t.baseUrl + '/reset/MQ/abc-def');
    await waitForShell(page);
    await page.waitForTimeout(1000);
    await check(page, `${failure} reset-link`, alerts);

    await page.goto(t.baseUrl + '/contact');
    await waitForShell(page);
    await page.getByLabel('Nombre').fill('Ana');
    await page.getByLabel('Correo electrónico').fill('ana@example.com');
    await page.getByLabel('Mensaje').fill('Quisiera saber cómo funciona la membresía.');
    await page.getByRole('button', { name: /Enviar/ }).click();
    await page.waitForTimeout(1000);
    await check(page, `${failure} contact`, alerts);
  }

  it('as a visitor, on every public route and form', async () => {
    await walk(null, '/', [...publicRoutes(workerId, offerId), '/maintenance'], true);
    expect(found).toEqual([]);
  });

  it('signed in as a worker, an employer and an admin', async () => {
    await walk(worker, '/user-account', [
      '/user-account',
      '/job-offers',
      `/job-offer/${offerId}`,
      '/conversations',
      `/conversations/chat/${conversationId}`,
    ]);
    await walk(employer, '/user-account', [
      ...EMPLOYER_ROUTES,
      '/workers',
      `/worker-profile/${workerId}`,
      '/conversations',
    ]);
    await walk(admin, '/', [...ADMIN_ROUTES, '/conversations']);
    expect(found).toEqual([]);
  });
});
