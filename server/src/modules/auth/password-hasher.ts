import { compare, hash } from 'bcrypt';
import { availableParallelism } from 'node:os';
import { RateLimitedException } from '../../common/rate-limit/rate-limiter';

export const PASSWORDS_BUSY_MESSAGE = 'Hay muchos ingresos al mismo tiempo. Esperá unos segundos y volvé a intentar.';

export interface PasswordHasherOptions {
  /** bcrypt work factor of new hashes. */
  cost: number;
  /** bcrypt operations running at once (default: half the cores, at least one). */
  concurrency?: number;
  /** Operations allowed to wait for a turn; past it the call is refused with a 429 `BUSY`. */
  maxQueue?: number;
  /** How long a refusal is held before it is answered (default 1 s; see the class). */
  refusalDelayMs?: number;
}

/** Half the cores, at least one: the other half (and libuv's other threads) keep serving. */
export function defaultHashConcurrency(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

export const DEFAULT_HASH_QUEUE = 20;

/**
 * Every bcrypt hash and compare of the server goes through here. bcrypt runs on libuv's thread
 * pool (4 threads), which zlib, file reads and DNS share: forty logins at once would take every
 * thread for seconds and stall any compressed answer behind them. So at most `concurrency`
 * operations run at once, the next ones wait in order, and when `maxQueue` are already waiting
 * the call is refused with a 429 `BUSY` and a Retry-After of about the queue's length, rather
 * than making everyone wait longer. (429, not 503: the API's 503 means the database is down.)
 *
 * A refusal is answered after `refusalDelayMs`, not at once: a script that asks again as soon as
 * it is refused would otherwise turn each of its connections into hundreds of requests a second,
 * which starve the event loop as surely as bcrypt starved the thread pool. Held, it costs an
 * idle socket for a second.
 */
export class PasswordHasher {
  readonly cost: number;
  readonly concurrency: number;
  readonly maxQueue: number;
  readonly refusalDelayMs: number;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Moving average of one operation's time, for the Retry-After of a refusal. */
  private averageMs = 250;

  constructor(options: PasswordHasherOptions) {
    this.cost = options.cost;
    this.concurrency = Math.max(1, options.concurrency ?? defaultHashConcurrency());
    this.maxQueue = Math.max(0, options.maxQueue ?? DEFAULT_HASH_QUEUE);
    this.refusalDelayMs = Math.max(0, options.refusalDelayMs ?? 1000);
  }

  hash(password: string): Promise<string> {
    return this.run(() => hash(password, this.cost));
  }

  compare(password: string, passwordHash: string): Promise<boolean> {
    return this.run(() => compare(password, passwordHash));
  }

  /** Operations running and waiting now (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Rejects with the (held) `BUSY` refusal when a call made now would be refused, so a login
   * can give up before it spends a query; resolves at once otherwise.
   */
  async checkRoom(): Promise<void> {
    if (this.full()) await this.refuse();
  }

  /** Runs `task` when a slot is free; public so tests can drive the queue without bcrypt. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.full()) await this.refuse();
    if (this.running >= this.concurrency) {
      // The slot is handed over by the finishing task, so `running` never drops in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    const started = Date.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (Date.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.maxQueue;
  }

  private async refuse(): Promise<never> {
    const drainMs = ((this.waiting.length + 1) * this.averageMs) / this.concurrency;
    const retryAfter = Math.max(1, Math.ceil(drainMs / 1000));
    if (this.refusalDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.refusalDelayMs));
    throw new RateLimitedException(retryAfter, PASSWORDS_BUSY_MESSAGE, undefined, 'BUSY');
  }
}
