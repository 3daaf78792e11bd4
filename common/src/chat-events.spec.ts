import {
  CHAT_CLIENT_EVENTS,
  CHAT_SERVER_EVENTS,
  chatClientId,
  chatHeartbeatAck,
  chatJoinConversation,
  chatRequestConversation,
} from './chat-events';
import { MAX_ID, parseId } from './ids';

describe('chat event names', () => {
  it("are the live channel's protocol", () => {
    expect(Object.values(CHAT_CLIENT_EVENTS)).toEqual(['join', 'send_message', 'read', 'heartbeat']);
    expect(Object.values(CHAT_SERVER_EVENTS)).toEqual([
      'message',
      'read',
      'conversation_updated',
      'heartbeat_ack',
      'chat_error',
    ]);
  });
});

describe('parseId', () => {
  it('takes whole numbers from 1 to the integer maximum, as numbers or plain digits', () => {
    expect(parseId(7)).toBe(7);
    expect(parseId('42')).toBe(42);
    expect(parseId(MAX_ID)).toBe(MAX_ID);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it('names nothing for anything else', () => {
    for (const value of [0, -1, 1.5, MAX_ID + 1, '0', '01', '0x1', '1e0', ' 1', '', null, undefined, {}, [1], NaN])
      expect(parseId(value)).toBeNull();
  });
});

describe('chat request checks', () => {
  it('join names its conversation or nothing', () => {
    expect(chatJoinConversation({ conversation_id: 3 })).toBe(3);
    expect(chatJoinConversation({ conversation_id: '3' })).toBe(3);
    for (const payload of [undefined, null, 'x', 3, {}, { conversation_id: 'x' }, { conversation_id: 0 }])
      expect(chatJoinConversation(payload)).toBeNull();
  });

  it('send_message and read fall back on the joined conversation', () => {
    expect(chatRequestConversation({ conversation_id: 5 }, 9)).toBe(5);
    expect(chatRequestConversation({ content: 'Hola' }, 9)).toBe(9);
    expect(chatRequestConversation({ conversation_id: 'x' }, 9)).toBe(9);
    expect(chatRequestConversation(undefined, undefined)).toBeNull();
    expect(chatRequestConversation({ conversation_id: -2 }, undefined)).toBeNull();
  });

  it('takes a client id of 1 to 64 letters, digits, _ or -, and ignores anything else', () => {
    expect(chatClientId({ client_id: 'a-1_B' })).toBe('a-1_B');
    expect(chatClientId({ client_id: 'x'.repeat(64) })).toBe('x'.repeat(64));
    for (const client_id of ['', 'x'.repeat(65), 'a b', 'ñ', 'a/b', 12, null])
      expect(chatClientId({ client_id })).toBeNull();
    expect(chatClientId(null)).toBeNull();
  });

  it('answers a heartbeat with its own timestamp, or ours when it is missing or odd', () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    expect(chatHeartbeatAck({ type: 'heartbeat', timestamp: 'abc' }, now)).toEqual({
      type: 'heartbeat_ack',
      timestamp: 'abc',
    });
    expect(chatHeartbeatAck({ timestamp: 1234 }, now)).toEqual({ type: 'heartbeat_ack', timestamp: 1234 });
    for (const payload of [
      undefined,
      null,
      {},
      { timestamp: 'x'.repeat(41) },
      { timestamp: Infinity },
      { timestamp: {} },
    ])
      expect(chatHeartbeatAck(payload, now)).toEqual({ type: 'heartbeat_ack', timestamp: now.toISOString() });
  });
});

describe('chat request checks at their edges', () => {
  it('echoes a timestamp of exactly 40 characters, and takes 1 as an id', () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    expect(chatHeartbeatAck({ timestamp: 'x'.repeat(40) }, now).timestamp).toBe('x'.repeat(40));
    expect(parseId(1)).toBe(1);
    expect(parseId('1')).toBe(1);
  });
});
