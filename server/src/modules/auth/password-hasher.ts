import { compare, hash } from 'bcrypt';
import { BoundedQueue, halfTheCores } from '../../common/bounded-queue';
import { AUTH_ERRORS } from './auth.errors';

/** The refusal's message when too many operations wait (AUTH_ERRORS.passwordsBusy). */
export const PASSWORDS_BUSY_MESSAGE = AUTH_ERRORS.passwordsBusy.message;

export interface PasswordHasherOptions {
  /** bcrypt work factor of new hashes. */
  cost: number;
  /** bcrypt operations running at once (default: half the cores, at least one). */
  concurrency?: number;
  /** Operations allowed to wait for a turn; past it the call is refused with a 429 `BUSY`. */
  maxQueue?: number;
  /** How long a refusal is held before it is answered (default 1 s; see BoundedQueue). */
  refusalDelayMs?: number;
}

/** Half the cores, at least one: the other half (and libuv's other threads) keep serving. */
export const defaultHashConcurrency = halfTheCores;

export const DEFAULT_HASH_QUEUE = 20;

/**
 * Every bcrypt hash and compare of the server goes through here. bcrypt runs on libuv's thread
 * pool (4 threads), which zlib, file reads, DNS and sharp's image decoding share: forty logins at
 * once would take every thread for seconds and stall any compressed answer behind them. So the
 * operations go through a BoundedQueue: at most `concurrency` at once, the next ones wait in
 * order, and when `maxQueue` are already waiting the call is refused with a held 429 `BUSY` and
 * a Retry-After of about the queue's length.
 */
export class PasswordHasher {
  readonly cost: number;
  private readonly queue: BoundedQueue;

  constructor(options: PasswordHasherOptions) {
    this.cost = options.cost;
    this.queue = new BoundedQueue({
      concurrency: options.concurrency,
      maxQueue: options.maxQueue ?? DEFAULT_HASH_QUEUE,
      refusalDelayMs: options.refusalDelayMs,
      busyMessage: PASSWORDS_BUSY_MESSAGE,
      expectedMs: 250,
    });
  }

  get concurrency(): number {
    return this.queue.concurrency;
  }

  get maxQueue(): number {
    return this.queue.maxQueue;
  }

  get refusalDelayMs(): number {
    return this.queue.refusalDelayMs;
  }

  hash(password: string): Promise<string> {
    return this.run(() => hash(password, this.cost));
  }

  compare(password: string, passwordHash: string): Promise<boolean> {
    return this.run(() => compare(password, passwordHash));
  }

  /** Operations running and waiting now (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    return this.queue.load;
  }

  /**
   * Rejects with the (held) `BUSY` refusal when a call made now would be refused, so a login
   * can give up before it spends a query; resolves at once otherwise.
   */
  checkRoom(): Promise<void> {
    return this.queue.checkRoom();
  }

  /** Runs `task` when a slot is free; public so tests can drive the queue without bcrypt. */
  run<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(task);
  }
}
