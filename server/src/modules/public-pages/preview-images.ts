import { HttpStatus } from '@nestjs/common';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { BoundedQueue, halfTheCores } from '../../common/bounded-queue';
import { previewCard, type PreviewCard } from './preview-card';

/**
 * Preview images drawn at once by a process: half the cores, at least one, so the other half
 * keep serving (a drawing is CPU, and holds one of libuv's four threads, which bcrypt needs too).
 */
export const PREVIEW_DRAWINGS_AT_ONCE = halfTheCores();
/** Drawings that may wait for a turn; past them a request is answered 503 with Retry-After. */
export const PREVIEW_DRAWINGS_WAITING = 8;
/** What drawing one card takes on a busy 2-core machine, before any was measured. */
const TYPICAL_DRAWING_MS = 150;
/** Memory the kept images may hold (a card is 20–40 KB: about a thousand pages). */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

export const PREVIEWS_BUSY_MESSAGE =
  'Estamos preparando muchas imágenes de vista previa a la vez. Volvé a intentar en unos segundos.';

/**
 * Changes whenever preview-card.ts draws differently, so that every tag (and kept image) made by
 * the earlier drawing is left behind; libvips' version is part of the tag for the same reason.
 */
const DRAWING = 1;

/** A page's card with the strong ETag of the image it draws. */
export interface TaggedCard {
  card: PreviewCard;
  etag: string;
}

/** The ETag of `card`'s image: a hash of what is drawn and of what draws it, the same in every process. */
export function tagCard(card: PreviewCard): TaggedCard {
  const drawn = JSON.stringify([DRAWING, sharp.versions.vips, card.kind, card.title, card.details]);
  return { card, etag: `"${createHash('sha256').update(drawn).digest('base64url').slice(0, 32)}"` };
}

/**
 * The drawn preview images of the pages, each kept until its own card changes: an image is kept
 * per page with the tag of the card it was drawn from and served while the page's card has that
 * tag, so a write to another page (which makes every card be read again) draws nothing. The
 * oldest used images go beyond MAX_KEPT_BYTES. Drawing is CPU (80–150 ms a card), so at most
 * PREVIEW_DRAWINGS_AT_ONCE run at once, PREVIEW_DRAWINGS_WAITING more wait, and past them the
 * request is refused with a 503 `BUSY` and a Retry-After (a crawler comes back); concurrent
 * requests for the same page and card share one drawing.
 */
export class PreviewImages {
  private readonly kept = new Map<string, { etag: string; png: Buffer }>();
  private bytes = 0;
  /** The drawing under way per page, with the tag of the card it draws. */
  private readonly drawing = new Map<string, { etag: string; png: Promise<Buffer> }>();
  /** Refusals are held a second (common/bounded-queue.ts), so a script asking again at once cannot spin. */
  private readonly queue = new BoundedQueue({
    concurrency: PREVIEW_DRAWINGS_AT_ONCE,
    maxQueue: PREVIEW_DRAWINGS_WAITING,
    expectedMs: TYPICAL_DRAWING_MS,
    busyMessage: PREVIEWS_BUSY_MESSAGE,
    busyStatus: HttpStatus.SERVICE_UNAVAILABLE,
  });

  /** The PNG of `page` (`job-offer/12`) for its current card: kept, or drawn when its turn comes. */
  png(page: string, { card, etag }: TaggedCard): Promise<Buffer> {
    const kept = this.kept.get(page);
    if (kept?.etag === etag) {
      // Used again: it becomes the newest, the last to go.
      this.kept.delete(page);
      this.kept.set(page, kept);
      return Promise.resolve(kept.png);
    }
    const pending = this.drawing.get(page);
    if (pending?.etag === etag) return pending.png;
    const drawing = {
      etag,
      png: this.queue
        .run(() => previewCard(card))
        .then((png) => {
          this.keep(page, etag, png);
          return png;
        })
        .finally(() => {
          if (this.drawing.get(page) === drawing) this.drawing.delete(page);
        }),
    };
    this.drawing.set(page, drawing);
    return drawing.png;
  }

  /**
   * Rejects with the 503 refusal when `page` would be refused whatever its card says: nothing of
   * it is kept or being drawn and no drawing can wait. Asked before its card is read, so a crawl
   * of many new pages costs no database read for those it is told to ask again for.
   */
  async checkRoom(page: string): Promise<void> {
    if (!this.kept.has(page) && !this.drawing.has(page)) await this.queue.checkRoom();
  }

  private keep(page: string, etag: string, png: Buffer): void {
    const previous = this.kept.get(page);
    if (previous) {
      this.kept.delete(page);
      this.bytes -= previous.png.length;
    }
    for (const [oldPage, old] of this.kept) {
      if (this.bytes + png.length <= MAX_KEPT_BYTES) break;
      this.kept.delete(oldPage);
      this.bytes -= old.png.length;
    }
    this.kept.set(page, { etag, png });
    this.bytes += png.length;
  }
}
