import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { LocalImageStorage, type ImageStorage } from '../media/image-storage';

/**
 * Where the ZIPs of 'Descargar mis datos' live, as the verification documents do: a private place
 * no static or media route reads — `DATA_DIR/private-exports`, or with S3_BUCKET the prefix
 * `<S3_PREFIX>private-exports/` stored `private, no-store` (the bucket must not publish it). The
 * bytes go out only through the owner's logged-in route.
 */
export async function createExportStorage(config: AppConfig): Promise<ImageStorage> {
  if (!config.s3) return new LocalImageStorage(join(config.database.dataDir, 'private-exports'));
  const { S3ImageStorage } = await import('../media/s3-image-storage');
  return new S3ImageStorage({ ...config.s3, prefix: `${config.s3.prefix}private-exports/` }, 'private, no-store');
}

export const EXPORT_STORAGE = Symbol('EXPORT_STORAGE');
/** The verification documents' storage, read for the person's own files. */
export const EXPORT_DOCUMENT_STORAGE = Symbol('EXPORT_DOCUMENT_STORAGE');

/** A stored ZIP's name: 32 random hex digits. */
export const STORED_EXPORT_NAME = /^[a-f0-9]{32}\.zip$/;
