// The public directories under load (issue 5): 10,000 workers and 1,000 offers in a throw-away
// database on the PostgreSQL server of BENCH_DATABASE_URL (default: the local one at
// 127.0.0.1:5432), the real server twice (with its directory cache, and with it turned off so
// every request reads the database), and autocannon on loopback. Beside each target, a bare
// Fastify server answers the same bytes from memory: the ceiling. Also counts the SQL queries a
// request costs. Drops its database and stops by itself.
import Fastify from 'fastify';
import { request } from 'node:http';
import { buildWhatIsMissing } from '../scripts/lib.mjs';
import { admin, DIRECTORY_PATHS, dropDatabase, measure, prepareDirectoryDatabase } from './directory.mjs';
import { FIRST_SCREEN_HEADER, firstScreen, launchChromium } from './first-screen.mjs';
import { startBenchServer } from './server.mjs';

const DATABASE = 'cym_bench';

/** The raw answer (compressed bytes as sent), which fetch would decode. */
function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** Transactions the server ran on the bench database (each pooled query outside one is one). */
async function transactions() {
  // An idle backend reports its counts within 10 s (PostgreSQL 15's idle interval).
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const [row] = await admin(`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1`, [
    DATABASE,
  ]);
  return Number(row.n);
}

/** SQL queries per request, from 40 requests one after the other (the servers run no jobs). */
async function queriesPerRequest(url) {
  const before = await transactions();
  for (let i = 0; i < 40; i += 1) await rawGet(url);
  return ((await transactions()) - before) / 40;
}

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
    return await measure(`http://127.0.0.1:${bare.server.address().port}${path}`, headers);
  } finally {
    await bare.close();
  }
}

const pad = (value, width) => String(value).padStart(width);

await buildWhatIsMissing();
const database = await prepareDirectoryDatabase(DATABASE);
// No background jobs in the measured servers: their polling would count as the requests' queries.
const quiet = { SEED_DEMO: 'false', DATABASE_URL: database.url, JOBS_WORK: 'false' };
const cached = await startBenchServer(quiet);
const uncached = await startBenchServer({ ...quiet, DIRECTORY_CACHE_SECONDS: '0' });
try {
  const s = database.summary;
  console.log(`seeded ${s.workers} workers (${s.visibleWorkers} visible), ${s.jobOffers} offers in ${database.ms} ms`);
  const { filtered, unfiltered, offers } = DIRECTORY_PATHS;
  const [{ id }] = (await (await fetch(`${cached.url}/api/workers/?page=1&page_size=1`)).json()).results;
  const profile = `/api/worker-profile/${id}/get-info/`;
  const br = { 'accept-encoding': 'br' };
  const targets = [
    ['filtered first page (target)', cached, filtered],
    ['filtered first page, brotli', cached, filtered, br],
    ['filtered first page, no cache', uncached, filtered],
    ['unfiltered first page', cached, unfiltered],
    ['unfiltered first page, no cache', uncached, unfiltered],
    ['first page of offers, no cache', uncached, offers],
    ['a public worker profile', uncached, profile],
    ['the full spec array, brotli', cached, '/api/workers/', br],
  ];

  console.log('\nendpoint                           queries   req/s    p50    p99     bytes   ceiling req/s   ratio');
  for (const [label, server, path, headers = {}] of targets) {
    const answer = await rawGet(server.url + path, headers);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    const queries = server === uncached ? (await queriesPerRequest(server.url + path)).toFixed(1) : '—';
    const real = await measure(server.url + path, headers);
    const bare = await ceiling(path, answer, headers);
    console.log(
      `${label.padEnd(34)} ${pad(queries, 7)} ${pad(real.rps, 7)} ${pad(real.p50, 6)} ${pad(real.p99, 6)} ${pad(answer.body.length, 9)} ${pad(bare.rps, 15)} ${pad((real.rps / bare.rps).toFixed(2), 7)}${real.errors ? `  (${real.errors} errors)` : ''}`,
    );
  }
  console.log('\nqueries: SQL statements per request, counted on the server without the cache (— : not counted)');

  // The search pages ask for one page of 50, so what a phone downloads does not grow with the directory.
  const browser = await launchChromium();
  console.log(`\nfirst screen at 390 px with ${s.visibleWorkers} visible workers\n${FIRST_SCREEN_HEADER}`);
  for (const path of ['/workers', '/job-offers']) console.log(await firstScreen(browser, cached.url + path, path));
  await browser.close();
} finally {
  await cached.stop();
  await uncached.stop();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await dropDatabase(DATABASE);
}
