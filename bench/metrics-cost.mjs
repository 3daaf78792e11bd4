// What the operators' metrics cost (`npm run bench:metrics`): the built server on a throw-away
// embedded database, started alternately without and with METRICS_TOKEN (BENCH_RUNS times each,
// default 2), each time autocannon on loopback against a directory page answered from its cache
// (the cheapest answer there is, so the request timer weighs most) and /api/health (one statement
// through the pool: the statement timer too). Ends with the size and time of one scrape, and the
// instrumentation's own cost per request and per statement timed in a loop (which a busy machine
// disturbs less than a load test). Stops by itself.
import autocannon from 'autocannon';
import { createRequire } from 'node:module';
import { startBenchServer } from './server.mjs';

const require = createRequire(import.meta.url);

const TOKEN = 'bench-metrics-token-0123456789abcdef0123';
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = 50;
const TARGETS = [
  ['/api/workers/?page=1&page_size=20', 'directory page, cached'],
  ['/api/health', 'health (one statement)'],
];

async function load(url, seconds) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'accept-encoding': 'br' },
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function scrape(url) {
  const started = performance.now();
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  const body = await res.text();
  return { status: res.status, ms: performance.now() - started, bytes: Buffer.byteLength(body), body };
}

const rows = [];
for (let run = 1; run <= RUNS; run += 1) {
  for (const metrics of [false, true]) {
    const server = await startBenchServer(
      metrics ? { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'silent' } : { LOG_LEVEL: 'silent' },
    );
    try {
      for (const [path, label] of TARGETS) {
        await load(server.url + path, WARM_UP_SECONDS);
        const result = await load(server.url + path, SECONDS);
        rows.push({ run, metrics, label, ...result });
        console.log(
          `run ${run} metrics ${metrics ? 'on ' : 'off'} ${label.padEnd(24)} ${String(result.rps).padStart(6)} req/s  p50 ${result.p50} ms  p99 ${result.p99} ms${result.errors ? `  ! ${result.errors} errors` : ''}`,
        );
      }
      if (metrics) {
        await scrape(server.url);
        const page = await scrape(server.url);
        const series = page.body.split('\n').filter((line) => line && !line.startsWith('#')).length;
        console.log(`  scrape: ${page.status}, ${page.bytes} bytes, ${series} samples, ${page.ms.toFixed(1)} ms`);
      }
    } finally {
      await server.stop();
    }
  }
}

console.log('\ntarget                     metrics  req/s (runs)        p50 ms   p99 ms');
for (const [, label] of TARGETS)
  for (const metrics of [false, true]) {
    const mine = rows.filter((row) => row.label === label && row.metrics === metrics);
    console.log(
      `${label.padEnd(26)} ${(metrics ? 'on' : 'off').padEnd(8)} ${mine
        .map((row) => row.rps)
        .join(' / ')
        .padEnd(19)} ${mine
        .map((row) => row.p50)
        .join(' / ')
        .padEnd(8)} ${mine.map((row) => row.p99).join(' / ')}`,
    );
  }

/** Nanoseconds per call of `work` (its answer `awaited` or not), the best of 5 rounds of `n` calls. */
async function perCall(n, work, awaited = false) {
  const rounds = [];
  for (let round = 0; round < 5; round += 1) {
    const started = process.hrtime.bigint();
    if (awaited) for (let i = 0; i < n; i += 1) await work();
    else for (let i = 0; i < n; i += 1) work();
    rounds.push(Number(process.hrtime.bigint() - started) / n);
  }
  return Math.min(...rounds);
}

// The server's own built code (startBenchServer built it).
const { Metrics } = require('../server/dist/server/src/common/metrics/metrics.js');
const { routeLabel } = require('../server/dist/server/src/common/metrics/metrics.routes.js');
const { timedQuery } = require('../server/dist/server/src/database/query-timing.js');
const metrics = new Metrics(false);
const request = { method: 'GET', routeOptions: { url: '/api/workers', config: {} } };
const observe = await perCall(1_000_000, () =>
  metrics.httpDuration.observe({ method: request.method, route: routeLabel(request), status: '200' }, 0.003),
);
const statement = () => Promise.resolve({ rows: [] });
const timed = timedQuery(statement, (seconds) => metrics.queryDuration.observe(seconds));
const bare = await perCall(200_000, statement, true);
const wrapped = await perCall(200_000, timed, true);
console.log(
  `\none request's observation: ${observe.toFixed(0)} ns; the timer around one statement: ${(wrapped - bare).toFixed(0)} ns`,
);
