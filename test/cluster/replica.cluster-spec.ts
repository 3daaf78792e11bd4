import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import request from 'supertest';
import { createAccount, TestAccount } from '../support/accounts';
import { buildServerIfStale, Launched, startServer, waitFor } from '../support/processes';
import { REDIS_URL } from '../support/redis';
import { ReplicatedPostgres } from '../support/replica';
import { withDatabase } from '../support/database-url';
import type { TestApp } from '../support/test-app';

jest.setTimeout(120_000);

const METRICS_TOKEN = 'replica-metrics-token-0123456789-0123456789';

/**
 * The public reads on a streaming replica (database/reads.ts), against a real one: a PostgreSQL
 * primary and a replica made from it by pg_basebackup (support/replica.ts), and two built server
 * processes on them with Redis. A replica whose replay is paused answers with what it had: a
 * public read that shows the older text was read there, one that shows the newer was read on the
 * primary. Process A tolerates a minute of lag, B one second.
 */
describe('public reads on a streaming replica', () => {
  const pg = new ReplicatedPostgres();
  const work = mkdtempSync(join(tmpdir(), 'cym-replica-nodes-'));
  let primary: Pool;
  let replica: Pool;
  const nodes: Partial<Record<'a' | 'b' | 'c', Launched & { url: string }>> = {};
  let worker: TestAccount;
  let employer: TestAccount;

  const onPrimary = async (sql: string, params: unknown[] = []) => (await primary.query(sql, params)).rows;
  const start = async (name: 'a' | 'b' | 'c', maxLagMs: number, cacheSeconds = 0) => {
    nodes[name] = await startServer({
      NODE_ENV: 'production',
      DATABASE_URL: withDatabase(pg.primaryUrl, 'cym'),
      DATABASE_REPLICA_URL: withDatabase(pg.replicaUrl, 'cym'),
      DATABASE_REPLICA_MAX_LAG_MS: String(maxLagMs),
      REDIS_URL,
      REDIS_KEY_PREFIX: `cym-replica-${process.pid}:`,
      JWT_SECRET: 'replica-secret-0123456789-0123456789-0123456789-abcdef',
      TOTP_ENCRYPTION_KEY: 'replica-totp-key-0123456789-0123456789-0123456789',
      DIRECTORY_CACHE_SECONDS: String(cacheSeconds),
      PAYMENTS_SANDBOX: 'true',
      MERCADOPAGO_WEBHOOK_SECRET: 'replica-webhook-secret',
      DATA_DIR: join(work, name),
      LOG_LEVEL: 'warn',
      METRICS_TOKEN,
    });
  };

  /** The test helpers' account creation, aimed at a process and the primary. */
  const at = (url: string) =>
    ({
      app: { getHttpServer: () => url, get: () => ({ invalidate: () => undefined }) },
      dataSource: { query: onPrimary },
    }) as unknown as TestApp;

  /** The worker's first name as a reader of her profile sees it through `url` (anonymous without `auth`). */
  const firstName = async (url: string, auth?: Record<string, string>) => {
    const res = await request(url)
      .get(`/api/worker-profile/${worker.profileId}/get-info/`)
      .set(auth ?? {})
      .expect(200);
    return (res.body as { user: { first_name: string } }).user.first_name;
  };
  /** The worker's card in the directory's first page through `url` (anonymous without `auth`). */
  const card = async (url: string, auth?: Record<string, string>) => {
    const res = await request(url)
      .get('/api/workers/')
      .query({ page: '1', page_size: '50' })
      .set(auth ?? {})
      .expect(200);
    const cards = (res.body as { results: { id: number; user: { first_name: string } }[] }).results;
    return cards.find((each) => each.id === worker.profileId)?.user.first_name;
  };
  /** A change straight on the primary, as another person's write would be. */
  const rename = (name: string) => onPrimary(`UPDATE users SET first_name = $2 WHERE id = $1`, [worker.userId, name]);
  /** This suite's own connections to the replica (whose stops must not fail the suite). */
  const replicaPool = () => {
    const pool = new Pool({ connectionString: withDatabase(pg.replicaUrl, 'cym'), max: 2 });
    pool.on('error', () => undefined);
    return pool;
  };
  /** A series' value on a process's /metrics page (0 when absent). */
  const metric = async (url: string, series: string) => {
    const page = await request(url).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
    const line = page.text.split('\n').find((each) => each.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : 0;
  };
  const pauseReplay = () => replica.query('SELECT pg_wal_replay_pause()');
  const resumeReplay = () => replica.query('SELECT pg_wal_replay_resume()');

  beforeAll(async () => {
    buildServerIfStale(['src/main.ts', 'src/app.module.ts', 'src/database/reads.ts']);
    await pg.start();
    const admin = new Pool({ connectionString: pg.primaryUrl, max: 1 });
    await admin.query('CREATE DATABASE cym');
    await admin.end();
    primary = new Pool({ connectionString: withDatabase(pg.primaryUrl, 'cym'), max: 2 });
    replica = replicaPool();
    // A migrates the new database; B starts on it once migrated.
    await start('a', 60_000);
    await start('b', 1_000);
    await start('c', 60_000, 60);
    worker = await createAccount(at(nodes.a!.url), 'Worker');
    employer = await createAccount(at(nodes.a!.url), 'Parent');
    await onPrimary(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [worker.profileId]);
    await rename('Ana');
    await waitFor(async () => (await firstName(nodes.a!.url)) === 'Ana', 'the replica');
  }, 240_000);

  afterAll(async () => {
    for (const node of Object.values(nodes)) node.child.kill('SIGKILL');
    await Promise.all(Object.values(nodes).map((node) => node.exit));
    await primary?.end();
    await replica?.end().catch(() => undefined);
    await pg.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves the public reads from the replica, and from the primary once it lags too far', async () => {
    await pauseReplay();
    try {
      await rename('Bea');
      // A (a minute of lag allowed) keeps reading the paused replica: the older text.
      for (let i = 0; i < 5; i += 1) expect(await firstName(nodes.a!.url)).toBe('Ana');
      expect(await card(nodes.a!.url)).toBe('Ana');
      expect(await metric(nodes.a!.url, 'cym_db_replica_up')).toBe(1);
      expect(await metric(nodes.a!.url, 'cym_db_public_reads_total{server="replica"}')).toBeGreaterThanOrEqual(6);
      // B allows one second: once the replica is that far behind, B reads the primary.
      await waitFor(async () => (await firstName(nodes.b!.url)) === 'Bea', 'B on the primary');
      expect(((await request(nodes.b!.url).get('/api/ready').expect(200)).body as { replica: string }).replica).toBe(
        'behind',
      );
      expect(await card(nodes.b!.url)).toBe('Bea');
    } finally {
      await resumeReplay();
    }
    await waitFor(async () => (await firstName(nodes.a!.url)) === 'Bea', 'the replica again');
  });

  it("shows a person their own write at once, in any process, while the others read the replica's", async () => {
    await pauseReplay();
    try {
      await request(nodes.a!.url)
        .put(`/api/user/${worker.userId}/update/`)
        .set(worker.auth)
        .send({ first_name: 'Clara', last_name: 'Paz' })
        .expect(200);
      // Her next read, through the other process: her own text.
      expect(await firstName(nodes.b!.url, worker.auth)).toBe('Clara');
      expect(await firstName(nodes.a!.url, worker.auth)).toBe('Clara');
      // Someone else, signed in or not, through A: still the replica's.
      expect(await firstName(nodes.a!.url, employer.auth)).toBe('Bea');
      expect(await firstName(nodes.a!.url)).toBe('Bea');
      // C keeps answers a minute: the public's page, filled from the replica after her write...
      expect(await card(nodes.c!.url)).toBe('Bea');
      expect(await card(nodes.c!.url, employer.auth)).toBe('Bea');
      // ...is not what she is shown: she reads past the kept answers, on the primary.
      expect(await card(nodes.c!.url, worker.auth)).toBe('Clara');
    } finally {
      await resumeReplay();
    }
  });

  it('answers from the primary while the replica is down, and uses it again once back', async () => {
    pg.stopReplica();
    await rename('Dora');
    const ready = async () =>
      ((await request(nodes.a!.url).get('/api/ready').expect(200)).body as { replica: string }).replica;
    // Not one read fails: the first finds the replica gone and runs again on the primary.
    for (let i = 0; i < 5; i += 1) expect(await firstName(nodes.a!.url)).toBe('Dora');
    expect(await card(nodes.a!.url)).toBe('Dora');
    // Still ready (the primary serves), and saying the replica is down.
    expect(await ready()).toBe('down');
    expect(await metric(nodes.a!.url, 'cym_db_replica_up')).toBe(0);

    pg.startReplica();
    await replica.end();
    replica = replicaPool();
    const replayed = async () =>
      (await replica.query('SELECT first_name FROM users WHERE id = $1', [worker.userId])).rows[0]?.first_name ===
      'Dora';
    await waitFor(replayed, 'the replica to replay what it missed');
    await pauseReplay();
    try {
      await rename('Eva');
      // Back in use: A reads the paused replica again.
      await waitFor(async () => (await firstName(nodes.a!.url)) === 'Dora', 'A on the replica', 10_000);
      expect(await ready()).toBe('up');
      expect(await firstName(nodes.a!.url)).toBe('Dora');
    } finally {
      await resumeReplay();
    }
  });
});
