import { HttpStatus } from '@nestjs/common';
import { COMMON_MESSAGES, type ErrorCode } from '@cym/common';
import { AppException } from '../app-exception';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

/** One counter to take from: the rule's name, whom it counts (an IP, an e-mail…) and its rule. */
export interface RateLimitCounter {
  name: string;
  subject: string;
  rule: RateLimitRule;
}

/**
 * A refusal that tells the client when to come back (the filter sends `Retry-After`): 429 by
 * default; `code` tells a client's own excess (RATE_LIMITED) from a saturated server (BUSY).
 */
export class RateLimitedException extends AppException {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = COMMON_MESSAGES.rateLimited,
    status: HttpStatus = HttpStatus.TOO_MANY_REQUESTS,
    code: ErrorCode = 'RATE_LIMITED',
  ) {
    super(status, code, message);
  }
}

/**
 * Fixed-window counters keyed by rule name and subject (an IP, an e-mail). Services call
 * `consume` (or `take` for several counters at once) before doing the work an attacker would
 * hammer; a refused attempt is not counted. `release` gives an attempt back when it turns out
 * not to be one the rule is about (a login counts only failures). Counters live in this process;
 * expired windows are swept as they are met and at most every minute.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  consume(name: string, subject: string, rule: RateLimitRule): void {
    this.take([{ name, subject, rule }]);
  }

  /**
   * Counts one attempt on every counter, or on none: when any is at its limit, throws with the
   * longest wait among the full ones and leaves all of them as they were.
   */
  take(counters: RateLimitCounter[]): void {
    const now = this.now();
    this.sweep(now);
    const windows = counters.map(({ name, subject, rule }) => {
      const key = `${name}:${subject}`;
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + rule.windowMs };
        this.windows.set(key, window);
      }
      return { window, rule };
    });
    const full = windows.filter(({ window, rule }) => window.count >= rule.limit);
    if (full.length > 0) {
      const resetAt = Math.max(...full.map(({ window }) => window.resetAt));
      throw new RateLimitedException(Math.max(1, Math.ceil((resetAt - now) / 1000)));
    }
    for (const { window } of windows) window.count += 1;
  }

  /** Gives back one attempt counted in the current window (nothing when the window is gone). */
  release(name: string, subject: string): void {
    const window = this.windows.get(`${name}:${subject}`);
    if (window && window.resetAt > this.now() && window.count > 0) window.count -= 1;
  }

  /** Forgets a subject's counter, e.g. an owner's typos once they got the password right. */
  clear(name: string, subject: string): void {
    this.windows.delete(`${name}:${subject}`);
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
