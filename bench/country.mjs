// A million workers (a whole country's directory) beside 10,000, in one run: seeds 10,000 workers
// and 1,000 employers with the demo seeder in a throw-away database (cym_country_bench, on the
// PostgreSQL server of BENCH_DATABASE_URL, default the local one at 127.0.0.1:5432), copies it
// (cym_country_bench_large) and multiplies every worker's and employer's rows of the copy in SQL
// (multiplyDirectory) up to BENCH_COUNTRY_WORKERS (default 1,000,000); then measures the
// directories' first pages and a public profile with the cache off on both, in turn; also how
// long the landing pages' grouped count and the sitemap take at each size. Drops its databases at
// the end (BENCH_KEEP=1 keeps them).
import { createRequire } from 'node:module';
import { buildWhatIsMissing } from '../scripts/lib.mjs';
import {
  admin,
  DIRECTORY_PATHS,
  dropDatabase,
  measure,
  prepareDirectoryDatabase,
  queriesPerRequest,
  rawGet,
} from './directory.mjs';
import { startBenchServer } from './server.mjs';

const require = createRequire(import.meta.url);
const { Client } = require('pg');

/** The two databases: the seeded directory, and its copy grown to TARGET. */
const SMALL = 'cym_country_bench';
const LARGE = 'cym_country_bench_large';
/** Rounds of each measurement per size, alternating sizes (BENCH_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const BASE = 10_000;
const TARGET = Number(process.env.BENCH_COUNTRY_WORKERS ?? 1_000_000);
const WARM_UP_SECONDS = 3;

/** The columns of `table` in order (generated ones left out: they cannot be written). */
async function columnsOf(client, table) {
  const { rows } = await client.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/**
 * `INSERT INTO table SELECT …` of `from`'s rows once per copy `k` (1 to copies), every column as
 * it is (`x.column`) but those in `set` (SQL expressions over `x` and `k`). `from` names the rows
 * as `x` and the copy number as `k`.
 */
async function copyRows(client, table, from, set) {
  const columns = await columnsOf(client, table);
  const values = columns.map((c) => set[c] ?? `x.${c}`);
  const result = await client.query(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) SELECT ${values.join(', ')} ${from}`,
  );
  return result.rowCount;
}

/**
 * Multiplies the seeded directory by `factor` in SQL: each worker (user, profile, choices,
 * experience, education, documents, rating) and each employer (user, profile, memberships, offers
 * and their choices) gets `factor - 1` copies with ids shifted by a power of ten, a new e-mail, no
 * phone, the place of another seeded profile (so places keep the seeded spread), the choices of
 * another seeded profile (services, tasks, arrangements, languages, shifts: new combinations, the
 * same frequencies), and a last visit up to 30 days earlier; an offer's copy is published up to
 * 30 days earlier. The search read model is then filled by its own refresh functions, as the
 * triggers and the demo seeder do (the copies are written with triggers off, like a restore).
 * Answers the rows written per table.
 */
async function multiplyDirectory(url, factor) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const written = {};
  try {
    const copies = factor - 1;
    const [{ top }] = (
      await client.query(`SELECT greatest((SELECT max(id) FROM users), (SELECT max(id) FROM worker_profiles),
        (SELECT max(id) FROM parent_profiles), (SELECT max(id) FROM job_offers), (SELECT max(id) FROM memberships),
        (SELECT max(id) FROM experiences), (SELECT max(id) FROM educations),
        (SELECT max(id) FROM verification_documents)) AS top`)
    ).rows;
    const shift = 10 ** Math.ceil(Math.log10(top + 1));
    if (shift * factor > 2 ** 31 - 1) throw new Error(`ids up to ${shift * factor} do not fit an integer`);
    const id = (column) => `x.${column} + k * ${shift}`;
    const series = `CROSS JOIN generate_series(1, ${copies}) AS k`;
    // Minutes to go back, different per row and copy (up to 30 days).
    const earlier = (column) => `x.${column} - make_interval(mins => ((x.id * 7919 + k * 104729) % 43200)::int)`;

    await client.query('BEGIN');
    // Triggers and foreign-key checks off for the copies (a restore's mode); the read model is refreshed below.
    await client.query(`SET LOCAL session_replication_role = replica`);
    // The seeded profiles numbered 0…n-1: the sources of the copies' places and choices.
    await client.query(`CREATE TEMP TABLE seeded_workers ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS rn, id, province_id, municipality_id FROM worker_profiles`);
    await client.query(`CREATE TEMP TABLE seeded_offers ON COMMIT DROP AS
      SELECT (row_number() OVER (ORDER BY id) - 1)::int AS rn, id, province_id, municipality_id FROM job_offers`);
    const [{ n }] = (await client.query(`SELECT count(*)::int AS n FROM seeded_workers`)).rows;
    const [{ m }] = (await client.query(`SELECT count(*)::int AS m FROM seeded_offers`)).rows;
    await client.query(`CREATE INDEX ON seeded_workers (rn)`);
    await client.query(`CREATE INDEX ON seeded_workers (id)`);
    await client.query(`CREATE INDEX ON seeded_offers (rn)`);
    await client.query(`CREATE INDEX ON seeded_offers (id)`);
    const user = {
      id: id('id'),
      email: `'c' || k || '.' || x.email`,
      phone: 'NULL',
      last_seen: earlier('last_seen'),
    };
    written.users = await copyRows(client, 'users', `FROM users x ${series} WHERE x.profile_type IS NOT NULL`, user);
    // A copy lives where seeded profile (rn + k·7919) mod n lives.
    written.worker_profiles = await copyRows(
      client,
      'worker_profiles',
      `FROM worker_profiles x ${series} JOIN seeded_workers me ON me.id = x.id
        JOIN seeded_workers place ON place.rn = (me.rn + k * 7919) % ${n}`,
      {
        id: id('id'),
        user_id: id('user_id'),
        province_id: 'place.province_id',
        municipality_id: 'place.municipality_id',
      },
    );
    // …and chose what seeded profile (rn + k·104729) mod n chose.
    for (const [table, column] of [
      ['worker_services', 'service_id'],
      ['worker_tasks', 'task_id'],
      ['worker_work_arrangements', 'work_arrangement_id'],
      ['worker_languages', 'language_id'],
      ['worker_shifts', 'shift_id'],
    ]) {
      written[table] = (
        await client.query(`INSERT INTO ${table} (worker_profile_id, ${column})
          SELECT me.id + k * ${shift}, c.${column} FROM seeded_workers me ${series}
            JOIN seeded_workers other ON other.rn = (me.rn + k * 104729) % ${n}
            JOIN ${table} c ON c.worker_profile_id = other.id`)
      ).rowCount;
    }
    for (const table of ['experiences', 'educations']) {
      written[table] = await copyRows(client, table, `FROM ${table} x ${series}`, {
        id: id('id'),
        worker_profile_id: id('worker_profile_id'),
      });
    }
    written.verification_documents = await copyRows(
      client,
      'verification_documents',
      `FROM verification_documents x ${series}`,
      {
        id: id('id'),
        user_id: id('user_id'),
      },
    );
    written.reference_ratings = await copyRows(client, 'reference_ratings', `FROM reference_ratings x ${series}`, {
      user_id: id('user_id'),
    });
    written.parent_profiles = await copyRows(client, 'parent_profiles', `FROM parent_profiles x ${series}`, {
      id: id('id'),
      user_id: id('user_id'),
    });
    written.memberships = await copyRows(client, 'memberships', `FROM memberships x ${series}`, {
      id: id('id'),
      parent_profile_id: id('parent_profile_id'),
      payment_id: 'NULL',
    });
    // The team's offers (no employer) are not copied: a country has as many as a town.
    written.job_offers = await copyRows(
      client,
      'job_offers',
      `FROM job_offers x ${series} JOIN seeded_offers me ON me.id = x.id
        JOIN seeded_offers place ON place.rn = (me.rn + k * 7919) % ${m} WHERE x.parent_profile_id IS NOT NULL`,
      {
        id: id('id'),
        parent_profile_id: id('parent_profile_id'),
        province_id: 'place.province_id',
        municipality_id: 'place.municipality_id',
        created_at: earlier('created_at'),
      },
    );
    for (const table of [
      'job_offer_services',
      'job_offer_tasks',
      'job_offer_work_arrangements',
      'job_offer_languages',
      'job_offer_shifts',
    ]) {
      written[table] = await copyRows(
        client,
        table,
        `FROM ${table} x ${series} JOIN job_offers o ON o.id = x.job_offer_id WHERE o.parent_profile_id IS NOT NULL`,
        { job_offer_id: id('job_offer_id') },
      );
    }
    for (const table of [
      'users',
      'worker_profiles',
      'parent_profiles',
      'job_offers',
      'memberships',
      'experiences',
      'educations',
      'verification_documents',
    ]) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
    // The read model's rows of the copies, by the functions the triggers call (triggers on again:
    // worker_search's own BEFORE INSERT trigger writes 'Solo verificados').
    await client.query(`SET LOCAL session_replication_role = origin`);
    for (let k = 1; k <= copies; k += 10) {
      await client.query(
        `SELECT public.cym_worker_search_refresh(ARRAY(SELECT id FROM worker_profiles WHERE id >= $1 AND id < $2))`,
        [k * shift, (k + 10) * shift],
      );
    }
    await client.query(`SELECT public.cym_offer_search_refresh(ARRAY(SELECT id FROM job_offers WHERE id >= $1))`, [
      shift,
    ]);
    await client.query('COMMIT');
    await client.query('VACUUM ANALYZE');
    const { rows } = await client.query(`SELECT (SELECT count(*) FROM worker_profiles)::int AS workers,
      (SELECT count(*) FROM worker_search)::int AS listed, (SELECT count(*) FROM job_offers)::int AS offers,
      (SELECT count(*) FROM offer_search WHERE visible_until > now())::int AS public_offers`);
    return { written, ...rows[0] };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Milliseconds of `sql` on `url`: the median of 5 runs after one to warm up. */
async function timeSql(url, sql, params = []) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql, params);
    const times = [];
    for (let i = 0; i < 5; i += 1) {
      const t0 = process.hrtime.bigint();
      await client.query(sql, params);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return times.sort((a, b) => a - b)[2];
  } finally {
    await client.end();
  }
}

/** Milliseconds of a GET of `url`, one at a time: the median of 5 after one to warm up. */
async function timeGet(url) {
  await rawGet(url);
  const times = [];
  for (let i = 0; i < 5; i += 1) {
    const t0 = process.hrtime.bigint();
    const answer = await rawGet(url);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return times.sort((a, b) => a - b)[2];
}

/** The landing pages' grouped count (public-pages.repository's LANDING_COUNTS) and the sitemap's count. */
const LANDING_COUNTS = `SELECT ws.service_id, w.province_id, w.municipality_id, count(*)::int AS n, max(w.updated_at) AS lastmod
  FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id
  JOIN worker_services ws ON ws.worker_profile_id = w.id
 WHERE w.province_id IS NOT NULL
 GROUP BY ws.service_id, w.province_id, w.municipality_id`;
const LISTED_COUNT = `SELECT (SELECT count(*) FROM worker_search)::int
     + (SELECT count(*) FROM offer_search WHERE visible_until > $1)::int AS n`;

/** A server on database `url` with its directory cache off (every request reads the database). */
const uncachedServer = (url) =>
  startBenchServer({ SEED_DEMO: 'false', DATABASE_URL: url, JOBS_WORK: 'false', DIRECTORY_CACHE_SECONDS: '0' });

/** The paths measured at each size (`id`: a listed worker's profile). */
const targetsFor = (id) => ({
  'filtered first page': DIRECTORY_PATHS.filtered,
  'unfiltered first page': DIRECTORY_PATHS.unfiltered,
  'first page of offers': DIRECTORY_PATHS.offers,
  'page 20 of the filtered search': DIRECTORY_PATHS.filtered.replace('page=1', 'page=20'),
  'a public worker profile': `/api/worker-profile/${id}/get-info/`,
});

/**
 * Each path on both sizes' servers in turn, ROUNDS times (small, large, small, large), so that
 * load from outside the bench falls on both alike; the row keeps each size's best round (the
 * least disturbed). Then queries per request, and the sitemap and landing counts at each size.
 */
async function measureBoth(sizes) {
  const servers = [];
  try {
    for (const size of sizes) servers.push({ ...size, server: await uncachedServer(size.url) });
    for (const s of servers) {
      const [{ id }] = (await (await fetch(`${s.server.url}/api/workers/?page=1&page_size=1`)).json()).results;
      s.targets = targetsFor(id);
      s.rows = {};
      for (const path of Object.values(s.targets)) await measure(s.server.url + path, {}, WARM_UP_SECONDS);
    }
    for (const label of Object.keys(servers[0].targets)) {
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const s of servers) {
          const m = await measure(s.server.url + s.targets[label]);
          const best = s.rows[label];
          if (!best || m.p50 < best.p50) s.rows[label] = m;
        }
      }
    }
    for (const s of servers) {
      console.log(`\n## ${s.title}`);
      for (const [label, path] of Object.entries(s.targets)) {
        const answer = await rawGet(s.server.url + path);
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
        const body = JSON.parse(answer.body.toString('utf8'));
        const r = Object.assign(s.rows[label], {
          queries: await queriesPerRequest(s.server.url + path, s.name),
          count: body.count,
          exact: body.count_exact,
        });
        console.log(
          `${label.padEnd(32)} ${String(r.rps).padStart(6)} req/s  p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  queries ${r.queries.toFixed(1)}${r.count === undefined ? '' : `  count ${r.count}${r.exact ? '' : '+'}`}${r.errors ? `  (${r.errors} errors)` : ''}`,
        );
      }
      s.rows.sitemap = await timeGet(`${s.server.url}/sitemap.xml`);
      s.rows.landingSql = await timeSql(s.url, LANDING_COUNTS);
      s.rows.listedSql = await timeSql(s.url, LISTED_COUNT, [new Date()]);
      console.log(
        `/sitemap.xml (uncached, one at a time) ${s.rows.sitemap.toFixed(0)} ms; landing counts SQL ${s.rows.landingSql.toFixed(0)} ms; sitemap count SQL ${s.rows.listedSql.toFixed(1)} ms`,
      );
    }
    return servers.map((s) => s.rows);
  } finally {
    for (const s of servers) await s.server.stop();
  }
}

await buildWhatIsMissing();
const load = async () =>
  (await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`load before: ${await load()}`);
const database = await prepareDirectoryDatabase(SMALL, { workers: BASE, employers: BASE / 10 });
const largeUrl = database.url.replace(`/${SMALL}`, `/${LARGE}`);
try {
  const s = database.summary;
  const smallTitle = `${s.workers} workers (${s.visibleWorkers} listed), ${s.jobOffers} offers, seeded in ${database.ms} ms`;
  // The large directory grows from a copy of the small one: the same 10,000 are in both.
  await admin(`DROP DATABASE IF EXISTS ${LARGE} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${LARGE} TEMPLATE ${SMALL}`);
  const started = Date.now();
  const grown = await multiplyDirectory(largeUrl, Math.round(TARGET / BASE));
  const generation = Date.now() - started;
  const largeTitle = `${grown.workers} workers (${grown.listed} listed), ${grown.offers} offers (${grown.public_offers} public), generated in ${generation} ms (with VACUUM ANALYZE)`;
  console.log(`\n${largeTitle}\nrows written: ${JSON.stringify(grown.written)}`);
  const [small, large] = await measureBoth([
    { name: SMALL, url: database.url, title: smallTitle },
    { name: LARGE, url: largeUrl, title: largeTitle },
  ]);

  console.log(`\nload after: ${await load()}`);
  console.log(`\npath (no cache, 50 connections)   ${BASE} p50/p99 (req/s)       ${TARGET} p50/p99 (req/s)    p50 ×`);
  for (const label of Object.keys(small).filter((key) => typeof small[key] === 'object')) {
    const cell = (r) => `${r.p50} / ${r.p99} ms (${r.rps})`.padEnd(26);
    console.log(
      `${label.padEnd(34)} ${cell(small[label])} ${cell(large[label])} ${(large[label].p50 / small[label].p50).toFixed(2)}×`,
    );
  }
} finally {
  if (process.env.BENCH_KEEP !== '1') {
    await dropDatabase(SMALL);
    await dropDatabase(LARGE);
  }
}
