import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { VerificationKind } from '@cym/common';
import type { DataSource, EntityManager } from 'typeorm';
import { User } from '../users/entities/user.entity';
import { VerificationDocument } from './entities/verification-document.entity';

/*
 * Verified documents' SQL. The directories read the badges in their own page statements
 * (browse.repository.ts); these are the admin's queue, the public profile's badges and the expiry
 * reminder.
 */

/**
 * The admin's list: pending documents first (oldest first), then the latest decisions (newest
 * first), each with its person; `$1` is how many decided ones to add.
 */
export const ADMIN_QUEUE = `(SELECT d.id, d.kind, d.status, d.content_type, d.uploaded_at, d.reviewed_at, d.rejection_reason,
        d.issued_on::text AS issued_on, d.expires_on::text AS expires_on, u.id AS user_id, u.first_name, u.last_name,
        u.email, u.profile_type, w.id AS worker_profile_id, r.first_name AS reviewer_first_name, r.last_name AS reviewer_last_name
   FROM verification_documents d JOIN users u ON u.id = d.user_id
   LEFT JOIN worker_profiles w ON w.user_id = u.id
   LEFT JOIN users r ON r.id = d.reviewed_by
  WHERE d.status = 'pending' ORDER BY d.uploaded_at, d.id LIMIT 500)
UNION ALL
(SELECT d.id, d.kind, d.status, d.content_type, d.uploaded_at, d.reviewed_at, d.rejection_reason,
        d.issued_on::text, d.expires_on::text, u.id, u.first_name, u.last_name, u.email, u.profile_type, w.id,
        r.first_name, r.last_name
   FROM verification_documents d JOIN users u ON u.id = d.user_id
   LEFT JOIN worker_profiles w ON w.user_id = u.id
   LEFT JOIN users r ON r.id = d.reviewed_by
  WHERE d.status <> 'pending' ORDER BY d.reviewed_at DESC NULLS LAST, d.id DESC LIMIT $1)`;

export interface AdminQueueRow {
  id: number;
  kind: 'dni' | 'background_check';
  status: 'pending' | 'approved' | 'rejected';
  content_type: string;
  uploaded_at: Date;
  reviewed_at: Date | null;
  rejection_reason: string | null;
  issued_on: string | null;
  expires_on: string | null;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  profile_type: string | null;
  worker_profile_id: number | null;
  reviewer_first_name: string | null;
  reviewer_last_name: string | null;
}

/** A row of WORKER_BADGES. */
export interface WorkerBadgesRow {
  identity: boolean;
  background_until: string | null;
}

/**
 * The badges of the listed worker `$1` (a row of the read model: what the public sees): whether
 * the DNI is approved and the approved certificate's expiry. No row when the worker is not listed.
 */
export const WORKER_BADGES = `SELECT public.cym_identity_verified(s.user_id) AS identity,
       (SELECT d.expires_on::text FROM verification_documents d
         WHERE d.user_id = s.user_id AND d.kind = 'background_check' AND d.status = 'approved') AS background_until
  FROM worker_search s WHERE s.worker_profile_id = $1`;

/**
 * Approved certificates expiring within the reminder window (after `$1`, today, up to `$2`) whose
 * owner was not reminded yet, claimed at `$3` (now) so two processes never send one twice.
 */
export const CLAIM_REMINDERS = `WITH claimed AS (UPDATE verification_documents d SET reminder_sent_at = $3
  FROM users u
 WHERE u.id = d.user_id AND u.is_active AND u.deleted_at IS NULL
   AND d.kind = 'background_check' AND d.status = 'approved' AND d.reminder_sent_at IS NULL
   AND d.expires_on > $1::date AND d.expires_on <= $2::date
RETURNING d.id, d.expires_on::text AS expires_on, u.email, u.first_name) SELECT * FROM claimed`;

/** A certificate claimed by CLAIM_REMINDERS, with its owner's address. */
export interface ReminderRow {
  id: number;
  expires_on: string;
  email: string;
  first_name: string;
}

/**
 * A card's certificate column for the user `userId` (a page's row): the approved certificate's
 * `background_until` (`YYYY-MM-DD`), which the caller compares with the Clock's today — the badge
 * ends by itself, no stored flag to go stale. One index lookup per card. (The identity badge is
 * in the read model row's own codes: hasVerifiedCode in browse/filters.ts.)
 */
export function backgroundColumn(userId: string): string {
  return `(SELECT d.expires_on::text FROM verification_documents d
                WHERE d.user_id = ${userId} AND d.kind = 'background_check' AND d.status = 'approved') AS background_until`;
}

/** What a document's review needs of its owner (the e-mail). */
export type DocumentOwner = Pick<User, 'email' | 'firstName'>;

/** The fields of a new upload's row. */
export type NewDocument = Omit<VerificationDocument, 'id' | 'user' | 'reviewer' | 'adminViewedAt'>;

/**
 * The verification documents: the owner's rows, the admin's queue and review, the public badges,
 * the expiry reminders' claim and the stored files' sweep. Methods that a service runs inside its
 * transaction take that transaction's manager last.
 */
@Injectable()
export class VerificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The person's current documents, by kind. */
  userDocuments(userId: number): Promise<VerificationDocument[]> {
    return this.dataSource.getRepository(VerificationDocument).find({ where: { userId }, order: { kind: 'ASC' } });
  }

  /** The person's current document of `kind`, if any. */
  userDocument(
    userId: number,
    kind: VerificationKind,
    m: EntityManager = this.dataSource.manager,
  ): Promise<VerificationDocument | null> {
    return m.findOneBy(VerificationDocument, { userId, kind });
  }

  document(id: number): Promise<VerificationDocument | null> {
    return this.dataSource.getRepository(VerificationDocument).findOneBy({ id });
  }

  /** The document, locked for the rest of the transaction (one review at a time). */
  lockedDocument(id: number, m: EntityManager): Promise<VerificationDocument | null> {
    return m.findOne(VerificationDocument, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  add(document: NewDocument, m: EntityManager): Promise<VerificationDocument> {
    return m.save(m.create(VerificationDocument, document));
  }

  /** Writes a reviewed document's fields as the service set them. */
  async save(document: VerificationDocument, m: EntityManager): Promise<void> {
    await m.save(document);
  }

  async delete(id: number, m: EntityManager = this.dataSource.manager): Promise<void> {
    await m.delete(VerificationDocument, { id });
  }

  /** When an admin last opened the document's file. */
  async markViewed(id: number, at: Date, m: EntityManager): Promise<void> {
    await m.update(VerificationDocument, { id }, { adminViewedAt: at });
  }

  /** The document owner's address and first name, for the review's e-mail. */
  owner(userId: number, m: EntityManager): Promise<DocumentOwner> {
    return m.findOneByOrFail(User, { id: userId });
  }

  /** The badges of a listed worker; undefined when the worker is not listed (WORKER_BADGES). */
  async workerBadges(workerProfileId: number): Promise<WorkerBadgesRow | undefined> {
    const rows = (await this.dataSource.query(WORKER_BADGES, [workerProfileId])) as WorkerBadgesRow[];
    return rows[0];
  }

  /** The admin's list: every pending document, then the `decided` latest decisions (ADMIN_QUEUE). */
  adminQueue(decided: number): Promise<AdminQueueRow[]> {
    return this.dataSource.query(ADMIN_QUEUE, [decided]);
  }

  /** Claims the certificates due a reminder: expiring after `today`, up to `horizon` (CLAIM_REMINDERS). */
  claimReminders(today: string, horizon: string, now: Date, m: EntityManager): Promise<ReminderRow[]> {
    return m.query(CLAIM_REMINDERS, [today, horizon, now]);
  }

  /** Those of the stored file names that a document row still names. */
  async storageKeysInUse(names: string[]): Promise<Set<string>> {
    const rows = (await this.dataSource.query(
      'SELECT storage_key FROM verification_documents WHERE storage_key = ANY($1::text[])',
      [names],
    )) as { storage_key: string }[];
    return new Set(rows.map((r) => r.storage_key));
  }

  /** Deletes every document row of `userId`; answers their files' names. */
  async removeAllOf(userId: number, m: EntityManager): Promise<string[]> {
    const rows = (await m.query(`DELETE FROM verification_documents WHERE user_id = $1 RETURNING storage_key`, [
      userId,
    ])) as [{ storage_key: string }[], number];
    return rows[0].map((r) => r.storage_key);
  }
}
