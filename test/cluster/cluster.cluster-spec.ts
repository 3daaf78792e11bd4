import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import request from 'supertest';
import { NGINX, startNginx, type StartedNginx } from '../../bench/nginx.cjs';
import { totpKeyOf } from '../../server/src/config/app-config';
import { createAccount, TestAccount } from '../support/accounts';
import { record, tokenOf, waitUntil } from '../support/chat-sockets';
import { insertMembership, signWebhook } from '../support/employer';
import { buildServerIfStale, freePort, launch, Launched, SERVER_MAIN, waitFor } from '../support/processes';
import { REDIS_URL } from '../support/redis';
import { TestS3Server } from '../support/s3';
import { TestSmtpServer } from '../support/smtp';
import { withDatabase } from '../support/database-url';
import type { TestApp } from '../support/test-app';

jest.setTimeout(120_000);

/**
 * N identical processes behind a load balancer. Two built server processes on the local PostgreSQL
 * (a database of their own), Redis and an S3-compatible bucket (s3rver), with Debian's nginx on
 * loopback in front of them, round-robin, as docs/DEPLOY.md describes. Every check goes through the
 * proxy, which names the process that answered (X-Upstream), or to one process directly where the
 * check is about the other one.
 */
const SERVER_URL = process.env.DATABASE_URL;
const SECRET = 'cluster-webhook-secret';
const TOTP_ENCRYPTION_KEY = 'cluster-totp-key-0123456789-0123456789-0123456789';

interface Node {
  name: string;
  port: number;
  url: string;
  dataDir: string;
  process?: Launched;
}

/** The rows of a query on the cluster's database. */
type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

describe('two server processes behind nginx', () => {
  const s3 = new TestS3Server();
  const smtp = new TestSmtpServer();
  const work = mkdtempSync(join(tmpdir(), 'cym-cluster-'));
  const database = `cym_cluster_${process.pid}`;
  let pool: Pool;
  let query: Query;
  let nginx: StartedNginx | undefined;
  let proxyUrl = '';
  const nodes: Node[] = [];

  const env = (node: Node): Record<string, string> => ({
    NODE_ENV: 'production',
    DATABASE_URL: withDatabase(SERVER_URL!, database),
    REDIS_URL,
    REDIS_KEY_PREFIX: `cym-cluster-${process.pid}:`,
    JWT_SECRET: 'cluster-secret-0123456789-0123456789-0123456789-abcdef',
    TOTP_ENCRYPTION_KEY,
    PUBLIC_URL: proxyUrl,
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: '500',
    PAYMENTS_SANDBOX: 'true',
    MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    CONTACT_RATE_LIMIT: '4',
    DIRECTORY_CACHE_SECONDS: '60',
    JOBS_MAINTENANCE_SECONDS: '1',
    JOBS_EXPIRE_SECONDS: '3',
    DATA_DIR: node.dataDir,
    LOG_LEVEL: 'warn',
    ...s3.settings('cluster/'),
  });

  /** Starts (or restarts) a node's process and waits until it is ready. */
  const start = async (node: Node): Promise<void> => {
    node.process = launch(SERVER_MAIN, [], { PORT: String(node.port), ...env(node) });
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (node.process.child.exitCode !== null) throw new Error(`${node.name} exited:\n${node.process.output()}`);
      const ready = await fetch(`${node.url}/api/ready`).then(
        (res) => res.ok,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`${node.name} not ready in 60 s:\n${node.process.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  beforeAll(async () => {
    if (!SERVER_URL) throw new Error('the cluster suite needs DATABASE_URL (a PostgreSQL server)');
    if (!existsSync(NGINX)) throw new Error(`the cluster suite needs nginx at ${NGINX} (.ci/run installs it)`);
    buildServerIfStale(['src/main.ts', 'src/app.module.ts', 'src/modules/jobs/job-queue.ts']);
    await s3.start();
    await smtp.start();
    await adminQuery(SERVER_URL, `CREATE DATABASE ${database}`);
    pool = new Pool({ connectionString: withDatabase(SERVER_URL, database), max: 4 });
    query = async (sql, params) => (await pool.query(sql, params)).rows;

    for (const name of ['a', 'b']) {
      const port = await freePort();
      nodes.push({ name, port, url: `http://127.0.0.1:${port}`, dataDir: join(work, name) });
    }
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    // The first process migrates the new database; the second starts on the migrated one.
    await start(nodes[0]!);
    await start(nodes[1]!);
    // No kept-alive connections to the processes (one is killed below); a failed one is skipped 2 s.
    nginx = await startNginx([{ port: proxyPort, upstreams: nodes.map((node) => node.port) }], {
      keepalive: false,
      failTimeoutSeconds: 2,
    });
  }, 240_000);

  afterAll(async () => {
    for (const node of nodes) node.process?.child.kill('SIGKILL');
    await Promise.all(nodes.map((node) => node.process?.exit));
    await nginx?.stop();
    await pool?.end();
    if (SERVER_URL) await adminQuery(SERVER_URL, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await smtp.stop();
    await s3.close();
    rmSync(work, { recursive: true, force: true });
  });

  const proxy = () => request(proxyUrl);
  const direct = (node: Node) => request(node.url);
  /** The suites' account helpers, aimed at one address of the cluster and its database. */
  const at = (url: string) =>
    ({
      // The helpers clear the test app's directory cache after their SQL; these processes' caches
      // are not reachable from here, and no check below reads a directory after such a write.
      app: { getHttpServer: () => url, get: () => ({ invalidate: () => undefined }) },
      dataSource: { query },
      // The processes' key of TOTP secrets: createAccount enrols its admins with it.
      config: { totpKey: totpKeyOf(TOTP_ENCRYPTION_KEY, '', true) },
    }) as unknown as TestApp;
  const upstreamOf = (res: request.Response) => String(res.headers['x-upstream']);
  const nodeAt = (upstream: string) => nodes.find((node) => upstream.endsWith(`:${node.port}`))!;
  const other = (node: Node) => nodes.find((each) => each !== node)!;

  /** A visible worker and an employer with a membership in one conversation, started through `node`. */
  const conversationVia = async (node: Node) => {
    const worker = await createAccount(at(node.url), 'Worker');
    await query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [worker.profileId]);
    const employer = await createAccount(at(node.url), 'Parent');
    await insertMembership(at(node.url), employer.profileId!);
    const started = await direct(node)
      .post('/api/chat/conversation/start-chat/')
      .set(employer.auth)
      .send({ workerId: worker.profileId, parentId: employer.profileId })
      .expect(201);
    return { worker, employer, id: started.body.id as number };
  };

  it('signs up through one process and verifies the e-mail through the other', async () => {
    const email = `marta.${process.pid}@example.com`;
    const signUp = await proxy()
      .post('/api/sign-up/')
      .send({
        firstName: 'Marta',
        lastName: 'Gómez',
        email,
        password: 'clave1234',
        confirmPassword: 'clave1234',
        profileType: 'Parent',
        acceptedTerms: true,
      })
      .expect(201);
    const first = nodeAt(upstreamOf(signUp));
    const mail = await smtp.waitFor(email, '/email-verification/', 20_000);
    const link = TestSmtpServer.link(mail, `${proxyUrl}/email-verification/`);
    const [uid, token] = link.slice(`${proxyUrl}/email-verification/`.length).split('/');

    // Round-robin: the request after one answered by `first` goes to the other process.
    await nextGoesTo(other(first));
    const verify = await proxy().get(`/api/verify-email/${uid}/${token}/`).expect(200);
    expect(nodeAt(upstreamOf(verify))).toBe(other(first));
    const [user] = await query(`SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1`, [email]);
    expect(user).toEqual({ verified: true });
  });

  it('counts a rate limit over both processes', async () => {
    const send = () =>
      proxy()
        .post('/api/contact-form/')
        .send({ name: 'Ana', email: 'ana@example.com', message: 'Quisiera saber cómo funciona el sitio.' });
    const answered = new Set<string>();
    for (let i = 0; i < 4; i += 1) {
      const res = await send().expect(201);
      answered.add(upstreamOf(res));
    }
    expect(answered.size).toBe(2);
    // The limit is 4 an hour: the fifth is refused whichever process takes it, and the sixth too.
    for (let i = 0; i < 2; i += 1) {
      const refused = await send().expect(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.headers['retry-after']).toBeDefined();
    }
  });

  it('shows an edit made through one process on the other process’s directory at once', async () => {
    const [a, b] = nodes as [Node, Node];
    const admin = await createAccount(at(a.url), 'admin');
    const worker = await createAccount(at(a.url), 'Worker');
    await query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [worker.profileId]);
    const listed = async (node: Node) => {
      const body = (await direct(node).get('/api/workers/').expect(200)).body as
        { id: number }[] | { results: { id: number }[] };
      return (Array.isArray(body) ? body : body.results).some((card) => card.id === worker.profileId);
    };
    const setVisibility = (visible: boolean) =>
      direct(a)
        .put(`/api/admin/user/${worker.userId}/toggle-profile-visibility/`)
        .set(admin.auth)
        .send({ visible })
        .expect(200);
    // B reads the directory and keeps its pages 60 s (DIRECTORY_CACHE_SECONDS).
    expect(await listed(b)).toBe(true);
    // Hidden through A: B's next answer no longer lists the worker.
    await setVisibility(false);
    expect(await listed(b)).toBe(false);
    await setVisibility(true);
    expect(await listed(b)).toBe(true);
  });

  it('serves from one process a photo uploaded through the other', async () => {
    const [a, b] = nodes as [Node, Node];
    const worker = await createAccount(at(a.url), 'Worker');
    const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    const uploaded = await direct(a)
      .post(`/api/user/${worker.userId}/profile-image/upload/`)
      .set(worker.auth)
      .attach('image', image, 'foto.jpg')
      .expect(201);
    const address = uploaded.body.image as string;
    const served = await direct(b).get(address).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(existsSync(join(a.dataDir, 'uploads'))).toBe(false);
  });

  it('carries a chat message between clients connected to different processes', async () => {
    const [a, b] = nodes as [Node, Node];
    const { worker, employer, id } = await conversationVia(a);
    const onA = await connect(a.url, employer);
    const onB = await connect(b.url, worker);
    try {
      expect(await onA.emitWithAck('join', { conversation_id: id })).toEqual({ ok: true });
      expect(await onB.emitWithAck('join', { conversation_id: id })).toEqual({ ok: true });
      const heardOnB = record<{ id: number }>(onB, 'message');
      const ack = await onA.emitWithAck('send_message', { conversation_id: id, content: 'Hola desde A' });
      await waitUntil(() => heardOnB.length === 1, 5000, 'the message on B');
      expect(heardOnB[0]).toEqual(ack.message);
    } finally {
      onA.disconnect();
      onB.disconnect();
    }
  });

  it('grants once and sends one e-mail when the webhook reaches both processes', async () => {
    const [a, b] = nodes as [Node, Node];
    const employer = await createAccount(at(a.url), 'Parent');
    const preference = await proxy()
      .post('/api/payments/mercadopago/create-preference/')
      .set(employer.auth)
      .send({ profile_id: employer.profileId })
      .expect(200);
    const checkout = new URL(preference.body.init_point as string).pathname;
    const paid = await proxy().post(checkout).type('form').send({ action: 'pending' }).expect(303);
    const providerPaymentId = new URL(paid.headers.location as string, proxyUrl).searchParams.get('payment_id')!;
    // The money arrives later and MercadoPago notifies us, here at both processes at once.
    await query(`UPDATE sandbox_payments SET status = 'approved' WHERE id = $1`, [providerPaymentId]);
    const notify = (node: Node) => {
      const requestId = `req-${node.name}-${providerPaymentId}`;
      return direct(node)
        .post('/api/payments/mercadopago/webhook/')
        .query({ 'data.id': providerPaymentId, type: 'payment' })
        .set('x-request-id', requestId)
        .set('x-signature', signWebhook(SECRET, providerPaymentId, requestId))
        .send({ action: 'payment.updated', data: { id: providerPaymentId }, type: 'payment' })
        .expect(200);
    };
    await Promise.all([notify(a), notify(b)]);

    await smtp.waitFor(employer.email, 'está activa', 20_000);
    // Both notifications' jobs have run (none waiting, none running), and the second granted nothing.
    await waitFor(async () => {
      const [row] = await query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'payment-sync' AND state IN ('created', 'retry', 'active')`,
      );
      return row!.n === 0;
    }, 'the notification jobs');
    const memberships = await query(`SELECT id FROM memberships WHERE parent_profile_id = $1`, [employer.profileId]);
    expect(memberships).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.emails.filter((e) => e.to.includes(employer.email) && e.decoded.includes('está activa'))).toEqual([]);
  });

  it('reconnects a socket to the other process when its process is stopped (SIGTERM)', async () => {
    const [a, b] = nodes as [Node, Node];
    const worker = await createAccount(at(a.url), 'Worker');
    // Through the proxy; which process holds it is read from the server's side below.
    const socket = io(`${proxyUrl}/chat`, {
      auth: { token: tokenOf(worker) },
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const stopping = b.process!;
      const stoppedAt = Date.now();
      stopping.child.kill('SIGTERM');
      const ended = await stopping.exit;
      expect(Date.now() - stoppedAt).toBeLessThan(10_000);
      expect(ended.code === 0 || ended.signal === 'SIGTERM').toBe(true);
      // Whichever process the socket was on, it is connected now (to A, the one left).
      await waitUntil(() => socket.connected, 10_000, 'the socket connected again');
      expect(await socket.emitWithAck('heartbeat', {})).toBeDefined();
    } finally {
      socket.disconnect();
      await start(b);
    }
  });

  it('survives kill -9 of one process mid-traffic: no acknowledged write lost, its jobs done after', async () => {
    const [a, b] = nodes as [Node, Node];
    const { worker, employer, id } = await conversationVia(b);

    // A slow mail relay: sign-ups' e-mails are being sent (jobs held) when A dies.
    smtp.delayMs = 4000;
    const addresses = [1, 2, 3].map((i) => `kill${i}.${process.pid}@example.com`);
    for (const email of addresses)
      await proxy()
        .post('/api/sign-up/')
        .send({
          firstName: 'Lucía',
          lastName: 'Ruiz',
          email,
          password: 'clave1234',
          confirmPassword: 'clave1234',
          profileType: 'Worker',
          acceptedTerms: true,
        })
        .expect(201);
    await waitFor(async () => {
      const [row] = await query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail-send' AND state = 'active'`,
      );
      return (row!.n as number) > 0;
    }, 'an e-mail being sent');

    // Traffic: chat messages through the proxy, and A killed a third of the way.
    let killedAt: Date | undefined;
    const acknowledged: number[] = [];
    const refused: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      if (i === 10) {
        [{ killedAt }] = (await query(`SELECT now() AS "killedAt"`)) as { killedAt: Date }[];
        a.process!.child.kill('SIGKILL');
      }
      const res = await proxy()
        .post(`/api/chat/conversations/${id}/messages/`)
        .set(i % 2 ? worker.auth : employer.auth)
        .send({ content: `Mensaje ${i}` });
      if (res.status === 201) acknowledged.push(res.body.id as number);
      else refused.push(res.status);
      // Each of the two people sends about three a second (the chat allows five).
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await a.process!.exit;
    // Only a request A took as it died may fail (nginx then marks A down): a 502, never acknowledged.
    expect(refused.length).toBeLessThanOrEqual(1);
    expect(refused.every((status) => status === 502)).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(29);
    const stored = await query(`SELECT id FROM messages WHERE id = ANY($1::bigint[])`, [acknowledged]);
    expect(stored).toHaveLength(acknowledged.length);

    // A comes back; every e-mail is sent, those A held included (after their 3 s expiry).
    smtp.delayMs = 0;
    await start(a);
    await waitFor(
      async () => {
        const rows = await query(`SELECT status FROM email_outbox WHERE to_address = ANY($1::text[])`, [addresses]);
        return rows.length === 3 && rows.every((row) => row.status === 'sent');
        // An abandoned e-mail is retried like a failed attempt: 30 s after its 3 s expiry.
      },
      'every e-mail sent',
      90_000,
    );
    for (const email of addresses) expect(smtp.emails.some((e) => e.to.includes(email))).toBe(true);
    // Nothing A held is left running (jobs started since, such as a cron tick, may be).
    const [stuck] = await query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active' AND started_on <= $1`,
      [killedAt],
    );
    expect(stuck).toEqual({ n: 0 });
    // And the proxy sends A requests again (once its 2 s of being marked failed are over).
    await waitFor(
      async () => nodeAt(upstreamOf(await proxy().get('/api/ready').expect(200))) === a,
      'an answer from A through the proxy',
      10_000,
    );
  }, 180_000);

  /** Sends harmless requests until the next one will be answered by `node` (round-robin). */
  async function nextGoesTo(node: Node): Promise<void> {
    for (let i = 0; i < 6; i += 1) {
      const res = await proxy().get('/api/health').expect(200);
      if (nodeAt(upstreamOf(res)) === other(node)) return;
    }
    throw new Error(`the proxy never answered from ${other(node).name}`);
  }
});

/** A chat socket on one process, connected. */
function connect(url: string, account: TestAccount): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(`${url}/chat`, {
      auth: { token: tokenOf(account) },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new Pool({ connectionString: url, max: 1 });
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
