import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { JobQueue } from '../jobs/job-queue';
import type { ImageStorage } from '../media/image-storage';
import { ORPHAN_GRACE_MS, orphanSweepJob, sweepOrphanFiles } from '../media/orphan-files';
import { DOCUMENT_STORAGE, STORED_DOCUMENT_NAME } from './document-storage';
import { VerificationsRepository } from './verifications.repository';

/** Every day at 04:45 in Argentina. */
export const DOCUMENT_FILES_SWEEP_JOB = orphanSweepJob('orphan-document-sweep');

/**
 * The daily sweep of the private document storage (DATA_DIR/private-documents or the bucket's
 * `private-documents/` prefix): a file stays while a verification document's `storage_key` names it.
 */
@Injectable()
export class DocumentFilesSweep implements OnModuleInit {
  private readonly logger = new Logger('DocumentFilesSweep');

  constructor(
    private readonly documents: VerificationsRepository,
    @Inject(DOCUMENT_STORAGE) private readonly storage: ImageStorage,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(DOCUMENT_FILES_SWEEP_JOB, async () => void (await this.sweep()), { pollMs: 60_000 });
    await this.jobs.schedule(DOCUMENT_FILES_SWEEP_JOB.name, '45 4 * * *');
  }

  /** Deletes the document files no row points at, older than an hour; answers how many. */
  sweep(): Promise<number> {
    return sweepOrphanFiles(
      this.storage,
      {
        names: STORED_DOCUMENT_NAME,
        olderThan: new Date(this.clock.now().getTime() - ORPHAN_GRACE_MS),
        referenced: (names) => this.documents.storageKeysInUse(names),
      },
      this.logger,
    );
  }
}
