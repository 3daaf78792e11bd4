import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserServer } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const LAUNCH = {
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
};

function checkChromium(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
}

/** Debian's Chromium, headless, as a server the run's suites connect to; never a downloaded browser. */
export async function launchBrowserServer(): Promise<BrowserServer> {
  checkChromium();
  return chromium.launchServer(LAUNCH);
}

/**
 * The run's Chromium (browser-global-setup.ts), or one of the suite's own when nobody launched
 * one (a suite started outside the browser project). Closing the answer closes what this suite
 * opened in it.
 */
export async function connectBrowser(): Promise<Browser> {
  const endpoint = process.env.CYM_BROWSER_ENDPOINT;
  if (endpoint) return chromium.connect(endpoint);
  checkChromium();
  return chromium.launch(LAUNCH);
}
