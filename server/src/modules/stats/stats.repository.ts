import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AR_TIME_ZONE } from '@cym/common';
import type { DataSource } from 'typeorm';
import { JOBS_SCHEMA } from '../jobs/jobs-schema';
import { activeMembershipSql } from '../memberships/membership-rules';
import type { StatsDto } from './dto/stats.dto';

// The statistics' SQL: one query over every feature's tables, `$1` being the Clock's now.

/** The first instant of the Buenos Aires month of `$1` (now), as timestamptz; `back` months before. */
const monthStart = (back: number) =>
  `((date_trunc('month', $1::timestamptz AT TIME ZONE '${AR_TIME_ZONE}') - interval '${back} month')
     AT TIME ZONE '${AR_TIME_ZONE}')`;

/** The first instant of the Buenos Aires day `days` before today. */
const dayStart = (days: number) =>
  `((($1::timestamptz AT TIME ZONE '${AR_TIME_ZONE}')::date - ${days})::timestamp AT TIME ZONE '${AR_TIME_ZONE}')`;

/**
 * The figures an operator asks first, as columns of the stats query; `$1` is
 * the Clock's now. Months and days are Buenos Aires ones.
 *
 * - revenue_this_month / revenue_last_month: the sum in ARS of approved payments created in the
 *   current calendar month (up to now) / in the previous one.
 * - new_parents_30d: employers (not deleted) who signed up in the last 30 days, today included;
 *   new_parents_paid_7d: those of them with an approved payment created within 7 × 24 hours of
 *   signing up (the conversion; a sign-up of the last 7 days may still convert). A month granted
 *   by an admin ('Manual') is no payment: it counts in none of these figures.
 * - memberships_ending_7d: employers (not deleted) with an active membership whose cover ends in
 *   the next 7 × 24 hours: the latest end of their active memberships, so a renewal already bought
 *   takes them out.
 * - workers_visible_this_month: workers (not deleted) visible now whose profile turned visible
 *   (last time, `visible_since`) this calendar month.
 * - failed_jobs: background jobs (e-mails, payment notifications…) that used up their retries and
 *   stay failed in the job queue until archived (7 days).
 * - saved_items: workers saved by employers and offers saved by workers (the shortlists),
 *   of accounts not deleted; saved_searches: saved searches of accounts not deleted, paused or not.
 * - hire_proposals: proposals ever made; hires: those accepted (each an employment relationship);
 *   worker_conversations: conversations between a worker and an employer (hires per conversation
 *   is hires ÷ worker_conversations); active_hires: relationships not ended by today (Buenos Aires).
 */
const OPERATOR_FIGURES = `
  (SELECT coalesce(sum(py.amount), 0)::float8 FROM payments py
    WHERE py.status = 'approved' AND py.created_at >= ${monthStart(0)} AND py.created_at <= $1) AS revenue_this_month,
  (SELECT coalesce(sum(py.amount), 0)::float8 FROM payments py
    WHERE py.status = 'approved' AND py.created_at >= ${monthStart(1)} AND py.created_at < ${monthStart(0)})
    AS revenue_last_month,
  (SELECT count(*) FROM parent_profiles p JOIN users u ON u.id = p.user_id
    WHERE u.deleted_at IS NULL AND u.created_at >= ${dayStart(29)} AND u.created_at <= $1)::int AS new_parents_30d,
  (SELECT count(*) FROM parent_profiles p JOIN users u ON u.id = p.user_id
    WHERE u.deleted_at IS NULL AND u.created_at >= ${dayStart(29)} AND u.created_at <= $1
      AND EXISTS (SELECT 1 FROM payments py WHERE py.parent_profile_id = p.id AND py.status = 'approved'
                     AND py.payment_method <> 'manual'
                     AND py.created_at < u.created_at + interval '7 days'))::int AS new_parents_paid_7d,
  (SELECT count(*) FROM (
     SELECT ms.parent_profile_id FROM memberships ms
       JOIN parent_profiles p ON p.id = ms.parent_profile_id JOIN users u ON u.id = p.user_id
      WHERE ${activeMembershipSql('ms', '$1')} AND u.deleted_at IS NULL
      GROUP BY ms.parent_profile_id
     HAVING max(ms.end_date) <= $1::timestamptz + interval '7 days') ending)::int AS memberships_ending_7d,
  (SELECT count(*) FROM worker_profiles w JOIN users u ON u.id = w.user_id
    WHERE u.deleted_at IS NULL AND w.profile_visibility AND w.visible_since >= ${monthStart(0)}
      AND w.visible_since <= $1)::int AS workers_visible_this_month,
  (SELECT count(*) FROM ${JOBS_SCHEMA}.job WHERE state = 'failed')::int AS failed_jobs,
  (SELECT count(*) FROM shortlist_entries e JOIN users u ON u.id = e.user_id
    WHERE u.deleted_at IS NULL)::int AS saved_items,
  (SELECT count(*) FROM saved_searches ss JOIN users u ON u.id = ss.user_id
    WHERE u.deleted_at IS NULL)::int AS saved_searches,
  (SELECT count(*) FROM hire_proposals)::int AS hire_proposals,
  (SELECT count(*) FROM employments)::int AS hires,
  (SELECT count(*) FROM conversations
    WHERE worker_profile_id IS NOT NULL AND parent_profile_id IS NOT NULL)::int AS worker_conversations,
  (SELECT count(*) FROM employments
    WHERE ended_on IS NULL OR ended_on > ($1::timestamptz AT TIME ZONE '${AR_TIME_ZONE}')::date)::int AS active_hires`;

/**
 * Everything the stats screen shows, one row: the five counts (workers and employers
 * not deleted, `users` without admins), the operator's figures, and `daily`, the last 30 Buenos
 * Aires days of sign-ups and approved payments for the chart. A day's sign-ups include accounts
 * deleted since (the sign-up happened); the counts do not.
 */
const STATS_QUERY = `WITH days AS (
         SELECT d::date AS day FROM generate_series(
           (($1::timestamptz AT TIME ZONE '${AR_TIME_ZONE}')::date - 29)::timestamp,
           ($1::timestamptz AT TIME ZONE '${AR_TIME_ZONE}')::date::timestamp, interval '1 day') AS d)
       SELECT
         (SELECT count(*) FROM users WHERE deleted_at IS NULL AND NOT is_admin)::int AS users,
         (SELECT count(*) FROM worker_profiles w JOIN users u ON u.id = w.user_id WHERE u.deleted_at IS NULL)::int AS workers,
         (SELECT count(*) FROM parent_profiles p JOIN users u ON u.id = p.user_id WHERE u.deleted_at IS NULL)::int AS parents,
         (SELECT count(*) FROM job_offers)::int AS job_offers,
         ${OPERATOR_FIGURES},
         -- Employers, not rows: a renewal bought before the end is a second active row.
         (SELECT count(DISTINCT ms.parent_profile_id) FROM memberships ms
            JOIN parent_profiles p ON p.id = ms.parent_profile_id JOIN users u ON u.id = p.user_id
           WHERE ${activeMembershipSql('ms', '$1')} AND u.deleted_at IS NULL)::int AS memberships,
         (SELECT json_agg(json_build_object(
             'date', to_char(d.day, 'YYYY-MM-DD'),
             'signups', (SELECT count(*) FROM users u WHERE NOT u.is_admin
                           AND (u.created_at AT TIME ZONE '${AR_TIME_ZONE}')::date = d.day),
             'payments', (SELECT count(*) FROM payments py WHERE py.status = 'approved'
                           AND py.payment_method <> 'manual'
                           AND (py.created_at AT TIME ZONE '${AR_TIME_ZONE}')::date = d.day))
           ORDER BY d.day) FROM days d) AS daily`;

/**
 * The stats query's one row: its columns are named as the answer's fields (see STATS_QUERY and
 * OPERATOR_FIGURES for each); `daily` is null only when its series is empty.
 */
export type StatsRow = Omit<StatsDto, 'daily'> & { daily: StatsDto['daily'] | null };

/** The back office's figures: read-only, over every feature's tables. */
@Injectable()
export class StatsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every figure of the stats screen at `now`, in one query. */
  async figures(now: Date): Promise<StatsRow> {
    const [row] = (await this.dataSource.query(STATS_QUERY, [now])) as StatsRow[];
    return row!;
  }
}
