import { RateLimitedException, RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  const rule = { limit: 2, windowMs: 1000 };

  it('allows the limit, refuses the next with the seconds to wait, and resets after the window', () => {
    let now = 10_000;
    const limiter = new RateLimiter(() => now);
    limiter.consume('contact', '1.2.3.4', rule);
    limiter.consume('contact', '1.2.3.4', rule);
    now += 400;
    let thrown: unknown;
    try {
      limiter.consume('contact', '1.2.3.4', rule);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RateLimitedException);
    expect((thrown as RateLimitedException).retryAfterSeconds).toBe(1);
    expect((thrown as RateLimitedException).getStatus()).toBe(429);
    now += 600;
    expect(() => limiter.consume('contact', '1.2.3.4', rule)).not.toThrow();
  });

  it('counts subjects and rule names apart', () => {
    const limiter = new RateLimiter(() => 0);
    limiter.consume('contact', 'a', { limit: 1, windowMs: 1000 });
    expect(() => limiter.consume('contact', 'b', { limit: 1, windowMs: 1000 })).not.toThrow();
    expect(() => limiter.consume('login', 'a', { limit: 1, windowMs: 1000 })).not.toThrow();
    expect(() => limiter.consume('contact', 'a', { limit: 1, windowMs: 1000 })).toThrow(RateLimitedException);
  });

  it('takes from several counters all or nothing, with the longest wait of the full ones', () => {
    let now = 0;
    const limiter = new RateLimiter(() => now);
    const a = { name: 'a', subject: 'x', rule: { limit: 1, windowMs: 10_000 } };
    const b = { name: 'b', subject: 'x', rule: { limit: 5, windowMs: 60_000 } };
    limiter.take([a, b]);
    now += 1000;
    let thrown: unknown;
    try {
      limiter.take([a, b]);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as RateLimitedException).retryAfterSeconds).toBe(9);
    // b was not counted by the refused take: four more fit.
    for (let i = 0; i < 4; i += 1) limiter.consume('b', 'x', b.rule);
    expect(() => limiter.consume('b', 'x', b.rule)).toThrow(RateLimitedException);
  });

  it('gives attempts back and clears counters', () => {
    const limiter = new RateLimiter(() => 0);
    const rule = { limit: 1, windowMs: 1000 };
    limiter.consume('login', 'a', rule);
    limiter.release('login', 'a');
    limiter.consume('login', 'a', rule);
    expect(() => limiter.consume('login', 'a', rule)).toThrow(RateLimitedException);
    limiter.clear('login', 'a');
    expect(() => limiter.consume('login', 'a', rule)).not.toThrow();
    // Releasing more than was taken never makes room past the limit.
    limiter.release('login', 'a');
    limiter.release('login', 'a');
    limiter.consume('login', 'a', rule);
    expect(() => limiter.consume('login', 'a', rule)).toThrow(RateLimitedException);
  });
});
