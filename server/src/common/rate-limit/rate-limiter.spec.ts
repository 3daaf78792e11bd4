import { RateLimitedException, RateLimiter, type RateLimitStore } from './rate-limiter';

describe('RateLimiter', () => {
  const rule = { limit: 2, windowMs: 1000 };

  it('allows the limit, refuses the next with the seconds to wait, and resets after the window', async () => {
    let now = 10_000;
    const limiter = new RateLimiter(() => now);
    await limiter.consume('contact', '1.2.3.4', rule);
    await limiter.consume('contact', '1.2.3.4', rule);
    now += 400;
    let thrown: unknown;
    try {
      await limiter.consume('contact', '1.2.3.4', rule);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RateLimitedException);
    expect((thrown as RateLimitedException).retryAfterSeconds).toBe(1);
    expect((thrown as RateLimitedException).getStatus()).toBe(429);
    now += 600;
    await expect(limiter.consume('contact', '1.2.3.4', rule)).resolves.toBeUndefined();
  });

  it('counts subjects and rule names apart', async () => {
    const limiter = new RateLimiter(() => 0);
    await limiter.consume('contact', 'a', { limit: 1, windowMs: 1000 });
    await expect(limiter.consume('contact', 'b', { limit: 1, windowMs: 1000 })).resolves.toBeUndefined();
    await expect(limiter.consume('login', 'a', { limit: 1, windowMs: 1000 })).resolves.toBeUndefined();
    await expect(limiter.consume('contact', 'a', { limit: 1, windowMs: 1000 })).rejects.toThrow(RateLimitedException);
  });

  it('takes from several counters all or nothing, with the longest wait of the full ones', async () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const a = { name: 'a', subject: 'x', rule: { limit: 1, windowMs: 10_000 } };
    const b = { name: 'b', subject: 'x', rule: { limit: 5, windowMs: 60_000 } };
    await limiter.take([a, b]);
    now += 1000;
    let thrown: unknown;
    try {
      await limiter.take([a, b]);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as RateLimitedException).retryAfterSeconds).toBe(9);
    // b was not counted by the refused take: four more fit.
    for (let i = 0; i < 4; i += 1) await limiter.consume('b', 'x', b.rule);
    await expect(limiter.consume('b', 'x', b.rule)).rejects.toThrow(RateLimitedException);
  });

  it('tells each refusal, once, under the rule of the first counter asked, and never an allowed attempt', async () => {
    const refused: string[] = [];
    const limiter = new RateLimiter(
      () => 0,
      undefined,
      undefined,
      (name) => refused.push(name),
    );
    const one = { limit: 1, windowMs: 1000 };
    await limiter.consume('contact', 'a', one);
    await expect(limiter.consume('contact', 'a', one)).rejects.toThrow(RateLimitedException);
    await limiter.take([{ name: 'login-a', subject: 'x', rule: { limit: 5, windowMs: 1000 } }]);
    await limiter.consume('login-b', 'x', one);
    await expect(
      limiter.take([
        { name: 'login-a', subject: 'x', rule: { limit: 5, windowMs: 1000 } },
        { name: 'login-b', subject: 'x', rule: one },
      ]),
    ).rejects.toThrow(RateLimitedException);
    expect(refused).toEqual(['contact', 'login-a']);
  });

  it('gives attempts back and clears counters', async () => {
    const limiter = new RateLimiter(() => 0);
    const rule = { limit: 1, windowMs: 1000 };
    await limiter.consume('login', 'a', rule);
    await limiter.release('login', 'a');
    await limiter.consume('login', 'a', rule);
    await expect(limiter.consume('login', 'a', rule)).rejects.toThrow(RateLimitedException);
    await limiter.clear('login', 'a');
    await expect(limiter.consume('login', 'a', rule)).resolves.toBeUndefined();
    // Releasing more than was taken never makes room past the limit.
    await limiter.release('login', 'a');
    await limiter.release('login', 'a');
    await limiter.consume('login', 'a', rule);
    await expect(limiter.consume('login', 'a', rule)).rejects.toThrow(RateLimitedException);
  });

  it('counts in its shared store, and in memory while that store fails', async () => {
    let failing = false;
    const calls: string[] = [];
    const shared: RateLimitStore = {
      take: async () => {
        calls.push('take');
        if (failing) throw new Error('connection lost');
        return 0;
      },
      release: async () => undefined,
      clear: async () => undefined,
    };
    const logger = { log: jest.fn(), warn: jest.fn() };
    const limiter = new RateLimiter(() => 0, shared, logger as never);
    const once = { limit: 1, windowMs: 1000 };
    // The shared store answers: nothing is counted in memory.
    await limiter.consume('contact', 'a', once);
    await limiter.consume('contact', 'a', once);
    expect(calls).toEqual(['take', 'take']);
    // It fails: the limit still holds, counted in this process, and the outage is logged once.
    failing = true;
    await limiter.consume('contact', 'a', once);
    await expect(limiter.consume('contact', 'a', once)).rejects.toThrow(RateLimitedException);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    failing = false;
    await limiter.consume('contact', 'a', once);
    expect(logger.log).toHaveBeenCalledTimes(1);
  });
});
