import type { ConversationUpdate } from './chat';
import type { ErrorBody } from './errors';
import { parseId } from './ids';

/**
 * The chat's live channel: the socket.io namespace, the event names each side sends, their payloads
 * and acknowledgements, and the checks of what a client sends. The gateway (server) and the chat
 * socket (web) are typed from the two event maps below, so a misspelt event or a payload of the
 * wrong shape fails the type check on either side.
 */
export const CHAT_NAMESPACE = '/chat';

/** Events a client sends; each is answered through its acknowledgement. */
export const CHAT_CLIENT_EVENTS = {
  join: 'join',
  sendMessage: 'send_message',
  read: 'read',
  heartbeat: 'heartbeat',
} as const;

/** Events the server pushes. */
export const CHAT_SERVER_EVENTS = {
  /** A saved message, to the conversation's room. */
  message: 'message',
  /** Read receipts, to the conversation's room. */
  read: 'read',
  /** A new last message or a read, to each participant's personal room (the sidebar, the badge). */
  conversationUpdated: 'conversation_updated',
  heartbeatAck: 'heartbeat_ack',
  /** A refused request, besides its acknowledgement. */
  chatError: 'chat_error',
} as const;

/** A saved message as the socket carries it (the same fields as the HTTP API's MessageDto). */
export interface ChatMessage {
  id: number;
  conversation_id: number;
  content: string;
  /** ISO 8601 date-time. */
  timestamp: string;
  is_read: boolean;
  sender: { id: number; first_name: string; username: string };
  /** The sender's own id for the message (resending it answers the first one). */
  client_id: string | null;
  /** A hire proposal this message stands for (the chat shows its card), else null. */
  hire_proposal_id: number | null;
  /** An account whose identity is not verified asks for money or a transfer: the screen warns. */
  money_warning: boolean;
  /** Its author's account was erased: the text is empty (the chat shows 'Mensaje eliminado'). */
  erased: boolean;
}

export interface ChatReadReceipt {
  conversation_id: number;
  reader_id: number;
  message_ids: number[];
}

export interface ChatHeartbeatAck {
  type: 'heartbeat_ack';
  timestamp: string | number;
}

/** A refused request: the API's error shape without field details. */
export type ChatRefusal = Pick<ErrorBody, 'error' | 'code'>;

// What a client sends. `conversation_id` may be left out after `join`: the joined one is meant.
export interface ChatJoinRequest {
  conversation_id: number;
}
export interface ChatSendMessageRequest {
  conversation_id?: number;
  content: string;
  client_id?: string;
}
export interface ChatReadRequest {
  conversation_id?: number;
}
export interface ChatHeartbeatRequest {
  type: 'heartbeat';
  timestamp: string | number;
}

/** socket.io's event map of what the server emits (`Socket<ChatServerEvents, ChatClientEvents>` on the web). */
export interface ChatServerEvents {
  [CHAT_SERVER_EVENTS.message]: (message: ChatMessage) => void;
  [CHAT_SERVER_EVENTS.read]: (receipt: ChatReadReceipt) => void;
  [CHAT_SERVER_EVENTS.conversationUpdated]: (update: ConversationUpdate<ChatMessage>) => void;
  [CHAT_SERVER_EVENTS.heartbeatAck]: (ack: ChatHeartbeatAck) => void;
  [CHAT_SERVER_EVENTS.chatError]: (refusal: ChatRefusal) => void;
}

/** socket.io's event map of what a client emits, with the acknowledgement each gets. */
export interface ChatClientEvents {
  [CHAT_CLIENT_EVENTS.join]: (request: ChatJoinRequest, ack: (answer: { ok: true } | ChatRefusal) => void) => void;
  [CHAT_CLIENT_EVENTS.sendMessage]: (
    request: ChatSendMessageRequest,
    ack: (answer: { message: ChatMessage; duplicate: boolean } | ChatRefusal) => void,
  ) => void;
  [CHAT_CLIENT_EVENTS.read]: (
    request: ChatReadRequest,
    ack?: (answer: { message_ids: number[] } | ChatRefusal) => void,
  ) => void;
  [CHAT_CLIENT_EVENTS.heartbeat]: (request: ChatHeartbeatRequest, ack?: (answer: ChatHeartbeatAck) => void) => void;
}

// ── Checks of what a client sent (anything may arrive: the server trusts no payload) ──────────

/** The conversation a `join` names, or null (then: not found). */
export function chatJoinConversation(payload: unknown): number | null {
  return parseId((payload as { conversation_id?: unknown } | null | undefined)?.conversation_id);
}

/** The conversation a `send_message` or `read` names, else the one joined; null when neither. */
export function chatRequestConversation(payload: unknown, joined: number | undefined): number | null {
  return chatJoinConversation(payload) ?? joined ?? null;
}

const CLIENT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A `send_message`'s own id for the message: 1–64 letters, digits, `_` or `-`; anything else is
 * no id (the message is then saved without one). The content is checked by chatMessageProblem,
 * the same check as the HTTP route's.
 */
export function chatClientId(payload: unknown): string | null {
  const given = (payload as { client_id?: unknown } | null | undefined)?.client_id;
  return typeof given === 'string' && CLIENT_ID.test(given) ? given : null;
}

/**
 * The acknowledgement of a `heartbeat`: the client's timestamp back (text of at most 40
 * characters, or a finite number); a missing or odd one is answered with `now`.
 */
export function chatHeartbeatAck(payload: unknown, now: Date): ChatHeartbeatAck {
  const given = (payload as { timestamp?: unknown } | null | undefined)?.timestamp;
  const timestamp =
    (typeof given === 'string' && given.length <= 40) || (typeof given === 'number' && Number.isFinite(given))
      ? given
      : now.toISOString();
  return { type: 'heartbeat_ack', timestamp };
}
