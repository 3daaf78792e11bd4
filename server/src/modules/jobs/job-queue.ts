import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleInit,
} from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { Metrics, type Sample } from '../../common/metrics/metrics';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JOBS_SCHEMA } from './jobs-schema';
import { JOB_STATES_WATCHED, JobsRepository } from './jobs.repository';

/**
 * A kind of background work: its queue's name and how its jobs are retried. A job that fails
 * `retryLimit` times more stays 'failed' (counted on /admin/stats); one whose process died
 * mid-job is failed by the supervisor after `expireInSeconds` and retried like any failure.
 */
export interface JobKind {
  name: string;
  retryLimit: number;
  /** Seconds before the first retry; doubled for each later one with `retryBackoff`. */
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
}

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number; retryLimit: number }) => Promise<void>;

export interface SendOptions {
  /** Enqueue inside this transaction: the job exists exactly when the change is committed. */
  manager?: EntityManager;
}

/** PostgreSQL's SQLSTATE for a deadlock: the transaction chosen as victim may simply run again. */
const DEADLOCK = '40P01';

/** Longest wait of `runDue` for jobs another worker holds (one whose process died holds it until it expires). */
const RUN_DUE_WAIT_MS = 15_000;

/** Longest wait at shutdown for jobs in progress to finish (the process has 10 s in all). */
export const JOB_STOP_TIMEOUT_MS = 7_000;

/**
 * Durable background jobs in PostgreSQL through pg-boss, on the app's own connection pool (the
 * embedded database has a single backend, so pg-boss must never open a second session there).
 * Each job is taken by one process (SELECT … FOR UPDATE SKIP LOCKED), retried with backoff, and
 * survives a crash: an active job whose process is gone expires and runs again. The schema is
 * created by the migrations (JobsSchema) and upgraded by pg-boss itself at start.
 *
 * Features declare their kinds and handlers in `onModuleInit` (`register`) and send jobs from
 * their services; workers start on bootstrap and stop, finishing what they hold, before the
 * database closes.
 */
@Injectable()
export class JobQueue implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private boss!: PgBoss;
  private readonly kinds = new Map<string, { kind: JobKind; handler: JobHandler<never>; pollMs: number }>();
  private readonly workers = new Map<string, string>();
  /** pg-boss's statements and our handlers in progress: shutdown waits for them before the pool closes. */
  private readonly running = new Set<Promise<unknown>>();
  private started?: Promise<void>;
  private declaring: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly queue: JobsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): Promise<void> {
    this.metrics.jobQueueJobs.from(() => this.jobsByState());
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.track(this.queue.onPool(text, values)) },
      schema: JOBS_SCHEMA,
      // A web-only process (JOBS_WORK=false) enqueues but neither runs, supervises nor schedules.
      supervise: this.config.jobs.work,
      schedule: this.config.jobs.work,
      maintenanceIntervalSeconds: this.config.jobs.maintenanceSeconds,
      monitorStateIntervalSeconds: Math.max(this.config.jobs.maintenanceSeconds, 60),
    });
    this.boss.on('error', (error: Error) => this.logger.warn(`pg-boss: ${error.message}`));
    this.started = this.boss.start().then(() => undefined);
    return this.started;
  }

  /** Declares a kind of job and the handler that runs it (in every process). */
  async register<T>(kind: JobKind, handler: JobHandler<T>, options: { pollMs?: number } = {}): Promise<void> {
    await this.started;
    const settings = {
      name: kind.name,
      retryLimit: kind.retryLimit,
      retryDelay: kind.retryDelay,
      retryBackoff: kind.retryBackoff,
      expireInSeconds: this.config.jobs.expireSeconds ?? kind.expireInSeconds,
    };
    // One declaration at a time in this process: creating queues concurrently deadlocks.
    const declared = this.declaring.then(() => this.declare(settings));
    this.declaring = declared.catch(() => undefined);
    await declared;
    this.kinds.set(kind.name, { kind, handler: handler as JobHandler<never>, pollMs: options.pollMs ?? 2000 });
  }

  /**
   * Every process declares the same queues at start: an existing one is brought up to date. Two
   * processes starting together may still deadlock on the creation; the loser tries again.
   */
  private async declare(settings: PgBoss.Queue): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        if (await this.boss.getQueue(settings.name)) await this.boss.updateQueue(settings.name, settings);
        else await this.boss.createQueue(settings.name, settings);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK || attempt >= 3) throw error;
      }
    }
  }

  /** Runs the job kind `name` on a cron schedule, once per tick across all processes. */
  async schedule(name: string, cron: string): Promise<void> {
    await this.started;
    await this.boss.schedule(name, cron, {}, { tz: 'America/Argentina/Buenos_Aires' });
  }

  /** Stops scheduling `name` (e.g. a setting switched it off); jobs already queued still run. */
  async unschedule(name: string): Promise<void> {
    await this.started;
    await this.boss.unschedule(name);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.jobs.work) return;
    for (const [name, { pollMs }] of this.kinds) {
      const id = await this.boss.work<Record<string, unknown>>(
        name,
        { pollingIntervalSeconds: Math.max(0.5, pollMs / 1000), includeMetadata: true, batchSize: 1 },
        (jobs) => this.track(Promise.all(jobs.map((job) => this.run(name, job)))),
      );
      this.workers.set(name, id);
    }
  }

  /** Enqueues a job; answers its id. */
  async send<T extends object>(kind: JobKind, data: T, options: SendOptions = {}): Promise<string | null> {
    const manager = options.manager;
    return this.boss.send(kind.name, data, {
      ...(manager
        ? { db: { executeSql: (text: string, values: unknown[]) => this.queue.inTransaction(text, values, manager) } }
        : {}),
    });
  }

  /** Wakes this process's worker of `kind` now instead of at its next poll. */
  nudge(kind: JobKind): void {
    const id = this.workers.get(kind.name);
    if (id && !this.stopped) this.boss.notifyWorker(id);
  }

  /**
   * Runs now, in this process, every job of `kind` that is due, and waits for those this
   * process's worker holds; answers how many of this call's jobs succeeded. For tests and for a
   * caller that must see the work done before it answers.
   */
  async runDue(kind: JobKind): Promise<number> {
    let done = 0;
    const deadline = Date.now() + RUN_DUE_WAIT_MS;
    for (;;) {
      await Promise.allSettled([...this.running]);
      const jobs = await this.boss.fetch<Record<string, unknown>>(kind.name, { batchSize: 20, includeMetadata: true });
      if (!jobs || jobs.length === 0) {
        // Another worker may be taking or running one (its row is locked, then active): wait,
        // bounded, until none is due or active.
        if (Date.now() > deadline || (await this.queue.pendingCount(kind.name)) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      await Promise.all(
        jobs.map(async (job) => {
          try {
            await this.track(this.run(kind.name, job));
            await this.boss.complete(kind.name, job.id);
            done += 1;
          } catch (error) {
            await this.boss.fail(kind.name, job.id, { message: String(error) });
          }
        }),
      );
    }
    await Promise.allSettled([...this.running]);
    return done;
  }

  /**
   * Before the database closes: no new job is started (one fetched from now on fails back to the
   * queue, to be retried), those in progress finish, bounded; then nothing of pg-boss may still be
   * talking to the pool (a worker's last fetch, a completion) when it closes.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    await this.started?.catch(() => undefined);
    const deadline = Date.now() + JOB_STOP_TIMEOUT_MS;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: JOB_STOP_TIMEOUT_MS });
    // Quiet twice in a row, a timer apart: a statement that just ended may start the next.
    for (let quiet = 0; quiet < 2 && Date.now() < deadline;) {
      quiet = this.running.size === 0 ? quiet + 1 : 0;
      await Promise.allSettled([...this.running]);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private async run(name: string, job: PgBoss.JobWithMetadata<Record<string, unknown>>): Promise<void> {
    const entry = this.kinds.get(name);
    if (!entry) throw new Error(`no handler for job kind ${name}`);
    if (this.stopped) throw new Error('shutting down: left for another process or the restart');
    try {
      await entry.handler(job.data as never, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
      this.metrics.jobRuns.inc({ queue: name, outcome: 'completed' });
    } catch (error) {
      this.metrics.jobRuns.inc({ queue: name, outcome: 'failed' });
      const last = job.retryCount >= job.retryLimit;
      this.logger.warn(
        `${name} job ${job.id} failed (attempt ${job.retryCount + 1}${last ? ', last' : ''}): ${String(error)}`,
      );
      throw error;
    }
  }

  /**
   * The operators' queue figures (read at scrape time): every queue of this process and any other
   * the database holds, in each watched state, 0 where there is none.
   */
  private async jobsByState(): Promise<Sample<'queue' | 'state'>[]> {
    const rows = await this.queue.countsByState();
    const counts = new Map(rows.map((row) => [`${row.name} ${row.state}`, row.n]));
    const queues = new Set([...this.kinds.keys(), ...rows.map((row) => row.name)]);
    return [...queues]
      .sort()
      .flatMap((queue) =>
        JOB_STATES_WATCHED.map((state) => ({ labels: { queue, state }, value: counts.get(`${queue} ${state}`) ?? 0 })),
      );
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.running.add(promise);
    void promise.catch(() => undefined).finally(() => this.running.delete(promise));
    return promise;
  }
}
