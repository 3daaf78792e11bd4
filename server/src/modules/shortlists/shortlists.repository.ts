import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { epochMs, OFFER_COLUMNS } from '../browse/browse.repository';
import type { OfferCardFields, WorkerCardFields } from '../browse/card-json';
import { ratingColumns } from '../references/references.repository';
import { backgroundColumn } from '../verifications/verifications.repository';
import { blockedSql } from '../blocks/blocks.repository';
import { ShortlistEntry } from './entities/shortlist-entry.entity';

/*
 * The shortlists' reads and writes: one statement per list, each saved item with its card's
 * fields when the public can still see it (the search read model's row), nulls when not.
 */

/** The ids a person saved, workers and offers (the hearts on cards): `$1` is the user. */
const SAVED_IDS = `SELECT worker_profile_id, job_offer_id FROM shortlist_entries WHERE user_id = $1`;

/** How many items `$1` saved. */
const SAVED_COUNT = `SELECT count(*)::int AS n FROM shortlist_entries WHERE user_id = $1`;

/**
 * The saved workers of `$1`, newest saved first, with the card's fields of those still listed
 * (`id` null for one who is hidden now); the people `$1` blocked are left out.
 */
const SAVED_WORKERS = `SELECT e.worker_profile_id AS saved_id, ${epochMs('e.created_at')} AS saved_at_ms,
       s.worker_profile_id AS id, ${epochMs('s.last_seen')} AS last_seen_ms, s.filter_keys::text AS filter_keys,
       w.date_of_birth::text AS date_of_birth, w.introduction, u.first_name, u.profile_image,
       w.province_id, w.municipality_id, ${ratingColumns('w.user_id', 'rating')},
       ${backgroundColumn('w.user_id')}
  FROM shortlist_entries e
  LEFT JOIN worker_search s ON s.worker_profile_id = e.worker_profile_id
  LEFT JOIN worker_profiles w ON w.id = s.worker_profile_id
  LEFT JOIN users u ON u.id = w.user_id
 WHERE e.user_id = $1 AND e.worker_profile_id IS NOT NULL
   AND NOT ${blockedSql('$1', '(SELECT bw.user_id FROM worker_profiles bw WHERE bw.id = e.worker_profile_id)')}
 ORDER BY e.created_at DESC, e.id DESC`;

/**
 * The saved offers of `$2`, newest saved first, with the fields of those public at `$1` (now);
 * the offer's columns are null for one that is not. The offers of people `$2` blocked are left out.
 */
const SAVED_OFFERS = `SELECT e.job_offer_id AS saved_id, ${epochMs('e.created_at')} AS saved_at_ms,
       ${OFFER_COLUMNS}, s.filter_keys::text AS filter_keys
  FROM shortlist_entries e
  LEFT JOIN offer_search s ON s.job_offer_id = e.job_offer_id AND s.visible_until > $1
  LEFT JOIN job_offers o ON o.id = s.job_offer_id
  LEFT JOIN parent_profiles pp ON pp.id = o.parent_profile_id
  LEFT JOIN users pu ON pu.id = pp.user_id
 WHERE e.user_id = $2 AND e.job_offer_id IS NOT NULL
   AND NOT ${blockedSql(
     '$2',
     `(SELECT bp.user_id FROM job_offers bo JOIN parent_profiles bp ON bp.id = bo.parent_profile_id
        WHERE bo.id = e.job_offer_id)`,
   )}
 ORDER BY e.created_at DESC, e.id DESC`;

/** Saves item `$2` (worker or offer: the column is the caller's) for `$1`, once. */
const saveSql = (column: 'worker_profile_id' | 'job_offer_id') =>
  `INSERT INTO shortlist_entries (user_id, ${column}) VALUES ($1, $2)
   ON CONFLICT (user_id, ${column}) WHERE ${column} IS NOT NULL DO NOTHING`;

/** What a shortlist holds: workers (an employer's) or offers (a worker's). */
export type ShortlistItem = 'worker' | 'offer';

/** Each kind of item's column and entity field. */
const ITEM_COLUMNS = {
  worker: { column: 'worker_profile_id', field: 'workerProfileId' },
  offer: { column: 'job_offer_id', field: 'jobOfferId' },
} as const;

/** A person's saved ids, one kind per row (the other null). */
export interface SavedIdRow {
  worker_profile_id: number | null;
  job_offer_id: number | null;
}

/** A saved item: its id and when it was saved, with its read model codes while it is public (else null). */
export interface SavedRow {
  saved_id: number;
  saved_at_ms: number;
  filter_keys: string | null;
}

/** A saved worker: the card's fields (nulls when hidden), with the approved certificate's expiry (`YYYY-MM-DD`). */
export type SavedWorkerRow = SavedRow & WorkerCardFields & { background_until: string | null };

/** A saved offer: the card's fields (nulls when no longer public). */
export type SavedOfferRow = SavedRow & OfferCardFields;

/** The shortlists (`shortlist_entries`): each person's saved workers and offers. */
@Injectable()
export class ShortlistsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(ShortlistEntry) private readonly entries: Repository<ShortlistEntry>,
  ) {}

  /** The ids `userId` saved, workers and offers (the hearts on cards). */
  savedIds(userId: number): Promise<SavedIdRow[]> {
    return this.dataSource.query(SAVED_IDS, [userId]);
  }

  /** The workers `userId` saved, newest saved first, with the cards of those still listed. */
  savedWorkers(userId: number): Promise<SavedWorkerRow[]> {
    return this.dataSource.query(SAVED_WORKERS, [userId]);
  }

  /** The offers `userId` saved, newest saved first, with the cards of those public at `now`. */
  savedOffers(userId: number, now: Date): Promise<SavedOfferRow[]> {
    return this.dataSource.query(SAVED_OFFERS, [now, userId]);
  }

  /** How many items `userId` saved. */
  async count(userId: number, m: EntityManager): Promise<number> {
    const [{ n }] = (await m.query(SAVED_COUNT, [userId])) as [{ n: number }];
    return n;
  }

  /** Whether `userId` saved item `id`. */
  has(userId: number, item: ShortlistItem, id: number, m: EntityManager): Promise<boolean> {
    return m.getRepository(ShortlistEntry).existsBy({ userId, [ITEM_COLUMNS[item].field]: id });
  }

  /** Saves item `id` for `userId`; saving it again changes nothing. */
  async add(userId: number, item: ShortlistItem, id: number, m: EntityManager): Promise<void> {
    await m.query(saveSql(ITEM_COLUMNS[item].column), [userId, id]);
  }

  /** Removes item `id` from the list of `userId`, if there. */
  async remove(userId: number, item: ShortlistItem, id: number): Promise<void> {
    await this.entries.delete({ userId, [ITEM_COLUMNS[item].field]: id });
  }

  /** Everything `userId` saved (a deleted account's list). */
  async removeAllOf(userId: number, m: EntityManager): Promise<void> {
    await m.getRepository(ShortlistEntry).delete({ userId });
  }
}
