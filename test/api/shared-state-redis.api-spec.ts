import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  RateLimitedException,
  RateLimiter,
  RedisRateLimitStore,
  subjectHashKey,
} from '../../server/src/common/rate-limit/rate-limiter';
import { closeRedis, connectRedis, type RedisClient } from '../../server/src/common/redis/redis';
import type { AppConfig } from '../../server/src/config/app-config';
import { Metrics } from '../../server/src/common/metrics/metrics';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import { seedDemo } from '../../seed/src/demo-seed';
import { createAccount } from '../support/accounts';
import { http } from '../support/http';
import { redisReachable, REDIS_URL } from '../support/redis';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/**
 * The process-local state once REDIS_URL is set, for several server processes: rate limits and the
 * directory cache's invalidations shared by every process on one Redis. Each "process" below has
 * its own connection; every run uses its own key prefix, removed at the end. Skipped, and said so,
 * only when no Redis is reachable.
 */
describe('shared state in Redis (several processes)', () => {
  const prefix = `casaymanos-test:${randomUUID()}:`;
  let available = false;
  const clients: RedisClient[] = [];
  const connect = async () => {
    const client = await connectRedis(REDIS_URL);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    available = await redisReachable();
    if (!available) console.warn(`SKIPPED shared-state-redis: no Redis reachable at ${REDIS_URL}`);
  });
  afterAll(async () => {
    if (!available) return;
    const cleaner = await connect();
    for await (const keys of cleaner.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 }))
      if (keys.length > 0) await cleaner.del(keys);
    await Promise.all(clients.map((client) => closeRedis(client)));
  });

  describe('RateLimiter on RedisRateLimitStore', () => {
    const hashKey = subjectHashKey('test-secret');
    /** Two processes' limiters: separate connections, one Redis, one prefix. */
    const twoLimiters = async () => {
      const [one, two] = await Promise.all([connect(), connect()]);
      return [one, two].map(
        (client) => new RateLimiter(Date.now, new RedisRateLimitStore(client, hashKey, `${prefix}rl:`)),
      );
    };
    const refusal = async (attempt: Promise<void>) => {
      try {
        await attempt;
      } catch (error) {
        if (error instanceof RateLimitedException) return error;
        throw error;
      }
      return null;
    };

    it('counts both processes together, refuses past the sum with Retry-After, and resets with the window', async () => {
      if (!available) return;
      const [a, b] = await twoLimiters();
      const rule = { limit: 4, windowMs: 2000 };
      const subject = randomUUID();
      await a.consume('contact', subject, rule);
      await b.consume('contact', subject, rule);
      await a.consume('contact', subject, rule);
      await b.consume('contact', subject, rule);
      const refusedOnA = await refusal(a.consume('contact', subject, rule));
      const refusedOnB = await refusal(b.consume('contact', subject, rule));
      expect(refusedOnA).toBeInstanceOf(RateLimitedException);
      expect(refusedOnB).toBeInstanceOf(RateLimitedException);
      expect(refusedOnA!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(refusedOnA!.retryAfterSeconds).toBeLessThanOrEqual(2);
      // Another subject is counted apart.
      await a.consume('contact', randomUUID(), rule);
      await sleep(2100);
      // A new window: the full limit again, summed over both.
      for (let i = 0; i < 4; i += 1) await (i % 2 ? a : b).consume('contact', subject, rule);
      expect(await refusal(b.consume('contact', subject, rule))).toBeInstanceOf(RateLimitedException);
    });

    it('takes all or nothing across processes, with the longest wait of the full counters', async () => {
      if (!available) return;
      const [a, b] = await twoLimiters();
      const subject = randomUUID();
      const first = { name: 'login-a', subject, rule: { limit: 1, windowMs: 10_000 } };
      const second = { name: 'login-b', subject, rule: { limit: 5, windowMs: 60_000 } };
      await a.take([first, second]);
      const refused = await refusal(b.take([first, second]));
      expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(9);
      expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(10);
      // The refused take counted nothing on the second counter: four more fit, from either process.
      for (let i = 0; i < 4; i += 1) await (i % 2 ? a : b).consume('login-b', subject, second.rule);
      expect(await refusal(a.consume('login-b', subject, second.rule))).toBeInstanceOf(RateLimitedException);
    });

    it('gives attempts back and clears counters for every process', async () => {
      if (!available) return;
      const [a, b] = await twoLimiters();
      const subject = randomUUID();
      const rule = { limit: 1, windowMs: 10_000 };
      await a.consume('login', subject, rule);
      expect(await refusal(b.consume('login', subject, rule))).toBeInstanceOf(RateLimitedException);
      await b.release('login', subject);
      await b.consume('login', subject, rule);
      expect(await refusal(a.consume('login', subject, rule))).toBeInstanceOf(RateLimitedException);
      await a.clear('login', subject);
      await b.consume('login', subject, rule);
      // Releasing more than was taken never makes room past the limit.
      await a.release('login', subject);
      await a.release('login', subject);
      await a.consume('login', subject, rule);
      expect(await refusal(b.consume('login', subject, rule))).toBeInstanceOf(RateLimitedException);
    });

    it('keeps limiting in memory, without an error, when Redis cannot be reached', async () => {
      if (!available) return;
      const client = await connect();
      const logger = { log: jest.fn(), warn: jest.fn() };
      const limiter = new RateLimiter(
        Date.now,
        new RedisRateLimitStore(client, hashKey, `${prefix}rl:`),
        logger as never,
      );
      client.destroy();
      const rule = { limit: 1, windowMs: 10_000 };
      await limiter.consume('contact', 'x', rule);
      expect(await refusal(limiter.consume('contact', 'x', rule))).toBeInstanceOf(RateLimitedException);
      expect(logger.warn).toHaveBeenCalledTimes(1);
    });
  });

  describe('DirectoryCache with a shared version', () => {
    const config = { directoryCacheMs: 10_000, redisKeyPrefix: prefix } as AppConfig;

    it("invalidating one process's cache clears the other's entries for its next answer", async () => {
      if (!available) return;
      const [one, two] = await Promise.all([connect(), connect()]);
      const a = new DirectoryCache(config, new Metrics(false), one);
      const b = new DirectoryCache(config, new Metrics(false), two);
      let readsOnA = 0;
      let readsOnB = 0;
      const readA = jest.fn(async () => ({ n: ++readsOnA }));
      const readB = jest.fn(async () => ({ n: ++readsOnB }));
      const firstOnA = await a.answer('k', readA);
      const firstOnB = await b.answer('k', readB);
      expect(await a.answer('k', readA)).toBe(firstOnA);
      expect(await b.answer('k', readB)).toBe(firstOnB);

      a.invalidate();
      // In the application the writer's answer goes out after this; here, wait for A's write.
      await one.ping();
      const secondOnB = await b.answer('k', readB);
      expect(secondOnB).not.toBe(firstOnB);
      expect(readB).toHaveBeenCalledTimes(2);
      expect(await a.answer('k', readA)).not.toBe(firstOnA);
      // Kept again until the next invalidation, wherever it happens.
      expect(await b.answer('k', readB)).toBe(secondOnB);
      b.invalidate();
      await two.ping();
      await a.answer('k', readA);
      expect(readA).toHaveBeenCalledTimes(3);
    });

    it('answers from its own interval when Redis cannot be reached', async () => {
      if (!available) return;
      const client = await connect();
      const cache = new DirectoryCache(config, new Metrics(false), client);
      const read = jest.fn(async () => ({}));
      const first = await cache.answer('k', read);
      client.destroy();
      expect(await cache.answer('k', read)).toBe(first);
      cache.invalidate();
      expect(await cache.answer('k', read)).not.toBe(first);
      expect(read).toHaveBeenCalledTimes(2);
    });
  });

  describe('two application instances', () => {
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      if (!available) return;
      const env = { REDIS_URL, REDIS_KEY_PREFIX: prefix, CONTACT_RATE_LIMIT: '2' };
      a = await startTestApp(env);
      b = await startTestApp(env, { databaseUrl: a.databaseUrl });
    });
    afterAll(async () => {
      if (b) await b.close();
      if (a) await a.close();
    });

    it('reaches a rate limit in the sum of both', async () => {
      if (!available) return;
      const body = { name: 'Ana', email: 'ana@example.com', message: 'Hola, quisiera saber más.' };
      await http(a).post('/api/contact-form/').send(body).expect(201);
      await http(b).post('/api/contact-form/').send(body).expect(201);
      const refused = await http(a).post('/api/contact-form/').send(body).expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      await http(b).post('/api/contact-form/').send(body).expect(429);
    });

    it('keys its counters by a keyed hash: no e-mail or address in Redis', async () => {
      if (!available) return;
      const email = 'ana.claves@example.com';
      await http(a).post('/api/token/').send({ username: email, password: 'mala12345' }).expect(400);
      // The CSRF check compares the cookie with the header (double submit).
      const csrf = 'c'.repeat(43);
      await http(b)
        .post('/api/reset_password/')
        .set('Cookie', `csrftoken=${csrf}`)
        .set('X-CSRFToken', csrf)
        .send({ email })
        .expect(200);
      const reader = await connect();
      const keys: string[] = [];
      for await (const found of reader.scanIterator({ MATCH: `${prefix}rl:*`, COUNT: 1000 })) keys.push(...found);
      // The rule's name stays readable; whom it counts does not.
      expect(keys.map((key) => key.slice(`${prefix}rl:`.length).split(':')[0]).sort()).toEqual(
        expect.arrayContaining(['contact', 'login-failed-account', 'login-failed-address', 'reset-email', 'reset-ip']),
      );
      for (const key of keys) expect(key).not.toMatch(/@|ana\.claves|127\.0\.0\.1|::1/);
    });

    it("shows an edit made through one instance on the other's next directory answer", async () => {
      if (!available) return;
      await seedDemo(a.dataSource, { workers: 3, employers: 1, seed: 18 });
      const admin = await createAccount(a, 'admin');
      const cards = async (t: TestApp) =>
        (await http(t).get('/api/workers/').query({ page: '1', page_size: '100' }).expect(200)).body.results as {
          id: number;
          introduction: string | null;
        }[];
      const target = (await cards(b))[0]!; // B's page is now cached
      const introduction = 'Presentación cambiada a través de la otra instancia.';
      await http(a)
        .put(`/api/worker-profile/${target.id}/introduction/update/`)
        .set(admin.auth)
        .send({ introduction })
        .expect(200);
      expect((await cards(b)).find((card) => card.id === target.id)?.introduction).toBe(introduction);
    });
  });
});
