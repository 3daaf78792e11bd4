import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where processed images live. The local folder is the default; a bucket can implement this. */
export interface ImageStorage {
  put(name: string, content: Buffer): Promise<void>;
  get(name: string): Promise<Buffer | null>;
  delete(name: string): Promise<void>;
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
}

export const IMAGE_STORAGE = Symbol('IMAGE_STORAGE');
