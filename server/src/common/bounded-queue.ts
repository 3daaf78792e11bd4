import { HttpStatus } from '@nestjs/common';
import { availableParallelism } from 'node:os';
import { RateLimitedException } from './rate-limit/rate-limiter';

export interface BoundedQueueOptions {
  /** Tasks running at once (default: half the cores, at least one). */
  concurrency?: number;
  /** Tasks allowed to wait for a turn; past it the call is refused with a 429 `BUSY`. */
  maxQueue: number;
  /** How long a refusal is held before it is answered (default 1 s; see the class). */
  refusalDelayMs?: number;
  /** The refusal's Spanish message. */
  busyMessage: string;
  /** The refusal's status: 429 (default), or 503 where a crawler should come back later. */
  busyStatus?: HttpStatus;
  /** A task's expected time before any has run, for the first Retry-After (ms). */
  expectedMs: number;
}

/** Half the cores, at least one: the other half (and libuv's other threads) keep serving. */
export function halfTheCores(): number {
  return Math.max(1, Math.floor(availableParallelism() / 2));
}

/**
 * Heavy work that shares the process's threads with every request (bcrypt, image decoding) runs
 * through one of these: at most `concurrency` tasks at once, the next ones wait in order, and when
 * `maxQueue` are already waiting the call is refused with a 429 `BUSY` and a Retry-After of about
 * the queue's length, rather than making everyone wait longer. (429, not 503: the API's 503 means
 * the database is down.)
 *
 * A refusal is answered after `refusalDelayMs`, not at once: a script that asks again as soon as
 * it is refused would otherwise turn each of its connections into hundreds of requests a second,
 * which starve the event loop as surely as the work starved the thread pool. Held, it costs an
 * idle socket for a second.
 */
export class BoundedQueue {
  readonly concurrency: number;
  readonly maxQueue: number;
  readonly refusalDelayMs: number;
  private readonly busyMessage: string;
  private readonly busyStatus: HttpStatus;
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Moving average of one task's time, for the Retry-After of a refusal. */
  private averageMs: number;

  constructor(options: BoundedQueueOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? halfTheCores());
    this.maxQueue = Math.max(0, options.maxQueue);
    this.refusalDelayMs = Math.max(0, options.refusalDelayMs ?? 1000);
    this.busyMessage = options.busyMessage;
    this.busyStatus = options.busyStatus ?? HttpStatus.TOO_MANY_REQUESTS;
    this.averageMs = options.expectedMs;
  }

  /** Tasks running and waiting now (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Rejects with the (held) `BUSY` refusal when a call made now would be refused, so a caller can
   * give up before it spends anything; resolves at once otherwise.
   */
  async checkRoom(): Promise<void> {
    if (this.full()) await this.refuse();
  }

  /** Runs `task` when a slot is free; refused (429 BUSY, held) when the queue is full. */
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
    throw new RateLimitedException(retryAfter, this.busyMessage, this.busyStatus, 'BUSY');
  }
}
