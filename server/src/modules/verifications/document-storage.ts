import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';
import { LocalImageStorage, type ImageStorage } from '../media/image-storage';

/**
 * Where verification documents live: the photos' storage abstraction, under a private
 * place no static or media route reads — `DATA_DIR/private-documents` (beside, not inside,
 * `DATA_DIR/uploads`), or with S3_BUCKET the prefix `<S3_PREFIX>private-documents/` (object names
 * of the photo route can hold no `/`, so it can never reach them; the bucket must not publish that
 * prefix). The bytes are read only through the owner-or-admin endpoint.
 */
export async function createDocumentStorage(config: AppConfig): Promise<ImageStorage> {
  if (!config.s3) return new LocalImageStorage(join(config.database.dataDir, 'private-documents'));
  const { S3ImageStorage } = await import('../media/s3-image-storage');
  return new S3ImageStorage({ ...config.s3, prefix: `${config.s3.prefix}private-documents/` }, 'private, no-store');
}

export const DOCUMENT_STORAGE = Symbol('DOCUMENT_STORAGE');

/** A stored document's name: 32 random hex digits and its type. */
export const STORED_DOCUMENT_NAME = /^[a-f0-9]{32}\.(jpg|pdf)$/;

export function documentContentType(name: string): 'image/jpeg' | 'application/pdf' {
  return name.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg';
}
