/** Chat rules, shared by the server and the page. */
import { formatNumber } from './format';
export const CHAT_LIMITS = {
  messageMax: 2000,
  /** Messages one user may send per second over the socket or HTTP before being told to slow down. */
  floodPerSecond: 5,
  heartbeatMs: 25_000,
  reconnectAttempts: 5,
  reconnectBaseMs: 1000,
  connectDelayMs: 100,
  sidebarBreakpointPx: 768,
  /** An unread message older than this is e-mailed to its recipient once per conversation. */
  unreadMailAfterMs: 15 * 60_000,
} as const;

export const CHAT_MESSAGES = {
  partnerGone: 'Esta cuenta ya no puede recibir mensajes.',
  empty: 'El mensaje no puede estar vacío.',
  tooLong: 'El mensaje puede tener hasta 2000 caracteres.',
  sendFailed: 'No se pudo enviar el mensaje. Intentá de nuevo.',
  connecting: 'Conectando... Por favor espera un momento.',
  sending: 'Enviando mensaje...',
  notFound: 'No encontramos esta conversación.',
  notParticipant: 'No participás de esta conversación.',
  membershipRequired: 'Necesitás una membresía activa para chatear con trabajadores.',
  invalidParties: 'Indicá con quién querés chatear.',
  partyNotFound: 'No encontramos a la persona con quien querés chatear.',
  employerNotPublishing: 'Solo podés escribirle a un empleador que tenga una oferta de empleo publicada.',
  employerCannotReply: 'Este empleador no tiene una membresía activa: no va a poder responderte hasta que la active.',
  flood: 'Estás enviando mensajes muy rápido. Esperá un momento.',
  noChats: 'Aún no tenés chats',
  emptyList: 'No hay conversaciones disponibles',
  noMessages: 'Sin mensajes',
  disclaimer:
    'Casa y Manos no se responsabiliza por lo que se converse en este chat. Nunca compartas contraseñas ni pagues por adelantado.',
} as const;

/** Trimmed content, or the message that refuses it. */
export function chatMessageProblem(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return CHAT_MESSAGES.empty;
  if (raw.trim().length > CHAT_LIMITS.messageMax) return CHAT_MESSAGES.tooLong;
  return null;
}

/** Sidebar preview: cut to 15 characters plus '...' when longer than 10. */
export function chatPreview(content: string | null | undefined): string {
  if (!content) return '';
  return content.length > 10 ? `${content.slice(0, 15)}...` : content;
}

/** What the server pushes to each participant's personal room (`conversation_updated`). */
export interface ConversationUpdate<M extends { id: number; sender: { id: number } }> {
  conversation_id: number;
  last_message?: M;
  read?: { reader_id: number; message_ids: number[] };
}

/**
 * The sidebar after a `conversation_updated` event, patched in place so a message does not cost
 * a reload of the whole list: a new last message moves its conversation to the top (one more
 * unread unless it is the open one or our own), our own read clears the count. Answers null when
 * the conversation is not in the list yet: the caller reloads it.
 */
export function applyConversationUpdate<
  M extends { id: number; sender: { id: number } },
  S extends { id: number; last_message: M | null; unread_count: number },
>(list: S[], update: ConversationUpdate<M>, me: number, openId: number | null): S[] | null {
  const index = list.findIndex((c) => c.id === update.conversation_id);
  if (index < 0) return update.last_message ? null : list;
  const current = list[index]!;
  if (update.last_message) {
    const message = update.last_message;
    if (current.last_message && current.last_message.id >= message.id) return list;
    const counts = message.sender.id !== me && update.conversation_id !== openId;
    const moved = { ...current, last_message: message, unread_count: current.unread_count + (counts ? 1 : 0) };
    return [moved, ...list.slice(0, index), ...list.slice(index + 1)];
  }
  if (update.read && update.read.reader_id === me && current.unread_count > 0)
    return list.map((c) => (c.id === current.id ? { ...c, unread_count: 0 } : c));
  return list;
}

/** An unread count as a screen reader says it: '1 mensaje sin leer', '3 mensajes sin leer'. */
export function unreadMessagesLabel(count: number): string {
  return count === 1 ? '1 mensaje sin leer' : `${formatNumber(count)} mensajes sin leer`;
}
