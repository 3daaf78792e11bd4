import { Injectable } from '@nestjs/common';
import { CHAT_LIMITS, chatMessageProblem, DELETED_USER_NAME, formatLastSeen, PRODUCT_NAME } from '@cym/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import type { AuthUser } from '../auth/access/auth-user';
import { Clock } from '../../common/clock/clock';
import { Metrics } from '../../common/metrics/metrics';
import { RateLimitedException, RateLimiter } from '../../common/rate-limit/rate-limiter';
import { ProfilesService } from '../profiles/profiles.service';
import { SafetyWords } from '../moderation/safety-words';
import { ChatPartnerDto, ConversationDto, ConversationSummaryDto, MessageDto, StartChatBodyDto } from './dto/chat.dto';
import {
  ChatRepository,
  type ConversationRow,
  type MessageRow,
  type NewMessage,
  type SendRow,
} from './chat.repository';
import { CHAT_ERRORS } from './chat.errors';
import { GroupCommit } from './group-commit';
import { DomainEvents } from '../../common/events/domain-events';
import { BlocksService } from '../blocks/blocks.service';
import { BLOCK_ERRORS } from '../blocks/blocks.errors';

/**
 * Conversations and messages: participants only, one
 * conversation per pair, a message saved before anyone hears of it, and the membership rule:
 * an employer needs an active membership to start a chat with a worker and to send to one.
 */
@Injectable()
export class ChatService {
  constructor(
    private readonly chat: ChatRepository,
    private readonly profiles: ProfilesService,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly events: DomainEvents,
    private readonly warnings: SafetyWords,
    private readonly blocks: BlocksService,
    private readonly metrics: Metrics,
  ) {}

  /** Sends in flight, written together (group commit): one statement for a batch, one row per message, in order. */
  private readonly writer = new GroupCommit<NewMessage, SendRow>(async (batch) => {
    const rows = await this.chat.addMessages(batch, this.clock.now());
    // The warnings of the whole batch here, so each send announces its message with no await of
    // its own in between: sends written together are announced in their order.
    const saved = rows.filter((r) => r.id !== null && r.id !== undefined);
    const flags = await this.warnings.flags(saved as MessageRow[]);
    saved.forEach((r, i) => (r.money_warning = flags[i]));
    return rows;
  });

  // ── Access ────────────────────────────────────────────────────────────────

  private participants(c: Pick<ConversationRow, 'worker_user_id' | 'parent_user_id' | 'admin_user_id'>): number[] {
    return [c.worker_user_id, c.parent_user_id, c.admin_user_id].filter((id): id is number => id !== null);
  }

  /** The conversation when the actor takes part in it; 404 when missing, 403 otherwise. */
  async conversationFor(id: number, actor: AuthUser): Promise<ConversationRow & { participants: number[] }> {
    return this.participantOnly(await this.chat.conversation(id), actor);
  }

  private participantOnly<T extends ConversationRow>(
    row: T | undefined,
    actor: AuthUser,
  ): T & { participants: number[] } {
    if (!row) throw CHAT_ERRORS.conversationNotFound.exception();
    const participants = this.participants(row);
    if (!participants.includes(actor.id)) throw CHAT_ERRORS.notParticipant.exception();
    return { ...row, participants };
  }

  /** The other person of a worker–employer conversation (null with the team: it never blocks nor is blocked). */
  private otherPerson(c: Pick<ConversationRow, 'worker_user_id' | 'parent_user_id'>, userId: number): number | null {
    if (c.worker_user_id === userId) return c.parent_user_id;
    if (c.parent_user_id === userId) return c.worker_user_id;
    return null;
  }

  /** An employer talking to a worker needs an active membership; everyone else may. */
  private needsMembership(actor: AuthUser, hasWorker: boolean): boolean {
    return !actor.isAdmin && actor.profileType === 'Parent' && hasWorker;
  }

  // ── Start ─────────────────────────────────────────────────────────────────

  /** The pair's conversation, and whether this call created it (201) or it already existed (200). */
  async start(actor: AuthUser, body: StartChatBodyDto): Promise<{ conversation: ConversationDto; created: boolean }> {
    const workerId = body.workerId ?? null;
    const parentId = body.parentId ?? null;
    let adminId = body.adminId ?? null;
    // Someone writing about an offer published by the team names only their own profile: the
    // team answers, as its first admin.
    if (adminId === null && !actor.isAdmin && (workerId === null) !== (parentId === null))
      adminId = await this.chat.teamAdminFor(workerId, parentId, actor.id);
    if ([workerId, parentId, adminId].filter((id) => id !== null).length !== 2)
      throw CHAT_ERRORS.invalidParties.exception();
    const found = await this.chat.startParties(workerId, parentId, adminId, this.clock.now());
    // A hidden profile is not there for anyone but its owner and the team.
    const hiddenFromActor = found.worker_visible === false && found.worker_user !== actor.id && !actor.isAdmin;
    if (
      (workerId !== null && (found.worker_user === null || hiddenFromActor)) ||
      (parentId !== null && found.parent_user === null) ||
      (adminId !== null && found.admin_user === null)
    )
      throw CHAT_ERRORS.partyNotFound.exception();
    const parties = [found.worker_user, found.parent_user, found.admin_user].filter((id) => id !== null);
    if (!parties.includes(actor.id)) throw CHAT_ERRORS.notParticipant.exception();
    if (new Set(parties).size !== 2) throw CHAT_ERRORS.invalidParties.exception();
    // Neither side of a block starts a conversation (the blocked one is told only that they cannot write).
    await this.blocks.assertMayWrite(
      actor.id,
      this.otherPerson({ worker_user_id: found.worker_user, parent_user_id: found.parent_user }, actor.id),
    );
    if (this.needsMembership(actor, workerId !== null) && !(await this.profiles.hasActiveMembership(actor.id)))
      throw CHAT_ERRORS.membershipRequired.exception();
    // A worker writes to employers who are hiring: one with a public offer, who can answer.
    if (found.worker_user === actor.id && parentId !== null && !found.parent_publishes)
      throw CHAT_ERRORS.employerNotPublishing.exception();
    const key = [
      workerId !== null ? `w${workerId}` : null,
      parentId !== null ? `p${parentId}` : null,
      adminId !== null ? `a${adminId}` : null,
    ]
      .filter(Boolean)
      .join('-');
    // The same pair always gets the same conversation, even when both start it at once: the
    // insert does nothing on the pair's unique key, and the row is then read by that key.
    const created = await this.chat.addConversationOnce({
      workerProfileId: workerId,
      parentProfileId: parentId,
      adminUserId: adminId,
      pairKey: key,
    });
    const existingId = await this.chat.conversationIdOfPair(key);
    return { conversation: await this.get(existingId, actor), created };
  }

  // ── Reads ─────────────────────────────────────────────────────────────────

  /** Own conversations that have messages, newest first: one query for the list, one for partners. */
  async list(actor: AuthUser, userId: number): Promise<ConversationSummaryDto[]> {
    if (userId !== actor.id) throw CHAT_ERRORS.notYourChats.exception();
    const rows = await this.chat.conversationsOf(actor.id);
    if (rows.length === 0) return [];
    const lastRows = await this.chat.lastMessages(rows.map((r) => r.id));
    const [partners, warnings] = await Promise.all([this.partners(rows, actor), this.warnings.flags(lastRows)]);
    return rows.map((row) => {
      const index = lastRows.findIndex((m) => m.conversation_id === row.id);
      const last = index === -1 ? null : lastRows[index];
      return {
        id: row.id,
        worker: row.worker_profile_id,
        parent: row.parent_profile_id,
        partner: partners.get(row.id)!,
        last_message: last ? this.messageDto(last, warnings[index]) : null,
        unread_count: row.unread,
      };
    });
  }

  async get(id: number, actor: AuthUser): Promise<ConversationDto> {
    const row = await this.conversationFor(id, actor);
    // A worker talking to an employer is told when the employer cannot answer (no membership).
    const employerMustBeMember = row.worker_user_id === actor.id && row.parent_profile_id !== null;
    const [messages, partners, unread, block] = await Promise.all([
      this.chat.messagesOf(id),
      this.partners([row], actor),
      this.chat.unreadIn(id, actor.id, employerMustBeMember, row.parent_profile_id, this.clock.now()),
      this.blocks.state(actor.id, this.otherPerson(row, actor.id)),
    ]);
    const warnings = await this.warnings.flags(messages);
    const dtos = messages.map((m, i) => this.messageDto(m, warnings[i]));
    return {
      id: row.id,
      worker: row.worker_profile_id,
      parent: row.parent_profile_id,
      partner: partners.get(row.id)!,
      last_message: dtos[dtos.length - 1] ?? null,
      unread_count: unread?.n ?? 0,
      messages: dtos,
      partner_can_reply: unread?.partner_can_reply ?? true,
      block,
    };
  }

  /** Unread messages addressed to the user, across conversations (the navbar's count). */
  unreadCount(actor: AuthUser): Promise<number> {
    return this.chat.unreadCount(actor.id);
  }

  // ── Writes ────────────────────────────────────────────────────────────────

  /**
   * Saves a message, then tells the listeners. A client id already used by this sender answers
   * the message saved the first time (duplicate: true) and tells nobody again.
   */
  async send(
    id: number,
    actor: AuthUser,
    rawContent: unknown,
    clientId?: string | null,
    /** The socket that sent it (it has the message in its acknowledgement: no `message` echo). */
    origin?: string,
  ): Promise<{ message: MessageDto; duplicate: boolean }> {
    const problem = chatMessageProblem(rawContent);
    if (problem) throw AppException.validation({ content: [problem] });
    try {
      await this.limiter.consume('chat-send', String(actor.id), { limit: CHAT_LIMITS.floodPerSecond, windowMs: 1000 });
    } catch (error) {
      // The chat's own words for a flood (CHAT_ERRORS.flood), same code and Retry-After.
      if (error instanceof RateLimitedException)
        throw new RateLimitedException(error.retryAfterSeconds, CHAT_ERRORS.flood.message);
      throw error;
    }
    // One statement per burst (group commit): who may write here, and the write itself.
    const now = this.clock.now();
    const row = await this.writer.submit({
      conversationId: id,
      senderId: actor.id,
      content: (rawContent as string).trim(),
      clientId: clientId ?? null,
      at: now,
      mustBeMember: this.needsMembership(actor, true),
    });
    if (!row.found) throw CHAT_ERRORS.conversationNotFound.exception();
    if (!row.participant) throw CHAT_ERRORS.notParticipant.exception();
    if (row.block === 'by_me') throw BLOCK_ERRORS.blockedByMe.exception();
    if (row.block === 'cannot_write') throw BLOCK_ERRORS.cannotWrite.exception();
    if (!row.allowed) throw CHAT_ERRORS.membershipRequired.exception();
    if (!row.reachable) throw CHAT_ERRORS.partnerGone.exception();
    const saved = row.id !== null && row.id !== undefined;
    const stored = saved ? (row as MessageRow) : await this.chat.messageByClientId(actor.id, clientId);
    const warning = saved ? row.money_warning === true : (await this.warnings.flags([stored!]))[0];
    const message = this.messageDto(stored!, warning);
    if (message.conversation_id !== id) throw CHAT_ERRORS.clientIdReused.exception();
    if (saved) {
      this.metrics.chatMessages.inc();
      this.events.emit('chat.message-saved', {
        conversationId: id,
        participants: this.participants(row),
        message,
        origin,
      });
    }
    return { message, duplicate: !saved };
  }

  /** The actor has read the conversation: the partner's unread messages turn read. */
  async markRead(id: number, actor: AuthUser): Promise<number[]> {
    const conversation = await this.conversationFor(id, actor);
    const read = await this.chat.markRead(id, actor.id, this.clock.now());
    await this.chat.forgetNotice(id, actor.id);
    const messageIds = read.map(Number).sort((a, b) => a - b);
    if (messageIds.length > 0)
      this.events.emit('chat.messages-read', {
        conversationId: id,
        participants: conversation.participants,
        readerId: actor.id,
        messageIds,
      });
    return messageIds;
  }

  /**
   * A message that announces a hire proposal's step (made, accepted, declined, withdrawn), written
   * by the hires module inside its own transaction; `announce` it once that transaction committed.
   * A block between the two refuses it (proposing, accepting), unless it `closes` the proposal
   * (declining, withdrawing): a person who blocked the other may still end what is pending.
   */
  async addHireMessage(
    m: EntityManager,
    conversationId: number,
    senderId: number,
    content: string,
    proposalId: number,
    closes = false,
  ): Promise<{ message: MessageDto; participants: number[] }> {
    const conversation = await this.chat.conversation(conversationId, m);
    if (!closes && conversation)
      await this.blocks.assertMayWrite(senderId, this.otherPerson(conversation, senderId), m);
    const row = await this.chat.addHireMessage(conversationId, senderId, content, proposalId, this.clock.now(), m);
    return { message: this.messageDto(row, false), participants: conversation ? this.participants(conversation) : [] };
  }

  /** Tells the conversation's sockets (and push) of a message written by `addHireMessage`. */
  announce(saved: { message: MessageDto; participants: number[] }): void {
    this.metrics.chatMessages.inc();
    this.events.emit('chat.message-saved', {
      conversationId: saved.message.conversation_id,
      participants: saved.participants,
      message: saved.message,
    });
  }

  /** A deleted account gets no more unread-message e-mails. */
  async forgetUnreadNotices(m: EntityManager, userId: number): Promise<void> {
    await this.chat.forgetNoticesOf(userId, m);
  }

  /** A deleted account's erasure: the texts it wrote become empty, marked erased ('Mensaje eliminado'). */
  eraseMessagesOf(m: EntityManager, userId: number, at: Date): Promise<number> {
    return this.chat.eraseMessagesOf(userId, at, m);
  }

  // ── Helpers ───────────────────────────────────────────────────────────────

  private messageDto(m: MessageRow, moneyWarning: boolean): MessageDto {
    return {
      id: Number(m.id),
      conversation_id: m.conversation_id,
      content: m.content,
      timestamp: m.created_at.toISOString(),
      is_read: m.is_read,
      sender: { id: m.sender_id, first_name: m.sender_first_name, username: m.sender_email },
      client_id: m.client_id,
      hire_proposal_id: m.hire_proposal_id,
      money_warning: moneyWarning,
      erased: m.erased === true,
    };
  }

  /**
   * The other side of each conversation, in one query. A worker looking at an employer is sent
   * to that employer's newest public offer; the team has no page.
   */
  private async partners(rows: ConversationRow[], actor: AuthUser): Promise<Map<number, ChatPartnerDto>> {
    const wanted = rows.map((r) => {
      if (r.worker_user_id !== null && r.worker_user_id !== actor.id)
        return {
          conversation: r.id,
          userId: r.worker_user_id,
          kind: 'Worker' as const,
          profileId: r.worker_profile_id,
        };
      if (r.parent_user_id !== null && r.parent_user_id !== actor.id)
        return {
          conversation: r.id,
          userId: r.parent_user_id,
          kind: 'Parent' as const,
          profileId: r.parent_profile_id,
        };
      return { conversation: r.id, userId: null, kind: 'admin' as const, profileId: null };
    });
    const userIds = wanted.map((w) => w.userId).filter((id): id is number => id !== null);
    const users = userIds.length ? await this.chat.partnerUsers(userIds, this.clock.now()) : [];
    const now = this.clock.now();
    const result = new Map<number, ChatPartnerDto>();
    for (const w of wanted) {
      const user = users.find((u) => u.id === w.userId);
      if (w.kind === 'admin' || !user) {
        result.set(w.conversation, {
          user_id: null,
          first_name: PRODUCT_NAME,
          profile_image: null,
          formatted_last_seen: '-',
          kind: 'admin',
          profile_path: null,
          status: null,
        });
        continue;
      }
      if (user.deleted) {
        // A tombstone: no name, photo, last seen or page of the person who left.
        result.set(w.conversation, {
          user_id: user.id,
          first_name: DELETED_USER_NAME,
          profile_image: null,
          formatted_last_seen: '-',
          kind: w.kind,
          profile_path: null,
          status: 'deleted',
        });
        continue;
      }
      result.set(w.conversation, {
        user_id: user.id,
        first_name: user.first_name,
        profile_image: user.profile_image,
        formatted_last_seen: formatLastSeen(user.last_seen, now),
        kind: w.kind,
        profile_path:
          w.kind === 'Worker' && !user.suspended
            ? `/worker-profile/${w.profileId}`
            : user.offer_id
              ? `/job-offer/${user.offer_id}`
              : null,
        // Suspended: the messages stay, marked, and no reply goes to an account that cannot read it.
        status: user.suspended ? 'suspended' : null,
      });
    }
    return result;
  }
}
