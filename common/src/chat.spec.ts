import { CHAT_LIMITS, CHAT_MESSAGES, chatMessageProblem, chatPreview } from './chat';

describe('chatMessageProblem (spec 01 §5)', () => {
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

describe('chatPreview (spec 01 §9)', () => {
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

describe('CHAT_LIMITS (spec 01 §9)', () => {
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
