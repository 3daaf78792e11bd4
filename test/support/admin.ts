import { AR_TIME_ZONE } from '@cym/common';
import type { Pool } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import type { TestAccount } from './accounts';
import type { CatalogIds } from './employer';
import { http } from './http';
import type { TestApp } from './test-app';

/** One row of admin_audit_log (jsonb columns come back parsed). */
export interface AuditRow {
  id: number;
  actor_id: number | null;
  action: string;
  target_type: string;
  target_id: number | null;
  before: unknown;
  after: unknown;
  created_at: Date;
}

/** The audit rows written after `afterId`, oldest first. */
export async function auditRows(t: TestApp, afterId = 0): Promise<AuditRow[]> {
  return t.dataSource.query(
    `SELECT id::int AS id, actor_id, action, target_type, target_id, before, after, created_at
       FROM admin_audit_log WHERE id > $1 ORDER BY id`,
    [afterId],
  );
}

/** The newest audit row's id (0 when the log is empty): take it before an action, read what followed. */
export async function lastAuditId(t: TestApp): Promise<number> {
  const [row] = await t.dataSource.query(`SELECT coalesce(max(id), 0)::int AS id FROM admin_audit_log`);
  return row.id;
}

/**
 * How many SQL statements the app sends through its own DataSource while `work` runs. Work that
 * runs beside it in the background is not the request's and is left out: the mail outbox and
 * the unread-chat mailer's polls (by their tables), and whatever a background job's handler
 * sends (by the call's stack: a domain event of an earlier write may start a job, such as the
 * saved searches' matching, while `work` runs).
 */
export async function countQueries(t: TestApp, work: () => Promise<unknown>): Promise<number> {
  const sent: string[] = [];
  const original = t.dataSource.query.bind(t.dataSource);
  const spy = jest.spyOn(t.dataSource, 'query').mockImplementation((...args: Parameters<typeof original>) => {
    if (!/JobQueue\.run\b/.test(new Error().stack ?? '')) sent.push(String(args[0]));
    return original(...args);
  });
  // The public read paths' statements (database/prepared-query.ts: named, or planned per values)
  // go to the pool directly as a query config; the job queue's own (plain text) are not the request's.
  const pool = (t.dataSource.driver as PostgresDriver).master as Pool;
  const prepared = jest.spyOn(pool, 'query');
  try {
    await work();
    const texts = [
      ...sent,
      ...prepared.mock.calls.flatMap(([config]) => {
        const named = config as unknown as { name?: string; text?: string };
        return typeof named === 'object' && named?.text ? [String(named.text)] : [];
      }),
    ];
    return texts.filter((sql) => !/email_outbox|chat_unread_notices/.test(sql)).length;
  } finally {
    spy.mockRestore();
    prepared.mockRestore();
  }
}

/** Sets a user's names straight in the database (the lists search on them). */
export async function rename(t: TestApp, userId: number, firstName: string, lastName: string): Promise<void> {
  await t.dataSource.query(`UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1`, [
    userId,
    firstName,
    lastName,
  ]);
}

/**
 * `count` accounts of one kind written straight into the database (for the lists' size, not for
 * logging in): first name `firstName`, last name `${lastName} ${n}`, no phone. Employers may get
 * an approved card payment and the active membership it paid for.
 */
export async function insertPeople(
  t: TestApp,
  kind: 'Worker' | 'Parent',
  count: number,
  names: { firstName: string; lastName: string },
  options: { paid?: boolean } = {},
): Promise<{ userId: number; profileId: number }[]> {
  const tag = `${names.lastName.toLowerCase().replace(/[^a-z0-9]/g, '')}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const table = kind === 'Worker' ? 'worker_profiles' : 'parent_profiles';
  const rows: { id: number; user_id: number }[] = await t.dataSource.query(
    `WITH u AS (
       INSERT INTO users (email, password_hash, first_name, last_name, profile_type, email_verified_at)
       SELECT 'lote-' || $1 || '-' || g || '@example.com', '!', $2, $3 || ' ' || g, $4, now()
         FROM generate_series(1, $5::int) AS g
       RETURNING id)
     INSERT INTO ${table} (user_id) SELECT id FROM u RETURNING id, user_id`,
    [tag, names.firstName, names.lastName, kind, count],
  );
  if (kind === 'Parent' && options.paid) {
    const [type] = await t.dataSource.query(`SELECT id FROM membership_types WHERE is_active ORDER BY id LIMIT 1`);
    await t.dataSource.query(
      `WITH py AS (
         INSERT INTO payments (parent_profile_id, membership_type_id, amount, payment_method, status, transaction_id,
                               provider_payment_id)
         SELECT p, $2, 40000, 'mercadopago', 'approved', 'MP-' || $3 || '-' || p, 'MP-' || $3 || '-' || p
           FROM unnest($1::int[]) AS p
         RETURNING id, parent_profile_id)
       INSERT INTO memberships (parent_profile_id, membership_type_id, payment_id, status, start_date, end_date)
       SELECT parent_profile_id, $2, id, true, now(), now() + interval '30 days' FROM py`,
      [rows.map((r) => r.id), type.id, tag],
    );
    t.app.get(DirectoryCache).invalidate();
  }
  return rows.map((r) => ({ userId: r.user_id, profileId: r.id }));
}

/**
 * Completes a worker's profile through the worker's own endpoints (personal info, introduction,
 * services, arrangements): the profile then turns visible by the automatic rule.
 */
export async function completeWorkerProfile(t: TestApp, worker: TestAccount, ids: CatalogIds): Promise<void> {
  const base = `/api/worker-profile/${worker.profileId}`;
  await http(t)
    .put(`${base}/info/update/`)
    .set(worker.auth)
    .send({
      date_of_birth: '1990-05-17',
      neighborhood: 'Palermo',
      gender: 'female',
      nationality: 'Argentina',
      province: ids.province,
      municipality: ids.municipalities[0],
    })
    .expect(200);
  await http(t)
    .put(`${base}/introduction/update/`)
    .set(worker.auth)
    .send({ introduction: 'Soy niñera con diez años de experiencia.' })
    .expect(200);
  await http(t)
    .put(`${base}/services/update/`)
    .set(worker.auth)
    .send({ services_ids: [ids.services[0]] })
    .expect(200);
  await http(t)
    .put(`${base}/work-arrangements/update/`)
    .set(worker.auth)
    .send({ work_arrangement_ids: [ids.arrangements[0]] })
    .expect(200);
}

/** Today in Buenos Aires as YYYY-MM-DD (the stats' days). */
export function arDay(date: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: AR_TIME_ZONE }).format(date);
}

/** The 30 days ending on `lastDay` (YYYY-MM-DD), oldest first. */
export function thirtyDaysTo(lastDay: string): string[] {
  const end = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: 30 }, (_, i) => new Date(end - (29 - i) * 86_400_000).toISOString().slice(0, 10));
}

/**
 * Makes two requests overlap at one point of the server's work: the first two calls of
 * `object[method]` wait for each other (before or after running the real method). PostgreSQL
 * serves the two requests on two sessions, so both get past that point before either goes on.
 * The embedded database has one session: the second request cannot start until the first has
 * finished, so a call gives up waiting after `maxWaitMs` and the requests run one after the other.
 * Answers how many calls arrived.
 */
export function holdTogether<T extends object>(
  object: T,
  method: keyof T & string,
  when: 'before' | 'after',
  maxWaitMs = 1000,
): () => number {
  const original = (object[method] as (...args: unknown[]) => Promise<unknown>).bind(object);
  let arrived = 0;
  let release: () => void = () => undefined;
  const together = new Promise<void>((resolve) => (release = resolve));
  const meet = async () => {
    arrived += 1;
    if (arrived === 2) release();
    if (arrived <= 2) await Promise.race([together, new Promise((resolve) => setTimeout(resolve, maxWaitMs))]);
  };
  jest.spyOn(object, method as never).mockImplementation((async (...args: unknown[]) => {
    if (when === 'before') {
      await meet();
      return original(...args);
    }
    const result = await original(...args);
    await meet();
    return result;
  }) as never);
  return () => arrived;
}
