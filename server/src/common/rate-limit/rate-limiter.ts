import { HttpStatus } from '@nestjs/common';
import { COMMON_MESSAGES } from '@cym/common';
import { AppException } from '../app-exception';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

export class RateLimitedException extends AppException {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = COMMON_MESSAGES.rateLimited,
  ) {
    super(HttpStatus.TOO_MANY_REQUESTS, 'RATE_LIMITED', message);
  }
}

/**
 * Fixed-window counters keyed by rule name and subject (an IP, an e-mail). Services call
 * `consume` before doing the work an attacker would hammer. Counters live in this process;
 * expired windows are swept as they are met and at most every minute.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  consume(name: string, subject: string, rule: RateLimitRule): void {
    const now = this.now();
    this.sweep(now);
    const key = `${name}:${subject}`;
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > rule.limit) {
      throw new RateLimitedException(Math.ceil((window.resetAt - now) / 1000));
    }
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
