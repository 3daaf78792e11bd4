import { BoundedQueue } from './bounded-queue';
import { RateLimitedException } from './rate-limit/rate-limiter';

/** A task the test finishes by hand, to look at the queue while it runs. */
function deferred() {
  let finish!: () => void;
  const promise = new Promise<void>((resolve) => (finish = resolve));
  return { promise, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const MESSAGE = 'Hay mucho trabajo en curso. Esperá unos segundos y volvé a intentar.';

describe('BoundedQueue', () => {
  it('runs `concurrency` tasks, queues `maxQueue` more in order, and refuses the next with 429 BUSY and Retry-After', async () => {
    const queue = new BoundedQueue({
      concurrency: 1,
      maxQueue: 2,
      refusalDelayMs: 0,
      busyMessage: MESSAGE,
      expectedMs: 3000,
    });
    const gate = deferred();
    const order: number[] = [];
    const accepted = [0, 1, 2].map((i) =>
      queue.run(async () => {
        order.push(i);
        await gate.promise;
      }),
    );
    await tick();
    expect(queue.load).toEqual({ running: 1, waiting: 2 });
    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RateLimitedException);
    expect((refused as RateLimitedException).getStatus()).toBe(429);
    expect((refused as RateLimitedException).getResponse()).toEqual({ error: MESSAGE, code: 'BUSY' });
    // Three tasks ahead of it (two waiting and itself) at about 3 s each, one at a time.
    expect((refused as RateLimitedException).retryAfterSeconds).toBe(9);
    await expect(queue.checkRoom()).rejects.toThrow(RateLimitedException);
    gate.finish();
    await Promise.all(accepted);
    expect(order).toEqual([0, 1, 2]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    await expect(queue.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('frees the slot of a failed task and holds a refusal for refusalDelayMs', async () => {
    const queue = new BoundedQueue({
      concurrency: 1,
      maxQueue: 0,
      refusalDelayMs: 100,
      busyMessage: MESSAGE,
      expectedMs: 10,
    });
    await expect(queue.run(() => Promise.reject(new Error('decoder failed')))).rejects.toThrow('decoder failed');
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    const gate = deferred();
    const held = queue.run(() => gate.promise);
    const started = Date.now();
    await expect(queue.run(async () => 'never')).rejects.toThrow(RateLimitedException);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    gate.finish();
    await held;
  });
});
