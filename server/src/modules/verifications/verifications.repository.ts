/*
 * Verified documents' reads (issue 22). The directories read the badges in their own page
 * statements (browse.repository.ts); these are the admin's queue, the public profile's badges and
 * the expiry reminder.
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
