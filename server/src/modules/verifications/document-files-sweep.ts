import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { JobQueue } from '../jobs/job-queue';
import type { ImageStorage } from '../media/image-storage';
import { DailyOrphanSweep, orphanSweepJob } from '../media/orphan-files';
import { DOCUMENT_STORAGE, STORED_DOCUMENT_NAME } from './document-storage';
import { VerificationsRepository } from './verifications.repository';

/** Every day at 04:45 in Argentina. */
export const DOCUMENT_FILES_SWEEP_JOB = orphanSweepJob('orphan-document-sweep');

/**
 * The daily sweep of the private document storage (DATA_DIR/private-documents or the bucket's
 * `private-documents/` prefix): a file stays while a verification document's `storage_key` names it.
 */
@Injectable()
export class DocumentFilesSweep extends DailyOrphanSweep<number> {
  constructor(
    private readonly documents: VerificationsRepository,
    @Inject(DOCUMENT_STORAGE) storage: ImageStorage,
    jobs: JobQueue,
    clock: Clock,
  ) {
    super(DOCUMENT_FILES_SWEEP_JOB, '45 4 * * *', storage, jobs, clock);
  }

  /** Deletes the document files no row points at, older than an hour; answers how many. */
  sweep(): Promise<number> {
    return this.sweepFiles(STORED_DOCUMENT_NAME, (names) => this.documents.storageKeysInUse(names));
  }
}
