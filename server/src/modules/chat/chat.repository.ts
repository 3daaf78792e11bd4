import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { IsNull, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { hasActiveMembershipSql } from '../memberships/membership-rules';
import { publicOfferSql } from '../job-offers/job-offers.repository';
import { blockStateSql } from '../blocks/blocks.repository';
import type { ChatBlockState } from '@cym/common';
import { ChatUnreadNotice, Conversation, Message } from './entities/chat.entities';

/**
 * Whether users (the references' rule of who may write about whom) `$1` and `$2` are a worker and an employer with a conversation between their
 * profiles where each of them wrote at least one message.
 */
export const BOTH_WROTE_SQL = `SELECT 1
  FROM conversations c
  JOIN worker_profiles w ON w.id = c.worker_profile_id
  JOIN parent_profiles p ON p.id = c.parent_profile_id
 WHERE ((w.user_id = $1 AND p.user_id = $2) OR (w.user_id = $2 AND p.user_id = $1))
   AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = $1)
   AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.sender_id = $2)
 LIMIT 1`;

/*
 * The chat's data access: conversations with their participants' users (one join), the message
 * read with its sender, the send that saves a batch of messages in one statement, and the
 * unread-message notices. Plain rows go through the entities (entities/chat.entities.ts).
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
  sender_is_admin: boolean;
  client_id: string | null;
  hire_proposal_id: number | null;
  /** The sender's account was erased (the text is empty); absent on a message just saved. */
  erased?: boolean;
}

const CONVERSATION_COLUMNS = `SELECT c.id, c.worker_profile_id, c.parent_profile_id, c.admin_user_id,
       w.user_id AS worker_user_id, p.user_id AS parent_user_id`;
const CONVERSATION_FROM = `
  FROM conversations c
  LEFT JOIN worker_profiles w ON w.id = c.worker_profile_id
  LEFT JOIN parent_profiles p ON p.id = c.parent_profile_id`;
const CONVERSATION = CONVERSATION_COLUMNS + CONVERSATION_FROM;

/** The conversation `$1` with its participants' users. */
const CONVERSATION_BY_ID = `${CONVERSATION} WHERE c.id = $1`;

/** An offer of employer $2 that /job-offers lists at time $4 (the one definition of public). */
const PUBLIC_OFFER = publicOfferSql('$4');

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
const START_PARTIES = `SELECT (SELECT w.user_id FROM worker_profiles w JOIN users u ON u.id = w.user_id
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
const TEAM_ADMIN_FOR = `SELECT a.id FROM users a
        WHERE a.is_admin AND a.is_active
          AND EXISTS (SELECT 1 FROM worker_profiles w WHERE w.id = $1 AND w.user_id = $3
                      UNION ALL SELECT 1 FROM parent_profiles p WHERE p.id = $2 AND p.user_id = $3)
        ORDER BY a.id LIMIT 1`;

/**
 * The user's ($1) conversations that have messages, newest message first, each with `unread`: the
 * messages in it not yet read and not sent by $1. The newest message is read from `messages` (one
 * index probe per conversation), so a send never has to update (and lock) its conversation's row.
 */
const CONVERSATION_LIST = `${CONVERSATION_COLUMNS},
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
const CONVERSATION_UNREAD = `SELECT count(*)::int AS n,
                $3::boolean IS NOT TRUE OR ${hasActiveMembershipSql('$4', '$5')} AS partner_can_reply
           FROM messages WHERE conversation_id = $1 AND NOT is_read AND sender_id <> $2`;

/** The unread messages addressed to the user $1 across their conversations (`n`, the navbar's count). */
const UNREAD_COUNT = `SELECT count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
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
  /** A block between the sender and the other side: 'by_me' (the sender's), 'cannot_write', or null. */
  block: ChatBlockState | null;
  /** The other side's account is active (not deleted nor suspended). */
  reachable: boolean;
  /** Set by the chat service after the statement: the message carries the money warning. */
  money_warning?: boolean;
}

/**
 * Saves a batch of messages in one statement (group commit): the arrays $1–$6 hold, per message,
 * the conversation, the sender, the content, the client id (or null), the time (ISO text) and
 * whether the sender must hold an active membership (at $7, now) when the conversation has a
 * worker. Each is checked against the database at that moment (the conversation exists, the
 * sender takes part, the membership, no block between the sender and the other side; the
 * participants' users are answered), numbered from the
 * messages' sequence in the order given and inserted (a client id the sender already used is
 * skipped). Answers one row per message, in order: the checks, and the saved row with its sender
 * when it was inserted. Only `messages` is written: the conversations' rows are not locked, so
 * the batches of two server processes never wait for each other (CONVERSATION_LIST reads the
 * newest message: a column moved by every send would lock the row).
 */
const SEND_MESSAGES = `WITH input AS (
    SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::timestamptz[], $6::boolean[])
      WITH ORDINALITY AS i(conversation_id, sender_id, content, client_id, created_at, must_be_member, ord)),
  checked AS (
    SELECT i.*, c.id IS NOT NULL AS found, w.user_id AS worker_user_id, p.user_id AS parent_user_id, c.admin_user_id,
           COALESCE(i.sender_id IN (w.user_id, p.user_id, c.admin_user_id), false) AS participant,
           NOT (i.must_be_member AND c.worker_profile_id IS NOT NULL)
             OR EXISTS (SELECT 1 FROM parent_profiles mp
                         WHERE mp.user_id = i.sender_id AND ${hasActiveMembershipSql('mp.id', '$7')}) AS allowed,
           ${blockStateSql(
             'i.sender_id',
             'CASE WHEN w.user_id = i.sender_id THEN p.user_id WHEN p.user_id = i.sender_id THEN w.user_id END',
           )} AS block,
           COALESCE((SELECT x.is_active FROM users x
                      WHERE x.id = CASE WHEN i.sender_id = c.admin_user_id THEN COALESCE(w.user_id, p.user_id)
                                        WHEN i.sender_id = w.user_id THEN COALESCE(p.user_id, c.admin_user_id)
                                        ELSE COALESCE(w.user_id, c.admin_user_id) END), true) AS reachable
      FROM input i
      LEFT JOIN conversations c ON c.id = i.conversation_id
      LEFT JOIN worker_profiles w ON w.id = c.worker_profile_id
      LEFT JOIN parent_profiles p ON p.id = c.parent_profile_id),
  numbered AS (
    SELECT s.ord, s.conversation_id, s.sender_id, s.content, s.client_id, s.created_at,
           nextval(pg_get_serial_sequence('messages', 'id')) AS id
      FROM (SELECT * FROM checked WHERE found AND participant AND allowed AND block IS NULL AND reachable
             ORDER BY ord OFFSET 0) s),
  inserted AS (
    INSERT INTO messages (id, conversation_id, sender_id, content, client_id, created_at)
    SELECT id, conversation_id, sender_id, content, client_id, created_at FROM numbered ORDER BY id
    ON CONFLICT (sender_id, client_id) DO NOTHING
    RETURNING id, conversation_id, content, created_at, is_read, sender_id, client_id, hire_proposal_id)
  SELECT ck.found, ck.participant, ck.allowed, ck.block, ck.reachable, ck.worker_user_id, ck.parent_user_id, ck.admin_user_id,
         m.id::text, m.conversation_id, m.content, m.created_at, m.is_read, m.sender_id, m.client_id,
         m.hire_proposal_id, u.first_name AS sender_first_name, u.email AS sender_email, u.is_admin AS sender_is_admin
    FROM checked ck
    LEFT JOIN numbered n ON n.ord = ck.ord
    LEFT JOIN inserted m ON m.id = n.id
    LEFT JOIN users u ON u.id = m.sender_id
   ORDER BY ck.ord`;

const MESSAGE = `SELECT m.id::text, m.conversation_id, m.content, m.created_at, m.is_read, m.sender_id, m.client_id,
       m.hire_proposal_id, u.first_name AS sender_first_name, u.email AS sender_email, u.is_admin AS sender_is_admin,
       m.erased_at IS NOT NULL AS erased
  FROM messages m JOIN users u ON u.id = m.sender_id`;

/** The messages of conversation $1, oldest first. */
const CONVERSATION_MESSAGES = `${MESSAGE} WHERE m.conversation_id = $1 ORDER BY m.id`;

/** The last message of each conversation whose id is in the array $1. */
const LAST_MESSAGES = `${MESSAGE} WHERE m.id IN (SELECT max(id) FROM messages WHERE conversation_id = ANY($1::int[]) GROUP BY conversation_id)`;

/** The message the sender $1 saved under the client id $2 (a resend). */
const MESSAGE_BY_CLIENT_ID = `${MESSAGE} WHERE m.sender_id = $1 AND m.client_id = $2`;

/**
 * The reader $2 has read conversation $1: the messages the others sent turn read at $3 (now);
 * answers the ids turned (TypeORM's PostgreSQL driver gives [rows, affected count]).
 */
const MARK_READ = `UPDATE messages SET is_read = true, read_at = $3
        WHERE conversation_id = $1 AND sender_id <> $2 AND NOT is_read RETURNING id::text`;

/** A conversation partner (PARTNER_USERS). */
export interface PartnerUserRow {
  id: number;
  first_name: string;
  profile_image: string | null;
  last_seen: Date | null;
  offer_id: number | null;
  /** The account was deleted (a tombstone). */
  deleted: boolean;
  /** The team suspended the account. */
  suspended: boolean;
}

/**
 * The users whose ids are in the array $1, each with `offer_id`: their newest offer public at $2
 * (now) when they are an employer, else null.
 */
const PARTNER_USERS = `SELECT u.id, u.first_name, u.profile_image, u.last_seen, u.deleted_at IS NOT NULL AS deleted,
                  u.suspended_at IS NOT NULL AS suspended,
                  (SELECT o.id FROM parent_profiles pp JOIN job_offers o ON o.parent_profile_id = pp.id
                    WHERE pp.user_id = u.id AND ${publicOfferSql('$2')}
                    ORDER BY o.created_at DESC, o.id DESC LIMIT 1) AS offer_id
             FROM users u WHERE u.id = ANY($1::int[])`;

/**
 * Claims, for every message unread since before $1, one notice per (conversation, recipient) not
 * yet told: the primary key lets one pass (one process) claim each. Answers the claimed pairs.
 */
const CLAIM_UNREAD_NOTICES = `INSERT INTO chat_unread_notices (conversation_id, user_id)
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
const UNREAD_NOTICE_RECIPIENTS = `SELECT n.conversation_id, n.user_id, u.email, u.first_name,
                  (SELECT su.first_name FROM messages lm JOIN users su ON su.id = lm.sender_id
                    WHERE lm.conversation_id = n.conversation_id AND lm.sender_id <> u.id AND NOT su.is_admin
                    ORDER BY lm.id DESC LIMIT 1) AS partner
             FROM unnest($1::int[], $2::int[]) AS n(conversation_id, user_id)
             JOIN users u ON u.id = n.user_id AND u.is_active`;

/** A conversation in the user's list, with the messages in it they have not read. */
export interface ConversationListRow extends ConversationRow {
  unread: number;
}

/** The reader's unread count in a conversation and whether the partner can reply (CONVERSATION_UNREAD). */
export interface ConversationUnreadRow {
  n: number;
  partner_can_reply: boolean;
}

/** A message to save (SEND_MESSAGES). */
export interface NewMessage {
  conversationId: number;
  senderId: number;
  content: string;
  clientId: string | null;
  at: Date;
  /** An employer writing: the conversation's worker needs the sender to hold an active membership. */
  mustBeMember: boolean;
}

/** A conversation's recipient claimed for an unread-message e-mail (CLAIM_UNREAD_NOTICES). */
export interface ClaimedNoticeRow {
  conversation_id: number;
  user_id: number;
}

/** Whom an unread-message e-mail goes to (UNREAD_NOTICE_RECIPIENTS). */
export interface NoticeRecipientRow extends ClaimedNoticeRow {
  email: string;
  first_name: string;
  partner: string | null;
}

/**
 * Conversations, messages and the unread-message notices. Methods that take `m` run in the
 * caller's transaction.
 */
@Injectable()
export class ChatRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(Conversation) private readonly conversations: Repository<Conversation>,
    @InjectRepository(ChatUnreadNotice) private readonly notices: Repository<ChatUnreadNotice>,
  ) {}

  /** The conversation with its participants' users. */
  async conversation(id: number, m?: EntityManager): Promise<ConversationRow | undefined> {
    const [row] = (await (m ?? this.dataSource).query(CONVERSATION_BY_ID, [id])) as ConversationRow[];
    return row;
  }

  /** Saves a message that announces a hire proposal (no client id), answered with its sender. */
  async addHireMessage(
    conversationId: number,
    senderId: number,
    content: string,
    proposalId: number,
    at: Date,
    m: EntityManager,
  ): Promise<MessageRow> {
    const [row] = (await m.query(
      `WITH inserted AS (
         INSERT INTO messages (conversation_id, sender_id, content, created_at, hire_proposal_id)
         VALUES ($1, $2, $3, $4, $5)
         RETURNING id, conversation_id, content, created_at, is_read, sender_id, client_id, hire_proposal_id)
       SELECT i.id::text, i.conversation_id, i.content, i.created_at, i.is_read, i.sender_id, i.client_id,
              i.hire_proposal_id, u.first_name AS sender_first_name, u.email AS sender_email, u.is_admin AS sender_is_admin
         FROM inserted i JOIN users u ON u.id = i.sender_id`,
      [conversationId, senderId, content, at, proposalId],
    )) as MessageRow[];
    return row!;
  }

  /** Who the parties of a new conversation are (START_PARTIES), `now` deciding the employer's public offers. */
  async startParties(
    workerProfileId: number | null,
    parentProfileId: number | null,
    adminUserId: number | null,
    now: Date,
  ): Promise<StartPartiesRow> {
    const [row] = (await this.dataSource.query(START_PARTIES, [
      workerProfileId,
      parentProfileId,
      adminUserId,
      now,
    ])) as StartPartiesRow[];
    return row!;
  }

  /** The first active admin, when one of the profiles named is the user's own (TEAM_ADMIN_FOR); else null. */
  async teamAdminFor(
    workerProfileId: number | null,
    parentProfileId: number | null,
    userId: number,
  ): Promise<number | null> {
    const rows = (await this.dataSource.query(TEAM_ADMIN_FOR, [workerProfileId, parentProfileId, userId])) as {
      id: number;
    }[];
    return rows[0]?.id ?? null;
  }

  /**
   * Adds the pair's conversation unless it exists (the pair's unique key); answers whether this
   * call created it.
   */
  async addConversationOnce(
    conversation: Pick<Conversation, 'workerProfileId' | 'parentProfileId' | 'adminUserId' | 'pairKey'>,
  ): Promise<boolean> {
    const inserted = await this.conversations.createQueryBuilder().insert().values(conversation).orIgnore().execute();
    return (inserted.raw as unknown[]).length > 0; // PostgreSQL: the RETURNING rows
  }

  /** The id of the pair's conversation (it must exist). */
  async conversationIdOfPair(pairKey: string): Promise<number> {
    return (await this.conversations.findOneByOrFail({ pairKey })).id;
  }

  /** The user's conversations that have messages, newest message first (CONVERSATION_LIST). */
  conversationsOf(userId: number): Promise<ConversationListRow[]> {
    return this.dataSource.query(CONVERSATION_LIST, [userId]);
  }

  /** The last message of each of these conversations. */
  lastMessages(conversationIds: number[]): Promise<MessageRow[]> {
    return this.dataSource.query(LAST_MESSAGES, [conversationIds]);
  }

  /** The conversation's messages, oldest first. */
  messagesOf(conversationId: number): Promise<MessageRow[]> {
    return this.dataSource.query(CONVERSATION_MESSAGES, [conversationId]);
  }

  /**
   * The conversation's messages the reader has not read, and whether the partner can reply
   * (when `employerMustBeMember`, only while the employer profile holds a membership at `now`).
   */
  async unreadIn(
    conversationId: number,
    readerId: number,
    employerMustBeMember: boolean,
    parentProfileId: number | null,
    now: Date,
  ): Promise<ConversationUnreadRow | undefined> {
    const [row] = (await this.dataSource.query(CONVERSATION_UNREAD, [
      conversationId,
      readerId,
      employerMustBeMember,
      parentProfileId,
      now,
    ])) as ConversationUnreadRow[];
    return row;
  }

  /** The unread messages addressed to the user across their conversations. */
  async unreadCount(userId: number): Promise<number> {
    const [row] = (await this.dataSource.query(UNREAD_COUNT, [userId])) as { n: number }[];
    return row?.n ?? 0;
  }

  /** Saves a batch of messages in one statement, checked at `now` (SEND_MESSAGES): one row per message, in order. */
  addMessages(messages: NewMessage[], now: Date): Promise<SendRow[]> {
    return this.dataSource.query(SEND_MESSAGES, [
      messages.map((m) => m.conversationId),
      messages.map((m) => m.senderId),
      messages.map((m) => m.content),
      messages.map((m) => m.clientId),
      messages.map((m) => m.at.toISOString()),
      messages.map((m) => m.mustBeMember),
      now,
    ]);
  }

  /** The message the sender saved under that client id. */
  async messageByClientId(senderId: number, clientId: string | null | undefined): Promise<MessageRow | undefined> {
    const [row] = (await this.dataSource.query(MESSAGE_BY_CLIENT_ID, [senderId, clientId])) as MessageRow[];
    return row;
  }

  /** The others' unread messages in the conversation turn read at `now`; answers their ids. */
  async markRead(conversationId: number, readerId: number, now: Date): Promise<string[]> {
    // An UPDATE … RETURNING answers [rows, affected count] through TypeORM's PostgreSQL driver.
    const [rows] = (await this.dataSource.query(MARK_READ, [conversationId, readerId, now])) as [
      { id: string }[],
      number,
    ];
    return rows.map((r) => r.id);
  }

  /** The conversation partners' users, each with their newest offer public at `now` (PARTNER_USERS). */
  partnerUsers(userIds: number[], now: Date): Promise<PartnerUserRow[]> {
    return this.dataSource.query(PARTNER_USERS, [userIds, now]);
  }

  /** The user was told about this conversation's unread messages and has now read them. */
  async forgetNotice(conversationId: number, userId: number): Promise<void> {
    await this.notices.delete({ conversationId, userId });
  }

  /** Every notice of the user goes. */
  async forgetNoticesOf(userId: number, m: EntityManager): Promise<void> {
    await m.getRepository(ChatUnreadNotice).delete({ userId });
  }

  /** Empties the texts of the messages `userId` wrote and marks them erased at `at`; answers how many. */
  async eraseMessagesOf(userId: number, at: Date, m: EntityManager): Promise<number> {
    const result = await m
      .getRepository(Message)
      .update({ senderId: userId, erasedAt: IsNull() }, { content: '', erasedAt: at });
    return result.affected ?? 0;
  }

  /** Claims a notice per (conversation, recipient) with a message unread since before `before`. */
  claimUnreadNotices(before: Date, m: EntityManager): Promise<ClaimedNoticeRow[]> {
    return m.query(CLAIM_UNREAD_NOTICES, [before]);
  }

  /** The claimed notices' recipients (active accounts only) and who last wrote to them. */
  noticeRecipients(claimed: ClaimedNoticeRow[], m: EntityManager): Promise<NoticeRecipientRow[]> {
    return m.query(UNREAD_NOTICE_RECIPIENTS, [claimed.map((c) => c.conversation_id), claimed.map((c) => c.user_id)]);
  }
}
