// 'Cerca de' at 100,000 workers: seeds a throw-away database (cym_distance_bench, on the PostgreSQL
// server of BENCH_DATABASE_URL, default the local one at 127.0.0.1:5432) with the demo seeder, then
// prints EXPLAIN (ANALYZE, BUFFERS) of the worker directory's first page near Comuna 1 (Buenos
// Aires capital) at 10 and 50 km — the server's own SQL (workersPageSql, nearSql) — and the median
// of 20 runs of each. Drops its database at the end.
import { createRequire } from 'node:module';
import { ROOT } from '../scripts/lib.mjs';
import { dropDatabase, prepareDirectoryDatabase } from './directory.mjs';

const require = createRequire(import.meta.url);
const DATABASE = 'cym_distance_bench';
const WORKERS = Number(process.env.BENCH_WORKERS ?? 100_000);

// Reads the built server (`npm run build` first): the same SQL the directory sends.
const { workersPageSql, listedWorkersWhere, limitOffsetSql, countLimitSql, nearSql } = require(
  `${ROOT}/server/dist/server/src/modules/browse/browse.repository.js`,
);
const { nearMunicipalities } = require(`${ROOT}/server/dist/server/src/modules/browse/filters.js`);
const { Client } = require('pg');

const started = Date.now();
const database = await prepareDirectoryDatabase(DATABASE, { workers: WORKERS, employers: WORKERS / 10 });
console.log(`${database.summary.visibleWorkers} listed workers of ${WORKERS}, seeded in ${Date.now() - started} ms`);
const client = new Client({ connectionString: database.url });
await client.connect();
try {
  const rows = (await client.query(`SELECT id, lat, lon FROM municipalities`)).rows;
  const catalog = { centroids: new Map(rows.map((r) => [r.id, { lat: r.lat, lon: r.lon }])) };
  const [centre] = (
    await client.query(`SELECT m.id FROM municipalities m JOIN provinces p ON p.id = m.province_id
                         WHERE p.id = 2 AND m.name = 'Comuna 1'`)
  ).rows;
  for (const radiusKm of [10, 50]) {
    const near = { municipality: centre.id, radiusKm, within: nearMunicipalities(catalog, centre.id, radiusKm) };
    const params = [];
    const { condition, rank } = nearSql(near, params, 's');
    const paging = limitOffsetSql(params, 50, 0);
    // The first page's count stops at 1,001 (DIRECTORY_COUNT_BOUND + 1), as the directory's.
    const sql = workersPageSql(listedWorkersWhere([condition]), paging, countLimitSql(params, 1001), rank);
    const [{ total }] = (await client.query(sql, params)).rows;
    const workers = total > 1000 ? 'more than 1,000' : String(total);
    console.log(`\n## near Comuna 1, ${radiusKm} km: ${near.within.length} municipalities, ${workers} workers`);
    const plan = (await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).rows;
    console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
    const times = [];
    for (let i = 0; i < 20; i += 1) {
      const t0 = process.hrtime.bigint();
      await client.query(sql, params);
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    times.sort((a, b) => a - b);
    console.log(
      `median of 20 runs: ${times[10].toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[19].toFixed(1)})`,
    );
  }
} finally {
  await client.end();
  await dropDatabase(DATABASE);
}
