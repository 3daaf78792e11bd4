import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { JobQueue } from '../jobs/job-queue';
import type { ImageStorage } from '../media/image-storage';
import { DailyOrphanSweep, orphanSweepJob } from '../media/orphan-files';
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
export class DataExportSweep extends DailyOrphanSweep<{ files: number; rows: number }> {
  constructor(
    private readonly dataExports: DataExportRepository,
    @Inject(EXPORT_STORAGE) storage: ImageStorage,
    jobs: JobQueue,
    clock: Clock,
  ) {
    super(DATA_EXPORT_SWEEP_JOB, '15 5 * * *', storage, jobs, clock);
  }

  /** Deletes the files no live export names and the old rows; answers how many of each. */
  async sweep(): Promise<{ files: number; rows: number }> {
    const now = this.clock.now();
    const files = await this.sweepFiles(STORED_EXPORT_NAME, (names) => this.dataExports.liveKeys(names, now), now);
    const rows = await this.dataExports.deleteOld(new Date(now.getTime() - EXPIRED_ROWS_KEPT_MS));
    return { files, rows };
  }
}
