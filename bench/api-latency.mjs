// Load on the catalog and shell endpoints with autocannon over loopback: requests/s and
// p50/p99 latency at 50 connections for 5 s each, plus the answer size. Stops by itself.
import autocannon from 'autocannon';
import { startBenchServer } from './server.mjs';

const TARGETS = [
  ['/api/health', 'health (one SELECT 1)'],
  ['/api/services/get-choices/', 'service choices'],
  ['/api/provinces-and-municipalities/', 'provinces and municipalities'],
  ['/api/workers/get-filter-choices/', 'worker filter choices'],
  ['/', 'SPA index.html'],
];

const server = await startBenchServer();
console.log(`server ready in ${server.startupMs} ms (fresh embedded database, migrations, no demo data)`);
try {
  console.log('endpoint                         req/s    p50 ms  p99 ms  bytes (uncompressed)');
  for (const [path, label] of TARGETS) {
    const size = await fetch(server.url + path, { headers: { 'accept-encoding': 'br' } }).then(
      async (r) => (await r.arrayBuffer()).byteLength,
    );
    const result = await autocannon({
      url: server.url + path,
      connections: 50,
      duration: 5,
      headers: { 'accept-encoding': 'br' },
    });
    console.log(
      `${label.padEnd(30)} ${String(Math.round(result.requests.average)).padStart(7)} ${String(result.latency.p50).padStart(8)} ${String(result.latency.p99).padStart(7)}  ${size}`,
    );
    if (result.non2xx > 0 || result.errors > 0) console.log(`  ! ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
} finally {
  await server.stop();
}
