import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = join(__dirname, '../../test-results/screenshots');
export const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } } as const;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless; never a downloaded browser. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
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
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

/** Waits out the one-second preloader so screenshots and clicks see the page. */
export async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('preloader').waitFor({ state: 'detached', timeout: 5000 });
}

/**
 * Logs in through the navbar's Ingresar dialog, as a person would, and waits for the page the app
 * sends that account to (`/user-account` for workers and employers, `/` for admins).
 */
export async function logIn(page: Page, baseUrl: string, email: string, password: string, landing: string) {
  await page.goto(baseUrl + '/');
  await waitForShell(page);
  const toggle = page.getByRole('button', { name: 'Abrir menú' });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('button', { name: 'Ingresar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ingresar' });
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByRole('button', { name: 'Ingresar' }).click();
  // The dialog closes once the session is stored (an admin lands on /, where the login started).
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForURL(baseUrl + landing);
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

/**
 * A fresh context at `viewport`, logged in through the navbar as a test account (password
 * clave1234); the context joins `contexts` for the suite to close, and page errors go to `errors`.
 */
export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  email: string,
  landing: string,
  options: { viewport: { width: number; height: number }; contexts: BrowserContext[]; errors: string[] },
): Promise<Page> {
  const context = await browser.newContext({ viewport: options.viewport, locale: 'es-AR', acceptDownloads: true });
  options.contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => options.errors.push(error.stack ?? error.message));
  await logIn(page, baseUrl, email, 'clave1234', landing);
  return page;
}
