import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { launch, Launched, SERVER_MAIN, startServer, stopProcess } from '../support/processes';
import { createTestDatabase, serverUrl, TestDatabase } from '../support/template-db';

jest.setTimeout(120_000);

const JWT_SECRET = 'production-start-secret-0123456789-0123456789';
const TOTP_ENCRYPTION_KEY = 'production-start-totp-key-0123456789-0123456789';
const logging = { LOG_LEVEL: 'info', MAIL_POLL_MS: '100' };

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * On the real built server started with NODE_ENV=production: no demo account with a known password
 * is ever created, and an error's log line holds no password, hash, token, e-mail or phone.
 */
describe('the server started for production', () => {
  const production = { ...logging, NODE_ENV: 'production', JWT_SECRET, TOTP_ENCRYPTION_KEY, PAYMENTS_SANDBOX: 'true' };

  describe('demo data', () => {
    let dataDir: string;
    let started: Launched | undefined;
    beforeEach(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'cym-prod-'));
    });
    afterEach(async () => {
      await stopProcess(started);
      started = undefined;
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('refuses to start with SEED_DEMO=true, saying why, and writes nothing', async () => {
      started = launch(SERVER_MAIN, [], {
        ...production,
        DATA_DIR: dataDir,
        ALLOW_EMBEDDED_DATABASE: 'true',
        SEED_DEMO: 'true',
      });
      expect((await started.exit).code).not.toBe(0);
      expect(started.output()).toMatch(/SEED_DEMO=true is refused in production/);
    });

    it('refuses the embedded database unless ALLOW_EMBEDDED_DATABASE says so', async () => {
      started = launch(SERVER_MAIN, [], { ...production, DATA_DIR: dataDir });
      expect((await started.exit).code).not.toBe(0);
      expect(started.output()).toMatch(/DATABASE_URL is required in production/);
    });

    it('on the allowed embedded database: says so, seeds nothing, and the demo admin does not exist', async () => {
      const server = await startServer({ ...production, DATA_DIR: dataDir, ALLOW_EMBEDDED_DATABASE: 'true' });
      started = server;
      expect(server.output()).toMatch(/Production on the embedded database/);
      expect(server.output()).not.toMatch(/demo/i);
      const login = await post(`${server.url}/api/token/`, {
        username: 'admin@demo.casaymanos.ar',
        password: 'demo1234',
      });
      expect(login.status).toBe(400);
      expect(((await login.json()) as { code: string }).code).toBe('UNKNOWN_EMAIL');
    });
  });

  // This server's REDIS_URL points at a closed port (nothing may listen on port 1): it must start
  // anyway, and its log must stay as clean with Redis failing.
  describe('the error log', () => {
    let database: TestDatabase;
    let started: (Launched & { url: string }) | undefined;
    beforeAll(async () => {
      database = await createTestDatabase();
      // A database that refuses this phone (stored in E.164, +54 9 + area + number): PostgreSQL's
      // error names every value of the row.
      const admin = new Client({ connectionString: database.url });
      await admin.connect();
      await admin.query(
        `ALTER TABLE users ADD CONSTRAINT forced_failure CHECK (phone IS DISTINCT FROM '+5491155554321')`,
      );
      await admin.end();
      // An embedded test database is one PGlite backend behind a socket server: one connection.
      started = await startServer({
        ...production,
        DATABASE_URL: database.url,
        ...(serverUrl() ? {} : { DB_POOL_SIZE: '1' }),
        REDIS_URL: 'redis://127.0.0.1:1',
      });
    });
    afterAll(async () => {
      await stopProcess(started);
      await database.drop();
    });

    it('holds the failure and its request id, but no password, hash, e-mail, phone or link', async () => {
      const form = {
        firstName: 'Ana',
        lastName: 'Pérez',
        password: 'secreta123',
        confirmPassword: 'secreta123',
        profileType: 'Worker',
        acceptedTerms: true,
      };
      const failed = await post(`${started!.url}/api/sign-up/`, {
        ...form,
        email: 'ana.log@example.com',
        phone: '1155554321',
      });
      expect(failed.status).toBe(500);
      const requestId = failed.headers.get('x-request-id')!;
      // A sign-up that works queues a verification e-mail with a live link: without SMTP_URL it is not printed.
      const ok = await post(`${started!.url}/api/sign-up/`, {
        ...form,
        email: 'eva.log@example.com',
        phone: '1155550001',
      });
      expect(ok.status).toBe(201);
      const until = Date.now() + 10_000;
      while (!/SMTP_URL is not set/.test(started!.output()) && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100));

      const log = started!.output();
      expect(log).toContain('Unhandled error');
      expect(log).toContain(requestId);
      expect(log).toContain('forced_failure');
      // PostgreSQL's detail ("Failing row contains (…)") was there, and was masked.
      expect(log).toContain('[oculto]');
      expect(log).toMatch(/SMTP_URL is not set/);
      for (const secret of [
        'ana.log@example.com',
        'eva.log@example.com',
        '1155554321',
        '1155550001',
        '5491155554321',
        '5491155550001',
        'secreta123',
        '$2b$',
        '/email-verification/',
      ])
        expect([secret, log.includes(secret)]).toEqual([secret, false]);
    });

    it('listens with Redis unreachable: /api/ready is 503 naming Redis, and the log says it once per client', async () => {
      const ready = await fetch(`${started!.url}/api/ready/`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not_ready', database: 'up', redis: 'down' });
      const log = started!.output();
      expect(log.match(/Redis unavailable, reconnecting/g)).toHaveLength(1);
      expect(log.match(/socket\.io rooms reach this process's sockets only while Redis fails/g)).toHaveLength(1);
    });
  });
});
