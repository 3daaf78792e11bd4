import type { EntityManager } from 'typeorm';
import { Injectable } from '@nestjs/common';
import { argentinaToday, backgroundBadgeActive, SHORTLIST_LIMITS } from '@cym/common';
import { Clock } from '../../common/clock/clock';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { Transactions } from '../../database/transactions';
import { CatalogService } from '../catalog/catalog.service';
import { BrowseRepository } from '../browse/browse.repository';
import { type CardChoices, CardJson } from '../browse/card-json';
import type { JobOfferDto, WorkerCardDto } from '../browse/dto/browse.dto';
import { decodeChoiceKeys, hasVerifiedCode } from '../browse/filters';
import { SHORTLIST_ERRORS } from './shortlists.errors';
import { SavedOfferDto, SavedWorkerDto, ShortlistIdsDto } from './dto/shortlists.dto';
import {
  type SavedOfferRow,
  type SavedRow,
  type SavedWorkerRow,
  type ShortlistItem,
  ShortlistsRepository,
} from './shortlists.repository';

/** What the person is told when the item to save is not public. */
const NOT_FOUND = { worker: SHORTLIST_ERRORS.workerNotFound, offer: SHORTLIST_ERRORS.offerNotFound };

/**
 * Shortlists: a person saves what the public can see now (a listed worker, a public
 * offer) and finds it again on /guardados, with the same cards; an item hidden later stays in
 * the list, without its card, so it can be removed. Each list is one statement; saving is
 * rate-limited and bounded (SHORTLIST_LIMITS, counted under the person's lock). Private to its
 * owner: every path acts on the caller's own rows only.
 */
@Injectable()
export class ShortlistsService {
  constructor(
    private readonly shortlists: ShortlistsRepository,
    private readonly browse: BrowseRepository,
    private readonly transactions: Transactions,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  async ids(userId: number): Promise<ShortlistIdsDto> {
    const rows = await this.shortlists.savedIds(userId);
    return {
      workers: rows.flatMap((r) => (r.worker_profile_id === null ? [] : [r.worker_profile_id])),
      job_offers: rows.flatMap((r) => (r.job_offer_id === null ? [] : [r.job_offer_id])),
    };
  }

  async workers(userId: number): Promise<SavedWorkerDto[]> {
    const rows = await this.shortlists.savedWorkers(userId);
    const now = this.clock.now();
    // The same badges as the directory's card: the certificate's while it has not expired.
    const today = argentinaToday(now);
    return this.listed<SavedWorkerRow, WorkerCardDto>(rows, (writer, row, choices) =>
      writer.worker(
        {
          ...row,
          identity_verified: hasVerifiedCode(row.filter_keys),
          background_active: backgroundBadgeActive(row.background_until, today),
        },
        choices,
        now,
      ),
    );
  }

  async offers(userId: number): Promise<SavedOfferDto[]> {
    const now = this.clock.now();
    const rows = await this.shortlists.savedOffers(userId, now);
    return this.listed<SavedOfferRow, JobOfferDto>(rows, (writer, row, choices) => writer.offer(row, choices, now));
  }

  /** Saved rows as entries: the card written by the directory's writer, or null when not public. */
  private async listed<R extends SavedRow, D>(
    rows: R[],
    write: (writer: CardJson, row: R, choices: CardChoices) => string,
  ): Promise<{ id: number; saved_at: string; card: D | null }[]> {
    const writer = CardJson.of(await this.catalog.get());
    return rows.map((row) => ({
      id: row.saved_id,
      saved_at: new Date(row.saved_at_ms).toISOString(),
      card: row.filter_keys === null ? null : (JSON.parse(write(writer, row, decodeChoiceKeys(row.filter_keys))) as D),
    }));
  }

  /** Saves a listed worker or a public offer (saving twice is one entry); 404 for anything else. */
  async save(userId: number, item: ShortlistItem, id: number): Promise<void> {
    await this.countWrite(userId);
    const visible =
      item === 'worker' ? await this.browse.isWorkerListed(id) : await this.browse.isOfferPublic(id, this.clock.now());
    if (!visible) throw NOT_FOUND[item].exception();
    // Counted and written under the person's lock: items saved at once cannot pass the limit.
    await this.transactions.underUserLock(userId, async (m) => {
      if ((await this.shortlists.count(userId, m)) >= SHORTLIST_LIMITS.maxEntries) {
        const saved = await this.shortlists.has(userId, item, id, m);
        if (!saved) throw SHORTLIST_ERRORS.full.exception();
        return;
      }
      await this.shortlists.add(userId, item, id, m);
    });
  }

  /** Removes an item from the caller's list, hidden or not (removing what is not there is a no-op). */
  async remove(userId: number, item: ShortlistItem, id: number): Promise<void> {
    await this.countWrite(userId);
    await this.shortlists.remove(userId, item, id);
  }

  private countWrite(userId: number): Promise<void> {
    return this.limiter.consume('shortlist', String(userId), {
      limit: SHORTLIST_LIMITS.writesPerHour,
      windowMs: 3_600_000,
    });
  }

  /** A deleted account's saved items go with it, in the deletion's transaction. */
  async forgetUser(m: EntityManager, userId: number): Promise<void> {
    await this.shortlists.removeAllOf(userId, m);
  }
}
