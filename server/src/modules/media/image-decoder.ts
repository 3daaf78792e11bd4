import type { OnModuleDestroy } from '@nestjs/common';
import sharp, { type Sharp } from 'sharp';
import { BoundedQueue } from '../../common/bounded-queue';
import { HeicDecodeError, HeicDecoder } from './heic-decoder';
import type { ImageKind } from './image-type';

/**
 * What any uploaded image may declare, checked from its header before a pixel is decoded (profile
 * photos, verified documents): a small file can claim a huge picture (a 77 KB PNG of 1 ×
 * 40,000,000 pixels took seconds of decoding), and decoding costs by the pixel and by the row.
 */
export const IMAGE_LIMITS = {
  /** ≈ 6000 × 4000: any phone's camera, JPEG or PNG. */
  maxPixels: 24_000_000,
  /**
   * HEIC comes straight from iPhones, whose own pictures are 12, 24 (5712 × 4284) or 48 MP
   * (8064 × 6048): those pass; a file declaring more is refused before it is decoded (at 50 MP
   * the decoder needs about 400 MB for a moment).
   */
  maxHeicPixels: 50_000_000,
  /** The longest side: a panorama of 12,000 px passes, a strip of 1 × 20,000,000 does not. */
  maxSide: 12_000,
} as const;

/** Decodes waiting for a turn; past this an upload is refused (429 BUSY) rather than wait longer. */
export const IMAGE_DECODE_QUEUE = 8;

export const IMAGE_BUSY_MESSAGE = 'Hay muchas imágenes procesándose ahora. Esperá unos segundos y volvé a intentar.';

/** The image's header declares more pixels, or a longer side, than IMAGE_LIMITS allow. */
export class ImageTooLargeError extends Error {
  constructor(width: number, height: number) {
    super(`image declares ${width} × ${height} pixels`);
    this.name = 'ImageTooLargeError';
  }
}

/** Whether a failed decode was refused for its declared size (any other failure: unreadable). */
export function isImageTooLarge(error: unknown): boolean {
  if (error instanceof ImageTooLargeError) return true;
  if (error instanceof HeicDecodeError) return error.reason === 'too-many-pixels';
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Every decode of an uploaded file in the server goes through here: photos, documents, and the
 * rendering of a PDF's pages. sharp decodes on libuv's thread pool (4 threads), which bcrypt,
 * zlib and file reads share, and HEIC and PDF rendering take a core each: four large uploads at
 * once held every thread, and a login waited seconds behind them. So decodes run in a
 * BoundedQueue (half the cores at once, IMAGE_DECODE_QUEUE waiting, then 429 BUSY with a
 * Retry-After, as password hashing does), and an image is opened only within IMAGE_LIMITS, read
 * from its header first (a refusal costs no turn).
 *
 * One per process (MediaModule provides and exports it), with the one HEIC decoder (libheif in a
 * worker). The demo seed makes its own, as wide as its own concurrency (its images are ours).
 */
export class ImageDecoder implements OnModuleDestroy {
  private readonly heic = new HeicDecoder();
  private readonly queue: BoundedQueue;

  constructor(options: { concurrency?: number } = {}) {
    this.queue = new BoundedQueue({
      concurrency: options.concurrency,
      maxQueue: IMAGE_DECODE_QUEUE,
      busyMessage: IMAGE_BUSY_MESSAGE,
      expectedMs: 1000,
    });
  }

  /** Decodes running and waiting now (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    return this.queue.load;
  }

  /**
   * Runs any decoding or rendering task (a sharp pipeline to its `toBuffer()`, a PDF page's
   * render) when a turn is free; rejects with a held 429 `BUSY` (an AppException: let it through
   * to the client) when the queue is full. The task should do all its pixel work before it
   * resolves: a sharp pipeline decodes only when its output is asked for.
   */
  run<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(task);
  }

  /**
   * An upload decoded within IMAGE_LIMITS and handed to `use` (which re-encodes it) in a turn of
   * the queue: the header is checked first, outside the queue. Fails with ImageTooLargeError (or
   * a HeicDecodeError 'too-many-pixels': see `isImageTooLarge`) for a declared size over the
   * limits, the queue's 429 for a full queue, and any other error for an unreadable file.
   */
  async decode<T>(content: Buffer, kind: ImageKind, use: (image: Sharp) => Promise<T>): Promise<T> {
    if (kind !== 'heic') await checkDeclaredSize(content);
    return this.run(async () => use(await this.open(content, kind)));
  }

  /**
   * An upload opened for re-encoding, within IMAGE_LIMITS: sharp reads JPEG, PNG, WebP and AVIF
   * itself, once their header passed; HEIC goes through libheif (which checks its own header)
   * and arrives as upright RGBA pixels. Call it inside `run`: nothing is decoded until the
   * pipeline's output is asked for.
   */
  async open(content: Buffer, kind: ImageKind): Promise<Sharp> {
    if (kind === 'heic') {
      const { width, height, data } = await this.heic.decode(content, IMAGE_LIMITS.maxHeicPixels, IMAGE_LIMITS.maxSide);
      return sharp(data, { raw: { width, height, channels: 4 }, limitInputPixels: IMAGE_LIMITS.maxHeicPixels });
    }
    await checkDeclaredSize(content);
    return sharp(content, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error' });
  }

  async onModuleDestroy(): Promise<void> {
    await this.heic.close();
  }
}

/** Reads the declared size from the header (nothing decoded) and refuses one over IMAGE_LIMITS. */
async function checkDeclaredSize(content: Buffer): Promise<void> {
  const { width, height } = await sharp(content, { limitInputPixels: false }).metadata();
  if (!width || !height) throw new Error('no size in the header');
  if (width * height > IMAGE_LIMITS.maxPixels || width > IMAGE_LIMITS.maxSide || height > IMAGE_LIMITS.maxSide)
    throw new ImageTooLargeError(width, height);
}
