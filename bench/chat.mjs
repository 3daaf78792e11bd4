// `npm run bench:chat`: 1,000 socket.io clients in 500 conversations on loopback, each pair
// exchanging messages for a fixed time; prints messages/s, delivery latency (send → the partner's
// `message` event) and checks every acknowledged message is in the database. Then the same with
// two server processes joined by Redis (workers on one, employers on the other). Needs the local
// PostgreSQL (BENCH_DATABASE_URL) and, for the second run, Redis (BENCH_REDIS_URL).
import { createRequire } from 'node:module';
import { io } from 'socket.io-client';
import { buildWhatIsMissing, ROOT } from '../scripts/lib.mjs';
import { startBenchServer } from './server.mjs';

const require = createRequire(import.meta.url);
const PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Pause after each acknowledgement: at most ~2.5 messages per second per client (the limit is 5). */
const PAUSE_MS = Number(process.env.BENCH_CHAT_PAUSE_MS ?? 400);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = 'cym_bench_chat';
const JWT_SECRET = 'bench-secret-0123456789-0123456789-0123';

async function sql(url, text, params = []) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A fresh database: PAIRS workers and employers (with memberships), one conversation per pair. */
async function prepareDatabase() {
  await sql(ADMIN_URL, `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await sql(ADMIN_URL, `CREATE DATABASE ${DATABASE}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  require('reflect-metadata');
  const { dataSourceOptions, migrate } = require(`${ROOT}/server/dist/server/src/database/database.js`);
  await migrate(dataSourceOptions(url.toString(), 1));
  await sql(
    url.toString(),
    `INSERT INTO users (email, password_hash, first_name, last_name, profile_type, is_admin, email_verified_at, phone)
     SELECT 'bench' || i || '@example.com', 'x', 'Persona' || i, 'Bench', CASE WHEN i % 2 = 0 THEN 'Worker' ELSE 'Parent' END,
            false, now(), '1155550000'
       FROM generate_series(0, $1 * 2 - 1) AS i;
     INSERT INTO worker_profiles (user_id) SELECT id FROM users WHERE profile_type = 'Worker';
     INSERT INTO parent_profiles (user_id) SELECT id FROM users WHERE profile_type = 'Parent';
     INSERT INTO memberships (parent_profile_id, membership_type_id, status, start_date, end_date)
     SELECT p.id, (SELECT min(id) FROM membership_types), true, now(), now() + interval '30 days' FROM parent_profiles p;
     INSERT INTO conversations (worker_profile_id, parent_profile_id, pair_key)
     SELECT w.id, p.id, 'w' || w.id || '-p' || p.id
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM worker_profiles) w
       JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM parent_profiles) p USING (n);`.replace(
      '$1',
      String(Number(PAIRS)),
    ),
  );
  return url.toString();
}

async function participants(url) {
  return sql(
    url,
    `SELECT c.id AS conversation, w.user_id AS worker, wu.email AS worker_email, p.user_id AS parent, pu.email AS parent_email
       FROM conversations c JOIN worker_profiles w ON w.id = c.worker_profile_id JOIN users wu ON wu.id = w.user_id
       JOIN parent_profiles p ON p.id = c.parent_profile_id JOIN users pu ON pu.id = p.user_id ORDER BY c.id`,
  );
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/** Connects every client, lets each pair talk for SECONDS, and answers the measurements. */
async function run(label, pairs, urlFor, databaseUrl, runTag) {
  const { SessionTokensService, sessionJwtOptions } = require(
    `${ROOT}/server/dist/server/src/modules/auth/session-tokens.service.js`,
  );
  const { JwtService } = require('@nestjs/jwt');
  const tokens = new SessionTokensService(new JwtService(sessionJwtOptions(JWT_SECRET)), null, null);
  // An access token is accepted while its login (refresh family) is live: one login per user.
  const users = pairs.flatMap((pair) => [pair.worker, pair.parent]);
  const logins = await sql(
    databaseUrl,
    `INSERT INTO refresh_tokens (id, user_id, family_id, expires_at)
     SELECT gen_random_uuid(), id, gen_random_uuid(), now() + interval '1 day' FROM unnest($1::int[]) AS id
     RETURNING user_id, family_id`,
    [users],
  );
  const familyOf = new Map(logins.map((row) => [row.user_id, row.family_id]));
  const token = (id, email, type) =>
    tokens.signAccess({ id, email, profile_type: type, is_admin: false }, familyOf.get(id));
  const clients = [];
  for (const pair of pairs)
    for (const side of ['worker', 'parent']) {
      const type = side === 'worker' ? 'Worker' : 'Parent';
      const socket = io(`${urlFor(side)}/chat`, {
        auth: { token: token(pair[side], pair[`${side}_email`], type) },
        transports: ['websocket'],
        reconnection: false,
      });
      clients.push({ socket, pair, side, userId: pair[side] });
    }
  const connectStarted = Date.now();
  await Promise.all(
    clients.map(
      (c) =>
        new Promise((resolve, reject) => {
          c.socket.on('connect', resolve);
          c.socket.on('connect_error', reject);
        }),
    ),
  );
  const connectMs = Date.now() - connectStarted;
  await Promise.all(clients.map((c) => c.socket.emitWithAck('join', { conversation_id: c.pair.conversation })));

  const latencies = [];
  const acked = [];
  let errors = 0;
  let duplicates = 0;
  for (const c of clients)
    c.socket.on('message', (message) => {
      if (message.sender.id === c.userId) return;
      const sentAt = Number(message.content.split(':')[1]);
      latencies.push(Date.now() - sentAt);
    });
  let running = true;
  const started = Date.now();
  await Promise.all(
    clients.map(async (c, index) => {
      let seq = 0;
      await new Promise((resolve) => setTimeout(resolve, (index * 7) % PAUSE_MS));
      while (running) {
        // Unique per run: a client id already used by this sender is a duplicate and not broadcast again.
        const clientId = `${runTag}u${c.userId}x${seq++}`;
        const ack = await c.socket
          .timeout(10_000)
          .emitWithAck('send_message', {
            conversation_id: c.pair.conversation,
            content: `t:${Date.now()}:${seq}`,
            client_id: clientId,
          })
          .catch(() => ({ error: 'timeout' }));
        if (ack.error) errors += 1;
        else if (ack.duplicate) duplicates += 1;
        else acked.push(clientId);
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
        if (Date.now() - started > SECONDS * 1000) running = false;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  // Let deliveries still on their way arrive (up to 10 s).
  for (let waited = 0; latencies.length < acked.length && waited < 10_000; waited += 250)
    await new Promise((resolve) => setTimeout(resolve, 250));
  for (const c of clients) c.socket.close();
  const [{ n }] = await sql(databaseUrl, `SELECT count(*)::int AS n FROM messages WHERE client_id = ANY($1::text[])`, [
    acked,
  ]);
  latencies.sort((a, b) => a - b);
  return {
    label,
    clients: clients.length,
    connectMs,
    messages: acked.length,
    perSecond: Math.round(acked.length / elapsed),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    delivered: latencies.length,
    inDatabase: n,
    errors,
    duplicates,
  };
}

async function redisReachable() {
  const { createClient } = require(`${ROOT}/node_modules/redis`);
  const client = createClient({ url: REDIS_URL, socket: { reconnectStrategy: false, connectTimeout: 1000 } });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.quit();
    return true;
  } catch {
    return false;
  }
}

await buildWhatIsMissing();
const databaseUrl = await prepareDatabase();
const pairs = await participants(databaseUrl);
const env = { SEED_DEMO: 'false', DATABASE_URL: databaseUrl, MAIL_POLL_MS: '3600000', JWT_SECRET };
const results = [];

const single = await startBenchServer(env);
try {
  results.push(await run('one process', pairs, () => single.url, databaseUrl, 'r1'));
} finally {
  await single.stop();
}

if (await redisReachable()) {
  // A key prefix of this run's own: its rate-limit counters and rooms meet no one else's.
  const shared = { ...env, REDIS_URL, REDIS_KEY_PREFIX: `cym-bench-chat-${process.pid}-${Date.now()}:` };
  const a = await startBenchServer(shared);
  const b = await startBenchServer(shared);
  try {
    results.push(
      await run('two processes + Redis', pairs, (side) => (side === 'worker' ? a.url : b.url), databaseUrl, 'r2'),
    );
  } finally {
    await a.stop();
    await b.stop();
  }
} else console.log(`Redis not reachable at ${REDIS_URL}: the two-process run was skipped.`);

console.log(`\n${PAIRS} conversations, ${SECONDS} s, a message ${PAUSE_MS} ms after each acknowledgement, per client`);
console.log(
  'run                     clients  connect  messages  msg/s  p50 ms  p95 ms  p99 ms  delivered  in DB  errors',
);
for (const r of results)
  console.log(
    `${r.label.padEnd(24)}${String(r.clients).padStart(7)}${`${r.connectMs} ms`.padStart(9)}${String(r.messages).padStart(10)}` +
      `${String(r.perSecond).padStart(7)}${String(r.p50).padStart(8)}${String(r.p95).padStart(8)}${String(r.p99).padStart(8)}` +
      `${String(r.delivered).padStart(11)}${String(r.inDatabase).padStart(7)}${String(r.errors).padStart(8)}`,
  );
const problems = [];
for (const r of results) {
  if (r.inDatabase !== r.messages) problems.push(`${r.label}: acknowledged messages missing from the database`);
  if (r.delivered !== r.messages)
    problems.push(`${r.label}: ${r.messages - r.delivered} acknowledged messages never reached the partner`);
  if (r.duplicates) problems.push(`${r.label}: ${r.duplicates} sends answered as duplicates`);
}
if (problems.length) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
await sql(ADMIN_URL, `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
