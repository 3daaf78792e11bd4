import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { argentinaToday, backgroundBadgeActive, SHORTLIST_LIMITS, SHORTLIST_MESSAGES } from '@cym/common';
import { DataSource, Repository } from 'typeorm';
import { AppException } from '../../common/app-exception';
import { Clock } from '../../common/clock/clock';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { underUserLock } from '../../database/owner-lock';
import { CatalogService } from '../catalog/catalog.service';
import { type CardChoices, CardJson, type OfferCardFields, type WorkerCardFields } from '../browse/card-json';
import type { JobOfferDto, WorkerCardDto } from '../browse/dto/browse.dto';
import { decodeChoiceKeys, hasVerifiedCode } from '../browse/filters';
import { SavedOfferDto, SavedWorkerDto, ShortlistIdsDto } from './dto/shortlists.dto';
import { ShortlistEntry } from './entities/shortlist-entry.entity';
import {
  OFFER_PUBLIC,
  SAVED_COUNT,
  SAVED_IDS,
  SAVED_OFFERS,
  SAVED_WORKERS,
  saveSql,
  WORKER_LISTED,
} from './shortlists.repository';

/** A saved worker's card fields, with the approved certificate's expiry (`YYYY-MM-DD`). */
type SavedWorkerFields = WorkerCardFields & { background_until: string | null };

/** What a shortlist holds: workers (an employer's) or offers (a worker's). */
type Item = 'worker' | 'offer';

const ITEMS = {
  worker: { column: 'worker_profile_id', field: 'workerProfileId', notFound: SHORTLIST_MESSAGES.workerNotFound },
  offer: { column: 'job_offer_id', field: 'jobOfferId', notFound: SHORTLIST_MESSAGES.offerNotFound },
} as const;

interface SavedRow {
  saved_id: number;
  saved_at_ms: number;
  filter_keys: string | null;
}

/**
 * Shortlists (issue 21): a person saves what the public can see now (a listed worker, a public
 * offer) and finds it again on /guardados, with the same cards; an item hidden later stays in
 * the list, without its card, so it can be removed. Each list is one statement; saving is
 * rate-limited and bounded (SHORTLIST_LIMITS, counted under the person's lock). Private to its
 * owner: every path acts on the caller's own rows only.
 */
@Injectable()
export class ShortlistsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ShortlistEntry) private readonly entries: Repository<ShortlistEntry>,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
  ) {}

  async ids(userId: number): Promise<ShortlistIdsDto> {
    const rows: { worker_profile_id: number | null; job_offer_id: number | null }[] = await this.dataSource.query(
      SAVED_IDS,
      [userId],
    );
    return {
      workers: rows.flatMap((r) => (r.worker_profile_id === null ? [] : [r.worker_profile_id])),
      job_offers: rows.flatMap((r) => (r.job_offer_id === null ? [] : [r.job_offer_id])),
    };
  }

  async workers(userId: number): Promise<SavedWorkerDto[]> {
    const rows: (SavedRow & SavedWorkerFields)[] = await this.dataSource.query(SAVED_WORKERS, [userId]);
    const now = this.clock.now();
    // The same badges as the directory's card: the certificate's while it has not expired.
    const today = argentinaToday(now);
    return this.listed<SavedWorkerFields, WorkerCardDto>(rows, (writer, row, choices) =>
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
    const rows: (SavedRow & OfferCardFields)[] = await this.dataSource.query(SAVED_OFFERS, [now, userId]);
    return this.listed<OfferCardFields, JobOfferDto>(rows, (writer, row, choices) => writer.offer(row, choices, now));
  }

  /** Saved rows as entries: the card written by the directory's writer, or null when not public. */
  private async listed<F, D>(
    rows: (SavedRow & F)[],
    write: (writer: CardJson, row: SavedRow & F, choices: CardChoices) => string,
  ): Promise<{ id: number; saved_at: string; card: D | null }[]> {
    const writer = CardJson.of(await this.catalog.get());
    return rows.map((row) => ({
      id: row.saved_id,
      saved_at: new Date(row.saved_at_ms).toISOString(),
      card: row.filter_keys === null ? null : (JSON.parse(write(writer, row, decodeChoiceKeys(row.filter_keys))) as D),
    }));
  }

  /** Saves a listed worker or a public offer (saving twice is one entry); 404 for anything else. */
  async save(userId: number, item: Item, id: number): Promise<void> {
    await this.countWrite(userId);
    const visible: unknown[] =
      item === 'worker'
        ? await this.dataSource.query(WORKER_LISTED, [id])
        : await this.dataSource.query(OFFER_PUBLIC, [this.clock.now(), id]);
    if (visible.length === 0) throw new AppException(HttpStatus.NOT_FOUND, 'NOT_FOUND', ITEMS[item].notFound);
    // Counted and written under the person's lock: items saved at once cannot pass the limit.
    await underUserLock(this.dataSource, userId, async (m) => {
      const [{ n }] = (await m.query(SAVED_COUNT, [userId])) as [{ n: number }];
      if (n >= SHORTLIST_LIMITS.maxEntries) {
        const saved = await m.getRepository(ShortlistEntry).existsBy({ userId, [ITEMS[item].field]: id });
        if (!saved) throw new AppException(HttpStatus.BAD_REQUEST, 'LIMIT_REACHED', SHORTLIST_MESSAGES.full);
        return;
      }
      await m.query(saveSql(ITEMS[item].column), [userId, id]);
    });
  }

  /** Removes an item from the caller's list, hidden or not (removing what is not there is a no-op). */
  async remove(userId: number, item: Item, id: number): Promise<void> {
    await this.countWrite(userId);
    await this.entries.delete({ userId, [ITEMS[item].field]: id });
  }

  private countWrite(userId: number): Promise<void> {
    return this.limiter.consume('shortlist', String(userId), {
      limit: SHORTLIST_LIMITS.writesPerHour,
      windowMs: 3_600_000,
    });
  }
}
