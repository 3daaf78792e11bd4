// Saved searches' matching against many searches: seeds a throw-away database (cym_match_bench, on
// BENCH_DATABASE_URL's server, default the local one at 127.0.0.1:5432) with the demo seeder's
// workers, adds BENCH_SEARCHES saved searches (default 100,000) shaped like real ones — one or two
// services, most with a province, a third with 'Cerca de' (the municipalities of a radius), a few
// with no filter — then runs the server's own matching statement (MATCH_WORKER) for 50 listed
// workers, each in a transaction rolled back (so every run matches afresh): the median, the
// searches told, and EXPLAIN (ANALYZE, BUFFERS) of one. Drops its database at the end.
import { createRequire } from 'node:module';
import { ROOT } from '../scripts/lib.mjs';
import { dropDatabase, prepareDirectoryDatabase } from './directory.mjs';

const require = createRequire(import.meta.url);
const DATABASE = 'cym_match_bench';
const WORKERS = Number(process.env.BENCH_WORKERS ?? 10_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100_000);

// The built server's SQL and codes (`npm run build` first).
const { MATCH_WORKER } = require(`${ROOT}/server/dist/server/src/modules/saved-searches/saved-searches.repository.js`);
const { FILTER_KEY_OFFSETS } = require(`${ROOT}/server/dist/server/src/modules/browse/filters.js`);
const { Client } = require('pg');

const database = await prepareDirectoryDatabase(DATABASE, { workers: WORKERS, employers: WORKERS / 10 });
const client = new Client({ connectionString: database.url });
await client.connect();
try {
  const owners = (await client.query(`SELECT id FROM users WHERE profile_type = 'Parent' ORDER BY id`)).rows;
  const services = (await client.query(`SELECT id FROM services ORDER BY id`)).rows.map((r) => r.id);
  const places = (await client.query(`SELECT id, province_id FROM municipalities ORDER BY id`)).rows;
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  const pick = (list) => list[Math.floor(random() * list.length)];
  const rows = [];
  for (let i = 0; i < SEARCHES; i += 1) {
    const codes = new Set();
    const kind = random();
    if (kind > 0.05) {
      codes.add(FILTER_KEY_OFFSETS.services + pick(services));
      if (random() < 0.3) codes.add(FILTER_KEY_OFFSETS.services + pick(services));
      const place = pick(places);
      if (kind < 0.35) {
        // 'Cerca de': about ten municipalities around one (ids near it, as neighbours usually are).
        for (let d = 0; d < 10; d += 1)
          codes.add(FILTER_KEY_OFFSETS.municipality + places[(places.indexOf(place) + d) % places.length].id);
      } else if (kind < 0.9) codes.add(FILTER_KEY_OFFSETS.province + place.province_id);
    }
    rows.push([pick(owners).id, `Búsqueda ${i}`, [...codes].sort((a, b) => a - b)]);
  }
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    await client.query(
      `INSERT INTO saved_searches (user_id, kind, name, query, codes, email_frequency, created_at)
       SELECT u, 'workers', n, '{}', string_to_array(c, ',')::int[], 'daily', '-infinity'
         FROM unnest($1::int[], $2::text[], $3::text[]) AS t(u, n, c)`,
      [chunk.map((r) => r[0]), chunk.map((r) => r[1]), chunk.map((r) => r[2].join(','))],
    );
  }
  await client.query('ANALYZE saved_searches');
  const workers = (
    await client.query(`SELECT worker_profile_id AS id FROM worker_search ORDER BY worker_profile_id LIMIT 50`)
  ).rows;
  const times = [];
  const told = [];
  for (const { id } of workers) {
    await client.query('BEGIN');
    const t0 = process.hrtime.bigint();
    const answer = await client.query(MATCH_WORKER, [id, new Date()]);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    told.push(answer.rowCount);
    await client.query('ROLLBACK');
  }
  times.sort((a, b) => a - b);
  told.sort((a, b) => a - b);
  console.log(`${SEARCHES} saved searches, ${database.summary.visibleWorkers} listed workers`);
  console.log(
    `matching one worker: median ${times[25].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[49].toFixed(1)}); ` +
      `searches told: median ${told[25]} (min ${told[0]}, max ${told[49]})`,
  );
  await client.query('BEGIN');
  const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${MATCH_WORKER}`, [workers[0].id, new Date()])).rows;
  await client.query('ROLLBACK');
  console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
} finally {
  await client.end();
  await dropDatabase(DATABASE);
}
