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
});
