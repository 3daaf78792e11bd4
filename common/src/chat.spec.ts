import {
  applyConversationUpdate,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  chatMessageProblem,
  chatPreview,
  unreadMessagesLabel,
} from './chat';

describe('chatMessageProblem', () => {
  it('refuses empty, whitespace-only and non-text content', () => {
    for (const raw of ['', '   ', '\n\t ', undefined, null, 42, {}, ['hola']])
      expect(chatMessageProblem(raw)).toBe(CHAT_MESSAGES.empty);
  });

  it('accepts up to the limit after trimming, and refuses beyond it', () => {
    expect(chatMessageProblem('Hola')).toBeNull();
    expect(chatMessageProblem('x'.repeat(CHAT_LIMITS.messageMax))).toBeNull();
    expect(chatMessageProblem(`  ${'x'.repeat(CHAT_LIMITS.messageMax)}  `)).toBeNull();
    expect(chatMessageProblem('x'.repeat(CHAT_LIMITS.messageMax + 1))).toBe(CHAT_MESSAGES.tooLong);
  });
});

describe('chatPreview', () => {
  it('keeps text of up to 10 characters as it is', () => {
    expect(chatPreview('Hola')).toBe('Hola');
    expect(chatPreview('0123456789')).toBe('0123456789');
  });

  it('cuts longer text to 15 characters plus "..."', () => {
    expect(chatPreview('01234567890')).toBe('01234567890...');
    expect(chatPreview('Hola, ¿cómo estás? Te escribo por la oferta')).toBe('Hola, ¿cómo est...');
  });

  it('answers an empty string when there is no message', () => {
    expect(chatPreview(null)).toBe('');
    expect(chatPreview(undefined)).toBe('');
    expect(chatPreview('')).toBe('');
  });
});

describe('CHAT_LIMITS', () => {
  it('holds the spec figures', () => {
    expect(CHAT_LIMITS).toMatchObject({
      messageMax: 2000,
      heartbeatMs: 25_000,
      reconnectAttempts: 5,
      reconnectBaseMs: 1000,
      connectDelayMs: 100,
      sidebarBreakpointPx: 768,
      unreadMailAfterMs: 15 * 60_000,
    });
    // Reconnect delays 1, 2, 4, 8, 16 seconds.
    const delays = Array.from(
      { length: CHAT_LIMITS.reconnectAttempts },
      (_, i) => CHAT_LIMITS.reconnectBaseMs * 2 ** i,
    );
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000]);
  });
});

describe('applyConversationUpdate (the sidebar kept live without reloading)', () => {
  const me = 7;
  const msg = (id: number, sender: number) => ({ id, sender: { id: sender } });
  const list = () => [
    { id: 1, last_message: msg(10, 8), unread_count: 0 },
    { id: 2, last_message: msg(11, me), unread_count: 2 },
    { id: 3, last_message: msg(12, 9), unread_count: 1 },
  ];

  it('moves a conversation with a new message to the top and counts it unread', () => {
    const next = applyConversationUpdate(list(), { conversation_id: 3, last_message: msg(20, 9) }, me, null)!;
    expect(next.map((c) => c.id)).toEqual([3, 1, 2]);
    expect(next[0]).toEqual({ id: 3, last_message: msg(20, 9), unread_count: 2 });
  });

  it('does not count our own messages nor those of the open conversation', () => {
    const own = applyConversationUpdate(list(), { conversation_id: 2, last_message: msg(21, me) }, me, null)!;
    expect(own[0]).toEqual({ id: 2, last_message: msg(21, me), unread_count: 2 });
    const open = applyConversationUpdate(list(), { conversation_id: 1, last_message: msg(22, 8) }, me, 1)!;
    expect(open[0]!.unread_count).toBe(0);
  });

  it('ignores a message it already shows (the same event heard twice)', () => {
    const start = list();
    expect(applyConversationUpdate(start, { conversation_id: 1, last_message: msg(10, 8) }, me, null)).toBe(start);
  });

  it('clears the count when we read, not when the partner reads', () => {
    const read = { reader_id: me, message_ids: [11] };
    expect(applyConversationUpdate(list(), { conversation_id: 2, read }, me, null)![1]!.unread_count).toBe(0);
    const theirs = { reader_id: 8, message_ids: [11] };
    expect(applyConversationUpdate(list(), { conversation_id: 2, read: theirs }, me, null)![1]!.unread_count).toBe(2);
  });

  it('asks for a reload when a message arrives in a conversation the list does not have', () => {
    expect(applyConversationUpdate(list(), { conversation_id: 99, last_message: msg(30, 8) }, me, null)).toBeNull();
    const start = list();
    expect(
      applyConversationUpdate(start, { conversation_id: 99, read: { reader_id: me, message_ids: [] } }, me, null),
    ).toBe(start);
  });
});

describe('unread messages label', () => {
  it('agrees in number', () => {
    expect(unreadMessagesLabel(1)).toBe('1 mensaje sin leer');
    expect(unreadMessagesLabel(3)).toBe('3 mensajes sin leer');
    expect(unreadMessagesLabel(1200)).toBe('1.200 mensajes sin leer');
  });
});

describe('applyConversationUpdate: reads that change nothing', () => {
  const me = 7;
  const msg = (id: number, sender: number) => ({ id, sender: { id: sender } });

  it('keeps the very same list when our read finds nothing unread', () => {
    const start = [{ id: 1, last_message: msg(10, 8), unread_count: 0 }];
    const read = { reader_id: me, message_ids: [10] };
    expect(applyConversationUpdate(start, { conversation_id: 1, read }, me, null)).toBe(start);
  });

  it('clears only the conversation we read', () => {
    const start = [
      { id: 1, last_message: msg(10, 8), unread_count: 3 },
      { id: 2, last_message: msg(11, 9), unread_count: 2 },
    ];
    const read = { reader_id: me, message_ids: [10] };
    expect(applyConversationUpdate(start, { conversation_id: 1, read }, me, null)!.map((c) => c.unread_count)).toEqual([
      0, 2,
    ]);
  });
});
