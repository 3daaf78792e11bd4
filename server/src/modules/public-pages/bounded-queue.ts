export interface BoundedQueueOptions {
  /** Tasks running at once. */
  concurrency: number;
  /** Tasks allowed to wait for a turn; past it `run` is refused at once. */
  maxWaiting: number;
  /** What one task is expected to take before any has run (for the first refusal's estimate). */
  typicalMs: number;
  /** The error a refused `run` rejects with, given the seconds the queue should take to drain. */
  refuse: (retryAfterSeconds: number) => Error;
}

/**
 * Runs at most `concurrency` tasks at once; up to `maxWaiting` more wait their turn, in order,
 * and a task beyond those is refused at once with the options' error and an estimate of when to
 * come back (the waiting tasks' expected time, from a moving average of the finished ones).
 */
export class BoundedQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private averageMs: number;

  constructor(private readonly options: BoundedQueueOptions) {
    this.averageMs = options.typicalMs;
  }

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Whether a task given now would be refused. */
  get full(): boolean {
    return this.running >= this.options.concurrency && this.waiting.length >= this.options.maxWaiting;
  }

  /** The error a task given now would be refused with (for a caller that gives up before asking). */
  refusal(): Error {
    return this.options.refuse(this.retryAfterSeconds());
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.full) throw this.refusal();
    if (this.running >= this.options.concurrency) {
      // The slot is handed over by the finishing task, so `running` never drops in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - started);
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private retryAfterSeconds(): number {
    const drainMs = ((this.waiting.length + 1) * this.averageMs) / this.options.concurrency;
    return Math.max(1, Math.ceil(drainMs / 1000));
  }
}
