// Measures what the first screen of each public page transfers (compressed bytes on the wire)
// and how many requests it makes, in Debian's Chromium against a server started here on an
// in-memory embedded database. Run: `npm run bench` (builds first if needed).
import { chromium } from 'playwright-core';
import { startBenchServer } from './server.mjs';

const PAGES = ['/', '/contact', '/faqs', '/terms', '/how-it-works', '/no-existe'];

const server = await startBenchServer();
const base = server.url;
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  console.log('page               requests  transferred (KiB)  of which JS (KiB)');
  for (const path of PAGES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map();
    let bytes = 0;
    let js = 0;
    let requests = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      requests += 1;
      bytes += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') js += e.encodedDataLength;
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    console.log(
      `${path.padEnd(18)} ${String(requests).padStart(8)}  ${(bytes / 1024).toFixed(1).padStart(17)}  ${(js / 1024).toFixed(1).padStart(17)}`,
    );
    await context.close();
  }
  await browser.close();
} finally {
  server.stop();
}
