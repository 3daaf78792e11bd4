// What the first screen of a page transfers, measured in Debian's Chromium at phone size with the
// cache disabled: compressed bytes on the wire and requests until the network is idle (the API
// calls the page makes included). Shared by page-weight.mjs and browse.mjs.
import { chromium } from 'playwright-core';

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export const FIRST_SCREEN_HEADER =
  'page               requests  transferred (KiB)  of which JS (KiB)  of which API (KiB)';

/** Loads `url` in a fresh 390 × 844 context and answers one printable line. */
export async function firstScreen(browser, url, label) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const types = new Map();
  const totals = { requests: 0, bytes: 0, js: 0, api: 0 };
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, { type: e.type, url: e.response.url }));
  cdp.on('Network.loadingFinished', (e) => {
    const seen = types.get(e.requestId);
    totals.requests += 1;
    totals.bytes += e.encodedDataLength;
    if (seen?.type === 'Script') totals.js += e.encodedDataLength;
    if (seen?.url.includes('/api/')) totals.api += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  const kib = (n) => (n / 1024).toFixed(1);
  return `${label.padEnd(18)} ${String(totals.requests).padStart(8)}  ${kib(totals.bytes).padStart(17)}  ${kib(totals.js).padStart(17)}  ${kib(totals.api).padStart(18)}`;
}
