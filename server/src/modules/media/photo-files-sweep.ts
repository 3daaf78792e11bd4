import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { JobQueue } from '../jobs/job-queue';
import { IMAGE_STORAGE, STORED_IMAGE_NAME, type ImageStorage } from './image-storage';
import { MediaRepository } from './media.repository';
import { ORPHAN_GRACE_MS, orphanSweepJob, sweepOrphanFiles } from './orphan-files';
import { PROFILE_IMAGE_ROUTE } from './profile-images.service';

/** Every day at 04:30 in Argentina. */
export const PHOTO_FILES_SWEEP_JOB = orphanSweepJob('orphan-photo-sweep');

/**
 * The daily sweep of the photo storage (DATA_DIR/uploads or the bucket's prefix): a photo's
 * `<name>.jpg` and `<name>.webp` stay while a user's `profile_image` is `…/<name>.jpg`.
 */
@Injectable()
export class PhotoFilesSweep implements OnModuleInit {
  private readonly logger = new Logger('PhotoFilesSweep');

  constructor(
    private readonly media: MediaRepository,
    @Inject(IMAGE_STORAGE) private readonly storage: ImageStorage,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(PHOTO_FILES_SWEEP_JOB, async () => void (await this.sweep()), { pollMs: 60_000 });
    await this.jobs.schedule(PHOTO_FILES_SWEEP_JOB.name, '30 4 * * *');
  }

  /** Deletes the photo files no user points at, older than an hour; answers how many. */
  sweep(): Promise<number> {
    return sweepOrphanFiles(
      this.storage,
      {
        names: STORED_IMAGE_NAME,
        olderThan: new Date(this.clock.now().getTime() - ORPHAN_GRACE_MS),
        referenced: async (names) => {
          const address = (name: string) => `${PROFILE_IMAGE_ROUTE}/${name.replace(/\.webp$/, '.jpg')}`;
          const used = await this.media.profileImagesInUse([...new Set(names.map(address))]);
          return new Set(names.filter((name) => used.has(address(name))));
        },
      },
      this.logger,
    );
  }
}
