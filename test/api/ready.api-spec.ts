import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { REDIS_CLIENT, type RedisClient } from '../../server/src/common/redis/redis';
import { Draining } from '../../server/src/modules/health/draining';
import { createAccount } from '../support/accounts';
import { waitUntil } from '../support/chat-sockets';
import { freePort } from '../support/processes';
import { REDIS_URL, RedisRelay, redisReachable } from '../support/redis';
import { startTestApp, TestApp } from '../support/test-app';

// Three app starts; on the embedded database under a busy CI machine one took over 30 s.
jest.setTimeout(90_000);

/** A request through Fastify's injection (the listener may already be closed). */
async function inject(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await t.app.getHttpAdapter().getInstance().inject({ method, url, payload });
  return { status: res.statusCode, body: res.json() };
}
const ready = (t: TestApp) => inject(t, 'GET', '/api/ready/');

/** What the app's loggers wrote through `method` since the spy began, as [context, message]. */
function lines(spy: jest.SpyInstance): [string, string][] {
  return spy.mock.calls.map((call, i) => [
    String((spy.mock.contexts[i] as { context?: string }).context),
    String(call[0]),
  ]);
}

/**
 * GET /api/ready, what a load balancer asks before sending a process requests: the database
 * and Redis answer, and the process is not shutting down.
 */
describe('/api/ready', () => {
  it('is ready without Redis configured, and says 503 once the process starts shutting down', async () => {
    const t = await startTestApp({}, { listen: true });
    try {
      expect(await ready(t)).toEqual({
        status: 200,
        body: { status: 'ready', database: 'up', redis: 'not_configured', draining: false, replica: 'not_configured' },
      });
      // The first step of a shutdown: the listener stops taking connections, readiness goes.
      t.app.get(Draining).beforeApplicationShutdown();
      expect(t.app.getHttpServer().listening).toBe(false);
      expect(await ready(t)).toEqual({
        status: 503,
        body: {
          status: 'not_ready',
          database: 'up',
          redis: 'not_configured',
          draining: true,
          replica: 'not_configured',
        },
      });
    } finally {
      await t.close();
    }
  });

  it('checks Redis when REDIS_URL is set', async () => {
    if (!(await redisReachable())) return console.warn('Redis is not running on 127.0.0.1:6379: skipped');
    const t = await startTestApp({ REDIS_URL });
    try {
      expect(await ready(t)).toMatchObject({ status: 200, body: { redis: 'up', database: 'up' } });
    } finally {
      await t.close();
    }
  });

  it('starts with Redis unreachable: 503 naming Redis, logins limited in memory, one log line per client and change', async () => {
    // A port where nothing listens until the relay below opens it.
    const port = await freePort();
    const prefix = `casaymanos-test:${randomUUID()}:`;
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const log = jest.spyOn(Logger.prototype, 'log');
    const relay = new RedisRelay();
    // Before the fix the start waited for Redis forever: this test then fails on its timeout.
    const t = await startTestApp({
      REDIS_URL: `redis://127.0.0.1:${port}`,
      REDIS_KEY_PREFIX: prefix,
    });
    const client = t.app.get<RedisClient>(REDIS_CLIENT);
    try {
      expect((await inject(t, 'GET', '/api/health/')).status).toBe(200);
      expect(await ready(t)).toEqual({
        status: 503,
        body: { status: 'not_ready', database: 'up', redis: 'down', draining: false, replica: 'not_configured' },
      });
      // Login limits still hold, counted in this process's memory: 10 wrong passwords for one
      // e-mail from one address, then 429.
      const { email } = await createAccount(t, 'Worker');
      const login = () => inject(t, 'POST', '/api/token/', { username: email, password: 'mala12345' });
      for (let i = 0; i < 10; i += 1) expect((await login()).status).toBe(401);
      expect((await login()).status).toBe(429);
      // One warning per client (the shared one, the chat's pair) and per feature that met the
      // outage, however many connection attempts failed.
      const about = (spy: jest.SpyInstance) =>
        lines(spy).filter(([, message]) => /\bRedis\b.*\b(fails|unavailable|again|back)\b/.test(message));
      expect(
        about(warn)
          .map(([context]) => context)
          .sort(),
      ).toEqual(['ChatIoAdapter', 'RateLimiter', 'Redis']);

      if (!(await redisReachable())) return console.warn('Redis is not running on 127.0.0.1:6379: recovery skipped');
      await relay.listen(port);
      await waitUntil(() => about(log).length === 2, 30_000, 'the clients to reconnect');
      expect(await ready(t)).toMatchObject({ status: 200, body: { redis: 'up' } });
      // Counted in Redis again (a fresh window there): the counter's key appears under the prefix.
      expect((await login()).status).toBe(401);
      expect(await client.keys(`${prefix}rl:login-failed-account-address:*`)).toHaveLength(1);
      expect(
        about(log)
          .map(([context]) => context)
          .sort(),
      ).toEqual(['ChatIoAdapter', 'RateLimiter', 'Redis']);
      // Still one warning each; the line that says Redis is back counts the attempts that failed
      // (how many depends on the reconnect back-off and the machine's speed: at least the first).
      expect(about(warn)).toHaveLength(3);
      const back = about(log).find(([context]) => context === 'Redis')![1];
      expect(Number(/(\d+) failures?/.exec(back)?.[1])).toBeGreaterThanOrEqual(1);
    } finally {
      warn.mockRestore();
      log.mockRestore();
      if (client.isReady) {
        const keys = await client.keys(`${prefix}*`);
        if (keys.length > 0) await client.del(keys);
      }
      await t.close();
      await relay.close();
    }
  });
});
