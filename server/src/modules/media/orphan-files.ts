import { Logger, type OnModuleInit } from '@nestjs/common';
import type { Clock } from '../../common/clock/clock';
import type { JobKind, JobQueue } from '../jobs/job-queue';
import type { ImageStorage } from './image-storage';

/**
 * A stored file is swept only once it is older than this: an upload writes its file before the
 * row that points at it, and this is far longer than that can take.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** A daily sweep: retried twice, ten minutes apart; a big bucket may take a while to list. */
export function orphanSweepJob(name: string): JobKind {
  return { name, retryLimit: 2, retryDelay: 600, retryBackoff: false, expireInSeconds: 3600 };
}

export interface OrphanSweep {
  /** The names this sweep may delete (the storage's random names); anything else stays. */
  names: RegExp;
  /** Files written before this may go. */
  olderThan: Date;
  /** Which of `names` a row still points at (asked once per listed page). */
  referenced: (names: string[]) => Promise<Set<string>>;
}

/**
 * Deletes the stored files no row points at: those a failed or raced request left behind (the
 * row's transaction failed, a replaced file's delete met an unreachable storage, two photo
 * uploads crossed). Only names the storage's owner gives out, and only files older than the
 * grace period, so an upload between its write and its row is never touched. Answers how many
 * it deleted; an unreachable storage fails the run (the job is retried).
 */
export async function sweepOrphanFiles(storage: ImageStorage, sweep: OrphanSweep, logger: Logger): Promise<number> {
  let deleted = 0;
  for await (const page of storage.list()) {
    const candidates = page
      .filter((file) => sweep.names.test(file.name) && file.modifiedAt < sweep.olderThan)
      .map((file) => file.name);
    if (candidates.length === 0) continue;
    const kept = await sweep.referenced(candidates);
    for (const name of candidates) {
      if (kept.has(name)) continue;
      await storage.delete(name);
      deleted += 1;
    }
  }
  if (deleted > 0) logger.log(`deleted ${deleted} stored file(s) no row points at`);
  return deleted;
}

/**
 * A daily sweep of one storage (the photos', the private documents', the data exports'): its job
 * and its time in Argentina are registered when the module starts, and the job runs `sweep()`.
 * A subclass names the files it may delete and which of them a row still points at.
 */
export abstract class DailyOrphanSweep<T> implements OnModuleInit {
  protected readonly logger = new Logger(this.constructor.name);

  protected constructor(
    private readonly job: JobKind,
    private readonly cron: string,
    private readonly storage: ImageStorage,
    private readonly jobs: JobQueue,
    protected readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(this.job, async () => void (await this.sweep()), { pollMs: 60_000 });
    await this.jobs.schedule(this.job.name, this.cron);
  }

  /** What the daily job does; answers what it deleted. */
  abstract sweep(): Promise<T>;

  /** Deletes the files named like `names`, older than the grace period at `now`, no row points at. */
  protected sweepFiles(
    names: RegExp,
    referenced: OrphanSweep['referenced'],
    now: Date = this.clock.now(),
  ): Promise<number> {
    const olderThan = new Date(now.getTime() - ORPHAN_GRACE_MS);
    return sweepOrphanFiles(this.storage, { names, olderThan, referenced }, this.logger);
  }
}
