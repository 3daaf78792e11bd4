import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The codes of `filter_keys`: kind offset + id. The server's FILTER_KEY_OFFSETS (browse filters)
 * writes the same numbers; place ids have at most six digits, catalog ids fewer.
 */
const OFFSETS = { province: 10_000_000, municipality: 20_000_000 } as const;
/** The choice tables of a listed entity, with the offset of their codes. */
const WORKER_CHOICES = [
  ['worker_services', 'service_id', 30_000_000],
  ['worker_work_arrangements', 'work_arrangement_id', 40_000_000],
  ['worker_tasks', 'task_id', 50_000_000],
  ['worker_languages', 'language_id', 60_000_000],
  ['worker_shifts', 'shift_id', 70_000_000],
] as const;
const OFFER_CHOICES = [
  ['job_offer_services', 'service_id', 30_000_000],
  ['job_offer_work_arrangements', 'work_arrangement_id', 40_000_000],
  ['job_offer_tasks', 'task_id', 50_000_000],
  ['job_offer_languages', 'language_id', 60_000_000],
  ['job_offer_shifts', 'shift_id', 70_000_000],
] as const;

/** The `filter_keys` expression of row `alias` (`w`, `o`): its place and every choice, as codes. */
function filterKeysSql(choices: typeof WORKER_CHOICES | typeof OFFER_CHOICES, key: string, alias: string): string {
  const places = `array_remove(ARRAY[${OFFSETS.province} + ${alias}.province_id, ${OFFSETS.municipality} + ${alias}.municipality_id], NULL)`;
  const lists = choices.map(
    ([table, column, offset]) => `ARRAY(SELECT ${offset} + ${column} FROM ${table} WHERE ${key} = ${alias}.id)`,
  );
  return [places, ...lists].join('\n                 || ');
}

/**
 * Statement-level triggers (one refresh per statement, however many rows it wrote: the demo
 * seeder's bulk inserts stay fast) on `table` for each event, handing the distinct `key` values
 * of the rows written to `refresh`.
 */
function refreshTriggers(table: string, fn: string): string {
  return ['INSERT', 'UPDATE', 'DELETE']
    .map((event) => {
      const referencing =
        event === 'INSERT'
          ? 'NEW TABLE AS new_rows'
          : event === 'DELETE'
            ? 'OLD TABLE AS old_rows'
            : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
      return `CREATE TRIGGER ${table}_search_${event.toLowerCase()} AFTER ${event} ON ${table}
        REFERENCING ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}();`;
    })
    .join('\n      ');
}

/**
 * A statement trigger's function for `owner` (its rows' `id`) and its choice tables (their
 * `foreignKey`): the distinct owner ids the statement wrote, handed to `refresh` once.
 */
function fromRowsFunction(name: string, owner: string, foreignKey: string, refresh: string): string {
  return `CREATE FUNCTION public.${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        key text := CASE WHEN TG_TABLE_NAME = '${owner}' THEN 'id' ELSE '${foreignKey}' END;
        ids integer[];
      BEGIN
        IF current_setting('cym.search_deferred', true) = 'on' THEN RETURN NULL; END IF;
        IF TG_OP = 'INSERT' THEN
          EXECUTE format('SELECT array_agg(DISTINCT %I) FROM new_rows', key) INTO ids;
        ELSIF TG_OP = 'DELETE' THEN
          EXECUTE format('SELECT array_agg(DISTINCT %I) FROM old_rows', key) INTO ids;
        ELSE
          EXECUTE format('SELECT array_agg(DISTINCT k) FROM (SELECT %1$I AS k FROM new_rows UNION SELECT %1$I FROM old_rows) AS t', key) INTO ids;
        END IF;
        IF ids IS NOT NULL THEN PERFORM public.${refresh}(ids); END IF;
        RETURN NULL;
      END $$;`;
}

/**
 * The search read model (issue 19): one narrow row per listed worker and per public-able offer,
 * holding what the directories filter, order and count on — `last_seen` / `created_at` and
 * `filter_keys`, one GIN-indexed `int[]` of every filterable value (place and choice ids) as a
 * code "kind offset + id" — so a search with any mix of filters is one GIN scan
 * (`filter_keys && {codes of one key}` per key, AND-ed) instead of five EXISTS sub-queries per
 * row, and the page walks one index in display order. The directories decode the choice ids
 * from the same codes.
 *
 * Why narrow: the exact total visits every matching row, so its cost is the pages those rows
 * span. With the cards' fields in the row (about 600 bytes) 11,000 matches of 90,000 workers
 * spanned 6,500 pages; at about 100 bytes they span a sixth of that. One GIN column rather than
 * an index per filter lets PostgreSQL intersect every filter inside the index (half the time of
 * a province B-tree beside a services GIN at 100,000 workers). The card's own fields are read
 * from their tables for the fifty rows of a page.
 *
 * Kept current by triggers in the writer's own transaction, whoever writes (the services, the
 * admin, the seeder, a migration): a row is recomputed from the source tables when anything it
 * depends on changes, and removed when its worker stops being listed (hidden profile or
 * deactivated account). The triggers are statement-level with transition tables, so a bulk
 * write recomputes each touched row once. `last_seen` alone (written on every visit) is copied
 * without recomputing the row. A bulk load (the demo seeder) may set the transaction-local
 * `cym.search_deferred` to 'on' and call the two refresh functions once at its end: the model is
 * then written once per row instead of once per statement that touches it.
 *
 * Offers: a row while the offer is switched on and its employer's account is active, with
 * `visible_until` = the end of the employer's latest switched-on membership ('infinity' for the
 * team's offers with no employer). The public predicate then reads `visible_until > now`, which
 * is the membership rule (status on, end date after now) with "now" still the Clock's.
 */
export class SearchReadModel1764500000000 implements MigrationInterface {
  name = 'SearchReadModel1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE worker_search (
        worker_profile_id integer PRIMARY KEY REFERENCES worker_profiles(id) ON DELETE CASCADE,
        user_id integer NOT NULL,
        last_seen timestamptz,
        filter_keys integer[] NOT NULL
      );
      CREATE INDEX worker_search_order_idx ON worker_search (last_seen DESC NULLS LAST, worker_profile_id DESC);
      CREATE INDEX worker_search_user_idx ON worker_search (user_id);
      CREATE INDEX worker_search_filter_idx ON worker_search USING gin (filter_keys);

      CREATE FUNCTION public.cym_worker_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM worker_search WHERE worker_profile_id IN (SELECT unnest(ids));
        INSERT INTO worker_search
        SELECT w.id, u.id, u.last_seen,
               ${filterKeysSql(WORKER_CHOICES, 'worker_profile_id', 'w')}
          FROM worker_profiles w
          JOIN users u ON u.id = w.user_id
         WHERE w.id IN (SELECT unnest(ids)) AND w.profile_visibility AND u.is_active;
      END $$;

      CREATE TABLE offer_search (
        job_offer_id integer PRIMARY KEY REFERENCES job_offers(id) ON DELETE CASCADE,
        parent_profile_id integer,
        created_at timestamptz NOT NULL,
        visible_until timestamptz NOT NULL,
        filter_keys integer[] NOT NULL
      );
      CREATE INDEX offer_search_order_idx ON offer_search (created_at DESC, job_offer_id DESC);
      CREATE INDEX offer_search_parent_idx ON offer_search (parent_profile_id);
      CREATE INDEX offer_search_filter_idx ON offer_search USING gin (filter_keys);

      CREATE FUNCTION public.cym_offer_search_refresh(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM offer_search WHERE job_offer_id IN (SELECT unnest(ids));
        INSERT INTO offer_search
        SELECT * FROM (
          SELECT o.id, o.parent_profile_id, o.created_at,
                 CASE WHEN o.parent_profile_id IS NULL THEN 'infinity'::timestamptz
                      ELSE (SELECT max(ms.end_date) FROM memberships ms
                             WHERE ms.parent_profile_id = o.parent_profile_id AND ms.status) END AS visible_until,
                 ${filterKeysSql(OFFER_CHOICES, 'job_offer_id', 'o')}
            FROM job_offers o
            LEFT JOIN parent_profiles pp ON pp.id = o.parent_profile_id
            LEFT JOIN users pu ON pu.id = pp.user_id
           WHERE o.id IN (SELECT unnest(ids)) AND o.status AND (pu.id IS NULL OR pu.is_active)) AS listed
         WHERE visible_until IS NOT NULL;
      END $$;

      -- Rows written in worker_profiles or job_offers, and in each of their choice tables.
      ${fromRowsFunction('cym_worker_search_from_rows', 'worker_profiles', 'worker_profile_id', 'cym_worker_search_refresh')}
      ${fromRowsFunction('cym_offer_search_from_rows', 'job_offers', 'job_offer_id', 'cym_offer_search_refresh')}

      -- Memberships decide when an employer's offers are public.
      CREATE FUNCTION public.cym_offer_search_from_memberships() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ids integer[];
      BEGIN
        IF current_setting('cym.search_deferred', true) = 'on' THEN RETURN NULL; END IF;
        IF TG_OP = 'INSERT' THEN
          SELECT array_agg(o.id) INTO ids FROM job_offers o WHERE o.parent_profile_id IN (SELECT parent_profile_id FROM new_rows);
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(o.id) INTO ids FROM job_offers o WHERE o.parent_profile_id IN (SELECT parent_profile_id FROM old_rows);
        ELSE
          SELECT array_agg(o.id) INTO ids FROM job_offers o WHERE o.parent_profile_id IN (
            SELECT n.parent_profile_id FROM new_rows n JOIN old_rows d ON d.id = n.id
             WHERE (n.status, n.end_date, n.parent_profile_id) IS DISTINCT FROM (d.status, d.end_date, d.parent_profile_id)
            UNION SELECT d.parent_profile_id FROM new_rows n JOIN old_rows d ON d.id = n.id
             WHERE n.parent_profile_id IS DISTINCT FROM d.parent_profile_id);
        END IF;
        IF ids IS NOT NULL THEN PERFORM public.cym_offer_search_refresh(ids); END IF;
        RETURN NULL;
      END $$;

      -- Users: a visit moves last_seen (copied as is); an activation change recomputes the
      -- worker's row and the employer's offers.
      CREATE FUNCTION public.cym_search_from_users() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ids integer[];
      BEGIN
        IF current_setting('cym.search_deferred', true) = 'on' THEN RETURN NULL; END IF;
        UPDATE worker_search s SET last_seen = n.last_seen FROM new_rows n
         WHERE s.user_id = n.id AND s.last_seen IS DISTINCT FROM n.last_seen;
        SELECT array_agg(w.id) INTO ids FROM worker_profiles w
          JOIN new_rows n ON n.id = w.user_id JOIN old_rows d ON d.id = n.id
         WHERE n.is_active IS DISTINCT FROM d.is_active;
        IF ids IS NOT NULL THEN PERFORM public.cym_worker_search_refresh(ids); END IF;
        SELECT array_agg(o.id) INTO ids FROM job_offers o
          JOIN parent_profiles pp ON pp.id = o.parent_profile_id
          JOIN new_rows n ON n.id = pp.user_id JOIN old_rows d ON d.id = n.id
         WHERE n.is_active IS DISTINCT FROM d.is_active;
        IF ids IS NOT NULL THEN PERFORM public.cym_offer_search_refresh(ids); END IF;
        RETURN NULL;
      END $$;

      ${refreshTriggers('worker_profiles', 'public.cym_worker_search_from_rows')}
      ${WORKER_CHOICES.map(([table]) => refreshTriggers(table, 'public.cym_worker_search_from_rows')).join('\n      ')}
      ${refreshTriggers('job_offers', 'public.cym_offer_search_from_rows')}
      ${OFFER_CHOICES.map(([table]) => refreshTriggers(table, 'public.cym_offer_search_from_rows')).join('\n      ')}
      ${refreshTriggers('memberships', 'public.cym_offer_search_from_memberships')}
      CREATE TRIGGER users_search_update AFTER UPDATE ON users
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION public.cym_search_from_users();

      SELECT public.cym_worker_search_refresh(ARRAY(SELECT id FROM worker_profiles));
      SELECT public.cym_offer_search_refresh(ARRAY(SELECT id FROM job_offers));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    const drops = [
      'worker_profiles',
      ...WORKER_CHOICES.map(([table]) => table),
      'job_offers',
      ...OFFER_CHOICES.map(([table]) => table),
      'memberships',
    ].flatMap((table) =>
      ['insert', 'update', 'delete'].map((event) => `DROP TRIGGER ${table}_search_${event} ON ${table};`),
    );
    await q.query(`
      ${drops.join('\n      ')}
      DROP TRIGGER users_search_update ON users;
      DROP FUNCTION public.cym_search_from_users();
      DROP FUNCTION public.cym_offer_search_from_memberships();
      DROP FUNCTION public.cym_offer_search_from_rows();
      DROP FUNCTION public.cym_worker_search_from_rows();
      DROP FUNCTION public.cym_offer_search_refresh(integer[]);
      DROP FUNCTION public.cym_worker_search_refresh(integer[]);
      DROP TABLE offer_search;
      DROP TABLE worker_search;
    `);
  }
}
