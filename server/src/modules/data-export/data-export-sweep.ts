import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { JobQueue } from '../jobs/job-queue';
import type { ImageStorage } from '../media/image-storage';
import { ORPHAN_GRACE_MS, orphanSweepJob, sweepOrphanFiles } from '../media/orphan-files';
import { DataExportRepository } from './data-export.repository';
import { EXPORT_STORAGE, STORED_EXPORT_NAME } from './export-storage';

/** Every day at 05:15 in Argentina. */
export const DATA_EXPORT_SWEEP_JOB = orphanSweepJob('data-export-sweep');

/** Rows stay this long after their expiry (the person sees 'venció'), then go. */
export const EXPIRED_ROWS_KEPT_MS = 7 * 24 * 3_600_000;

/**
 * The daily sweep of 'Descargar mis datos': a ZIP stays while its export is in preparation or ready
 * and not expired (an expired one, a failed one's, a deleted account's go), and the rows expired
 * (or failed) more than 7 days ago are deleted.
 */
@Injectable()
export class DataExportSweep implements OnModuleInit {
  private readonly logger = new Logger('DataExportSweep');

  constructor(
    private readonly exports: DataExportRepository,
    @Inject(EXPORT_STORAGE) private readonly storage: ImageStorage,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(DATA_EXPORT_SWEEP_JOB, async () => void (await this.sweep()), { pollMs: 60_000 });
    await this.jobs.schedule(DATA_EXPORT_SWEEP_JOB.name, '15 5 * * *');
  }

  /** Deletes the files no live export names and the old rows; answers how many of each. */
  async sweep(): Promise<{ files: number; rows: number }> {
    const now = this.clock.now();
    const files = await sweepOrphanFiles(
      this.storage,
      {
        names: STORED_EXPORT_NAME,
        olderThan: new Date(now.getTime() - ORPHAN_GRACE_MS),
        referenced: (names) => this.exports.liveKeys(names, now),
      },
      this.logger,
    );
    const rows = await this.exports.deleteOld(new Date(now.getTime() - EXPIRED_ROWS_KEPT_MS));
    return { files, rows };
  }
}
