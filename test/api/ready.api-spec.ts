import { Draining } from '../../server/src/modules/health/draining';
import { REDIS_URL, redisReachable } from '../support/redis';
import { startTestApp, TestApp } from '../support/test-app';

// Two app starts; on the embedded database under a busy CI machine one took over 30 s.
jest.setTimeout(90_000);

/** GET /api/ready through Fastify's injection (the listener may already be closed). */
async function ready(t: TestApp): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await t.app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/api/ready/' });
  return { status: res.statusCode, body: res.json() };
}

/**
 * GET /api/ready, what a load balancer asks before sending a process requests (issue 18,
 * item 6): the database and Redis answer, and the process is not shutting down.
 */
describe('/api/ready', () => {
  it('is ready without Redis configured, and says 503 once the process starts shutting down', async () => {
    const t = await startTestApp({}, { listen: true });
    try {
      expect(await ready(t)).toEqual({
        status: 200,
        body: { status: 'ready', database: 'up', redis: 'not_configured', draining: false },
      });
      // The first step of a shutdown: the listener stops taking connections, readiness goes.
      t.app.get(Draining).beforeApplicationShutdown();
      expect(t.app.getHttpServer().listening).toBe(false);
      expect(await ready(t)).toEqual({
        status: 503,
        body: { status: 'not_ready', database: 'up', redis: 'not_configured', draining: true },
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
});
