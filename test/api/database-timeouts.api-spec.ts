import { COMMON_MESSAGES } from '@cym/common';
import { Client } from 'pg';
import { createAccount, TestAccount } from '../support/accounts';
import { http } from '../support/http';
import { serverUrl } from '../support/template-db';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

const unavailable = { error: COMMON_MESSAGES.unavailable, code: 'SERVICE_UNAVAILABLE' };

/**
 * A locked table or a busy pool never makes a request hang. Past the lock timeout, the statement
 * timeout or the pool's acquire timeout a request answers 503 in the error shape; /api/health
 * answers within its second and says 503; when the database is free again everything answers as
 * before, with no restart.
 *
 * A table can only be locked by another session on a PostgreSQL server: the embedded database
 * has a single backend. `npm test` runs this file on PostgreSQL in CI (.ci/run's second pass).
 */
const onServer = serverUrl() ? describe : describe.skip;

onServer(bothEngines('database time limits (PostgreSQL)'), () => {
  /** A second session, as an operator running a migration or a long report would hold it. */
  const lockUsers = async (t: TestApp): Promise<Client> => {
    const client = new Client({ connectionString: t.databaseUrl });
    await client.connect();
    await client.query('BEGIN');
    await client.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
    return client;
  };
  const release = async (client: Client) => {
    await client.query('ROLLBACK');
    await client.end();
  };

  describe('with short lock and statement limits', () => {
    let t: TestApp;
    let worker: TestAccount;
    beforeAll(async () => {
      t = await startTestApp(
        { TRUST_PROXY: '1', DB_LOCK_TIMEOUT_MS: '300', DB_STATEMENT_TIMEOUT_MS: '1000' },
        { poolSize: 4 },
      );
      worker = await createAccount(t, 'Worker');
    });
    afterAll(() => t.close());

    it('answers 503 with Retry-After while the table is locked, and recovers when it is free', async () => {
      const lock = await lockUsers(t);
      try {
        const login = await http(t).post('/api/token/').send({ username: worker.email, password: 'clave1234' });
        const own = await http(t).get('/api/user/get-data/').set(worker.auth);
        for (const res of [login, own]) {
          expect(res.status).toBe(503);
          expect(res.body).toEqual(unavailable);
          expect(res.headers['retry-after']).toBe('5');
        }
        // A public page says so too: the shell with its status, never a bare 500.
        const page = await http(t).get(`/worker-profile/${worker.profileId}`);
        expect(page.status).toBe(503);
        expect(page.headers['retry-after']).toBe('5');
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.text).toContain('<meta name="robots" content="noindex" />');
      } finally {
        await release(lock);
      }
      await http(t).post('/api/token/').send({ username: worker.email, password: 'clave1234' }).expect(200);
      await http(t).get('/api/user/get-data/').set(worker.auth).expect(200);
    });

    it('ends a statement that runs past the statement timeout', async () => {
      const res = await t.dataSource.query('SELECT pg_sleep(3)').then(
        () => 'finished',
        (error: { code?: string }) => error.code,
      );
      expect(res).toBe('57014');
    });
  });

  describe('with one connection held by a request that waits on a lock', () => {
    let t: TestApp;
    let worker: TestAccount;
    beforeAll(async () => {
      t = await startTestApp({ DB_LOCK_TIMEOUT_MS: '20000', DB_ACQUIRE_TIMEOUT_MS: '500' }, { poolSize: 1 });
      worker = await createAccount(t, 'Worker');
    });
    afterAll(() => t.close());

    it('health says 503 and requests needing a connection get 503, until the database answers again', async () => {
      const lock = await lockUsers(t);
      let waiting: Promise<number> | undefined;
      try {
        // Takes the pool's only connection and waits on the lock.
        waiting = http(t)
          .get('/api/user/get-data/')
          .set(worker.auth)
          .then((res) => res.status);
        await new Promise((resolve) => setTimeout(resolve, 200));
        const health = await http(t).get('/api/health/');
        expect(health.status).toBe(503);
        expect(health.body).toMatchObject({ status: 'error', database: 'down' });
        // Another request that needs the database waits at most the acquire time.
        const other = await http(t).get('/api/user/get-data/').set(worker.auth);
        expect(other.status).toBe(503);
        expect(other.body).toEqual(unavailable);
      } finally {
        await release(lock);
      }
      expect(await waiting).toBe(200);
      await http(t).get('/api/health/').expect(200);
      await http(t).get('/api/user/get-data/').set(worker.auth).expect(200);
    });
  });
});
