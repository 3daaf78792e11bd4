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

/** An offer of employer $2 that /job-offers lists at time $4 (on, and the employer a member). */
export const PUBLIC_OFFER = `o.status AND ${hasActiveMembershipSql('o.parent_profile_id', '$4')}`;

/** The conversation ($1) and whether the actor ($2) holds an active membership at $3: one query per send. */
export const CONVERSATION_FOR_WRITING = `${CONVERSATION_COLUMNS},
       EXISTS (SELECT 1 FROM parent_profiles mp
                WHERE mp.user_id = $2 AND ${hasActiveMembershipSql('mp.id', '$3')}) AS actor_is_member
  ${CONVERSATION_FROM} WHERE c.id = $1`;

/**
 * Saves a message and moves the conversation's last_message_at in one statement (one round
 * trip, atomic), answering the saved row with its sender; no row when the sender's client id
 * was already used.
 */
export const INSERT_MESSAGE = `WITH inserted AS (
    INSERT INTO messages (conversation_id, sender_id, content, client_id, created_at)
    VALUES ($1, $2, $3, $4, $5) ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING id, conversation_id, content, created_at, is_read, sender_id, client_id),
  touched AS (
    UPDATE conversations SET last_message_at = $5 WHERE id = $1 AND EXISTS (SELECT 1 FROM inserted))
  SELECT i.id::text, i.conversation_id, i.content, i.created_at, i.is_read, i.sender_id, i.client_id,
         u.first_name AS sender_first_name, u.email AS sender_email
    FROM inserted i JOIN users u ON u.id = i.sender_id`;

export const MESSAGE = `SELECT m.id::text, m.conversation_id, m.content, m.created_at, m.is_read, m.sender_id, m.client_id,
       u.first_name AS sender_first_name, u.email AS sender_email
  FROM messages m JOIN users u ON u.id = m.sender_id`;
