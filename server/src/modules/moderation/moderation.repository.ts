import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ModerationAction as Action, ReportReason, ReportTarget } from '@cym/common';
import type { DataSource, EntityManager } from 'typeorm';

/*
 * The moderation module's SQL: reports, the team's decisions and the warning words. Reading a
 * target (a profile, an offer or a message with its conversation) reads other modules' tables,
 * one statement each (docs/ARCHITECTURE.md, reads across modules).
 */

/** Who is behind a target and whether the reporter may see it; null when it does not exist. */
export interface TargetOwnerRow {
  user_id: number;
  is_admin: boolean;
  /** For a message: the reporter takes part in its conversation. Always true otherwise. */
  visible: boolean;
}

/** What a target owner's query answers per kind: `$1` the target's id, `$2` the reporter. */
const TARGET_OWNER: Record<ReportTarget, string> = {
  worker_profile: `SELECT u.id AS user_id, u.is_admin, $2::int IS NOT NULL AS visible
      FROM worker_profiles w JOIN users u ON u.id = w.user_id AND u.is_active AND u.deleted_at IS NULL
     WHERE w.id = $1`,
  job_offer: `SELECT u.id AS user_id, u.is_admin, $2::int IS NOT NULL AS visible
      FROM job_offers o JOIN parent_profiles pp ON pp.id = o.parent_profile_id
      JOIN users u ON u.id = pp.user_id AND u.is_active AND u.deleted_at IS NULL
     WHERE o.id = $1`,
  message: `SELECT u.id AS user_id, u.is_admin,
           $2::int IN (c.admin_user_id, w.user_id, p.user_id) AS visible
      FROM messages m JOIN conversations c ON c.id = m.conversation_id
      LEFT JOIN worker_profiles w ON w.id = c.worker_profile_id
      LEFT JOIN parent_profiles p ON p.id = c.parent_profile_id
      JOIN users u ON u.id = m.sender_id
     WHERE m.id = $1`,
};

/** A reported target as the team's list shows it. */
export interface ReportGroupRow {
  target_type: ReportTarget;
  target_id: string;
  target_user_id: number;
  open_count: number;
  first_reported_at: Date;
  last_reported_at: Date;
  reasons: ReportReason[];
  person_name: string;
  person_email: string;
  suspended: boolean;
  label: string | null;
  total: number;
}

/** A decision as the team's list of handled reports shows it. */
export interface ActionRow {
  id: number;
  target_type: ReportTarget;
  target_id: string;
  target_user_id: number;
  action: Action;
  reason: string | null;
  previous: Record<string, unknown> | null;
  created_at: Date;
  undone_at: Date | null;
  actor_name: string | null;
  undoer_name: string | null;
  report_count: number;
  person_name: string;
  label: string | null;
  total: number;
}

export interface ReportRow {
  id: number;
  reason: ReportReason;
  details: string | null;
  created_at: Date;
  handled_at: Date | null;
  action_id: number | null;
  reporter_id: number;
  reporter_name: string;
}

export interface ContextMessageRow {
  id: string;
  sender_id: number;
  sender_name: string;
  content: string;
  created_at: Date;
}

/** A target's own facts for the detail: its words, its person, and whether it is hidden. */
export interface TargetFactsRow {
  user_id: number;
  person_name: string;
  person_email: string;
  profile_type: string | null;
  suspended_at: Date | null;
  suspension_reason: string | null;
  deleted: boolean;
  label: string | null;
  text: string | null;
  hidden: boolean;
  conversation_id: number | null;
  /** The worker profile of the person, for a link to the public page. */
  worker_profile_id: number | null;
}

/** The label of a target in the lists: a worker's name, an offer's title, a message's start. */
const LABEL_JOINS = `
  LEFT JOIN worker_profiles lw ON x.target_type = 'worker_profile' AND lw.id = x.target_id
  LEFT JOIN job_offers lo ON x.target_type = 'job_offer' AND lo.id = x.target_id
  LEFT JOIN messages lm ON x.target_type = 'message' AND lm.id = x.target_id`;
const LABEL = `CASE x.target_type WHEN 'job_offer' THEN lo.title WHEN 'message' THEN left(lm.content, 140)
  ELSE NULL END AS label`;
const PERSON_NAME = `trim(u.first_name || ' ' || u.last_name)`;

const OPEN_GROUPS = `
  WITH x AS (
    SELECT target_type, target_id, min(target_user_id) AS target_user_id, count(*)::int AS open_count,
           min(created_at) AS first_reported_at, max(created_at) AS last_reported_at,
           array_agg(DISTINCT reason) AS reasons
      FROM reports WHERE handled_at IS NULL
     GROUP BY target_type, target_id)
  SELECT x.target_type, x.target_id::text AS target_id, x.target_user_id, x.open_count, x.first_reported_at,
         x.last_reported_at, x.reasons, ${PERSON_NAME} AS person_name, u.email AS person_email,
         u.suspended_at IS NOT NULL AS suspended, ${LABEL}, count(*) OVER ()::int AS total
    FROM x JOIN users u ON u.id = x.target_user_id ${LABEL_JOINS}
   ORDER BY x.open_count DESC, x.first_reported_at, x.target_type, x.target_id
   LIMIT $1 OFFSET $2`;

const ACTIONS = `
  SELECT x.id, x.target_type, x.target_id::text AS target_id, x.target_user_id, x.action, x.reason, x.previous,
         x.created_at, x.undone_at, trim(a.first_name || ' ' || a.last_name) AS actor_name,
         trim(ud.first_name || ' ' || ud.last_name) AS undoer_name,
         (SELECT count(*)::int FROM reports r WHERE r.action_id = x.id) AS report_count,
         ${PERSON_NAME} AS person_name, ${LABEL}, count(*) OVER ()::int AS total
    FROM moderation_actions x
    JOIN users u ON u.id = x.target_user_id
    LEFT JOIN users a ON a.id = x.actor_id
    LEFT JOIN users ud ON ud.id = x.undone_by ${LABEL_JOINS}`;

@Injectable()
export class ModerationRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private q(m?: EntityManager) {
    return m ?? this.db.manager;
  }

  async targetOwner(target: ReportTarget, id: number, reporterId: number): Promise<TargetOwnerRow | null> {
    const rows = (await this.db.query(TARGET_OWNER[target], [id, reporterId])) as TargetOwnerRow[];
    return rows[0] ?? null;
  }

  /** A new open report; null when this reporter already has one open on the target. */
  async addReport(
    report: {
      reporterId: number;
      target: ReportTarget;
      targetId: number;
      targetUserId: number;
      reason: ReportReason;
      details: string | null;
    },
    now: Date,
  ): Promise<number | null> {
    const rows = (await this.db.query(
      `INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, details, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (reporter_id, target_type, target_id) WHERE handled_at IS NULL DO NOTHING
       RETURNING id`,
      [report.reporterId, report.target, report.targetId, report.targetUserId, report.reason, report.details, now],
    )) as { id: number }[];
    return rows[0]?.id ?? null;
  }

  openGroups(limit: number, offset: number): Promise<ReportGroupRow[]> {
    return this.db.query(OPEN_GROUPS, [limit, offset]) as Promise<ReportGroupRow[]>;
  }

  actions(limit: number, offset: number): Promise<ActionRow[]> {
    return this.db.query(`${ACTIONS} ORDER BY x.created_at DESC, x.id DESC LIMIT $1 OFFSET $2`, [
      limit,
      offset,
    ]) as Promise<ActionRow[]>;
  }

  actionsOf(target: ReportTarget, id: number, m?: EntityManager): Promise<ActionRow[]> {
    return this.q(m).query(
      `${ACTIONS} WHERE x.target_type = $1 AND x.target_id = $2 ORDER BY x.created_at DESC, x.id DESC`,
      [target, id],
    ) as Promise<ActionRow[]>;
  }

  reportsOf(target: ReportTarget, id: number): Promise<ReportRow[]> {
    return this.db.query(
      `SELECT r.id, r.reason, r.details, r.created_at, r.handled_at, r.action_id, r.reporter_id,
              trim(u.first_name || ' ' || u.last_name) AS reporter_name
         FROM reports r JOIN users u ON u.id = r.reporter_id
        WHERE r.target_type = $1 AND r.target_id = $2
        ORDER BY r.handled_at IS NULL DESC, r.created_at DESC, r.id DESC`,
      [target, id],
    ) as Promise<ReportRow[]>;
  }

  /** The target's facts; null when it does not exist (any more). */
  async targetFacts(target: ReportTarget, id: number, m?: EntityManager): Promise<TargetFactsRow | null> {
    const own: Record<ReportTarget, string> = {
      worker_profile: `SELECT w.user_id, NULL::text AS label, w.introduction AS text, w.hidden_by_admin AS hidden,
                              NULL::int AS conversation_id FROM worker_profiles w WHERE w.id = $1`,
      job_offer: `SELECT pp.user_id, o.title AS label, o.description AS text, o.hidden_by_admin AS hidden,
                         NULL::int AS conversation_id
                    FROM job_offers o JOIN parent_profiles pp ON pp.id = o.parent_profile_id WHERE o.id = $1`,
      message: `SELECT m.sender_id AS user_id, NULL::text AS label, m.content AS text, false AS hidden,
                       m.conversation_id FROM messages m WHERE m.id = $1`,
    };
    const rows = (await this.q(m).query(
      `SELECT t.user_id, trim(u.first_name || ' ' || u.last_name) AS person_name, u.email AS person_email,
              u.profile_type, u.suspended_at, u.suspension_reason, u.deleted_at IS NOT NULL AS deleted,
              t.label, t.text, t.hidden, t.conversation_id,
              (SELECT id FROM worker_profiles WHERE user_id = t.user_id) AS worker_profile_id
         FROM (${own[target]}) t JOIN users u ON u.id = t.user_id`,
      [id],
    )) as TargetFactsRow[];
    return rows[0] ?? null;
  }

  /** The reported message with the ones around it in its conversation, oldest first. */
  context(conversationId: number, messageId: number, before: number, after: number): Promise<ContextMessageRow[]> {
    return this.db.query(
      `SELECT id::text, sender_id, sender_name, content, created_at FROM (
         (SELECT m.id, m.sender_id, u.first_name AS sender_name, m.content, m.created_at
            FROM messages m JOIN users u ON u.id = m.sender_id
           WHERE m.conversation_id = $1 AND m.id <= $2 ORDER BY m.id DESC LIMIT $3)
         UNION ALL
         (SELECT m.id, m.sender_id, u.first_name, m.content, m.created_at
            FROM messages m JOIN users u ON u.id = m.sender_id
           WHERE m.conversation_id = $1 AND m.id > $2 ORDER BY m.id LIMIT $4)) around
       ORDER BY id`,
      [conversationId, messageId, before + 1, after],
    ) as Promise<ContextMessageRow[]>;
  }

  /** The open reports of a target, locked: who reported (for the e-mails). */
  async lockOpen(
    target: ReportTarget,
    id: number,
    m: EntityManager,
  ): Promise<{ id: number; reporter_id: number; target_user_id: number }[]> {
    return (await m.query(
      `SELECT id, reporter_id, target_user_id FROM reports WHERE target_type = $1 AND target_id = $2 AND handled_at IS NULL
        ORDER BY id FOR UPDATE`,
      [target, id],
    )) as { id: number; reporter_id: number; target_user_id: number }[];
  }

  async addAction(
    action: {
      target: ReportTarget;
      targetId: number;
      targetUserId: number;
      action: Action;
      reason: string | null;
      previous: Record<string, unknown> | null;
      actorId: number;
    },
    now: Date,
    m: EntityManager,
  ): Promise<number> {
    const rows = (await m.query(
      `INSERT INTO moderation_actions (target_type, target_id, target_user_id, action, reason, previous, actor_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        action.target,
        action.targetId,
        action.targetUserId,
        action.action,
        action.reason,
        action.previous === null ? null : JSON.stringify(action.previous),
        action.actorId,
        now,
      ],
    )) as { id: number }[];
    return rows[0].id;
  }

  async closeReports(ids: number[], actionId: number, now: Date, m: EntityManager): Promise<void> {
    await m.query(`UPDATE reports SET handled_at = $3, action_id = $2 WHERE id = ANY ($1::int[])`, [
      ids,
      actionId,
      now,
    ]);
  }

  /** The action, locked; null when it does not exist. */
  async lockAction(id: number, m: EntityManager): Promise<ActionRow | null> {
    const rows = (await m.query(
      `SELECT x.id, x.target_type, x.target_id::text AS target_id, x.target_user_id, x.action, x.reason, x.previous,
              x.created_at, x.undone_at
         FROM moderation_actions x WHERE x.id = $1 FOR UPDATE`,
      [id],
    )) as ActionRow[];
    return rows[0] ?? null;
  }

  /**
   * Marks the action undone and reopens the reports it closed, except a reporter's whose new
   * report on the same target is open already (one open report per reporter and target).
   */
  async undoAction(id: number, actorId: number, now: Date, m: EntityManager): Promise<void> {
    await m.query(`UPDATE moderation_actions SET undone_at = $2, undone_by = $3 WHERE id = $1`, [id, now, actorId]);
    await m.query(
      `UPDATE reports r SET handled_at = NULL, action_id = NULL
        WHERE r.action_id = $1
          AND NOT EXISTS (SELECT 1 FROM reports o WHERE o.reporter_id = r.reporter_id AND o.target_type = r.target_type
                             AND o.target_id = r.target_id AND o.handled_at IS NULL)`,
      [id],
    );
  }

  /** The people to tell their report was handled: e-mail and first name, live accounts only. */
  reportersToTell(ids: number[], m: EntityManager): Promise<{ email: string; first_name: string }[]> {
    return m.query(
      `SELECT email, first_name FROM users WHERE id = ANY ($1::int[]) AND deleted_at IS NULL ORDER BY id`,
      [ids],
    ) as Promise<{ email: string; first_name: string }[]>;
  }

  /** An erased account's reports, by it and about it, and the decisions about it. */
  async forgetUser(userId: number, m: EntityManager): Promise<void> {
    await m.query(`DELETE FROM reports WHERE reporter_id = $1 OR target_user_id = $1`, [userId]);
    await m.query(`DELETE FROM moderation_actions WHERE target_user_id = $1`, [userId]);
  }

  // ── Warning words ───────────────────────────────────────────────────────

  words(m?: EntityManager): Promise<{ id: number; word: string; created_at: Date }[]> {
    return this.q(m).query(`SELECT id, word, created_at FROM safety_words ORDER BY word`) as Promise<
      { id: number; word: string; created_at: Date }[]
    >;
  }

  /** Adds a word unless the list is full; 'exists' or 'full' otherwise. Serialised by a table lock. */
  async addWord(word: string, max: number, m: EntityManager): Promise<number | 'exists' | 'full'> {
    await m.query(`LOCK TABLE safety_words IN SHARE ROW EXCLUSIVE MODE`);
    const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM safety_words`)) as { n: number }[];
    if (n >= max) return 'full';
    const rows = (await m.query(
      `INSERT INTO safety_words (word) VALUES ($1) ON CONFLICT (word) DO NOTHING RETURNING id`,
      [word],
    )) as { id: number }[];
    return rows[0]?.id ?? 'exists';
  }

  async removeWord(id: number, m: EntityManager): Promise<string | null> {
    const rows = (await m.query(`DELETE FROM safety_words WHERE id = $1 RETURNING word`, [id])) as [
      { word: string }[],
      number,
    ];
    return rows[0][0]?.word ?? null;
  }

  /** Which of these senders proved their identity (an approved DNI). */
  async verifiedAmong(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = (await this.db.query(
      `SELECT DISTINCT user_id FROM verification_documents
        WHERE user_id = ANY ($1::int[]) AND kind = 'dni' AND status = 'approved'`,
      [userIds],
    )) as { user_id: number }[];
    return new Set(rows.map((r) => r.user_id));
  }
}
