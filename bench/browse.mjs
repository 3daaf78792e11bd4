// The public directories under load (issues 5 and 19): 1,000, 10,000 and 100,000 workers (a tenth
// as many employers; BENCH_SIZES) in a throw-away database on the PostgreSQL server of
// BENCH_DATABASE_URL (default: the local one at 127.0.0.1:5432), the real server with its
// directory cache turned off so every request reads the database (and, at 10,000, also with
// it), and autocannon on loopback. Beside each target, a bare Fastify server answers the same
// bytes from memory: the ceiling. Also counts the SQL queries a request costs, and ends with how
// the database-reading paths grow with the directory. Drops its database and stops by itself.
import Fastify from 'fastify';
import { buildWhatIsMissing } from '../scripts/lib.mjs';
import {
  DIRECTORY_PATHS,
  dropDatabase,
  measure,
  prepareDirectoryDatabase,
  queriesPerRequest,
  rawGet,
} from './directory.mjs';
import { FIRST_SCREEN_HEADER, firstScreen, launchChromium } from './first-screen.mjs';
import { startBenchServer } from './server.mjs';

const DATABASE = 'cym_bench';
const WARM_UP_SECONDS = 3;

/** The same bytes and headers from memory, measured the same way. */
async function ceiling(path, answer, headers) {
  const bare = Fastify();
  bare.get('/*', (_req, reply) => {
    void reply.header('content-type', answer.headers['content-type']);
    if (answer.headers['content-encoding']) void reply.header('content-encoding', answer.headers['content-encoding']);
    return reply.send(answer.body);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const url = `http://127.0.0.1:${bare.server.address().port}${path}`;
    await measure(url, headers, WARM_UP_SECONDS);
    return await measure(url, headers);
  } finally {
    await bare.close();
  }
}

const pad = (value, width) => String(value).padStart(width);
const HEADER = 'endpoint                           queries   req/s    p50    p99     bytes   ceiling req/s   ratio';

/** One row of the table: the real server under load beside the ceiling answering its bytes. */
async function measureRow(label, server, path, headers, countQueries) {
  const answer = await rawGet(server.url + path, headers);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  const queries = countQueries ? (await queriesPerRequest(server.url + path, DATABASE)).toFixed(1) : '—';
  const real = await measure(server.url + path, headers);
  const bare = await ceiling(path, answer, headers);
  const ratio = real.rps / bare.rps;
  console.log(
    `${label.padEnd(34)} ${pad(queries, 7)} ${pad(real.rps, 7)} ${pad(real.p50, 6)} ${pad(real.p99, 6)} ${pad(answer.body.length, 9)} ${pad(bare.rps, 15)} ${pad(ratio.toFixed(2), 7)}${real.errors ? `  (${real.errors} errors)` : ''}`,
  );
  return { ...real, ratio };
}

/**
 * The directory sizes measured, smallest first (BENCH_SIZES, comma-separated worker counts; each
 * seeds a tenth as many employers). The full table (cached answers, brotli, the first screen)
 * is printed for 10,000 workers (or the first size when 10,000 is not asked); the others measure
 * the paths that read the database.
 */
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const MAIN_SIZE = SIZES.includes(10_000) ? 10_000 : SIZES[0];

await buildWhatIsMissing();
const curve = [];
for (const size of SIZES) {
  const database = await prepareDirectoryDatabase(DATABASE, { workers: size, employers: Math.max(100, size / 10) });
  // No background jobs in the measured servers: their polling would count as the requests' queries.
  const quiet = { SEED_DEMO: 'false', DATABASE_URL: database.url, JOBS_WORK: 'false' };
  const full = size === MAIN_SIZE;
  const cached = full ? await startBenchServer(quiet) : null;
  const uncached = await startBenchServer({ ...quiet, DIRECTORY_CACHE_SECONDS: '0' });
  try {
    const s = database.summary;
    console.log(
      `\n## ${s.workers} workers (${s.visibleWorkers} visible), ${s.jobOffers} offers, seeded in ${database.ms} ms`,
    );
    const { filtered, unfiltered, offers } = DIRECTORY_PATHS;
    const [{ id }] = (await (await fetch(`${uncached.url}/api/workers/?page=1&page_size=1`)).json()).results;
    const profile = `/api/worker-profile/${id}/get-info/`;
    const br = { 'accept-encoding': 'br' };
    const targets = [
      ['filtered first page, no cache', uncached, filtered],
      ['unfiltered first page, no cache', uncached, unfiltered],
      ['first page of offers, no cache', uncached, offers],
      ['a public worker profile, no cache', uncached, profile],
      ...(full
        ? [
            ['filtered first page, cached', cached, filtered],
            ['filtered first page, brotli', cached, filtered, br],
            ['unfiltered first page, cached', cached, unfiltered],
            ['a public worker profile, cached', cached, profile],
            ['the full spec array, brotli', cached, '/api/workers/', br],
            // The page itself, rendered on the server: React and the API calls it makes.
            ['the /workers page (HTML), no cache', uncached, '/workers'],
            ['the /workers page (HTML), cached', cached, '/workers'],
            ['the /workers page (HTML), brotli', cached, '/workers', br],
          ]
        : []),
    ];
    // Each server runs its paths for a few seconds first: the first seconds after a start pay for
    // the JIT, the connections' first prepared-statement plans and cold caches.
    for (const [, server, path, headers = {}] of targets) await measure(server.url + path, headers, WARM_UP_SECONDS);
    console.log(HEADER);
    const row = { size: s.workers };
    for (const [label, server, path, headers = {}] of targets) {
      const measured = await measureRow(label, server, path, headers, server === uncached);
      if (path === filtered && server === uncached) row.filtered = measured;
      if (path === unfiltered && server === uncached) row.unfiltered = measured;
      if (path === offers) row.offers = measured;
    }
    curve.push(row);
    console.log('queries: SQL statements per request, counted on the server without the cache (— : not counted)');

    if (full) {
      // The search pages ask for one page of 50, so what a phone downloads does not grow with the directory.
      const browser = await launchChromium();
      console.log(`\nfirst screen at 390 px with ${s.visibleWorkers} visible workers\n${FIRST_SCREEN_HEADER}`);
      for (const path of ['/workers', '/job-offers']) console.log(await firstScreen(browser, cached.url + path, path));
      await browser.close();
    }
  } finally {
    await cached?.stop();
    await uncached.stop();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await dropDatabase(DATABASE);
  }
}

// How the database-reading paths grow with the directory (cache off, 50 connections).
console.log(
  '\nworkers    filtered p50/p99 (ratio)   unfiltered p50/p99 (ratio)   offers p50/p99 (ratio)   filtered p50 vs 10,000',
);
const base = curve.find((r) => r.size === 10_000)?.filtered.p50;
for (const r of curve) {
  const cell = (m) => `${pad(m.p50, 5)} / ${pad(m.p99, 5)} (${m.ratio.toFixed(2)})`.padEnd(27);
  const growth = base ? `${(r.filtered.p50 / base).toFixed(2)}×` : '—';
  console.log(`${pad(r.size, 7)}    ${cell(r.filtered)}${cell(r.unfiltered)}  ${cell(r.offers)} ${growth}`);
}
