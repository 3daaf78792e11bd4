// The public directories under load (issue 5): 10,000 workers and their offers in a throw-away
// database on the PostgreSQL server of BENCH_DATABASE_URL (default: the local one at
// 127.0.0.1:5432), the real server, and autocannon on loopback. Beside it, a bare Fastify server
// answers the same bytes from memory: the ceiling. Drops its database and stops by itself.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { createRequire } from 'node:module';
import { buildWhatIsMissing, ROOT } from '../scripts/lib.mjs';
import { startBenchServer } from './server.mjs';

const require = createRequire(import.meta.url);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 10_000);
const EMPLOYERS = Number(process.env.BENCH_EMPLOYERS ?? 700);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'cym_bench';

async function admin(sql) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated and seeded database; answers its address. */
async function prepareDatabase() {
  await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${DATABASE}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  require('reflect-metadata');
  const { dataSourceOptions, migrate } = require(`${ROOT}/server/dist/src/database/database.js`);
  await migrate(dataSourceOptions(url.toString(), 1));
  return url.toString();
}

async function seed(databaseUrl) {
  const { DataSource } = require('typeorm');
  const { dataSourceOptions } = require(`${ROOT}/server/dist/src/database/database.js`);
  const { seedDemo } = require(`${ROOT}/server/dist/src/database/seeds/demo-seed.js`);
  const dataSource = new DataSource(dataSourceOptions(databaseUrl, 1));
  await dataSource.initialize();
  const started = Date.now();
  const summary = await seedDemo(dataSource, { workers: WORKERS, employers: EMPLOYERS, seed: 42 });
  await dataSource.destroy();
  return { summary, ms: Date.now() - started };
}

async function measure(url, headers = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

await buildWhatIsMissing();
const databaseUrl = await prepareDatabase();
const { summary, ms } = await seed(databaseUrl);
const server = await startBenchServer({ SEED_DEMO: 'false', DATABASE_URL: databaseUrl });
console.log(`server ready in ${server.startupMs} ms`);
try {
  console.log(
    `seeded ${summary.workers} workers (${summary.visibleWorkers} visible), ${summary.jobOffers} offers in ${ms} ms`,
  );
  const targets = [
    ['filtered first page of workers', '/api/workers/?services=Ni%C3%B1era%2Fo&province=6&page=1&page_size=50'],
    ['unfiltered first page of workers', '/api/workers/?page=1&page_size=50'],
    ['a public worker profile', null],
    ['the full spec array of workers', '/api/workers/'],
  ];
  const [{ id }] = await fetch(`${server.url}/api/workers/?page=1&page_size=1`)
    .then((r) => r.json())
    .then((b) => b.results);
  targets[2][1] = `/api/worker-profile/${id}/get-info/`;

  console.log('\nendpoint                          req/s   p50   p99   bytes   ceiling req/s   ratio');
  for (const [label, path] of targets) {
    const body = Buffer.from(await (await fetch(server.url + path)).arrayBuffer());
    const ceiling = Fastify();
    ceiling.get('/*', (_req, reply) => reply.type('application/json').send(body));
    await ceiling.listen({ port: 0, host: '127.0.0.1' });
    const ceilingUrl = `http://127.0.0.1:${ceiling.server.address().port}${path}`;
    const real = await measure(server.url + path);
    const bare = await measure(ceilingUrl);
    await ceiling.close();
    console.log(
      `${label.padEnd(33)} ${String(real.rps).padStart(6)} ${String(real.p50).padStart(5)} ${String(real.p99).padStart(5)} ${String(body.length).padStart(7)} ${String(bare.rps).padStart(15)} ${(real.rps / bare.rps).toFixed(2).padStart(7)}${real.errors ? `  (${real.errors} errors)` : ''}`,
    );
  }
} finally {
  server.stop();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
}
