import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { EmailFrequency, SavedSearchKind } from '@cym/common';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import { SavedSearch } from './entities/saved-search.entities';
import { blockedSql } from '../blocks/blocks.repository';

/*
 * Saved searches' reads and the matching statement. A new match is found with one
 * statement per profile or offer, whatever the number of saved searches: the GIN index on
 * `saved_searches.codes` gives the searches sharing a code with the item (plus those without
 * filters), and each candidate is checked key by key on its own few codes.
 */

/** Every search of `$1` with how many items it matched, oldest first. */
const SEARCHES_OF_USER = `SELECT ss.id, ss.kind, ss.name, ss.query, ss.email_frequency, ss.paused, ss.created_at,
       (SELECT count(*) FROM saved_search_matches m WHERE m.saved_search_id = ss.id)::int AS match_count
  FROM saved_searches ss WHERE ss.user_id = $1 ORDER BY ss.created_at, ss.id`;

/**
 * The (search, item) pairs of kind `kind` among the `item` rows (`id`, `filter_keys`, `since`,
 * `owner`: its user): the search not paused, saved before the item was listed, sharing a code
 * with it (or filterless), for every key range of the search's codes one code among the item's,
 * and its owner not someone the search's owner blocked.
 */
const hits = (kind: string) => `SELECT ss.id AS search_id, item.id AS item_id FROM saved_searches ss, item
   WHERE ss.kind = '${kind}' AND NOT ss.paused AND ss.created_at < item.since
     AND (ss.codes && item.filter_keys OR ss.codes = '{}')
     AND NOT EXISTS (SELECT 1 FROM unnest(ss.codes) AS c GROUP BY c / 10000000
                      HAVING NOT bool_or(c = ANY (item.filter_keys)))
     AND NOT ${blockedSql('ss.user_id', 'item.owner')}`;

/**
 * Records at `$2` (now) the matches of the `item` rows (read-model rows of what the public sees)
 * and answers the pairs never told before, with each search and its owner (active accounts only).
 */
const matchSql = (kind: string, item: string) => `WITH item AS (${item}),
     told AS (INSERT INTO saved_search_matches (saved_search_id, item_id, matched_at)
              SELECT search_id, item_id, $2 FROM (${hits(kind)}) AS hit
              ON CONFLICT DO NOTHING RETURNING saved_search_id, item_id)
SELECT ss.id, ss.user_id, ss.name, ss.kind, ss.query, ss.email_frequency, ss.last_emailed_at, told.item_id
  FROM told JOIN saved_searches ss ON ss.id = told.saved_search_id
  JOIN users u ON u.id = ss.user_id AND u.is_active`;

/** The user who published the offer of `offer_search s` (null for the team's offers). */
const OFFER_OWNER = `(SELECT op.user_id FROM job_offers oo JOIN parent_profiles op ON op.id = oo.parent_profile_id
                       WHERE oo.id = s.job_offer_id)`;

/** A listed worker (`$1`) against the employers' searches; listed since its visibility began. */
const MATCH_WORKER = matchSql(
  'workers',
  `SELECT s.worker_profile_id AS id, s.filter_keys, coalesce(w.visible_since, '-infinity') AS since, w.user_id AS owner
     FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id WHERE s.worker_profile_id = $1`,
);

/** A public offer (`$1`, public at `$2`) against the workers' searches; listed since created. */
const MATCH_OFFER = matchSql(
  'job-offers',
  `SELECT s.job_offer_id AS id, s.filter_keys, s.created_at AS since, ${OFFER_OWNER} AS owner
     FROM offer_search s WHERE s.job_offer_id = $1 AND s.visible_until > $2`,
);

/**
 * Every offer public at `$2` and created after `$1`, against the workers' searches: after a
 * membership change, offers that became public without a write of their own (their employer
 * paid) are matched; pairs already told come back no more.
 */
const MATCH_RECENT_OFFERS = matchSql(
  'job-offers',
  `SELECT s.job_offer_id AS id, s.filter_keys, s.created_at AS since, ${OFFER_OWNER} AS owner
     FROM offer_search s WHERE s.created_at > $1 AND s.visible_until > $2`,
);

/**
 * The searches with matches no e-mail carried yet, that may be e-mailed now: not paused, e-mails
 * on, and none sent since `$1` (now minus a day); `$2` limits them to some ids, or null for all.
 */
const SEARCHES_TO_MAIL = `SELECT DISTINCT ss.id FROM saved_searches ss
  JOIN saved_search_matches m ON m.saved_search_id = ss.id AND m.emailed_at IS NULL
 WHERE NOT ss.paused AND ss.email_frequency <> 'never' AND (ss.last_emailed_at IS NULL OR ss.last_emailed_at < $1)
   AND ($2::int[] IS NULL OR ss.id = ANY ($2::int[]))`;

/**
 * Claims searches `$2` for an e-mail at `$1` (now), unless another pass did since `$3` (a day
 * ago): answers those claimed, with their owner.
 */
const CLAIM_SEARCHES = `WITH claimed AS (UPDATE saved_searches ss SET last_emailed_at = $1
  FROM users u
 WHERE ss.id = ANY ($2::int[]) AND u.id = ss.user_id AND u.is_active
   AND (ss.last_emailed_at IS NULL OR ss.last_emailed_at < $3)
RETURNING ss.id, ss.user_id, ss.kind, ss.name, ss.query, u.email, u.first_name) SELECT * FROM claimed`;

/**
 * Marks every pending match of searches `$2` e-mailed at `$1`, answering them (a statement whose
 * outer part is a SELECT, so the driver answers its rows as for the other reads) but those of
 * people the search's owner blocked since the match was found: taken, never e-mailed.
 */
const TAKE_PENDING = `WITH taken AS (UPDATE saved_search_matches SET emailed_at = $1
 WHERE saved_search_id = ANY ($2::int[]) AND emailed_at IS NULL
RETURNING saved_search_id, item_id, matched_at)
SELECT t.* FROM taken t JOIN saved_searches ss ON ss.id = t.saved_search_id
 WHERE NOT ${blockedSql(
   'ss.user_id',
   `CASE ss.kind WHEN 'workers' THEN (SELECT bw.user_id FROM worker_profiles bw WHERE bw.id = t.item_id)
      ELSE (SELECT bp.user_id FROM job_offers bo JOIN parent_profiles bp ON bp.id = bo.parent_profile_id
             WHERE bo.id = t.item_id) END`,
 )}`;

/** What an e-mail says of workers `$1` still listed: first name, services and place codes. */
const WORKER_ITEMS = `SELECT s.worker_profile_id AS id, u.first_name AS title, s.filter_keys::text AS filter_keys,
       w.province_id, w.municipality_id
  FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id JOIN users u ON u.id = w.user_id
 WHERE s.worker_profile_id = ANY ($1::int[])`;

/** What an e-mail says of offers `$1` still public at `$2`: title, place and salary. */
const OFFER_ITEMS = `SELECT o.id, o.title, s.filter_keys::text AS filter_keys, o.province_id, o.municipality_id,
       o.monthly_price
  FROM offer_search s JOIN job_offers o ON o.id = s.job_offer_id
 WHERE s.job_offer_id = ANY ($1::int[]) AND s.visible_until > $2`;

/** A person's saved search as their list shows it, with how many items it matched. */
export interface SavedSearchRow {
  id: number;
  kind: SavedSearchKind;
  name: string;
  query: Record<string, string>;
  email_frequency: EmailFrequency;
  paused: boolean;
  created_at: Date;
  match_count: number;
}

/** A search newly told of an item (the matching statement's answer). */
export interface ToldSearch {
  id: number;
  user_id: number;
  name: string;
  kind: SavedSearchKind;
  query: Record<string, string>;
  email_frequency: EmailFrequency;
  last_emailed_at: Date | null;
  /** The item it was told of. */
  item_id: number;
}

/** A search claimed for an e-mail, with its owner's address and first name. */
export type ClaimedSearch = Pick<ToldSearch, 'id' | 'user_id' | 'kind' | 'name' | 'query'> & {
  email: string;
  first_name: string;
};

/** A match an e-mail is about to carry. */
export interface PendingMatch {
  saved_search_id: number;
  item_id: number;
  matched_at: Date;
}

/** What an e-mail says of a listed worker. */
export interface WorkerItemRow {
  id: number;
  title: string;
  filter_keys: string;
  province_id: number | null;
  municipality_id: number | null;
}

/** What an e-mail says of a public offer. */
export interface OfferItemRow {
  id: number;
  title: string;
  filter_keys: string;
  province_id: number;
  municipality_id: number;
  monthly_price: number | null;
}

/** A new search's fields. */
export type NewSavedSearch = Pick<SavedSearch, 'userId' | 'kind' | 'name' | 'query' | 'codes' | 'emailFrequency'>;

/** What may change of a saved search. */
export type SavedSearchChanges = Partial<Pick<SavedSearch, 'name' | 'emailFrequency' | 'paused'>>;

/** The saved searches (`saved_searches`), their matches (`saved_search_matches`) and the e-mails' claims. */
@Injectable()
export class SavedSearchesRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(SavedSearch) private readonly searches: Repository<SavedSearch>,
  ) {}

  /** Every search of `userId` with how many items it matched, oldest first. */
  searchesOf(userId: number): Promise<SavedSearchRow[]> {
    return this.dataSource.query(SEARCHES_OF_USER, [userId]);
  }

  /** Search `id`, or null when missing. */
  byId(id: number): Promise<SavedSearch | null> {
    return this.searches.findOneBy({ id });
  }

  /** Search `id` when `userId` owns it, or null. */
  ownedBy(id: number, userId: number): Promise<SavedSearch | null> {
    return this.searches.findOneBy({ id, userId });
  }

  /** How many searches `userId` has. */
  countOf(userId: number, m: EntityManager): Promise<number> {
    return m.getRepository(SavedSearch).countBy({ userId });
  }

  /** Keeps a new search, not paused; answers it as stored. */
  add(search: NewSavedSearch, m: EntityManager): Promise<SavedSearch> {
    const searches = m.getRepository(SavedSearch);
    return searches.save(searches.create({ ...search, paused: false }));
  }

  async update(id: number, changes: SavedSearchChanges): Promise<void> {
    await this.searches.update(id, changes);
  }

  async remove(id: number): Promise<void> {
    await this.searches.delete(id);
  }

  /**
   * Records at `now` the matches of item `id` of directory `kind` (a listed worker, or an offer
   * public at `now`) with that directory's searches, answering the searches never told of it before.
   */
  matchItem(kind: SavedSearchKind, id: number, now: Date): Promise<ToldSearch[]> {
    return this.dataSource.query(kind === 'workers' ? MATCH_WORKER : MATCH_OFFER, [id, now]);
  }

  /** As matchItem for every offer public at `now` and created after `since`. */
  matchRecentOffers(since: Date, now: Date): Promise<ToldSearch[]> {
    return this.dataSource.query(MATCH_RECENT_OFFERS, [since, now]);
  }

  /**
   * The ids of the searches (all, or `only`) with matches no e-mail carried, that may be e-mailed:
   * not paused, e-mails on, none sent since `dayAgo`.
   */
  async searchesToMail(dayAgo: Date, only: number[] | null): Promise<number[]> {
    const rows = (await this.dataSource.query(SEARCHES_TO_MAIL, [dayAgo, only])) as { id: number }[];
    return rows.map((row) => row.id);
  }

  /** Claims searches `ids` for an e-mail at `now`, unless another pass did since `dayAgo`: answers those claimed. */
  claim(ids: number[], now: Date, dayAgo: Date, m: EntityManager): Promise<ClaimedSearch[]> {
    return m.query(CLAIM_SEARCHES, [now, ids, dayAgo]);
  }

  /** Marks every pending match of searches `ids` e-mailed at `now`, answering them. */
  takePending(ids: number[], now: Date, m: EntityManager): Promise<PendingMatch[]> {
    return m.query(TAKE_PENDING, [now, ids]);
  }

  /** What an e-mail says of workers `ids` that are still listed. */
  workerItems(ids: number[], m: EntityManager): Promise<WorkerItemRow[]> {
    return m.query(WORKER_ITEMS, [ids]);
  }

  /** What an e-mail says of offers `ids` that are still public at `now`. */
  offerItems(ids: number[], now: Date, m: EntityManager): Promise<OfferItemRow[]> {
    return m.query(OFFER_ITEMS, [ids, now]);
  }

  /** Every search of `userId` (their matches go with them: ON DELETE CASCADE). */
  async removeAllOf(userId: number, m: EntityManager): Promise<void> {
    await m.getRepository(SavedSearch).delete({ userId });
  }
}
