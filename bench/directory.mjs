// What the directory benchmarks share (bench/browse.mjs, bench/cluster.mjs): a throw-away database
// seeded by the demo seeder on the PostgreSQL server of BENCH_DATABASE_URL (default: the local one
// at 127.0.0.1:5432), the directory requests they measure, and one autocannon measurement.
import autocannon from 'autocannon';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { ROOT } from '../scripts/lib.mjs';

const require = createRequire(import.meta.url);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 10_000);
const EMPLOYERS = Number(process.env.BENCH_EMPLOYERS ?? WORKERS / 10);
const CONNECTIONS = 50;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The first page of 50 the search pages ask for: filtered, unfiltered, and of offers. */
export const DIRECTORY_PATHS = {
  filtered: '/api/workers/?services=Ni%C3%B1era%2Fo&province=6&page=1&page_size=50',
  unfiltered: '/api/workers/?page=1&page_size=50',
  offers: '/api/job-offers/?page=1&page_size=50',
};

/** One statement on the server's administration database (BENCH_DATABASE_URL). */
export async function admin(sql, params = []) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A fresh database `name`, migrated and seeded with `size` (default BENCH_WORKERS and
 * BENCH_EMPLOYERS) workers and employers (seed 42), vacuumed and with planner statistics as
 * autovacuum would leave them.
 */
export async function prepareDirectoryDatabase(name, size = { workers: WORKERS, employers: EMPLOYERS }) {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  require('reflect-metadata');
  const { DataSource } = require('typeorm');
  const { dataSourceOptions, migrate } = require(`${ROOT}/server/dist/server/src/database/database.js`);
  const { seedDemo } = require(`${ROOT}/seed/dist/demo-seed.js`);
  await migrate(dataSourceOptions(url.toString(), 1));
  const dataSource = new DataSource(dataSourceOptions(url.toString(), 1));
  await dataSource.initialize();
  const started = Date.now();
  const summary = await seedDemo(dataSource, { ...size, seed: 42 });
  await dataSource.query('VACUUM ANALYZE');
  await dataSource.destroy();
  return { url: url.toString(), summary, ms: Date.now() - started };
}

export async function dropDatabase(name) {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** `url` under 50 connections for `seconds`: requests/s, latency percentiles (ms) and failures. */
export async function measure(url, headers = {}, seconds = SECONDS) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** The raw answer (compressed bytes as sent), which fetch would decode. */
export function rawGet(url, headers = {}) {
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

/** Transactions run on database `name` (each pooled query outside one is one). */
async function transactions(name) {
  // An idle backend reports its counts within 10 s (PostgreSQL 15's idle interval).
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const [row] = await admin(`SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = $1`, [name]);
  return Number(row.n);
}

/**
 * SQL queries per request on database `name`, from 40 requests of `url` one after the other (the
 * measured servers run no jobs).
 */
export async function queriesPerRequest(url, name) {
  const before = await transactions(name);
  for (let i = 0; i < 40; i += 1) await rawGet(url);
  return ((await transactions(name)) - before) / 40;
}
