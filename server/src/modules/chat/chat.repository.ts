import { hasActiveMembershipSql } from '../memberships/membership-rules';

/*
 * The chat's hand-written SQL: conversations with their participants' users (one join), the
 * message read with its sender, and the send that saves a message and moves the conversation in
 * one statement. Plain rows go through the entities (entities/chat.entities.ts).
 */

export interface ConversationRow {
  id: number;
  worker_profile_id: number | null;
  parent_profile_id: number | null;
  admin_user_id: number | null;
  worker_user_id: number | null;
  parent_user_id: number | null;
}

export interface MessageRow {
  id: string;
  conversation_id: number;
  content: string;
  created_at: Date;
  is_read: boolean;
  sender_id: number;
  sender_first_name: string;
  sender_email: string;
  client_id: string | null;
}

export const CONVERSATION_COLUMNS = `SELECT c.id, c.worker_profile_id, c.parent_profile_id, c.admin_user_id,
       w.user_id AS worker_user_id, p.user_id AS parent_user_id`;
export const CONVERSATION_FROM = `
  FROM conversations c
  LEFT JOIN worker_profiles w ON w.id = c.worker_profile_id
  LEFT JOIN parent_profiles p ON p.id = c.parent_profile_id`;
export const CONVERSATION = CONVERSATION_COLUMNS + CONVERSATION_FROM;

/** The conversation `$1` with its participants' users. */
export const CONVERSATION_BY_ID = `${CONVERSATION} WHERE c.id = $1`;

/** An offer of employer $2 that /job-offers lists at time $4 (on, and the employer a member). */
export const PUBLIC_OFFER = `o.status AND ${hasActiveMembershipSql('o.parent_profile_id', '$4')}`;

/** Who the parties of a new conversation are (START_PARTIES), each null when missing or inactive. */
export interface StartPartiesRow {
  worker_user: number | null;
  worker_visible: boolean | null;
  parent_user: number | null;
  parent_publishes: boolean;
  admin_user: number | null;
}

/**
 * The parties a chat is started with: the worker profile's ($1) active user and its visibility, the
 * employer profile's ($2) active user and whether it has an offer public at $4 (now), and the
 * active admin user $3. Any of $1–$3 may be null.
 */
export const START_PARTIES = `SELECT (SELECT w.user_id FROM worker_profiles w JOIN users u ON u.id = w.user_id
                WHERE w.id = $1 AND u.is_active) AS worker_user,
              (SELECT w.profile_visibility FROM worker_profiles w WHERE w.id = $1) AS worker_visible,
              (SELECT p.user_id FROM parent_profiles p JOIN users u ON u.id = p.user_id
                WHERE p.id = $2 AND u.is_active) AS parent_user,
              EXISTS (SELECT 1 FROM job_offers o WHERE o.parent_profile_id = $2 AND ${PUBLIC_OFFER}) AS parent_publishes,
              (SELECT id FROM users WHERE id = $3 AND is_admin AND is_active) AS admin_user`;

/**
 * The first active admin (`id`), answered only when the worker profile $1 or the employer profile
 * $2 belongs to the user $3 (someone writing to the team about their own profile); no row otherwise.
 */
export const TEAM_ADMIN_FOR = `SELECT a.id FROM users a
        WHERE a.is_admin AND a.is_active
          AND EXISTS (SELECT 1 FROM worker_profiles w WHERE w.id = $1 AND w.user_id = $3
                      UNION ALL SELECT 1 FROM parent_profiles p WHERE p.id = $2 AND p.user_id = $3)
        ORDER BY a.id LIMIT 1`;

/**
 * The user's ($1) conversations that have messages, newest message first, each with `unread`: the
 * messages in it not yet read and not sent by $1. The newest message is read from `messages` (one
 * index probe per conversation), so a send never has to update (and lock) its conversation's row.
 */
export const CONVERSATION_LIST = `${CONVERSATION_COLUMNS},
              (SELECT count(*)::int FROM messages um
                WHERE um.conversation_id = c.id AND NOT um.is_read AND um.sender_id <> $1) AS unread
  ${CONVERSATION_FROM}
  JOIN LATERAL (SELECT lm.created_at FROM messages lm WHERE lm.conversation_id = c.id
                 ORDER BY lm.id DESC LIMIT 1) newest ON true
        WHERE w.user_id = $1 OR p.user_id = $1 OR c.admin_user_id = $1
        ORDER BY newest.created_at DESC, c.id DESC`;

/**
 * The conversation's unread count for the reader and whether the partner can reply: `n`, the
 * messages of conversation $1 not read and not sent by $2; `partner_can_reply`, true unless $3
 * (the partner must be a member) and the employer profile $4 has no active membership at $5.
 */
export const CONVERSATION_UNREAD = `SELECT count(*)::int AS n,
                $3::boolean IS NOT TRUE OR ${hasActiveMembershipSql('$4', '$5')} AS partner_can_reply
           FROM messages WHERE conversation_id = $1 AND NOT is_read AND sender_id <> $2`;

/** The unread messages addressed to the user $1 across their conversations (`n`, the navbar's count). */
export const UNREAD_COUNT = `SELECT count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
         LEFT JOIN worker_profiles w ON w.id = c.worker_profile_id
         LEFT JOIN parent_profiles p ON p.id = c.parent_profile_id
        WHERE NOT m.is_read AND m.sender_id <> $1 AND (w.user_id = $1 OR p.user_id = $1 OR c.admin_user_id = $1)`;

/** One row of SEND_MESSAGES per message asked for, in the order asked. */
export interface SendRow
  extends Partial<MessageRow>, Pick<ConversationRow, 'worker_user_id' | 'parent_user_id' | 'admin_user_id'> {
  /** The conversation exists. */
  found: boolean;
  /** The sender takes part in it. */
  participant: boolean;
  /** The sender may write there (an employer writing to a worker holds an active membership). */
  allowed: boolean;
}

/**
 * Saves a batch of messages in one statement (group commit): the arrays $1–$6 hold, per message,
 * the conversation, the sender, the content, the client id (or null), the time (ISO text) and
 * whether the sender must hold an active membership (at $7, now) when the conversation has a
 * worker. Each is checked against the database at that moment (the conversation exists, the
 * sender takes part, the membership; the participants' users are answered), numbered from the
 * messages' sequence in the order given and inserted (a client id the sender already used is
 * skipped). Answers one row per message, in order: the checks, and the saved row with its sender
 * when it was inserted. Only `messages` is written: the conversations' rows are not locked, so
 * the batches of two server processes never wait for each other (CONVERSATION_LIST reads the
 * newest message: a column moved by every send would lock the row).
 */
export const SEND_MESSAGES = `WITH input AS (
    SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::boolean[])
      WITH ORDINALITY AS i(conversation_id, sender_id, content, client_id, created_at, must_be_member, ord)),
  checked AS (
    SELECT i.*, c.id IS NOT NULL AS found, w.user_id AS worker_user_id, p.user_id AS parent_user_id, c.admin_user_id,
           COALESCE(i.sender_id IN (w.user_id, p.user_id, c.admin_user_id), false) AS participant,
           NOT (i.must_be_member AND c.worker_profile_id IS NOT NULL)
             OR EXISTS (SELECT 1 FROM parent_profiles mp
                         WHERE mp.user_id = i.sender_id AND ${hasActiveMembershipSql('mp.id', '$7')}) AS allowed
      FROM input i
      LEFT JOIN conversations c ON c.id = i.conversation_id
      LEFT JOIN worker_profiles w ON w.id = c.worker_profile_id
      LEFT JOIN parent_profiles p ON p.id = c.parent_profile_id),
  numbered AS (
    SELECT s.ord, s.conversation_id, s.sender_id, s.content, s.client_id, s.created_at,
           nextval(pg_get_serial_sequence('messages', 'id')) AS id
      FROM (SELECT * FROM checked WHERE found AND participant AND allowed ORDER BY ord OFFSET 0) s),
  inserted AS (
    INSERT INTO messages (id, conversation_id, sender_id, content, client_id, created_at)
    SELECT id, conversation_id, sender_id, content, client_id, created_at FROM numbered ORDER BY id
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING id, conversation_id, content, created_at, is_read, sender_id, client_id)
  SELECT ck.found, ck.participant, ck.allowed, ck.worker_user_id, ck.parent_user_id, ck.admin_user_id,
         m.id::text, m.conversation_id, m.content, m.created_at, m.is_read, m.sender_id, m.client_id,
         u.first_name AS sender_first_name, u.email AS sender_email
    FROM checked ck
    LEFT JOIN numbered n ON n.ord = ck.ord
    LEFT JOIN inserted m ON m.id = n.id
    LEFT JOIN users u ON u.id = m.sender_id
   ORDER BY ck.ord`;

export const MESSAGE = `SELECT m.id::text, m.conversation_id, m.content, m.created_at, m.is_read, m.sender_id, m.client_id,
       u.first_name AS sender_first_name, u.email AS sender_email
  FROM messages m JOIN users u ON u.id = m.sender_id`;

/** The messages of conversation $1, oldest first. */
export const CONVERSATION_MESSAGES = `${MESSAGE} WHERE m.conversation_id = $1 ORDER BY m.id`;

/** The last message of each conversation whose id is in the array $1. */
export const LAST_MESSAGES = `${MESSAGE} WHERE m.id IN (SELECT max(id) FROM messages WHERE conversation_id = ANY($1::int[]) GROUP BY conversation_id)`;

/** The message the sender $1 saved under the client id $2 (a resend). */
export const MESSAGE_BY_CLIENT_ID = `${MESSAGE} WHERE m.sender_id = $1 AND m.client_id = $2`;

/**
 * The reader $2 has read conversation $1: the messages the others sent turn read at $3 (now);
 * answers the ids turned (TypeORM's PostgreSQL driver gives [rows, affected count]).
 */
export const MARK_READ = `UPDATE messages SET is_read = true, read_at = $3
        WHERE conversation_id = $1 AND sender_id <> $2 AND NOT is_read RETURNING id::text`;

/** A conversation partner (PARTNER_USERS). */
export interface PartnerUserRow {
  id: number;
  first_name: string;
  profile_image: string | null;
  last_seen: Date | null;
  offer_id: number | null;
}

/**
 * The users whose ids are in the array $1, each with `offer_id`: their newest offer public at $2
 * (now) when they are an employer, else null.
 */
export const PARTNER_USERS = `SELECT u.id, u.first_name, u.profile_image, u.last_seen,
                  (SELECT o.id FROM parent_profiles pp JOIN job_offers o ON o.parent_profile_id = pp.id
                    WHERE pp.user_id = u.id AND o.status AND ${hasActiveMembershipSql('pp.id', '$2')}
                    ORDER BY o.created_at DESC, o.id DESC LIMIT 1) AS offer_id
             FROM users u WHERE u.id = ANY($1::int[])`;

/**
 * Claims, for every message unread since before $1, one notice per (conversation, recipient) not
 * yet told: the primary key lets one pass (one process) claim each. Answers the claimed pairs.
 */
export const CLAIM_UNREAD_NOTICES = `INSERT INTO chat_unread_notices (conversation_id, user_id)
         SELECT DISTINCT msg.conversation_id, r.user_id
           FROM messages msg
           JOIN conversations c ON c.id = msg.conversation_id
           LEFT JOIN worker_profiles w ON w.id = c.worker_profile_id
           LEFT JOIN parent_profiles p ON p.id = c.parent_profile_id
           CROSS JOIN LATERAL (VALUES (w.user_id), (p.user_id), (c.admin_user_id)) AS r(user_id)
          WHERE NOT msg.is_read AND msg.created_at < $1 AND r.user_id IS NOT NULL AND r.user_id <> msg.sender_id
         ON CONFLICT DO NOTHING
         RETURNING conversation_id, user_id`;

/**
 * The claimed pairs (conversation ids $1, user ids $2) with the recipient's address and first
 * name (active accounts only) and the first name of the last person who wrote to them there.
 */
export const UNREAD_NOTICE_RECIPIENTS = `SELECT n.conversation_id, n.user_id, u.email, u.first_name,
                  (SELECT su.first_name FROM messages lm JOIN users su ON su.id = lm.sender_id
                    WHERE lm.conversation_id = n.conversation_id AND lm.sender_id <> u.id AND NOT su.is_admin
                    ORDER BY lm.id DESC LIMIT 1) AS partner
             FROM unnest($1::int[], $2::int[]) AS n(conversation_id, user_id)
             JOIN users u ON u.id = n.user_id AND u.is_active`;
