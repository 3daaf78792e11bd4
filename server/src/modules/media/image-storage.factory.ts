import type { AppConfig } from '../../config/app-config';
import { type ImageStorage, LocalImageStorage, localUploadsFolder } from './image-storage';

/**
 * The configured storage: the bucket when S3_BUCKET is set, otherwise DATA_DIR/uploads. The AWS
 * SDK is loaded only for a bucket, so the embedded default starts as fast as before.
 */
export async function createImageStorage(config: AppConfig): Promise<ImageStorage> {
  if (!config.s3) return new LocalImageStorage(localUploadsFolder(config));
  const { S3ImageStorage } = await import('./s3-image-storage');
  return new S3ImageStorage(config.s3);
}
