// Measures what the first screen of each public page transfers (compressed bytes on the wire)
// and how many requests it makes, in Debian's Chromium against a server started here on an
// in-memory embedded database. Run: `npm run bench` (builds first if needed).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildWhatIsMissing, ROOT } from '../scripts/lib.mjs';

const PAGES = ['/', '/contact', '/faqs', '/terms', '/how-it-works', '/no-existe'];
const PORT = 3900 + Math.floor(Math.random() * 90);

await buildWhatIsMissing();
const dataDir = mkdtempSync(join(tmpdir(), 'cym-bench-'));
const server = spawn(process.execPath, ['server/dist/src/main.js'], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'test', JWT_SECRET: 'bench-secret-0123456789-0123456789-0123' },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${PORT}`;
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 120) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
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
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
