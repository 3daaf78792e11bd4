import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OfferPublicVisibility } from '@cym/common';
import type { DataSource, EntityManager } from 'typeorm';
import { Reads } from '../../database/reads';
import { foldedMatch } from '../../database/folded-search';
import { publicOfferSql } from '../job-offers/job-offers.repository';
import { ratingColumns } from '../references/references.repository';
import type { CardChoices, OfferCardFields, WorkerCardFields } from './card-json';
import { DIRECTORY_ARRAY_MAX, FILTER_KEY_OFFSETS, type FilterKey, type ParsedNear, type ParsedQuery } from './filters';
import { backgroundColumn } from '../verifications/verifications.repository';

/*
 * The public directories' hand-written SQL: one query per page whatever its size (on the search
 * read model: migration SearchReadModel), the one PUBLIC predicate of an offer that the
 * directory and the admin list share, and BrowseRepository, which runs them.
 */

/**
 * Public (publicOfferSql) with its employer's account active (`pu`, joined by OFFER_SELECT).
 * `$1` is the clock's now: every query built on it passes that first.
 */
const PUBLIC = `${publicOfferSql('$1')} AND (pu.id IS NULL OR pu.is_active)`;

/**
 * What the public sees of an offer, from the same PUBLIC predicate (`$1` is now): 'visible',
 * 'hidden' (switched off or its employer deactivated) or 'no_membership'.
 */
const PUBLIC_VISIBILITY = `CASE WHEN ${PUBLIC} THEN 'visible'
  WHEN NOT o.status OR (pu.id IS NOT NULL AND NOT pu.is_active) THEN 'hidden' ELSE 'no_membership' END`;

/**
 * A timestamp as milliseconds since the epoch (a float8: the driver reads it with parseFloat,
 * where a timestamptz costs a date parse per value — a tenth of a page's time in the driver).
 */
export const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/**
 * An offer's own columns with its employer (`OFFER_FROM`'s aliases): OfferCardFields. Places are
 * named from the in-memory catalog.
 */
export const OFFER_COLUMNS = `o.id, o.title, o.description, o.status, o.neighborhood, o.monthly_price, o.native_language_id,
       public.cym_identity_verified(pu.id) AS parent_identity_verified,
       ${epochMs('o.created_at')} AS created_at_ms, o.province_id, o.municipality_id, pp.id AS parent_id, pu.id AS parent_user_id, pp.date_of_birth::text AS parent_birth, pp.gender AS parent_gender,
       pp.nationality AS parent_nationality, pu.first_name AS parent_first_name,
       pu.profile_image AS parent_image,
       ${epochMs('pu.last_seen')} AS parent_last_seen_ms, ${ratingColumns('pu.id', 'parent_rating')}`;

const OFFER_FROM = `FROM job_offers o
  LEFT JOIN parent_profiles pp ON pp.id = o.parent_profile_id
  LEFT JOIN users pu ON pu.id = pp.user_id`;

const OFFER_SELECT = `SELECT ${OFFER_COLUMNS},
       ARRAY(SELECT service_id FROM job_offer_services WHERE job_offer_id = o.id) AS services,
       ARRAY(SELECT task_id FROM job_offer_tasks WHERE job_offer_id = o.id) AS tasks,
       ARRAY(SELECT work_arrangement_id FROM job_offer_work_arrangements WHERE job_offer_id = o.id) AS work_arrangements,
       ARRAY(SELECT language_id FROM job_offer_languages WHERE job_offer_id = o.id) AS languages,
       ARRAY(SELECT shift_id FROM job_offer_shifts WHERE job_offer_id = o.id) AS work_shifts,
       count(*) OVER ()::int AS total
  ${OFFER_FROM}`;

/** The offers with their employer's profile and user (`pp`, `pu`), for the count queries. */
const OFFER_OWNER_FROM = `FROM job_offers o LEFT JOIN parent_profiles pp ON pp.id = o.parent_profile_id
           LEFT JOIN users pu ON pu.id = pp.user_id`;

/**
 * `LIMIT $n OFFSET $m` for a page: appends its two parameters to `params` (the page's size, then
 * the rows skipped) and names them.
 */
export function limitOffsetSql(params: unknown[], limit: number, offset: number): string {
  params.push(limit, offset);
  return `LIMIT $${params.length - 1} OFFSET $${params.length}`;
}

/**
 * The public directory's condition on the read model `offer_search s` (migration
 * SearchReadModel): its rows are the offers switched on whose employer is active, and
 * `visible_until` is their employer's membership end, so `visible_until > $1` (now) is PUBLIC.
 */
function publicOffersWhere(conditions: string[]): string {
  return ['s.visible_until > $1', ...conditions].join(' AND ');
}

/**
 * One page of public offers matching `where` (publicOffersWhere), newest first, and their total:
 * see pageWithTotalSql. The offers' own columns are joined for the page's rows only. `paging` is
 * '' or limitOffsetSql's. A page past the last answers one row with the total and no offer (id null).
 * With `nearRank` ('Cerca de': nearSql's rank of a row), nearest first, then newest.
 */
function publicOffersPageSql(where: string, paging: string, countLimit: string, nearRank?: string): string {
  return `SELECT ${OFFER_COLUMNS}, page.filter_keys::text AS filter_keys, page.total
         FROM (${pageWithTotalSql(
           'offer_search',
           where,
           `s.job_offer_id, s.created_at, s.filter_keys${nearColumn(nearRank)}`,
           `${nearOrder(nearRank, '')}s.created_at DESC, s.job_offer_id DESC`,
           paging,
           countLimit,
         )}) AS page
         LEFT JOIN job_offers o ON o.id = page.job_offer_id
         LEFT JOIN parent_profiles pp ON pp.id = o.parent_profile_id
         LEFT JOIN users pu ON pu.id = pp.user_id
        ORDER BY ${nearOrder(nearRank, 'page.')}page.created_at DESC, page.job_offer_id DESC`;
}

/** The page's column of its rows' rank by distance ('Cerca de'), or nothing. */
const nearColumn = (rank: string | undefined) => (rank ? `, ${rank} AS near_rank` : '');

/** The rank by distance first in an ORDER BY ('Cerca de'), or nothing; `alias` is '' or 'page.'. */
const nearOrder = (rank: string | undefined, alias: string) => (rank ? `${alias}near_rank, ` : '');

/**
 * The rows of read model `table` (alias `s`) matching `where`, ordered and paged, each with the
 * total of matches counted up to `countLimit` (countLimitSql's `LIMIT $n`: the count stops there,
 * so it costs at most that many rows whatever the directory's size); one row with the total and
 * null columns when the page is empty. The count and the page are planned apart in one
 * statement: the count stops after its limit (a walk of the table or the indexes' bitmaps,
 * whichever the planner finds cheaper), the page walks the order index until it is full (or, for
 * a rare filter, reads the same bitmaps) — instead of a window count, which builds and sorts
 * every match to hand back fifty.
 */
function pageWithTotalSql(
  table: string,
  where: string,
  columns: string,
  order: string,
  paging: string,
  countLimit: string,
): string {
  return `SELECT c.total, page.*
            FROM (SELECT count(*)::int AS total FROM (SELECT 1 FROM ${table} s WHERE ${where} ${countLimit}) AS m) AS c
            LEFT JOIN LATERAL (SELECT ${columns} FROM ${table} s WHERE ${where} ORDER BY ${order} ${paging}) AS page ON true`;
}

/** `LIMIT $n` for a page's count: appends its parameter (`limit`) to `params` and names it. */
export function countLimitSql(params: unknown[], limit: number): string {
  params.push(limit);
  return `LIMIT $${params.length}`;
}

/** The offer `$2` when it is public at `$1` (now). */
const PUBLIC_OFFER_BY_ID = `${OFFER_SELECT} WHERE o.id = $2 AND ${PUBLIC}`;

/** Every offer of the employer profile `$1`, visible or not, newest first. */
const OFFERS_OF_PARENT = `${OFFER_SELECT} WHERE o.parent_profile_id = $1 ORDER BY o.created_at DESC, o.id DESC`;

/** The offer `$1` whatever its visibility. */
const OFFER_BY_ID = `${OFFER_SELECT} WHERE o.id = $1`;

/**
 * The admin list's `WHERE` ('' without filters): the title matching the list pattern, what the
 * public sees (PUBLIC_VISIBILITY, `$1` being now) and one employer profile, each when given. Each
 * filter's parameter is appended to `params`, which starts with now.
 */
function adminOffersWhereSql(
  pattern: string | null,
  visibility: OfferPublicVisibility | null,
  parentProfileId: number | null,
  params: unknown[],
): string {
  const conditions: string[] = [];
  if (pattern) {
    conditions.push(foldedMatch('o.title', pattern, params));
  }
  if (visibility) {
    params.push(visibility);
    conditions.push(`(${PUBLIC_VISIBILITY}) = $${params.length}`);
  }
  if (parentProfileId !== null) {
    params.push(parentProfileId);
    conditions.push(`o.parent_profile_id = $${params.length}`);
  }
  return conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
}

/** OFFER_SELECT with each offer's `public_visibility` (PUBLIC_VISIBILITY, `$1` being now). */
const ADMIN_OFFER_SELECT = OFFER_SELECT.replace(
  'count(*) OVER ()',
  `${PUBLIC_VISIBILITY} AS public_visibility, count(*) OVER ()`,
);

/** One page of the admin's offers (`where` from adminOffersWhereSql), newest first; `limit` is '' or limitOffsetSql's. */
function adminOffersPageSql(where: string, limit: string): string {
  return `${ADMIN_OFFER_SELECT}
        ${where} ORDER BY o.created_at DESC, o.id DESC ${limit}`;
}

/**
 * How many offers the admin's `where` matches (`n`). `$1` (now) is named in the select list, so
 * it is used even when no condition needs it.
 */
function adminOffersCountSql(where: string): string {
  return `SELECT count(*)::int AS n, $1::timestamptz AS now ${OFFER_OWNER_FROM} ${where}`;
}

/** An offer from OFFER_SELECT: its fields, its choices, and the total of the rows. */
export type OfferRow = OfferCardFields & CardChoices & { total: number };

/**
 * A public offer from publicOffersPageSql, with its read model row's codes as the array's text
 * (`{1,2}`: decodeChoiceKeys reads it faster than the driver's array parser).
 */
export type PublicOfferRow = OfferCardFields & { filter_keys: string; total: number };

/** A worker from workersPageSql, with its read model row's codes as text (as PublicOfferRow). */
export type WorkerRow = WorkerCardFields & { filter_keys: string; total: number; background_until?: string | null };

/**
 * The directory's workers from the read model `worker_search s` (migration SearchReadModel),
 * whose rows are exactly the listed workers (visible, account active), with the filters'
 * `conditions`.
 */
export function listedWorkersWhere(conditions: string[]): string {
  return conditions.length ? conditions.join(' AND ') : 'true';
}

/**
 * One page of listed workers, most recently seen first, with their total (pageWithTotalSql) from
 * the read model; the cards' own fields are joined for the page's rows only. A page past the last
 * answers one row with the total and no worker (id null). With `nearRank` ('Cerca de': nearSql's
 * rank of a row), nearest first, then most recently seen: the page is then the top of a sort of
 * the GIN scan's matches instead of a walk down the order index.
 */
export function workersPageSql(where: string, paging: string, countLimit: string, nearRank?: string): string {
  return `SELECT page.total, page.id, ${epochMs('page.last_seen')} AS last_seen_ms, page.filter_keys::text AS filter_keys,
              ${backgroundColumn('w.user_id')},
              w.date_of_birth::text AS date_of_birth, w.introduction, u.first_name, u.profile_image,
              w.province_id, w.municipality_id, ${ratingColumns('w.user_id', 'rating')}
         FROM (${pageWithTotalSql(
           'worker_search',
           where,
           `s.worker_profile_id AS id, s.last_seen, s.filter_keys${nearColumn(nearRank)}`,
           `${nearOrder(nearRank, '')}s.last_seen DESC NULLS LAST, s.worker_profile_id DESC`,
           paging,
           countLimit,
         )}) AS page
         LEFT JOIN worker_profiles w ON w.id = page.id
         LEFT JOIN users u ON u.id = w.user_id
        ORDER BY ${nearOrder(nearRank, 'page.')}page.last_seen DESC NULLS LAST, page.id DESC`;
}

/**
 * SQL conditions on a read model row `alias` for the filters — per key, its values' codes
 * overlapping `filter_keys` (OR within a key), AND-ed across keys: all answered by the one GIN
 * index — with their parameters appended to `params`. Answers null when a key matched no
 * catalog entry: then no row can match and no query is needed.
 */
function filterConditions(filters: ParsedQuery['filters'], params: unknown[], alias: string): string[] | null {
  const conditions: string[] = [];
  for (const [key, ids] of Object.entries(filters) as [FilterKey, number[] | undefined][]) {
    if (!ids || ids.length === 0) return null;
    params.push(ids.map((id) => FILTER_KEY_OFFSETS[key] + id));
    conditions.push(`${alias}.filter_keys && $${params.length}::int[]`);
  }
  return conditions;
}

/**
 * 'Cerca de' on a read model row `alias`: one more GIN condition (`filter_keys` overlapping the
 * codes of the municipalities within the radius, AND-ed with the other filters) and the row's
 * rank by distance (its municipality's position in the list, nearest first), for the ORDER BY.
 * Appends the two arrays to `params`.
 */
export function nearSql(near: ParsedNear, params: unknown[], alias: string): { condition: string; rank: string } {
  params.push(near.within.map((m) => FILTER_KEY_OFFSETS.municipality + m.id));
  const condition = `${alias}.filter_keys && $${params.length}::int[]`;
  params.push(near.within.map((m) => m.id));
  return { condition, rank: `array_position($${params.length}::int[], ${alias}.municipality_id)` };
}

/** Whether worker `$1` is listed (visible, account active). */
const WORKER_LISTED = `SELECT 1 FROM worker_search WHERE worker_profile_id = $1`;

/** Whether offer `$2` is public at `$1`. */
const OFFER_PUBLIC = `SELECT 1 FROM offer_search WHERE job_offer_id = $2 AND visible_until > $1`;

/** How many workers are listed and offers public at `$1`: the pages of their own the public sees. */
const LISTED_COUNT = `SELECT (SELECT count(*) FROM worker_search)::int
     + (SELECT count(*) FROM offer_search WHERE visible_until > $1)::int AS n`;

/** The row a page past the last answers: the total of matches and no card. */
export interface PastLastPageRow {
  id: null;
  total: number;
}

/** An offer from the admin's list: OfferRow with what the public sees of it. */
export type AdminOfferRow = OfferRow & { public_visibility: OfferPublicVisibility };

/** Which offers the admin's list keeps: the title's LIKE pattern, what the public sees, one employer. */
export interface AdminOffersFilter {
  pattern: string | null;
  visibility: OfferPublicVisibility | null;
  parentProfileId: number | null;
}

/**
 * The directories' reads: the search read model (worker_search, offer_search) with the cards'
 * fields, and the offers as their owner and the admins see them. The public pages are one
 * statement each, planned for their filters' values (plannedQuery), through Reads: on the replica
 * when one is set and may serve them (database/reads.ts).
 */
@Injectable()
export class BrowseRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: Reads,
  ) {}

  /**
   * One page of listed workers matching `query` (when it is not paginated, the first
   * DIRECTORY_ARRAY_MAX), most recently seen first or nearest first, each row with the total
   * counted up to `countBound + 1` (more than `countBound` matches: the total says so, not how
   * many); [] when a filter matched nothing in the catalog.
   */
  listedWorkersPage(query: ParsedQuery, countBound: number): Promise<(WorkerRow | PastLastPageRow)[]> {
    return this.directoryPage(query, countBound, [], listedWorkersWhere, workersPageSql);
  }

  /** One page of the offers public at `now` matching `query`, as listedWorkersPage. */
  publicOffersPage(query: ParsedQuery, countBound: number, now: Date): Promise<(PublicOfferRow | PastLastPageRow)[]> {
    return this.directoryPage(query, countBound, [now], publicOffersWhere, publicOffersPageSql);
  }

  /** Offer `id` when it is public at `now`, or null. */
  async publicOffer(id: number, now: Date): Promise<OfferRow | null> {
    const [row] = await this.reads.query<OfferRow>(PUBLIC_OFFER_BY_ID, [now, id]);
    return row ?? null;
  }

  /** Every offer of employer profile `parentProfileId`, visible or not, newest first. */
  offersOfParent(parentProfileId: number, m: EntityManager = this.dataSource.manager): Promise<OfferRow[]> {
    return m.query(OFFERS_OF_PARENT, [parentProfileId]);
  }

  /** Offer `id` whatever its visibility, or null when missing. */
  async offer(id: number, m: EntityManager = this.dataSource.manager): Promise<OfferRow | null> {
    const [row] = (await m.query(OFFER_BY_ID, [id])) as OfferRow[];
    return row ?? null;
  }

  /**
   * One page of the admin's offers (every offer when `page` is null), newest first, what the
   * public sees of each at `now`, and how many match: from the page's rows, or counted apart when
   * the page is past the last.
   */
  async adminOffersPage(
    filter: AdminOffersFilter,
    page: { limit: number; offset: number } | null,
    now: Date,
  ): Promise<{ rows: AdminOfferRow[]; count: number }> {
    const params: unknown[] = [now];
    const where = adminOffersWhereSql(filter.pattern, filter.visibility, filter.parentProfileId, params);
    const filterParams = params.length;
    const limit = page ? limitOffsetSql(params, page.limit, page.offset) : '';
    const rows: AdminOfferRow[] = await this.dataSource.query(adminOffersPageSql(where, limit), params);
    if (!rows[0] && page && page.offset > 0) {
      const [row] = (await this.dataSource.query(adminOffersCountSql(where), params.slice(0, filterParams))) as {
        n: number;
      }[];
      return { rows, count: row!.n };
    }
    return { rows, count: rows[0]?.total ?? 0 };
  }

  /** Whether worker profile `workerProfileId` is listed (visible, account active). */
  async isWorkerListed(workerProfileId: number): Promise<boolean> {
    return ((await this.dataSource.query(WORKER_LISTED, [workerProfileId])) as unknown[]).length > 0;
  }

  /** Whether offer `offerId` is public at `now`. */
  async isOfferPublic(offerId: number, now: Date): Promise<boolean> {
    return ((await this.dataSource.query(OFFER_PUBLIC, [now, offerId])) as unknown[]).length > 0;
  }

  /** How many workers are listed and offers public at `now` together (the sitemap's profiles and offers). */
  async listedCount(now: Date): Promise<number> {
    const [{ n }] = (await this.reads.query<{ n: number }>(LISTED_COUNT, [now])) as [{ n: number }];
    return n;
  }

  /**
   * A directory's page: the filters' and 'Cerca de''s conditions on the read model (after the
   * `params` the query starts with), `where` made of them, and `pageSql`'s statement with its
   * parameters bound, planned for their values (plannedQuery: a filter's share of the directory
   * decides the plan). The same text whether paginated or not (the plain array is the first
   * DIRECTORY_ARRAY_MAX, its count unused): only the parameters differ.
   */
  private async directoryPage<R>(
    query: ParsedQuery,
    countBound: number,
    params: unknown[],
    where: (conditions: string[]) => string,
    pageSql: (where: string, paging: string, countLimit: string, nearRank?: string) => string,
  ): Promise<R[]> {
    const conditions = filterConditions(query.filters, params, 's');
    if (!conditions) return [];
    const near = query.near ? nearSql(query.near, params, 's') : null;
    const matching = where(near ? [...conditions, near.condition] : conditions);
    const paging = query.paginated
      ? limitOffsetSql(params, query.pageSize, (query.page - 1) * query.pageSize)
      : limitOffsetSql(params, DIRECTORY_ARRAY_MAX, 0);
    const countLimit = countLimitSql(params, query.paginated ? countBound + 1 : 1);
    return this.reads.planned<R>(pageSql(matching, paging, countLimit, near?.rank), params);
  }
}
