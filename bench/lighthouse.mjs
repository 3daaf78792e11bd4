// Lighthouse on the public pages: the built server on a throw-away embedded database with the demo
// data, Debian's Chromium (CHROMIUM_PATH), Lighthouse's mobile defaults (a Moto G Power on slow 4G:
// simulated throttling), each page run RUNS times and its median run reported. Prints performance,
// FCP, LCP, TBT, CLS, accessibility and SEO per page, and each failed SEO or accessibility audit.
// Stops the server and Chromium by itself.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBenchServer } from './server.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Only the pages whose labels are listed (comma-separated), e.g. LIGHTHOUSE_PAGES='/workers,an offer'. */
const ONLY = process.env.LIGHTHOUSE_PAGES ? new Set(process.env.LIGHTHOUSE_PAGES.split(',')) : null;
/** LIGHTHOUSE_DETAIL=1: also the largest paint's element and phases, and the main thread's long tasks. */
const DETAIL = process.env.LIGHTHOUSE_DETAIL === '1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const server = await startBenchServer({ SEED_DEMO: 'true', JOBS_WORK: 'false' }, { timeoutMs: 180_000 });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const [worker] = (await (await fetch(`${server.url}/api/workers/?page=1&page_size=1`)).json()).results;
  const [offer] = (await (await fetch(`${server.url}/api/job-offers/?page=1&page_size=1`)).json()).results;
  const [landing] = await (await fetch(`${server.url}/api/landing-pages/popular/`)).json();
  const pages = [
    ['/', '/'],
    ['/workers', '/workers'],
    ['/job-offers', '/job-offers'],
    ['a worker profile', `/worker-profile/${worker.id}`],
    ['an offer', `/job-offer/${offer.id}`],
    ['a landing page', landing.path],
  ];
  const pad = (value, width) => String(value).padStart(width);
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults, median of ${RUNS} runs`,
  );
  console.log('page                  performance    FCP     LCP    TBT     CLS   accessibility   SEO   best practices');
  const failures = new Set();
  for (const [label, path] of pages) {
    if (ONLY && !ONLY.has(label)) continue;
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const { lhr } = await lighthouse(`${server.url}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      });
      runs.push(lhr);
    }
    runs.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const lhr = runs[Math.floor(runs.length / 2)];
    const score = (name) => Math.round((lhr.categories[name].score ?? 0) * 100);
    const ms = (id) => `${(lhr.audits[id].numericValue / 1000).toFixed(2)} s`;
    console.log(
      `${label.padEnd(20)} ${pad(score('performance'), 12)} ${pad(ms('first-contentful-paint'), 7)} ${pad(ms('largest-contentful-paint'), 7)} ${pad(`${Math.round(lhr.audits['total-blocking-time'].numericValue)} ms`, 6)} ${pad(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3), 7)} ${pad(score('accessibility'), 15)} ${pad(score('seo'), 5)} ${pad(score('best-practices'), 16)}`,
    );
    if (DETAIL) printDetail(lhr);
    for (const category of ['seo', 'accessibility']) {
      for (const ref of lhr.categories[category].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          failures.add(`${category}: ${audit.id} (${label})`);
      }
    }
  }
  if (failures.size) console.log(`\nfailed audits:\n  ${[...failures].join('\n  ')}`);
} finally {
  await chrome.kill();
  await server.stop();
}

/** What the largest paint was and what it waited for; the tasks that made the blocking time. */
function printDetail(lhr) {
  const element = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = element[0]?.items?.[0]?.node;
  if (node) console.log(`  largest paint: ${node.snippet}`);
  for (const phase of element[1]?.items ?? []) console.log(`    ${phase.phase}: ${Math.round(phase.timing)} ms`);
  const work = lhr.audits['mainthread-work-breakdown']?.details?.items ?? [];
  console.log(`  main thread: ${work.map((item) => `${item.groupLabel} ${Math.round(item.duration)} ms`).join(', ')}`);
  for (const script of lhr.audits['bootup-time']?.details?.items ?? [])
    console.log(
      `  script ${script.url.replace(/^https?:\/\/[^/]+/, '')}: ${Math.round(script.scripting)} ms running, ${Math.round(script.scriptParseCompile)} ms compiling`,
    );
  const tasks = lhr.audits['long-tasks']?.details?.items ?? [];
  for (const task of tasks)
    console.log(`  long task at ${Math.round(task.startTime)} ms: ${Math.round(task.duration)} ms (${task.url})`);
  for (const request of lhr.audits['network-requests']?.details?.items ?? [])
    console.log(
      `  ${Math.round(request.networkRequestTime ?? request.startTime)}–${Math.round(request.networkEndTime ?? request.endTime)} ms ${request.transferSize} B ${request.priority ?? ''} ${request.url.replace(/^https?:\/\/[^/]+/, '')}`,
    );
}
