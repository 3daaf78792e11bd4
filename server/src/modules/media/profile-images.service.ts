import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppException } from '../../common/app-exception';
import type { AuthUser } from '../auth/access/auth-user';
import { UsersService } from '../users/users.service';
import { ImageDecoder, isImageTooLarge } from './image-decoder';
import { detectImageKind, type ImageKind } from './image-type';
import { IMAGE_STORAGE, ImageStorageUnavailableError, STORED_IMAGE_NAME, type ImageStorage } from './image-storage';
import { DomainEvents } from '../../common/events/domain-events';
import { MEDIA_ERRORS } from './media.errors';

/** Profile photos are stored as 512 × 512 squares. */
export const PROFILE_IMAGE_SIZE = 512;
/** The largest photo a person may upload: 1 MB. */
export const PROFILE_IMAGE_MAX_BYTES = 1024 * 1024;
export const PROFILE_IMAGE_ROUTE = '/api/media/profile-images';

export interface ProfileImageAnswer {
  image: string | null;
}

/**
 * Re-encodes every upload (a square JPEG and WebP, no metadata: EXIF and GPS never survive),
 * stores it under a random name and records its address on the user. HEIC/HEIF, which sharp's
 * prebuilt binaries cannot read, is decoded to pixels by libheif (WebAssembly) first. Decoding
 * goes through the process's ImageDecoder (size limits from the header, a bounded queue).
 */
@Injectable()
export class ProfileImagesService implements OnApplicationShutdown {
  private readonly logger = new Logger('ProfileImagesService');

  constructor(
    @Inject(IMAGE_STORAGE) private readonly storage: ImageStorage,
    private readonly decoder: ImageDecoder,
    private readonly events: DomainEvents,
    /** The owner of `users.profile_image`: media keeps the files, users the address. */
    private readonly users: UsersService,
  ) {}

  assertOwner(actor: AuthUser, userId: number): void {
    if (!actor.isAdmin && actor.id !== userId) throw MEDIA_ERRORS.notYourAccount.exception();
  }

  async get(userId: number): Promise<ProfileImageAnswer> {
    const user = await this.users.activeById(userId);
    if (!user) throw MEDIA_ERRORS.accountNotFound.exception();
    return { image: user.profileImage };
  }

  async upload(actor: AuthUser, userId: number, content: Buffer): Promise<ProfileImageAnswer> {
    this.assertOwner(actor, userId);
    const previous = await this.get(userId);
    const kind = detectImageKind(content);
    if (!kind) throw MEDIA_ERRORS.notImage.exception();
    const { jpeg, webp } = await this.encode(content, kind);
    const name = randomBytes(16).toString('hex');
    await this.reach(() => this.storage.put(`${name}.jpg`, jpeg));
    await this.reach(() => this.storage.put(`${name}.webp`, webp));
    const address = `${PROFILE_IMAGE_ROUTE}/${name}.jpg`;
    await this.users.setProfileImage(userId, address);
    this.events.emit('profile-image.changed', { userId }); // photos appear on directory cards
    await this.removeFiles(previous.image);
    return { image: address };
  }

  async remove(actor: AuthUser, userId: number): Promise<void> {
    this.assertOwner(actor, userId);
    const previous = await this.get(userId);
    await this.users.setProfileImage(userId, null);
    this.events.emit('profile-image.changed', { userId });
    await this.removeFiles(previous.image);
  }

  /** The stored bytes of a served file name, or null (names are checked, never joined blindly). */
  async file(name: string): Promise<Buffer | null> {
    return STORED_IMAGE_NAME.test(name) ? this.reach(() => this.storage.get(name)) : null;
  }

  /** After the last request: a bucket's HTTP connections (the folder has none). */
  onApplicationShutdown(): void {
    this.storage.close?.();
  }

  /** The square JPEG and WebP; a full decode queue answers its 429 BUSY as it is. */
  private async encode(content: Buffer, kind: ImageKind): Promise<{ jpeg: Buffer; webp: Buffer }> {
    try {
      return await this.decoder.decode(content, kind, async (image) => {
        const square = image
          .rotate() // apply the EXIF orientation before the metadata is dropped (HEIC: done by libheif)
          .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'centre' });
        const [jpeg, webp] = await Promise.all([
          square.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
          square.clone().webp({ quality: 80 }).toBuffer(),
        ]);
        return { jpeg, webp };
      });
    } catch (error) {
      if (error instanceof AppException) throw error;
      if (isImageTooLarge(error)) throw MEDIA_ERRORS.tooManyPixels.exception();
      throw MEDIA_ERRORS.unreadable.exception();
    }
  }

  /** Removes the stored files of an address the users table no longer points to (account deletion). */
  async removeStored(address: string | null): Promise<void> {
    await this.removeFiles(address);
  }

  /**
   * Runs after the users table stopped pointing at the files, so an unreachable storage does not
   * undo or fail the change: the files stay behind (random names nobody links to), logged.
   */
  private async removeFiles(address: string | null): Promise<void> {
    const base = address?.startsWith(`${PROFILE_IMAGE_ROUTE}/`)
      ? address.slice(PROFILE_IMAGE_ROUTE.length + 1, -4)
      : null;
    if (!base || !/^[a-f0-9]{32}$/.test(base)) return;
    try {
      await this.storage.delete(`${base}.jpg`);
      await this.storage.delete(`${base}.webp`);
    } catch (error) {
      if (!(error instanceof ImageStorageUnavailableError)) throw error;
      this.logger.error(`${error.message}; ${base}.jpg and ${base}.webp were left in the storage`);
    }
  }

  /** An unreachable storage answers 503 (the request may be retried), never 500 or "not found". */
  private async reach<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (!(error instanceof ImageStorageUnavailableError)) throw error;
      this.logger.warn(error.message);
      throw MEDIA_ERRORS.storageUnavailable.exception();
    }
  }
}
