import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { AUTH_STORAGE_KEY } from '@cym/common';
import { sessionThroughApi, type Session } from './accounts';
import { connectBrowser } from './browser-server';
import { nextTotpCode } from './totp';

/**
 * What every browser suite shares: the run's one Chromium (`useBrowser`), a fresh context per page
 * at a viewport, the page errors of every page the suite opened, screenshots and other files into
 * test-results/, and logging in as a person would.
 */

const RESULTS_DIR = join(__dirname, '../../test-results/screenshots');
export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;
export type Viewport = { width: number; height: number };

export interface BrowserSuite {
  /** A page in a fresh context at `viewport` (es-AR); the suite closes the context at its end. */
  newPage(viewport: Viewport): Promise<Page>;
  /**
   * `newPage` with a test account's session (password clave1234) already stored, opened at
   * `landing`: the session comes from the token endpoint, as the login dialog gets it, without
   * going through the dialog (`logIn` does that, for journeys about logging in).
   */
  signedInPage(baseUrl: string, email: string, landing: string, viewport: Viewport): Promise<Page>;
  /** Closes every context still open. */
  closePages(): Promise<void>;
  /**
   * Fails on any uncaught error (with `consoleErrors`, any console error too) of any page the
   * suite opened so far, in this test or an earlier one.
   */
  expectNoPageErrors(): void;
}

export interface BrowserOptions {
  /** Console errors count as page errors too. */
  consoleErrors?: boolean;
  /** Every test starts with no page open: the pages a test opened are closed after it. */
  freshPages?: boolean;
  /** Each test fails, after it ran (and its pages closed), on any page error seen so far. */
  noPageErrors?: boolean;
  /**
   * 'block' keeps the site's service worker (web/public/sw.js) out of the suite's pages: a page it
   * controls gets its documents and bundles from it, where `page.route` (and `drawInBrowser`)
   * cannot see them. Allowed by default, as in a visitor's browser.
   */
  serviceWorkers?: 'allow' | 'block';
}

/**
 * The suite's connection to the run's Chromium (browser-server.ts): made before its tests, closed
 * with every context still open after them. Call it once at the top of a describe block.
 */
export function useBrowser(options: BrowserOptions = {}): BrowserSuite {
  let browser: Browser | undefined;
  const contexts = new Set<BrowserContext>();
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterEach(async () => {
    await photographIfFailed(contexts);
    if (options.freshPages) await suite.closePages();
    if (options.noPageErrors) suite.expectNoPageErrors();
  });
  afterAll(async () => {
    await suite.closePages();
    await browser?.close();
  });

  const suite: BrowserSuite = {
    async newPage(viewport) {
      if (!browser) throw new Error('useBrowser: the browser starts in beforeAll');
      const context = await browser.newContext({
        viewport,
        locale: 'es-AR',
        acceptDownloads: true,
        serviceWorkers: options.serviceWorkers ?? 'allow',
        // As a person who asked for less motion: no smooth scrolling (global.css). Playwright scrolls
        // an element into view and waits until it stops moving; a smooth scroll, restarted at each
        // try, may never stop on a loaded machine ('waiting for element to be stable').
        reducedMotion: 'reduce',
      });
      contexts.add(context);
      context.on('close', () => contexts.delete(context));
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
      if (options.consoleErrors) page.on('console', (m) => m.type() === 'error' && pageErrors.push(m.text()));
      return page;
    },
    async signedInPage(baseUrl, email, landing, viewport) {
      const page = await suite.newPage(viewport);
      const session = await sessionThroughApi(baseUrl, email, 'clave1234');
      await storeSession(page, session);
      await page.goto(baseUrl + landing);
      await waitForShell(page);
      // The app refreshes a stored session as it starts, spending the refresh token: a page
      // opened before the new pair is stored would start with the spent one, which the server
      // takes for a stolen token, ending the session.
      await page.waitForFunction(
        ([key, spent]) => (JSON.parse(localStorage.getItem(key) ?? '{}') as { refresh?: string }).refresh !== spent,
        [AUTH_STORAGE_KEY, session.refresh] as const,
      );
      return page;
    },
    async closePages() {
      for (const context of [...contexts]) await context.close();
    },
    expectNoPageErrors() {
      expect(pageErrors).toEqual([]);
    },
  };
  return suite;
}

/** A file a suite leaves for people to look at (a PDF, …), beside the screenshots. */
export function saveResult(fileName: string, data: Buffer): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, fileName), data);
}

/**
 * Screenshots are for people looking at the pages (SCREENSHOTS=1 npm test, then
 * test-results/screenshots/): a run without it takes none, except of a failed test's pages.
 */
const SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * With SCREENSHOTS=1, the page as a PNG in test-results/screenshots/`name`.png, scrolled through
 * first unless fullPage is false; otherwise nothing (no journey asserts on these files).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOTS) return;
  mkdirSync(RESULTS_DIR, { recursive: true });
  // Scroll through the page as a person would, so sections that fade in on view are shown.
  if (options.fullPage !== false)
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
  await page.waitForTimeout(700);
  await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

/**
 * After a failed test (the flag of test/support/browser-environment.cjs), every page still open
 * as test-results/screenshots/failed-<test>-<n>.png, as the page stood when the test failed.
 */
async function photographIfFailed(contexts: Set<BrowserContext>): Promise<void> {
  const failed = (globalThis as { __cymTestFailed?: string | false }).__cymTestFailed;
  if (!failed) return;
  mkdirSync(RESULTS_DIR, { recursive: true });
  const name = failed.replace(/[^\w-]+/g, '-').slice(0, 80);
  let n = 0;
  for (const context of contexts)
    for (const page of context.pages()) {
      n += 1;
      await page
        .screenshot({ path: join(RESULTS_DIR, `failed-${name}-${n}.png`), fullPage: true, timeout: 10_000 })
        .catch(() => undefined);
    }
}

/** Waits until the page is live: hydrated or drawn, and the one-second preloader (client-drawn pages) gone. */
export async function waitForShell(page: Page): Promise<void> {
  // A server-rendered page has no cover; its buttons work once the page is hydrated (data-ready).
  await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 10_000 });
  await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 5000 });
}

/**
 * Runs `action` (a `goto`, a click) and waits until the page's requests are over: none in flight
 * for `quietMs`, then one animation frame, so that what the last answers brought is drawn.
 * Playwright's 'networkidle' waits for the same with 500 ms of quiet, which adds up over a suite
 * that opens a hundred pages. Only requests started while it listens count, hence the action
 * inside. Fails after `timeout` naming the requests still open (a request that never ends, such
 * as a stream, never lets it settle; a WebSocket is no request here).
 */
export async function settleNetwork(
  page: Page,
  action: () => Promise<unknown>,
  { quietMs = 100, timeout = 15_000 } = {},
): Promise<void> {
  const pending = new Set<Request>();
  let quiet: () => void = () => undefined;
  let timer: NodeJS.Timeout | undefined;
  // Restarts the quiet period whenever the last request in flight ends.
  const restart = () => {
    clearTimeout(timer);
    if (pending.size === 0) timer = setTimeout(() => quiet(), quietMs);
  };
  const started = (request: Request) => {
    pending.add(request);
    clearTimeout(timer);
  };
  const ended = (request: Request) => {
    pending.delete(request);
    restart();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  let deadline: NodeJS.Timeout | undefined;
  try {
    await action();
    await new Promise<void>((resolve, reject) => {
      quiet = resolve;
      deadline = setTimeout(() => {
        const open = [...pending].map((request) => request.url()).join(', ');
        reject(new Error(`settleNetwork: requests still in flight after ${timeout} ms: ${open}`));
      }, timeout);
      restart();
    });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  } finally {
    clearTimeout(timer);
    clearTimeout(deadline);
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/**
 * Scrolls a directory's cards until exactly `count` are drawn: the list draws 12 and adds more as
 * the reader nears the last one (features/browse/Directory.tsx).
 */
export async function scrollUntilCards(page: Page, selector: string, count: number): Promise<void> {
  await page.waitForFunction(
    ({ selector, count }) => {
      const cards = document.querySelectorAll(selector);
      cards[cards.length - 1]?.scrollIntoView({ block: 'end', behavior: 'instant' });
      return cards.length === count;
    },
    { selector, count },
    { polling: 100, timeout: 40_000 },
  );
}

/**
 * Serves `page`'s documents without what the server rendered in them (#root's HTML and the
 * answers after it), as when a server render failed: the browser draws each page and asks the
 * API itself, so a test can make those calls fail. Its suite blocks the service worker
 * (`useBrowser({ serviceWorkers: 'block' })`), which would otherwise answer the documents.
 */
export async function drawInBrowser(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const answer = await route.fetch();
      const body = (await answer.text()).replace(
        /<div id="root">[\s\S]*<\/div><script type="application\/json" id="cym-state">[\s\S]*?<\/script>/,
        '<div id="root"></div>',
      );
      return route.fulfill({ response: answer, body });
    },
  );
}

/** On a phone the navbar's links and buttons sit behind 'Abrir menú': opens it there. */
export async function openMenuIfNeeded(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  if (await toggle.isVisible()) await toggle.click();
}

/**
 * Opens the navbar's Ingresar dialog on the page shown and sends `email` and `password`; waits
 * for nothing after the click (the test reads what follows: an error, a popup, a page).
 */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await openMenuIfNeeded(page);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ingresar' });
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
}

/**
 * An admin's second step in the open Ingresar dialog: the code their authenticator app would show
 * (test/support/totp.ts: the suites' admins hold TEST_TOTP_SECRET, the demo admin the development
 * secret), typed and sent.
 */
export async function answerSecondFactor(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Ingresar' });
  await dialog.getByLabel('Código de verificación').fill(await nextTotpCode(email));
  await dialog.getByRole('button', { name: 'Verificar' }).click();
}

/**
 * After the password was sent: answers an admin's second step when the dialog asks for it, and
 * waits until the dialog closed (the session stored).
 */
export async function finishLogin(page: Page, email: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Ingresar' });
  const code = dialog.getByLabel('Código de verificación');
  // Whichever comes first: the dialog closes (everyone but admins) or asks for the code.
  const closed = dialog.waitFor({ state: 'hidden' }).then(() => 'closed' as const);
  const asked = code.waitFor().then(() => 'code' as const);
  // The other one is left to end by itself (its time limit, or the page's closing).
  closed.catch(() => undefined);
  asked.catch(() => undefined);
  if ((await Promise.race([closed, asked])) === 'code') await answerSecondFactor(page, email);
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Logs in from the home page through the navbar's Ingresar dialog, as a person would (an admin
 * with the code of their authenticator app too), and waits for the page the app sends that
 * account to (`/user-account` for workers and employers, `/` for admins).
 */
export async function logIn(page: Page, baseUrl: string, email: string, password: string, landing: string) {
  await page.goto(baseUrl + '/');
  await waitForShell(page);
  await submitLogin(page, email, password);
  // The dialog closes once the session is stored (an admin lands on /, where the login started).
  await finishLogin(page, email);
  await page.waitForURL(baseUrl + landing);
}

/**
 * Stores a session where the SPA keeps it (local storage, AUTH_STORAGE_KEY) before the first page
 * the context opens runs, so that page starts signed in. Only once: a later page of the context
 * finds what the app left there (after a logout, no session).
 */
export async function storeSession(page: Page, session: Session): Promise<void> {
  await page.context().addInitScript(
    ([key, value]) => {
      const stored = 'cym-test-session-stored';
      if (localStorage.getItem(stored)) return;
      localStorage.setItem(stored, '1');
      localStorage.setItem(key, value);
    },
    [AUTH_STORAGE_KEY, JSON.stringify(session)],
  );
}

/** Nothing wider than the phone's screen: the page does not scroll sideways. */
export async function expectNoSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
}

/** Polls until `read` answers `expected` (the server's change lands after the click's request). */
export async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  let last = await read();
  while (last !== expected && Date.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  expect(last).toBe(expected);
}
