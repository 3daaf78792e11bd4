import { epochMs, OFFER_COLUMNS } from '../browse/browse.repository';
import { ratingColumns } from '../references/references.repository';
import { backgroundColumn } from '../verifications/verifications.repository';

/*
 * The shortlists' reads: one statement per list, each saved item with its card's fields when
 * the public can still see it (the search read model's row), nulls when not.
 */

/** The ids a person saved, workers and offers (the hearts on cards): `$1` is the user. */
export const SAVED_IDS = `SELECT worker_profile_id, job_offer_id FROM shortlist_entries WHERE user_id = $1`;

/** How many items `$1` saved. */
export const SAVED_COUNT = `SELECT count(*)::int AS n FROM shortlist_entries WHERE user_id = $1`;

/**
 * The saved workers of `$1`, newest saved first, with the card's fields of those still listed
 * (`id` null for one who is hidden now).
 */
export const SAVED_WORKERS = `SELECT e.worker_profile_id AS saved_id, ${epochMs('e.created_at')} AS saved_at_ms,
       s.worker_profile_id AS id, ${epochMs('s.last_seen')} AS last_seen_ms, s.filter_keys::text AS filter_keys,
       w.date_of_birth::text AS date_of_birth, w.introduction, u.first_name, u.profile_image,
       w.province_id, w.municipality_id, ${ratingColumns('w.user_id', 'rating')},
       ${backgroundColumn('w.user_id')}
  FROM shortlist_entries e
  LEFT JOIN worker_search s ON s.worker_profile_id = e.worker_profile_id
  LEFT JOIN worker_profiles w ON w.id = s.worker_profile_id
  LEFT JOIN users u ON u.id = w.user_id
 WHERE e.user_id = $1 AND e.worker_profile_id IS NOT NULL
 ORDER BY e.created_at DESC, e.id DESC`;

/**
 * The saved offers of `$2`, newest saved first, with the fields of those public at `$1` (now);
 * the offer's columns are null for one that is not.
 */
export const SAVED_OFFERS = `SELECT e.job_offer_id AS saved_id, ${epochMs('e.created_at')} AS saved_at_ms,
       ${OFFER_COLUMNS}, s.filter_keys::text AS filter_keys
  FROM shortlist_entries e
  LEFT JOIN offer_search s ON s.job_offer_id = e.job_offer_id AND s.visible_until > $1
  LEFT JOIN job_offers o ON o.id = s.job_offer_id
  LEFT JOIN parent_profiles pp ON pp.id = o.parent_profile_id
  LEFT JOIN users pu ON pu.id = pp.user_id
 WHERE e.user_id = $2 AND e.job_offer_id IS NOT NULL
 ORDER BY e.created_at DESC, e.id DESC`;

/** Whether worker `$1` is listed (visible, account active). */
export const WORKER_LISTED = `SELECT 1 FROM worker_search WHERE worker_profile_id = $1`;

/** Whether offer `$2` is public at `$1`. */
export const OFFER_PUBLIC = `SELECT 1 FROM offer_search WHERE job_offer_id = $2 AND visible_until > $1`;

/** Saves item `$2` (worker or offer: the column is the caller's) for `$1`, once. */
export const saveSql = (column: 'worker_profile_id' | 'job_offer_id') =>
  `INSERT INTO shortlist_entries (user_id, ${column}) VALUES ($1, $2)
   ON CONFLICT (user_id, ${column}) WHERE ${column} IS NOT NULL DO NOTHING`;
