import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { JobQueue } from '../jobs/job-queue';
import { IMAGE_STORAGE, STORED_IMAGE_NAME, type ImageStorage } from './image-storage';
import { MediaRepository } from './media.repository';
import { DailyOrphanSweep, orphanSweepJob } from './orphan-files';
import { PROFILE_IMAGE_ROUTE } from './profile-images.service';

/** Every day at 04:30 in Argentina. */
export const PHOTO_FILES_SWEEP_JOB = orphanSweepJob('orphan-photo-sweep');

/**
 * The daily sweep of the photo storage (DATA_DIR/uploads or the bucket's prefix): a photo's
 * `<name>.jpg` and `<name>.webp` stay while a user's `profile_image` is `…/<name>.jpg`.
 */
@Injectable()
export class PhotoFilesSweep extends DailyOrphanSweep<number> {
  constructor(
    private readonly media: MediaRepository,
    @Inject(IMAGE_STORAGE) storage: ImageStorage,
    jobs: JobQueue,
    clock: Clock,
  ) {
    super(PHOTO_FILES_SWEEP_JOB, '30 4 * * *', storage, jobs, clock);
  }

  /** Deletes the photo files no user points at, older than an hour; answers how many. */
  sweep(): Promise<number> {
    return this.sweepFiles(STORED_IMAGE_NAME, async (names) => {
      const address = (name: string) => `${PROFILE_IMAGE_ROUTE}/${name.replace(/\.webp$/, '.jpg')}`;
      const used = await this.media.profileImagesInUse([...new Set(names.map(address))]);
      return new Set(names.filter((name) => used.has(address(name))));
    });
  }
}
