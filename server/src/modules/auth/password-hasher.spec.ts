import { RateLimitedException } from '../../common/rate-limit/rate-limiter';
import { PASSWORDS_BUSY_MESSAGE, PasswordHasher } from './password-hasher';

/** A task the test finishes by hand, to look at the queue while it runs. */
function deferred() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('PasswordHasher', () => {
  it('hashes and compares with bcrypt at the configured cost', async () => {
    const hasher = new PasswordHasher({ cost: 4, concurrency: 1 });
    const stored = await hasher.hash('clave1234');
    expect(stored).toMatch(/^\$2[aby]\$04\$/);
    await expect(hasher.compare('clave1234', stored)).resolves.toBe(true);
    await expect(hasher.compare('otra12345', stored)).resolves.toBe(false);
  });

  it('runs at most `concurrency` tasks at once and the rest in arrival order', async () => {
    const hasher = new PasswordHasher({ cost: 4, concurrency: 2, maxQueue: 10 });
    const tasks = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const done = tasks.map((task, i) =>
      hasher.run(() => {
        started.push(i);
        return task.promise.then(() => i);
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(hasher.load).toEqual({ running: 2, waiting: 2 });
    tasks[1].finish();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    expect(hasher.load).toEqual({ running: 2, waiting: 1 });
    tasks[0].fail(new Error('bcrypt failed'));
    await expect(done[0]).rejects.toThrow('bcrypt failed');
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    tasks[2].finish();
    tasks[3].finish();
    await expect(Promise.all(done.slice(1))).resolves.toEqual([1, 2, 3]);
    expect(hasher.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with a 429 BUSY in Spanish, and Retry-After, once the queue is full', async () => {
    const hasher = new PasswordHasher({ cost: 4, concurrency: 1, maxQueue: 2, refusalDelayMs: 0 });
    const gate = deferred();
    const accepted = [1, 2, 3].map(() => hasher.run(() => gate.promise));
    await tick();
    expect(hasher.load).toEqual({ running: 1, waiting: 2 });
    let refused: unknown;
    await hasher.run(() => gate.promise).catch((error: unknown) => (refused = error));
    expect(refused).toBeInstanceOf(RateLimitedException);
    expect((refused as RateLimitedException).getStatus()).toBe(429);
    expect((refused as RateLimitedException).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((refused as RateLimitedException).getResponse()).toEqual({ error: PASSWORDS_BUSY_MESSAGE, code: 'BUSY' });
    await expect(hasher.checkRoom()).rejects.toThrow(RateLimitedException);
    gate.finish();
    await Promise.all(accepted);
    await expect(hasher.checkRoom()).resolves.toBeUndefined();
    // Room again once the queue drained.
    await expect(hasher.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('holds a refusal for refusalDelayMs, so a client retrying at once is paced', async () => {
    const hasher = new PasswordHasher({ cost: 4, concurrency: 1, maxQueue: 0, refusalDelayMs: 100 });
    const gate = deferred();
    const accepted = hasher.run(() => gate.promise);
    const started = Date.now();
    await expect(hasher.run(async () => 'never')).rejects.toThrow(RateLimitedException);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    gate.finish();
    await accepted;
  });

  it('keeps real bcrypt calls to the bound', async () => {
    const hasher = new PasswordHasher({ cost: 4, concurrency: 1, maxQueue: 50 });
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, hasher.load.running)), 0);
    const hashes = await Promise.all(Array.from({ length: 8 }, (_, i) => hasher.hash(`clave${i}1234`)));
    clearInterval(watch);
    expect(peak).toBe(1);
    await expect(hasher.compare('clave31234', hashes[3])).resolves.toBe(true);
  });
});
