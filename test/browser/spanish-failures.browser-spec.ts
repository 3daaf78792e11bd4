import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import type { TestAccount } from '../support/accounts';
import { logIn, screenshot, submitLogin, useBrowser, VIEWPORTS, waitForShell } from '../support/browser';
import { http } from '../support/http';
import { ADMIN_ROUTES, EMPLOYER_ROUTES, publicRoutes, walkAccounts } from '../support/routes';
import { useTestApp } from '../support/test-app';

jest.setTimeout(180_000);

/**
 * Whatever breaks between the browser and the API, what a person reads is Spanish. Every route of
 * the built SPA is opened (as a visitor and signed in as each role) while the API fails, and the
 * forms that talk to the API are submitted into the failure. Any English word on the screen, in an
 * alert or in a field's message fails the suite. The public offer page's 'Error loading job
 * offer.' is the one English sentence the product itself shows, and is allowed.
 *
 * The API fails in three ways: unreachable, answering a framework's English 500, and a proxy's
 * HTML 502. They differ only inside the client's error mapping (the `spanishFailures` middleware of
 * web/src/lib/api/client.ts and errors.ts), which turns each into the same kind of Spanish ApiError;
 * web/src/lib/api/errors.spec.ts holds that for all three, as the walk makes them. What the screens
 * do with an ApiError does not depend on which failure made it. So each route is opened once per
 * role, with the failures taking turns from route to route (and from form to form): every failure
 * still reaches screens of every role, and every screen meets one of them.
 *
 * The routes are opened as the app's own links open them (no new document), after one page loaded
 * while the API still answered: a document loaded afresh arrives drawn by the server, which asks
 * the API inside its own process, past the broken one, and most public pages then ask the browser's
 * API nothing at all. A screen is read once it has settled: each query that failed was asked again
 * (the client's one retry, a second later: the page's clock is moved on to it rather than waited
 * for) and failed again, and the last answer was drawn. A form is read once it shows its error.
 *
 * The chat's socket maps no failure of its own: the chat page shows none of socket.io's text, only
 * its own sentences for a socket still connecting or given up. The socket is refused throughout.
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

/** The API as the walk broke it: how it fails now, and what it was asked since the last route opened. */
interface BrokenApi {
  /** How every call fails; the walk changes it from route to route. */
  failure: Failure;
  /** When each call (method and address) was asked, since the last route opened. */
  asked: Map<string, number[]>;
  /** Calls asked a second time (the client's retries), over the whole walk. */
  retries: number;
  /** Calls asked and not answered yet. */
  unanswered: number;
  /** When a call was last asked or answered (or the route drawn). */
  lastCall: number;
}

function fail(route: Route, failure: Failure): Promise<void> {
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
}

/**
 * Breaks every API call of the context the way `api.failure` says, and socket.io's HTTP polling too
 * (should the chat socket fall back to it). Lets the session's own token calls through when
 * `signedIn`, so the signed-in screens render.
 */
async function breakApi(context: BrowserContext, signedIn: boolean): Promise<BrokenApi> {
  const api: BrokenApi = { failure: FAILURES[0]!, asked: new Map(), retries: 0, unanswered: 0, lastCall: Date.now() };
  await context.route('**/api/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const call = `${request.method()} ${url.pathname}${url.search}`;
    const times = [...(api.asked.get(call) ?? []), Date.now()];
    api.asked.set(call, times);
    if (times.length === 2) api.retries += 1;
    api.unanswered += 1;
    api.lastCall = Date.now();
    try {
      if (signedIn && url.pathname.startsWith('/api/token/')) await route.continue();
      else await fail(route, api.failure);
    } finally {
      api.unanswered -= 1;
      api.lastCall = Date.now();
    }
  });
  await context.route('**/socket.io/**', (route) => fail(route, api.failure));
  return api;
}

/**
 * The client asks a failed query again once, this long after it failed (RETRY_DELAY_MS,
 * web/src/lib/query.ts). The walk moves the page's clock on by it rather than wait for it.
 */
const RETRY_DELAY_MS = 1_000;
/**
 * No call asked or answered for this long: the screen drew the last answer, and asked whatever it
 * asks once drawn (a request takes a few milliseconds from the page to the route handler).
 */
const QUIET_MS = 200;
/** A screen that keeps asking is read after this long anyway. */
const QUIET_LIMIT_MS = 5_000;

async function quiet(api: BrokenApi): Promise<void> {
  const started = Date.now();
  while ((api.unanswered > 0 || Date.now() - api.lastCall < QUIET_MS) && Date.now() - started < QUIET_LIMIT_MS)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Waits until the screen settled: every call answered, every failed query asked again (the page's
 * clock moved on to its retry) and failed again, and the last answer drawn.
 */
async function settled(page: Page, api: BrokenApi): Promise<void> {
  const retried = new Set<string>();
  for (let round = 1; ; round += 1) {
    await quiet(api);
    // Calls asked once whose retry, if they have one, has not come: the page's clock is moved on
    // to it. A call that failed because of another's failure gets its own round (three at most).
    const once = [...api.asked].filter(
      ([call, times]) => call.startsWith('GET ') && times.length === 1 && !retried.has(call),
    );
    if (once.length === 0 || round > 3) break;
    for (const [call] of once) retried.add(call);
    await page.clock.fastForward(RETRY_DELAY_MS);
    // The retries are on their way from the page.
    api.lastCall = Date.now();
  }
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

/** The title a page has while the walk's next route is on its way (every route in the shell sets its own). */
const LEAVING = 'walk: leaving';

/**
 * Opens `route` as the app's links do (history and the router, no new document), failing the way
 * `failure` says, and waits until the route is drawn: the router sets its title (every route in the
 * shell), or its page marks the document ready (/maintenance, outside the shell). The router draws a
 * route once its page's code is there, so the page's queries have started by then.
 */
async function open(page: Page, api: BrokenApi, route: string, failure: Failure): Promise<void> {
  api.failure = failure;
  api.asked.clear();
  await page.evaluate(
    ({ route, leaving }) => {
      document.title = leaving;
      delete document.documentElement.dataset.ready;
      history.pushState(null, '', route);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    { route, leaving: LEAVING },
  );
  await page.waitForFunction(
    (leaving) => document.title !== leaving || document.documentElement.dataset.ready !== undefined,
    LEAVING,
    { timeout: 10_000 },
  );
  // The page's effects have run (its queries asked) once a frame and a task went by.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  api.lastCall = Date.now();
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
   * Opens each route in turn as `account` (a visitor when null), route i failing with FAILURES[i %
   * 3], and checks each settled screen; then, for a visitor, the forms.
   */
  async function walk(account: TestAccount | null, landing: string, routes: string[], actions = false) {
    const page = await browser.newPage(VIEWPORTS.phone);
    // Time flows as usual, until `settled` moves it on to the client's retries.
    await page.clock.install();
    // The chat's socket is refused from the start: one opened while the API still answered would
    // stay open. A refused WebSocket shows the page no status and no body, whoever refused it.
    await page.context().routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.dismiss();
    });
    const who = account ? 'signed-in' : 'visitor';
    try {
      // The API breaks once a first page is there: a visitor's /terms, or the page the login
      // landed on, after which the walk goes to /terms, so that its first route is opened too.
      if (account) await logIn(page, t.baseUrl, account.email, 'clave1234', landing);
      else await page.goto(t.baseUrl + '/terms');
      await waitForShell(page);
      const api = await breakApi(page.context(), account !== null);
      if (account) await open(page, api, '/terms', FAILURES[0]!);
      for (const [i, route] of routes.entries()) {
        const failure = FAILURES[i % FAILURES.length]!;
        await open(page, api, route, failure);
        await settled(page, api);
        await check(page, `${failure} ${who} ${route}`, alerts);
      }
      // The clock was moved on by the client's retry delay: had the delay grown, no retry would
      // have come, and the screens would have been read before it.
      expect(api.retries).toBeGreaterThan(0);
      if (actions) await submitForms(page, api, alerts);
    } finally {
      await page.context().close();
    }
  }

  /**
   * The forms a visitor sends to the API: each opened and submitted into the failure, the failures
   * taking turns as for the routes, and read once the form shows its error (a form's call is never
   * asked twice) and the screen settled.
   */
  async function submitForms(page: Page, api: BrokenApi, alerts: string[]): Promise<void> {
    const forms: { name: string; route: string; send: () => Promise<void>; error: Locator }[] = [
      {
        name: 'login',
        route: '/',
        send: () => submitLogin(page, 'alguien@example.com', 'clave1234'),
        error: page.getByRole('dialog', { name: 'Ingresar' }).locator('.notice--error'),
      },
      {
        name: 'reset-password',
        route: '/reset-password',
        send: async () => {
          await page.getByLabel('Correo electrónico').fill('alguien@example.com');
          await page.getByRole('button', { name: /Enviar/ }).click();
        },
        error: page.locator('form .notice--error'),
      },
      // The link is checked as the page opens: a check that failed says the link cannot be used.
      {
        name: 'reset-link',
        route: '/reset/MQ/abc-def',
        send: async () => {},
        error: page.locator('main .notice--error'),
      },
      {
        name: 'contact',
        route: '/contact',
        send: async () => {
          await page.getByLabel('Nombre').fill('Ana');
          await page.getByLabel('Correo electrónico').fill('ana@example.com');
          await page.getByLabel('Mensaje').fill('Quisiera saber cómo funciona la membresía.');
          await page.getByRole('button', { name: /Enviar/ }).click();
        },
        error: page.locator('form .notice--error'),
      },
    ];
    for (const [i, form] of forms.entries()) {
      const failure = FAILURES[i % FAILURES.length]!;
      await open(page, api, form.route, failure);
      await form.send();
      await form.error.waitFor();
      await settled(page, api);
      await check(page, `${failure} ${form.name}`, alerts);
      await page.keyboard.press('Escape');
    }
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
