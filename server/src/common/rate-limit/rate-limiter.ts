import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { HttpStatus, Logger } from '@nestjs/common';
import { COMMON_MESSAGES, type ErrorCode } from '@cym/common';
import { AppException } from '../app-exception';
import { OutageLog, type RedisClient, withTimeout } from '../redis/redis';

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
 * Where counters live. `take` counts one attempt on every counter or on none and answers 0, or
 * the milliseconds until the latest of the full windows resets; refused attempts are not counted.
 */
export interface RateLimitStore {
  take(counters: RateLimitCounter[]): number | Promise<number>;
  /** Gives back one attempt counted in the current window (nothing when the window is gone). */
  release(name: string, subject: string): void | Promise<void>;
  /** Forgets a subject's counter. */
  clear(name: string, subject: string): void | Promise<void>;
}

/**
 * Counters in this process's memory: the only store of a single process, and every process's
 * fallback while Redis is unreachable. Expired windows are swept as they are met and at most
 * every minute.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  take(counters: RateLimitCounter[]): number {
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
    if (full.length > 0) return Math.max(...full.map(({ window }) => window.resetAt)) - now;
    for (const { window } of windows) window.count += 1;
    return 0;
  }

  release(name: string, subject: string): void {
    const window = this.windows.get(`${name}:${subject}`);
    if (window && window.resetAt > this.now() && window.count > 0) window.count -= 1;
  }

  clear(name: string, subject: string): void {
    this.windows.delete(`${name}:${subject}`);
  }

  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60_000;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

/**
 * All or none over several keys, atomically (a Lua script runs alone on the server): first look
 * at every counter, then count on all of them only when none is full. A window starts with its
 * first counted attempt and lasts its rule's length (the key's PEXPIRE); a counter given back to
 * 0 keeps its window. KEYS: the counters; ARGV: limit and window (ms) of each, in turn.
 */
const TAKE_SCRIPT = `
local wait = 0
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 1 then ttl = 1 end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for i, key in ipairs(KEYS) do
  redis.call('INCR', key)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[2 * i]) end
end
return 0`;

/** One attempt back, never below 0; INCR/DECR keep the key's expiry. */
const RELEASE_SCRIPT = `
if tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * The key of the subjects' hashes in Redis, derived from the JWT secret (HKDF-SHA256 with its own
 * label) rather than the secret itself: every process shares it, as it shares the JWT secret, and
 * nothing signed with one can be forged with the other.
 */
export function subjectHashKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'casaymanos', 'rate-limit subjects', 32));
}

/**
 * Counters in Redis, shared by every process on it: the same fixed windows, all-or-none `take`
 * and uncounted refusals as in memory. A Lua script rather than rate-limiter-flexible: its
 * `consume` counts refused attempts too (INCR first, compare after) and has no atomic
 * all-or-none over several limiters, which the login's three counters need.
 *
 * Keys are `<prefix><name>:<HMAC-SHA256 of the subject>` (128 bits, base64url): whoever reads
 * Redis (a dump, a backup, a shared instance) sees which rules are counting, never whom — no
 * e-mail, address or account id in clear, and no dictionary of known e-mails turns a key back
 * into one without the key.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private static readonly take = { source: TAKE_SCRIPT, sha: sha1(TAKE_SCRIPT) };
  private static readonly release = { source: RELEASE_SCRIPT, sha: sha1(RELEASE_SCRIPT) };

  constructor(
    private readonly client: RedisClient,
    /** The HMAC key of subjects (subjectHashKey): the same in every process. */
    private readonly hashKey: Buffer,
    /** Prepended to `name:hash`; tests use their own so runs never share counters. */
    private readonly prefix = 'casaymanos:rl:',
    private readonly timeoutMs?: number,
  ) {}

  async take(counters: RateLimitCounter[]): Promise<number> {
    const keys = counters.map(({ name, subject }) => this.key(name, subject));
    const args = counters.flatMap(({ rule }) => [String(rule.limit), String(Math.ceil(rule.windowMs))]);
    return Number(await this.run(RedisRateLimitStore.take, keys, args));
  }

  async release(name: string, subject: string): Promise<void> {
    await this.run(RedisRateLimitStore.release, [this.key(name, subject)], []);
  }

  async clear(name: string, subject: string): Promise<void> {
    await withTimeout(this.client.del(this.key(name, subject)), this.timeoutMs);
  }

  private key(name: string, subject: string): string {
    const hash = createHmac('sha256', this.hashKey).update(subject).digest().subarray(0, 16).toString('base64url');
    return `${this.prefix}${name}:${hash}`;
  }

  /** EVALSHA, sending the script itself only when this Redis does not have it yet. */
  private async run(script: { source: string; sha: string }, keys: string[], args: string[]): Promise<unknown> {
    try {
      return await withTimeout(this.client.evalSha(script.sha, { keys, arguments: args }), this.timeoutMs);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return withTimeout(this.client.eval(script.source, { keys, arguments: args }), this.timeoutMs);
    }
  }
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

/**
 * Fixed-window counters keyed by rule name and subject (an IP, an e-mail; hashed in Redis). Services await
 * `consume` (or `take` for several counters at once) before doing the work an attacker would
 * hammer; a refused attempt is not counted. `release` gives an attempt back when it turns out
 * not to be one the rule is about (a login counts only failures).
 *
 * Counters live in this process's memory, or in Redis when REDIS_URL is set, so that N
 * processes behind a load balancer enforce the same limits as one. While Redis cannot be
 * reached, each process counts in its own memory (logged once per outage) rather than failing
 * the request or dropping the limits (docs/ARCHITECTURE.md "Background jobs, readiness,
 * shutdown, several processes").
 */
export class RateLimiter {
  private readonly memory: MemoryRateLimitStore;
  private readonly outage: OutageLog;

  constructor(
    now: () => number = Date.now,
    private readonly shared?: RateLimitStore,
    logger: Pick<Logger, 'log' | 'warn'> = new Logger('RateLimiter'),
    /** Told of each refusal with the name of the first counter asked (its rule), for the operators' figures. */
    private readonly onRefused: (rule: string) => void = () => undefined,
  ) {
    this.memory = new MemoryRateLimitStore(now);
    this.outage = new OutageLog(
      logger,
      "Rate limits counted in this process's memory while Redis fails",
      'Rate limits counted in Redis again',
    );
  }

  async consume(name: string, subject: string, rule: RateLimitRule): Promise<void> {
    await this.take([{ name, subject, rule }]);
  }

  /**
   * Counts one attempt on every counter, or on none: when any is at its limit, throws with the
   * longest wait among the full ones and leaves all of them as they were.
   */
  async take(counters: RateLimitCounter[]): Promise<void> {
    const waitMs = await this.use((store) => store.take(counters));
    if (waitMs <= 0) return;
    this.onRefused(counters[0]?.name ?? 'none');
    throw new RateLimitedException(Math.max(1, Math.ceil(waitMs / 1000)));
  }

  /** Gives back one attempt counted in the current window (nothing when the window is gone). */
  async release(name: string, subject: string): Promise<void> {
    await this.use((store) => store.release(name, subject));
  }

  /** Forgets a subject's counter, e.g. an owner's typos once they got the password right. */
  async clear(name: string, subject: string): Promise<void> {
    await this.use((store) => store.clear(name, subject));
  }

  private async use<T>(work: (store: RateLimitStore) => T | Promise<T>): Promise<T> {
    if (!this.shared) return work(this.memory);
    try {
      const result = await work(this.shared);
      this.outage.recovered();
      return result;
    } catch (error) {
      this.outage.failed(error);
      return work(this.memory);
    }
  }
}
