import { mkdir, opendir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../../config/app-config';

/**
 * Where processed images live. The local folder is the default (one machine); with S3_BUCKET
 * an S3-compatible bucket (several machines share it).
 */
export interface ImageStorage {
  put(name: string, content: Buffer): Promise<void>;
  /** The stored bytes, or null when there is no such image. */
  get(name: string): Promise<Buffer | null>;
  delete(name: string): Promise<void>;
  /**
   * Every stored file, in pages: its name and when it was written (the daily sweep of files no
   * row points at). Only this storage's own level: never a sub-folder's or a longer prefix's.
   */
  list(): AsyncIterable<StoredFile[]>;
  /** Releases connections (a bucket's HTTP client); nothing to do for the folder. */
  close?(): void;
}

/** A stored file as `list` answers it. */
export interface StoredFile {
  name: string;
  modifiedAt: Date;
}

/** Files listed per page (S3 answers at most 1000 keys a request). */
export const LIST_PAGE_SIZE = 1000;

/**
 * The storage could not be reached or refused the request (network, timeout, credentials, a
 * missing bucket): the request answers 503, never "no such image".
 */
export class ImageStorageUnavailableError extends Error {
  constructor(operation: string, name: string, cause: unknown) {
    super(`photo storage unavailable (${operation} ${name}): ${describe(cause)}`, { cause });
    this.name = 'ImageStorageUnavailableError';
  }
}

/** "NoSuchBucket (HTTP 404): The specified bucket does not exist", "ECONNREFUSED: connect …". */
function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const status = (cause as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  const code = (cause as { code?: string }).code ?? cause.name;
  return `${code}${status ? ` (HTTP ${status})` : ''}: ${cause.message}`;
}

/** A stored image's name: 32 random hex digits, `.jpg` or `.webp` (anything else is never served). */
export const STORED_IMAGE_NAME = /^[a-f0-9]{32}\.(jpg|webp)$/;

/** Stored names are random and never reused, so a copy never goes stale: a year, immutable. */
export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Profile photos are JPEG or WebP, told apart by their name (verification documents: also PDF). */
export function imageContentType(name: string): string {
  if (name.endsWith('.pdf')) return 'application/pdf';
  return name.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
}

/** Files under DATA_DIR/uploads, named by the caller (random names only). */
export class LocalImageStorage implements ImageStorage {
  constructor(private readonly folder: string) {}

  async put(name: string, content: Buffer): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    await writeFile(join(this.folder, name), content);
  }

  async get(name: string): Promise<Buffer | null> {
    try {
      return await readFile(join(this.folder, name));
    } catch {
      return null;
    }
  }

  async delete(name: string): Promise<void> {
    await rm(join(this.folder, name), { force: true });
  }

  /** The folder's files (not its sub-folders), by their modification time; none when it is missing. */
  async *list(): AsyncIterable<StoredFile[]> {
    let folder;
    try {
      folder = await opendir(this.folder);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return;
      throw error;
    }
    let page: StoredFile[] = [];
    for await (const entry of folder) {
      if (!entry.isFile()) continue;
      try {
        page.push({ name: entry.name, modifiedAt: (await stat(join(this.folder, entry.name))).mtime });
      } catch {
        continue; // deleted meanwhile
      }
      if (page.length >= LIST_PAGE_SIZE) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }
}

/** The folder photos are kept in without a bucket. */
export function localUploadsFolder(config: AppConfig): string {
  return join(config.database.dataDir, 'uploads');
}

export const IMAGE_STORAGE = Symbol('IMAGE_STORAGE');
