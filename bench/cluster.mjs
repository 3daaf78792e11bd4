// `npm run bench:cluster`: the directory's uncached reads (DIRECTORY_CACHE_SECONDS=0, so every
// request reads PostgreSQL) through one server process and through two. One seeded database
// (bench/directory.mjs, as bench/browse.mjs), two identical processes with REDIS_URL and a key
// prefix of this run's own, and one Debian nginx on loopback (bench/nginx.cjs) with two listeners:
// one in front of the first process only, one round-robin over both. Each of browse.mjs's three
// uncached requests is measured (a) on the first process directly, (c) on it through nginx, (b) on
// both through nginx, with autocannon (50 connections, BENCH_SECONDS), after a short warm-up, in
// BENCH_ROUNDS rounds (default 2, every other one in the opposite order). Beside each figure, the
// cores the server processes, this database's PostgreSQL backends and the whole machine were busy
// (from /proc). Traffic goes to 127.0.0.1 only; drops its database and Redis keys and stops its
// processes by itself. The chat's one-versus-two comparison is bench/chat.mjs
// (`npm run bench:chat`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { buildWhatIsMissing, ROOT } from '../scripts/lib.mjs';
import { admin, DIRECTORY_PATHS, dropDatabase, measure, prepareDirectoryDatabase, SECONDS } from './directory.mjs';
import nginxModule from './nginx.cjs';
import { freePort, startBenchServer } from './server.mjs';

const { NGINX, startNginx } = nginxModule;

const require = createRequire(import.meta.url);
const DATABASE = 'cym_bench_cluster';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REDIS_KEY_PREFIX = `cym-bench-cluster-${process.pid}-${Date.now()}:`;
const WARM_UP_SECONDS = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** Busy and total CPU ticks of the machine, all cores together (/proc/stat). */
function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  return { busy: total - fields[3] - (fields[4] ?? 0), total };
}

/** CPU ticks a process used so far (user + system) and its parent, or null once it is gone. */
function processStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** A process and its children (nginx's workers). */
function withChildren(pid) {
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry) && processStat(entry)?.parent === pid)
    .map(Number);
  return [pid, ...children];
}

/**
 * Ticks per process of each group (name → pids, listed anew at each snapshot), and of the machine.
 * `coresSince(before)`: cores each group kept busy on average in between; a process that started
 * in between counts whole, one that ended is left out.
 */
function cpuSnapshot(groups) {
  const machine = existsSync('/proc/stat') ? machineTicks() : null;
  const used = Object.fromEntries(
    Object.entries(groups).map(([name, pids]) => [
      name,
      new Map(pids.map((pid) => [pid, processStat(pid)?.ticks]).filter(([, ticks]) => ticks !== undefined)),
    ]),
  );
  return {
    machine,
    used,
    coresSince(before) {
      if (!machine || !before.machine) return {};
      const span = machine.total - before.machine.total;
      const share = (ticks) => ((ticks * os.cpus().length) / span).toFixed(2);
      const delta = (name) =>
        [...used[name]].reduce((sum, [pid, ticks]) => sum + ticks - (before.used[name].get(pid) ?? 0), 0);
      return {
        ...Object.fromEntries(Object.keys(used).map((name) => [name, share(delta(name))])),
        machine: share(machine.busy - before.machine.busy),
      };
    },
  };
}

/** PostgreSQL backends connected to the bench database (the servers' pools, once warm). */
async function backendPids() {
  const rows = await admin(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
    DATABASE,
  ]);
  return rows.map((row) => row.pid);
}

/** The upstream addresses that answered `count` requests to `url` (nginx's X-Upstream header). */
async function upstreamsSeen(url, count) {
  const seen = new Set();
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    seen.add(res.headers.get('x-upstream'));
  }
  return seen;
}

async function redisClient() {
  const { createClient } = require(`${ROOT}/node_modules/redis`);
  const client = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** Deletes whatever the servers left under this run's prefix. */
async function dropRedisKeys() {
  const client = await redisClient();
  try {
    for await (const batch of client.scanIterator({ MATCH: `${REDIS_KEY_PREFIX}*`, COUNT: 100 })) {
      const keys = Array.isArray(batch) ? batch : [batch];
      if (keys.length) await client.del(keys);
    }
  } finally {
    await client.quit();
  }
}

const pad = (value, width) => String(value ?? '—').padStart(width);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

try {
  await (await redisClient()).quit();
} catch {
  console.error(`Redis does not answer at ${REDIS_URL} (BENCH_REDIS_URL): the two-process run needs it.`);
  process.exit(1);
}
if (!existsSync(NGINX)) {
  console.error(`nginx not found at ${NGINX} (apt-get install nginx, or set BENCH_NGINX)`);
  process.exit(1);
}
// `nginx -v` prints to stderr.
const nginxVersion = spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr.trim().replace('nginx version: ', '');
await buildWhatIsMissing();
console.log(
  `${new Date().toISOString()}  ${os.cpus().length} cores, Node ${process.version}, ` +
    `${(await admin('SHOW server_version'))[0].server_version.split(' ')[0]} (PostgreSQL), ` +
    nginxVersion,
);
console.log(`load average before: ${load()}`);
const database = await prepareDirectoryDatabase(DATABASE);
const env = {
  SEED_DEMO: 'false',
  DATABASE_URL: database.url,
  MAIL_POLL_MS: '3600000',
  DIRECTORY_CACHE_SECONDS: '0',
  REDIS_URL,
  REDIS_KEY_PREFIX,
  TRUST_PROXY: '1',
};
const started = [];
let nginx;
try {
  const s = database.summary;
  console.log(`seeded ${s.workers} workers (${s.visibleWorkers} visible), ${s.jobOffers} offers in ${database.ms} ms`);
  // One after the other: the first to start is the first to run jobs' maintenance.
  started.push(await startBenchServer(env));
  started.push(await startBenchServer(env));
  const [first, second] = started;
  const port = (server) => Number(new URL(server.url).port);
  nginx = await startNginx([
    { port: await freePort(), upstreams: [port(first)] },
    { port: await freePort(), upstreams: [port(first), port(second)] },
  ]);
  const [oneProxied, twoProxied] = nginx.urls;
  const seen = await upstreamsSeen(`${twoProxied}/api/health`, 4);
  if (seen.size !== 2) throw new Error(`nginx sent every request to ${[...seen].join(', ')}, not to both processes`);

  const configurations = [
    { name: 'one process', url: first.url, servers: [first] },
    { name: 'one process, nginx', url: oneProxied, servers: [first] },
    { name: 'two processes, nginx', url: twoProxied, servers: [first, second] },
  ];
  const requests = [
    ['filtered first page', DIRECTORY_PATHS.filtered],
    ['unfiltered first page', DIRECTORY_PATHS.unfiltered],
    ['first page of offers', DIRECTORY_PATHS.offers],
  ];
  const header =
    'request                 configuration           req/s    p50    p99  errors  servers  nginx  postgres  bench  machine';
  const row = (label, name, r) =>
    `${label.padEnd(23)} ${name.padEnd(20)} ${pad(r.rps, 8)} ${pad(r.p50, 6)} ${pad(r.p99, 6)} ` +
    `${pad(r.errors, 7)} ${pad(r.servers, 8)} ${pad(r.nginx, 6)} ${pad(r.postgres, 9)} ${pad(r.bench, 6)} ${pad(r.machine, 8)}`;
  const results = new Map(requests.flatMap(([label]) => configurations.map(({ name }) => [`${label}|${name}`, []])));
  console.log(
    `\nuncached reads, 50 connections, ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up; ` +
      `cores busy during each run (servers: the processes measured; postgres: this database's backends; ` +
      `bench: autocannon, in this process; machine: everything, other people's work too)`,
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    console.log(`\nround ${round} of ${ROUNDS}\n${header}`);
    // Every other round in the opposite order, so no configuration always runs first or last.
    const order = round % 2 ? configurations : [...configurations].reverse();
    for (const [label, path] of requests)
      for (const configuration of order) {
        const url = configuration.url + path;
        await measure(url, {}, WARM_UP_SECONDS);
        const groups = async () => ({
          servers: configuration.servers.map((server) => server.pid),
          nginx: withChildren(nginx.pid),
          postgres: await backendPids(),
          bench: [process.pid],
        });
        const before = cpuSnapshot(await groups());
        const measured = await measure(url);
        const result = { ...measured, ...cpuSnapshot(await groups()).coresSince(before) };
        results.get(`${label}|${configuration.name}`).push(result);
        console.log(row(label, configuration.name, result));
      }
  }

  const mean = (runs, key) => {
    const values = runs.map((run) => Number(run[key])).filter((value) => Number.isFinite(value));
    return values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;
  };
  const summary = (label, name) => {
    const runs = results.get(`${label}|${name}`);
    const rounded = (key, digits) => mean(runs, key)?.toFixed(digits);
    return {
      rps: Math.round(mean(runs, 'rps')),
      p50: rounded('p50', 0),
      p99: rounded('p99', 0),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
      servers: rounded('servers', 2),
      nginx: rounded('nginx', 2),
      bench: rounded('bench', 2),
      postgres: rounded('postgres', 2),
      machine: rounded('machine', 2),
    };
  };
  console.log(`\nmean of ${ROUNDS} round(s) (errors: the sum)\n${header}`);
  for (const [label] of requests)
    for (const { name } of configurations) console.log(row(label, name, summary(label, name)));

  console.log(
    '\nrequests/s, two processes ÷ one:  behind nginx both   two behind nginx ÷ one direct   nginx ÷ direct (one)',
  );
  for (const [label] of requests) {
    const ratio = (a, b) => (summary(label, a).rps / summary(label, b).rps).toFixed(2);
    console.log(
      `${label.padEnd(34)} ${pad(ratio('two processes, nginx', 'one process, nginx'), 18)} ` +
        `${pad(ratio('two processes, nginx', 'one process'), 32)} ${pad(ratio('one process, nginx', 'one process'), 22)}`,
    );
  }
  console.log(`\nload average after: ${load()}`);
  // Requests autocannon gave up on at the end of the last run are still queued: let them finish.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const proxyErrors = nginx.errors();
  if (proxyErrors) console.log(`nginx's error log:\n${proxyErrors}`);
} finally {
  await nginx?.stop();
  for (const server of started) await server.stop();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await dropDatabase(DATABASE);
  await dropRedisKeys();
}
