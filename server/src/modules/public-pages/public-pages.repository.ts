import { Injectable } from '@nestjs/common';
import { Reads } from '../../database/reads';

/*
 * What the public pages read: a page's head fields (public by the search read model's row, as the
 * directories'), the sitemap's addresses and the landing pages' counts. The pages' reads run as
 * prepared statements (preparedQuery), as the directories', through Reads (the replica when one
 * is set and may serve them).
 */

/** A listed worker's head fields (the read model's row is the public predicate, as the directory's). */
const WORKER_HEAD = `SELECT w.id, u.first_name, w.date_of_birth::text AS date_of_birth, w.introduction, w.province_id, w.municipality_id,
       s.filter_keys::text AS filter_keys
  FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id JOIN users u ON u.id = w.user_id
 WHERE s.worker_profile_id = $1`;

/**
 * A public offer's head and JobPosting fields: public when its read model row is visible at `$2`
 * (now), as the directory's. Its employer's first name only: no other personal data.
 */
const OFFER_HEAD = `SELECT o.id, o.title, o.description, o.monthly_price, o.province_id, o.municipality_id,
       o.created_at, NULLIF(s.visible_until, 'infinity') AS valid_through, pu.first_name AS employer_first_name,
       ARRAY(SELECT wa.key FROM job_offer_work_arrangements j JOIN work_arrangements wa ON wa.id = j.work_arrangement_id
              WHERE j.job_offer_id = o.id ORDER BY wa.sort_order) AS arrangement_keys
  FROM offer_search s JOIN job_offers o ON o.id = s.job_offer_id
  LEFT JOIN parent_profiles pp ON pp.id = o.parent_profile_id LEFT JOIN users pu ON pu.id = pp.user_id
 WHERE s.job_offer_id = $1 AND s.visible_until > $2`;

/** Every public address with its last change, in a stable order (workers, then offers); `$1` is now. */
const SITEMAP_ROWS = `SELECT kind, id, lastmod FROM (
    SELECT 1 AS kind, w.id, w.updated_at AS lastmod
      FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id
    UNION ALL
    SELECT 2, o.id, o.updated_at FROM offer_search s JOIN job_offers o ON o.id = s.job_offer_id WHERE s.visible_until > $1
  ) AS pages ORDER BY kind, id LIMIT $2 OFFSET $3`;

/**
 * When the directories last changed: any worker's profile (a hidden one changes the directory by
 * leaving it) and any public offer; `$1` is now.
 */
const LATEST_CHANGES = `SELECT (SELECT max(updated_at) FROM worker_profiles) AS workers,
  (SELECT max(o.updated_at) FROM offer_search s JOIN job_offers o ON o.id = s.job_offer_id WHERE s.visible_until > $1) AS offers`;

/** Listed workers per service and place (the read model's rows are exactly the listed workers). */
const LANDING_COUNTS = `SELECT ws.service_id, w.province_id, w.municipality_id, count(*)::int AS n, max(w.updated_at) AS lastmod
  FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id
  JOIN worker_services ws ON ws.worker_profile_id = w.id
 WHERE w.province_id IS NOT NULL
 GROUP BY ws.service_id, w.province_id, w.municipality_id`;

export interface WorkerHeadRow {
  id: number;
  first_name: string;
  date_of_birth: string | null;
  introduction: string | null;
  province_id: number | null;
  municipality_id: number | null;
  filter_keys: string;
}

export interface OfferHeadRow {
  id: number;
  title: string;
  description: string;
  monthly_price: number | null;
  province_id: number;
  municipality_id: number;
  created_at: Date;
  valid_through: Date | null;
  employer_first_name: string | null;
  arrangement_keys: string[];
}

/** A page of the sitemap: a worker's profile (kind 1) or an offer (kind 2), with its last change. */
export interface SitemapRow {
  kind: 1 | 2;
  id: number;
  lastmod: Date;
}

/** The directories' latest changes (null while empty). */
export interface LatestChangesRow {
  workers: Date | null;
  offers: Date | null;
}

/** How many listed workers offer a service in a place, and their profiles' latest change. */
export interface LandingCountRow {
  service_id: number;
  province_id: number;
  municipality_id: number | null;
  n: number;
  lastmod: Date;
}

/** The public pages' reads, on the search read model and the profiles and offers it lists. */
@Injectable()
export class PublicPagesRepository {
  constructor(private readonly reads: Reads) {}

  /** Worker profile `id`'s head fields while it is listed, or null. */
  async workerHead(id: number): Promise<WorkerHeadRow | null> {
    const [row] = await this.reads.prepared<WorkerHeadRow>(WORKER_HEAD, [id]);
    return row ?? null;
  }

  /** Offer `id`'s head and JobPosting fields while it is public at `now`, or null. */
  async offerHead(id: number, now: Date): Promise<OfferHeadRow | null> {
    const [row] = await this.reads.prepared<OfferHeadRow>(OFFER_HEAD, [id, now]);
    return row ?? null;
  }

  /** `limit` listed profiles and offers public at `now` from `offset`, workers first, each by id. */
  sitemapRows(now: Date, limit: number, offset: number): Promise<SitemapRow[]> {
    return this.reads.query(SITEMAP_ROWS, [now, limit, offset]);
  }

  /** When any worker's profile last changed, and any offer public at `now`. */
  async latestChanges(now: Date): Promise<LatestChangesRow> {
    const [row] = (await this.reads.query<LatestChangesRow>(LATEST_CHANGES, [now])) as [LatestChangesRow];
    return row;
  }

  /** The listed workers per service, province and municipality (those with a province). */
  landingCounts(): Promise<LandingCountRow[]> {
    return this.reads.query(LANDING_COUNTS);
  }
}
