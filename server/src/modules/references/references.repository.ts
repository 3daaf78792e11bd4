import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AdminReferenceDto } from './dto/references.dto';
import { BOTH_WROTE_SQL } from '../chat/chat.repository';
import { PERSON_SQL } from '../users/users.repository';
import { Reference, ReferenceReport } from './entities/reference.entities';

/** browse.repository' epochMs, repeated: browse.repository imports ratingColumns from here. */
const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

/*
 * The references' SQL. `references` is a reserved word: always quoted. Public reads
 * take the visible ones only (`hidden_at IS NULL`); the rating comes from `reference_ratings`,
 * the aggregate the trigger keeps (migration References).
 */

/*
 * Reads browse's read model (worker_search) here, not through browse.repository: browse imports
 * ratingColumns from this file.
 */
/** The user behind worker profile `$1` when the public sees the profile (the read model's row). */
const LISTED_WORKER_USER = `SELECT w.user_id FROM worker_search s JOIN worker_profiles w ON w.id = s.worker_profile_id
 WHERE s.worker_profile_id = $1`;

/** A reference's public columns (alias `r`, its author `a`). */
const REFERENCE_COLUMNS = `r.id, r.author_user_id, a.first_name AS author_first_name, a.profile_image AS author_image,
       r.subject_user_id, r.stars, r.text, ${epochMs('r.created_at')} AS created_at_ms, r.reply,
       ${epochMs('r.reply_at')} AS reply_at_ms, r.hidden_at IS NOT NULL AS hidden, r.hired`;

/**
 * One page of the visible references about `$1`, newest first (`$2` rows from `$3`), each row with
 * the total and the rating; one row with only those when the page is empty.
 */
export const REFERENCES_PAGE = `SELECT c.total, rr.stars_sum AS rating_sum, rr.count AS rating_count,
       rr.hired_count AS rating_hired, page.*
  FROM (SELECT count(*)::int AS total FROM "references" WHERE subject_user_id = $1 AND hidden_at IS NULL) AS c
  LEFT JOIN reference_ratings rr ON rr.user_id = $1
  LEFT JOIN LATERAL (
    SELECT ${REFERENCE_COLUMNS}
      FROM "references" r JOIN users a ON a.id = r.author_user_id
     WHERE r.subject_user_id = $1 AND r.hidden_at IS NULL
     ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3) AS page ON true
 ORDER BY page.created_at_ms DESC, page.id DESC`;

/** The reference `$1` with its author, hidden or not. */
export const REFERENCE_BY_ID = `SELECT ${REFERENCE_COLUMNS} FROM "references" r JOIN users a ON a.id = r.author_user_id WHERE r.id = $1`;

/** The reference `$1` wrote about `$2`, hidden or not. */
export const REFERENCE_OF_PAIR = `SELECT ${REFERENCE_COLUMNS} FROM "references" r JOIN users a ON a.id = r.author_user_id
 WHERE r.author_user_id = $1 AND r.subject_user_id = $2`;

/** The admin's condition on references `r` for a filter. */
export const ADMIN_FILTERS = {
  reported: `EXISTS (SELECT 1 FROM reference_reports x WHERE x.reference_id = r.id)`,
  hidden: `r.hidden_at IS NOT NULL`,
  all: `true`,
} as const;
export type AdminReferenceFilter = keyof typeof ADMIN_FILTERS;

/**
 * One page of references for the back office (`$1` rows from `$2`): reported and still visible
 * first (the newest report first), then the rest newest first; with both people's names, the
 * reports as a JSON array and the total.
 */
export const adminReferencesSql = (filter: AdminReferenceFilter) => `SELECT r.id, r.author_user_id,
       trim(a.first_name || ' ' || a.last_name) AS author_name, r.subject_user_id,
       trim(s.first_name || ' ' || s.last_name) AS subject_name, r.stars, r.text, r.reply,
       r.created_at, r.hidden_at, r.hidden_reason,
       coalesce((SELECT json_agg(json_build_object('reporter_user_id', x.reporter_user_id,
                   'reporter_name', trim(ru.first_name || ' ' || ru.last_name), 'reason', x.reason,
                   'created_at', x.created_at) ORDER BY x.created_at DESC)
                   FROM reference_reports x JOIN users ru ON ru.id = x.reporter_user_id
                  WHERE x.reference_id = r.id), '[]') AS reports,
       count(*) OVER ()::int AS total
  FROM "references" r
  JOIN users a ON a.id = r.author_user_id
  JOIN users s ON s.id = r.subject_user_id
  LEFT JOIN LATERAL (SELECT max(created_at) AS last_report FROM reference_reports x WHERE x.reference_id = r.id) lr ON true
 WHERE ${ADMIN_FILTERS[filter]}
 ORDER BY (lr.last_report IS NOT NULL AND r.hidden_at IS NULL) DESC, lr.last_report DESC NULLS LAST,
          r.created_at DESC, r.id DESC
 LIMIT $1 OFFSET $2`;

/** The rating columns of the user `userId` (a SQL expression), for cards: sum and count of the visible stars. */
export const ratingColumns = (userId: string, prefix: string) =>
  `(SELECT rr.stars_sum FROM reference_ratings rr WHERE rr.user_id = ${userId}) AS ${prefix}_sum,
       (SELECT rr.count FROM reference_ratings rr WHERE rr.user_id = ${userId}) AS ${prefix}_count,
       (SELECT rr.hired_count FROM reference_ratings rr WHERE rr.user_id = ${userId}) AS ${prefix}_hired`;

/** A reference with its author, as REFERENCE_COLUMNS reads it. */
export interface ReferenceRow {
  id: number;
  author_user_id: number;
  author_first_name: string;
  author_image: string | null;
  subject_user_id: number;
  stars: number;
  text: string;
  created_at_ms: number;
  reply: string | null;
  reply_at_ms: number | null;
  hidden: boolean;
  hired: boolean;
}

/** A row of REFERENCES_PAGE: a reference (absent on an empty page), the total and the rating. */
export type ReferencePageRow = Partial<ReferenceRow> & {
  total: number;
  rating_sum: number | null;
  rating_count: number | null;
  rating_hired: number | null;
};

/** A user as the rules of who may write about whom read them (PERSON_SQL). */
export interface PersonRow {
  id: number;
  profile_type: 'Worker' | 'Parent' | null;
  is_admin: boolean;
  active: boolean;
}

/** A row of the back office's page (adminReferencesSql): the answer's fields before dates become text. */
export type AdminReferenceRow = Omit<AdminReferenceDto, 'created_at' | 'hidden_at' | 'reports'> & {
  created_at: Date;
  hidden_at: Date | null;
  reports: { reporter_user_id: number; reporter_name: string; reason: string; created_at: string }[];
  total: number;
};

/** A new reference's fields. */
export type NewReference = Pick<
  Reference,
  'authorUserId' | 'subjectUserId' | 'stars' | 'text' | 'createdAt' | 'updatedAt' | 'hired'
>;

/** What an edit, a hiding or a restoring writes. */
export type ReferenceChanges = Partial<
  Pick<Reference, 'stars' | 'text' | 'updatedAt' | 'hiddenAt' | 'hiddenBy' | 'hiddenReason'>
>;

/**
 * The references, their reports and the reads of the rules about them. Methods that a service
 * runs inside its transaction take that transaction's manager last.
 */
@Injectable()
export class ReferencesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user behind a worker profile the public sees (LISTED_WORKER_USER). */
  async listedWorkerUserId(profileId: number): Promise<number | undefined> {
    const rows: { user_id: number }[] = await this.dataSource.query(LISTED_WORKER_USER, [profileId]);
    return rows[0]?.user_id;
  }

  /** One page of the visible references about the user (REFERENCES_PAGE). */
  page(subjectUserId: number, limit: number, offset: number): Promise<ReferencePageRow[]> {
    return this.dataSource.query(REFERENCES_PAGE, [subjectUserId, limit, offset]);
  }

  /** The reference, hidden or not (REFERENCE_BY_ID). */
  async byId(id: number): Promise<ReferenceRow | undefined> {
    const rows = (await this.dataSource.query(REFERENCE_BY_ID, [id])) as ReferenceRow[];
    return rows[0];
  }

  /** The reference the author wrote about the subject, hidden or not (REFERENCE_OF_PAIR). */
  async ofPair(authorUserId: number, subjectUserId: number): Promise<ReferenceRow | undefined> {
    const rows = (await this.dataSource.query(REFERENCE_OF_PAIR, [authorUserId, subjectUserId])) as ReferenceRow[];
    return rows[0];
  }

  /** The user's kind for the rules (PERSON_SQL). */
  async person(userId: number): Promise<PersonRow | undefined> {
    const rows = (await this.dataSource.query(PERSON_SQL, [userId])) as PersonRow[];
    return rows[0];
  }

  /** Whether the two users, a worker and an employer, both wrote in a conversation of theirs (BOTH_WROTE_SQL). */
  async bothWrote(userId: number, otherUserId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(BOTH_WROTE_SQL, [userId, otherUserId]);
    return rows.length > 0;
  }

  /** Whether the two users were parties of a relationship (a hire accepted between them). */
  async hiredTogether(userId: number, otherUserId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM employments
        WHERE (worker_user_id = $1 AND parent_user_id = $2) OR (worker_user_id = $2 AND parent_user_id = $1)
        LIMIT 1`,
      [userId, otherUserId],
    );
    return rows.length > 0;
  }

  /** Adds the reference and answers its id; the one-per-pair constraint's violation is thrown as is. */
  async add(reference: NewReference): Promise<number> {
    const inserted = await this.dataSource.getRepository(Reference).insert(reference);
    return (inserted.identifiers[0] as { id: number }).id;
  }

  async update(id: number, changes: ReferenceChanges, m: EntityManager = this.dataSource.manager): Promise<void> {
    await m.getRepository(Reference).update(id, changes);
  }

  /** Writes the subject's reply unless there is one already; answers whether it was written. */
  async addReply(id: number, reply: string, at: Date): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(Reference)
      .createQueryBuilder()
      .update()
      .set({ reply, replyAt: at })
      .where('id = :id AND reply IS NULL', { id })
      .execute();
    return !!result.affected;
  }

  /** Adds a report unless this reporter made one already; answers whether it was added. */
  async addReport(id: number, reporterUserId: number, reason: string): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(ReferenceReport)
      .createQueryBuilder()
      .insert()
      .values({ referenceId: id, reporterUserId, reason })
      .orIgnore()
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  /** One page of the back office's list for the filter (adminReferencesSql). */
  adminPage(filter: AdminReferenceFilter, limit: number, offset: number): Promise<AdminReferenceRow[]> {
    return this.dataSource.query(adminReferencesSql(filter), [limit, offset]);
  }

  /** The reference, locked for the rest of the transaction (one admin action at a time). */
  locked(id: number, m: EntityManager): Promise<Reference | null> {
    return m.getRepository(Reference).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Deletes the references `userId` wrote or is the subject of, and the reports they wrote (those
   * of the deleted references go with them); answers the deleted references' ids.
   */
  async removeAllOf(userId: number, m: EntityManager): Promise<number[]> {
    await m.getRepository(ReferenceReport).delete({ reporterUserId: userId });
    const rows = (await m.query(
      `DELETE FROM "references" WHERE author_user_id = $1 OR subject_user_id = $1 RETURNING id`,
      [userId],
    )) as [{ id: number }[], number];
    return rows[0].map((r) => r.id);
  }
}
