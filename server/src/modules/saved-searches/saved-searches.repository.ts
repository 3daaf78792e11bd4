/*
 * Saved searches' reads and the matching statement (issue 21). A new match is found with one
 * statement per profile or offer, whatever the number of saved searches: the GIN index on
 * `saved_searches.codes` gives the searches sharing a code with the item (plus those without
 * filters), and each candidate is checked key by key on its own few codes.
 */

/** Every search of `$1` with how many items it matched, oldest first. */
export const SEARCHES_OF_USER = `SELECT ss.id, ss.kind, ss.name, ss.query, ss.email_frequency, ss.paused, ss.created_at,
       (SELECT count(*) FROM saved_search_matches m WHERE m.saved_search_id = ss.id)::int AS match_count
  FROM saved_searches ss WHERE ss.user_id = $1 ORDER BY ss.created_at, ss.id`;

/**
 * The (search, item) pairs of kind `kind` among the `item` rows (`id`, `filter_keys`, `since`):
 * the search not paused, saved before the item was listed, sharing a code with it (or
 * filterless), and for every key range of the search's codes one code among the item's.
 */
const hits = (kind: string) => `SELECT ss.id AS search_id, item.id AS item_id FROM saved_searches ss, item
   WHERE ss.kind = '${kind}' AND NOT ss.paused AND ss.created_at < item.since
     AND (ss.codes && item.filter_keys OR ss.codes = '{}')
     AND NOT EXISTS (SELECT 1 FROM unnest(ss.codes) AS c GROUP BY c / 10000000
                      HAVING NOT bool_or(c = ANY (item.filter_keys)))`;

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

/** A listed worker (`$1`) against the employers' searches; listed since its visibility began. */
export const MATCH_WORKER = matchSql(
  'workers',
  `SELECT s.worker_profile_id AS id, s.filter_keys, coalesce(w.visible_since, '-infinity') AS since
     FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id WHERE s.worker_profile_id = $1`,
);

/** A public offer (`$1`, public at `$2`) against the workers' searches; listed since created. */
export const MATCH_OFFER = matchSql(
  'job-offers',
  `SELECT s.job_offer_id AS id, s.filter_keys, s.created_at AS since
     FROM offer_search s WHERE s.job_offer_id = $1 AND s.visible_until > $2`,
);

/**
 * Every offer public at `$2` and created after `$1`, against the workers' searches: after a
 * membership change, offers that became public without a write of their own (their employer
 * paid) are matched; pairs already told come back no more.
 */
export const MATCH_RECENT_OFFERS = matchSql(
  'job-offers',
  `SELECT s.job_offer_id AS id, s.filter_keys, s.created_at AS since
     FROM offer_search s WHERE s.created_at > $1 AND s.visible_until > $2`,
);

/**
 * The searches with matches no e-mail carried yet, that may be e-mailed now: not paused, e-mails
 * on, and none sent since `$1` (now minus a day); `$2` limits them to some ids, or null for all.
 */
export const SEARCHES_TO_MAIL = `SELECT DISTINCT ss.id FROM saved_searches ss
  JOIN saved_search_matches m ON m.saved_search_id = ss.id AND m.emailed_at IS NULL
 WHERE NOT ss.paused AND ss.email_frequency <> 'never' AND (ss.last_emailed_at IS NULL OR ss.last_emailed_at < $1)
   AND ($2::int[] IS NULL OR ss.id = ANY ($2::int[]))`;

/**
 * Claims searches `$2` for an e-mail at `$1` (now), unless another pass did since `$3` (a day
 * ago): answers those claimed, with their owner.
 */
export const CLAIM_SEARCHES = `WITH claimed AS (UPDATE saved_searches ss SET last_emailed_at = $1
  FROM users u
 WHERE ss.id = ANY ($2::int[]) AND u.id = ss.user_id AND u.is_active
   AND (ss.last_emailed_at IS NULL OR ss.last_emailed_at < $3)
RETURNING ss.id, ss.user_id, ss.kind, ss.name, ss.query, u.email, u.first_name) SELECT * FROM claimed`;

/**
 * Marks every pending match of searches `$2` e-mailed at `$1`, answering them (a statement whose
 * outer part is a SELECT, so the driver answers its rows as for the other reads).
 */
export const TAKE_PENDING = `WITH taken AS (UPDATE saved_search_matches SET emailed_at = $1
 WHERE saved_search_id = ANY ($2::int[]) AND emailed_at IS NULL
RETURNING saved_search_id, item_id, matched_at) SELECT * FROM taken`;

/** What an e-mail says of workers `$1` still listed: first name, services and place codes. */
export const WORKER_ITEMS = `SELECT s.worker_profile_id AS id, u.first_name AS title, s.filter_keys::text AS filter_keys,
       w.province_id, w.municipality_id
  FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id JOIN users u ON u.id = w.user_id
 WHERE s.worker_profile_id = ANY ($1::int[])`;

/** What an e-mail says of offers `$1` still public at `$2`: title, place and salary. */
export const OFFER_ITEMS = `SELECT o.id, o.title, s.filter_keys::text AS filter_keys, o.province_id, o.municipality_id,
       o.monthly_price
  FROM offer_search s JOIN job_offers o ON o.id = s.job_offer_id
 WHERE s.job_offer_id = ANY ($1::int[]) AND s.visible_until > $2`;
