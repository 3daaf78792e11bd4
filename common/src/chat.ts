/** Chat rules of spec 01 §2, §5, §9 and decisions.md "Chat", shared by the server and the page. */
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
  empty: 'Message cannot be empty',
  tooLong: 'El mensaje puede tener hasta 2000 caracteres.',
  sendFailed: 'Failed to send message',
  connecting: 'Conectando... Por favor espera un momento.',
  sending: 'Enviando mensaje...',
  notFound: 'No encontramos esta conversación.',
  notParticipant: 'No participás de esta conversación.',
  membershipRequired: 'Necesitás una membresía activa para chatear con trabajadores.',
  invalidParties: 'Indicá con quién querés chatear.',
  partyNotFound: 'No encontramos a la persona con quien querés chatear.',
  flood: 'Estás enviando mensajes muy rápido. Esperá un momento.',
  noChats: 'Aun no tienes chats',
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

/** Sidebar preview: cut to 15 characters plus '...' when longer than 10 (spec 01 §9). */
export function chatPreview(content: string | null | undefined): string {
  if (!content) return '';
  return content.length > 10 ? `${content.slice(0, 15)}...` : content;
}
