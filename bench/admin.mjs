// The back office under load: the admin lists (first page of 50, with and without a search), the
// payments list and the stats, with autocannon over loopback at 10 connections for 5 s each, on
// the demo data (300 workers, 40 employers), first on the embedded database, then on the local
// PostgreSQL (BENCH_DATABASE_URL) when one answers. Admin screens have few users at once; what
// matters is that a page answers fast whatever the size of the marketplace. Stops by itself.
import autocannon from 'autocannon';
import { freshPostgres, startBenchServer } from './server.mjs';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'cym_bench_admin';

const TARGETS = [
  ['/api/admin/worker-profiles/get-all/?page=1&page_size=50', 'workers, page 1 of 50'],
  ['/api/admin/worker-profiles/get-all/?search=mar&page=1&page_size=50', "workers, search 'mar'"],
  ['/api/admin/worker-profiles/get-all/', 'workers, whole list'],
  ['/api/admin/parent-profiles/get-all/?page=1&page_size=50', 'employers + membership'],
  ['/api/admin/job-offers/get-all/?page=1&page_size=50', 'offers, page 1'],
  ['/api/admin/payments/get-all/?page=1&page_size=50', 'payments, page 1'],
  ['/api/admin/stats/get-all/', 'stats (counts + 30 days)'],
];

async function measure(label, env) {
  const server = await startBenchServer({ SEED_DEMO: 'true', ...env });
  try {
    const login = await fetch(`${server.url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.casaymanos.ar', password: 'demo1234' }),
    }).then((r) => r.json());
    const headers = { authorization: `Bearer ${login.access}`, 'accept-encoding': 'br' };
    console.log(`\n${label}\nendpoint                          req/s    p50 ms  p99 ms  bytes`);
    for (const [path, name] of TARGETS) {
      const size = await fetch(server.url + path, { headers }).then(async (r) => (await r.arrayBuffer()).byteLength);
      const result = await autocannon({ url: server.url + path, connections: 10, duration: 5, headers });
      console.log(
        `${name.padEnd(31)} ${String(Math.round(result.requests.average)).padStart(7)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(7)}  ${size}`,
      );
      if (result.non2xx > 0 || result.errors > 0) {
        console.log(`  ! ${result.non2xx} non-2xx, ${result.errors} errors`);
        process.exitCode = 1;
      }
    }
  } finally {
    await server.stop();
  }
}

await measure('embedded database (PGlite)', { LOG_LEVEL: 'warn' });
const postgres = await freshPostgres(DATABASE);
if (postgres) await measure('PostgreSQL', { LOG_LEVEL: 'warn', DATABASE_URL: postgres });
else console.log(`\nNo PostgreSQL at ${ADMIN_URL}: that run was skipped.`);
