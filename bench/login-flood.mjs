// A login flood must not starve other requests. bcrypt and zlib share libuv's thread pool; without
// a bound, 40 logins at once held every thread and an uncached gzip page waited 8–10 s behind them.
// This starts the built server on the demo data (BCRYPT_COST=12, DIRECTORY_CACHE_SECONDS=0 so every
// probe reads the database and compresses), then probes GET /api/workers/?page=1 with
// `Accept-Encoding: gzip` 5 times a second for 10 s:
//   - alone;
//   - while 40 clients log in back to back (40 logins always in flight) and, when refused
//     (429 BUSY), ask again at once (a script);
//   - the same with clients that wait the Retry-After they were given (a polite client);
// once with the default password-hashing bound and once "unbounded"
// (PASSWORD_HASH_CONCURRENCY=1000), and prints p50/p99/max of the probe and what the logins got.
// The probe is open-loop (one request every 200 ms whether or not the last one answered), so a
// stall shows in every request it delays. Each flood client has its own X-Forwarded-For address
// (TRUST_PROXY=1) and logs in to a demo account with its right password: the login limits count
// failures only, so they stay out of the way without a bench-only setting.
// Runs on the local PostgreSQL (BENCH_DATABASE_URL) when one answers and on the embedded
// database otherwise; BENCH_DATABASE=embedded forces the embedded one, =both runs both.
// BENCH_SECONDS changes the length of each phase. Loopback only; stops by itself (~2 min a database).
import http from 'node:http';
import { freshPostgres, startBenchServer } from './server.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'cym_bench_login_flood';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FLOOD = 40;
const PROBE_EVERY_MS = 200;
const PROBE_PATH = '/api/workers/?page=1';
const ACCOUNTS = [
  'admin@demo.casaymanos.ar',
  'trabajadora@demo.casaymanos.ar',
  'empleador@demo.casaymanos.ar',
  'empleador.sin.membresia@demo.casaymanos.ar',
];
const PASSWORD = 'demo1234';

/** One request over a keep-alive agent: status, Retry-After and milliseconds to the last byte. */
function send(agent, base, { method = 'GET', path, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(new URL(path, base), { method, agent, headers }, (response) => {
      const retryAfter = Number(response.headers['retry-after'] ?? 0);
      response.on('data', () => {});
      response.on('end', () => resolve({ status: response.statusCode, retryAfter, ms: performance.now() - started }));
      response.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    });
    request.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    request.end(body);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function summary(samples) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    count: ms.length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? NaN,
    failed: samples.filter((s) => s.status !== 200).length,
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const PROBE_HEADERS = { 'accept-encoding': 'gzip' };

/** Open-loop probe: one request every PROBE_EVERY_MS for `seconds`, then waits for the last. */
async function probe(base, seconds) {
  const agent = new http.Agent({ keepAlive: true });
  const pending = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    pending.push(send(agent, base, { path: PROBE_PATH, headers: PROBE_HEADERS }));
    await sleep(PROBE_EVERY_MS);
  }
  const samples = await Promise.all(pending);
  agent.destroy();
  return summary(samples);
}

/**
 * FLOOD clients logging in back to back until the returned stop() is called; stop() answers
 * what they got. `honorRetryAfter`: a refused client waits the Retry-After it was given (a
 * polite client) instead of asking again at once (a script).
 */
function flood(base, { honorRetryAfter }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: FLOOD });
  let running = true;
  let wake;
  const stopped = new Promise((resolve) => (wake = resolve));
  const results = [];
  const clients = Array.from({ length: FLOOD }, async (_, i) => {
    const body = JSON.stringify({ username: ACCOUNTS[i % ACCOUNTS.length], password: PASSWORD });
    const headers = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-forwarded-for': `10.77.0.${i + 1}`,
    };
    while (running) {
      const result = await send(agent, base, { method: 'POST', path: '/api/token/', headers, body });
      results.push(result);
      if (honorRetryAfter && result.status === 429) await Promise.race([sleep(result.retryAfter * 1000), stopped]);
    }
  });
  const started = Date.now();
  return async () => {
    running = false;
    wake();
    await Promise.all(clients);
    agent.destroy();
    const seconds = (Date.now() - started) / 1000;
    const byStatus = {};
    for (const { status } of results) byStatus[status] = (byStatus[status] ?? 0) + 1;
    const ok = summary(results.filter((r) => r.status === 200));
    return { byStatus, okPerSecond: ok.count / seconds, okP50: ok.p50, okP99: ok.p99 };
  };
}

const fmt = (ms) => (Number.isNaN(ms) ? '—' : `${Math.round(ms)}`);

function row(database, hashing, phase, p, logins) {
  const loginText = logins
    ? `${logins.okPerSecond.toFixed(1)}/s ok, p50 ${fmt(logins.okP50)} p99 ${fmt(logins.okP99)} ms, ${JSON.stringify(logins.byStatus)}`
    : '';
  console.log(
    `${database.padEnd(10)} ${hashing.padEnd(17)} ${phase.padEnd(27)} ${String(p.count).padStart(3)} ${fmt(p.p50).padStart(6)} ${fmt(p.p99).padStart(6)} ${fmt(p.max).padStart(6)} ${String(p.failed).padStart(4)}  ${loginText}`,
  );
  if (p.failed > 0) process.exitCode = 1;
}

async function measure(database, hashing, env, floods) {
  const server = await startBenchServer(
    {
      SEED_DEMO: 'true',
      BCRYPT_COST: '12',
      DIRECTORY_CACHE_SECONDS: '0',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'error',
      ...env,
    },
    { timeoutMs: 120_000 },
  );
  try {
    // Warm up: JIT, the pool, the page's first read.
    for (let i = 0; i < 10; i += 1) await send(undefined, server.url, { path: PROBE_PATH, headers: PROBE_HEADERS });
    row(database, hashing, 'alone', await probe(server.url, SECONDS));
    for (const { phase, honorRetryAfter } of floods) {
      const stop = flood(server.url, { honorRetryAfter });
      await sleep(1000); // the flood is in full swing
      const loaded = await probe(server.url, SECONDS);
      row(database, hashing, phase, loaded, await stop());
      await sleep(2000);
    }
  } finally {
    await server.stop();
  }
}

const AT_ONCE = { phase: `${FLOOD} logins, retry at once`, honorRetryAfter: false };
const POLITE = { phase: `${FLOOD} logins, wait Retry-After`, honorRetryAfter: true };

console.log(
  `GET ${PROBE_PATH} (gzip) every ${PROBE_EVERY_MS} ms for ${SECONDS} s, alone and during ${FLOOD} concurrent logins (bcrypt cost 12); ms`,
);
console.log(
  'database   password hashing  phase                         n    p50    p99    max fail  logins (answers by status)',
);
const which = process.env.BENCH_DATABASE ?? 'postgres';
const runs = [];
if (which !== 'embedded') {
  const postgres = await freshPostgres(DATABASE);
  if (postgres) runs.push(['PostgreSQL', { DATABASE_URL: postgres }]);
  else console.log(`No PostgreSQL at ${ADMIN_URL}: running on the embedded database.`);
}
if (which === 'embedded' || which === 'both' || runs.length === 0) runs.push(['embedded', {}]);
for (const [database, env] of runs) {
  await measure(database, 'bounded (default)', env, [AT_ONCE, POLITE]);
  await measure(database, 'unbounded', { ...env, PASSWORD_HASH_CONCURRENCY: '1000', PASSWORD_HASH_QUEUE: '10000' }, [
    AT_ONCE,
  ]);
}
