import '../../app/text-encoding.test-polyfill';
import { CHAT_LIMITS } from '@cym/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hireKeys } from '../hires';
import { chatKeys, type Conversation, type Message, type Summary } from './api';
import { useChatSocket } from './use-chat-socket';

type Handler = (...args: never[]) => void;

/** Enough of socket.io's client for the hook: handlers, emits, acknowledgements, (re)connection. */
class FakeSocket {
  connected = false;
  emitted: [string, unknown][] = [];
  ackAnswer: unknown = { ok: true };
  private handlers = new Map<string, Set<Handler>>();
  private managerHandlers = new Map<string, Set<Handler>>();
  io = {
    on: (event: string, handler: Handler) => this.add(this.managerHandlers, event, handler),
    off: (event: string, handler: Handler) => this.managerHandlers.get(event)?.delete(handler),
  };
  connect = jest.fn(() => this);
  disconnect = jest.fn(() => this);
  emitWithAck = jest.fn(async (event: string, payload: unknown) => {
    this.emitted.push([event, payload]);
    return this.ackAnswer;
  });
  on(event: string, handler: Handler) {
    this.add(this.handlers, event, handler);
    return this;
  }
  off(event: string, handler: Handler) {
    this.handlers.get(event)?.delete(handler);
    return this;
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  timeout() {
    return { emitWithAck: this.emitWithAck };
  }
  /** The server (or the manager) speaks. */
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const handler of this.handlers.get(event) ?? []) (handler as (...a: unknown[]) => void)(...args);
  }
  fireManager(event: string) {
    for (const handler of this.managerHandlers.get(event) ?? []) (handler as () => void)();
  }
  sent(event: string) {
    return this.emitted.filter(([name]) => name === event).map(([, payload]) => payload);
  }
  private add(map: Map<string, Set<Handler>>, event: string, handler: Handler) {
    if (!map.has(event)) map.set(event, new Set());
    map.get(event)!.add(handler);
  }
}

let mockSocket: FakeSocket;
jest.mock('../../lib/chat-socket', () => ({ chatSocket: () => mockSocket }));

const ME = 1;
const PARTNER = 2;

function message(id: number, sender: number, conversation = 7): Message {
  return {
    id,
    conversation_id: conversation,
    content: `Mensaje ${id}`,
    timestamp: '2026-11-25T12:00:00.000Z',
    is_read: false,
    sender: { id: sender },
  } as unknown as Message;
}

function summary(id: number, unread = 0): Summary {
  return { id, unread_count: unread, last_message: null, partner: { first_name: 'Ana' } } as unknown as Summary;
}

function setup(selectedId: number | null = 7) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(chatKeys.list(ME), [summary(7), summary(8)]);
  client.setQueryData(chatKeys.conversation(7), { id: 7, messages: [message(1, PARTNER)] } as unknown as Conversation);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(({ id }) => useChatSocket(ME, id), { wrapper, initialProps: { id: selectedId } });
  const messages = () => client.getQueryData<Conversation>(chatKeys.conversation(7))!.messages;
  return { client, view, messages };
}

beforeEach(() => {
  mockSocket = new FakeSocket();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('useChatSocket: connection and reconnection', () => {
  it('connects, and follows the socket: open, connecting again, given up', () => {
    const { view } = setup();
    expect(mockSocket.connect).toHaveBeenCalledTimes(1);
    expect(view.result.current.state).toBe('connecting');
    act(() => mockSocket.fire('connect'));
    expect(view.result.current.state).toBe('open');
    act(() => mockSocket.fire('disconnect', 'transport close'));
    expect(view.result.current.state).toBe('connecting');
    act(() => mockSocket.fireManager('reconnect_failed'));
    expect(view.result.current.state).toBe('gave-up');
  });

  it('beats every 25 s and reconnects when a beat goes unanswered', () => {
    setup();
    act(() => mockSocket.fire('connect'));
    act(() => jest.advanceTimersByTime(CHAT_LIMITS.heartbeatMs));
    const [beat] = mockSocket.sent('heartbeat') as { timestamp: string }[];
    expect(beat).toEqual({ type: 'heartbeat', timestamp: expect.any(String) });

    act(() => mockSocket.fire('heartbeat_ack', { timestamp: beat!.timestamp }));
    act(() => jest.advanceTimersByTime(CHAT_LIMITS.heartbeatMs));
    expect(mockSocket.disconnect).not.toHaveBeenCalled();
    expect(mockSocket.sent('heartbeat')).toHaveLength(2);

    // No answer to the second beat: the link is dead although the socket does not know yet.
    act(() => jest.advanceTimersByTime(CHAT_LIMITS.heartbeatMs));
    expect(mockSocket.disconnect).toHaveBeenCalledTimes(1);
    expect(mockSocket.connect).toHaveBeenCalledTimes(2);
  });

  it('joins the open conversation after the delay, and again after every reconnection', async () => {
    setup(7);
    act(() => mockSocket.fire('connect'));
    expect(mockSocket.sent('join')).toHaveLength(0);
    await act(async () => jest.advanceTimersByTime(CHAT_LIMITS.connectDelayMs));
    expect(mockSocket.sent('join')).toEqual([{ conversation_id: 7 }]);
    act(() => mockSocket.fire('disconnect', 'transport close'));
    await act(async () => mockSocket.fire('connect'));
    expect(mockSocket.sent('join')).toEqual([{ conversation_id: 7 }, { conversation_id: 7 }]);
  });

  it('stops listening when the page goes', () => {
    const { view } = setup();
    view.unmount();
    act(() => mockSocket.fire('connect'));
    act(() => jest.advanceTimersByTime(CHAT_LIMITS.heartbeatMs * 3));
    expect(mockSocket.sent('heartbeat')).toHaveLength(0);
  });
});

describe('useChatSocket: patching what is on screen', () => {
  it('adds a live message to the open conversation once, and reads it when it is the partner’s', () => {
    const { messages } = setup(7);
    act(() => mockSocket.fire('message', message(2, PARTNER)));
    act(() => mockSocket.fire('message', message(2, PARTNER)));
    expect(messages().map((m) => m.id)).toEqual([1, 2]);
    expect(mockSocket.sent('read')).toEqual([{ conversation_id: 7 }, { conversation_id: 7 }]);

    act(() => mockSocket.fire('message', message(3, ME)));
    expect(messages().map((m) => m.id)).toEqual([1, 2, 3]);
    expect(mockSocket.sent('read')).toHaveLength(2);

    act(() => mockSocket.fire('message', message(4, PARTNER, 8)));
    expect(messages().map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('asks again for a hire proposal when a step of it arrives, so every card of it shows the new state', () => {
    const { client } = setup(7);
    client.setQueryData(hireKeys.proposal(40), { id: 40, status: 'pending' });
    client.setQueryData(hireKeys.proposal(41), { id: 41, status: 'pending' });
    act(() => mockSocket.fire('message', { ...message(2, PARTNER), hire_proposal_id: 40 }));
    expect(client.getQueryState(hireKeys.proposal(40))!.isInvalidated).toBe(true);
    expect(client.getQueryState(hireKeys.proposal(41))!.isInvalidated).toBe(false);
    // A message of another conversation is not this page's.
    act(() => mockSocket.fire('message', { ...message(3, PARTNER, 8), hire_proposal_id: 41 }));
    expect(client.getQueryState(hireKeys.proposal(41))!.isInvalidated).toBe(false);
  });

  it('marks the messages of a partner’s read receipt read, and ignores its own', () => {
    const { messages } = setup(7);
    act(() => mockSocket.fire('message', message(3, ME)));
    act(() => mockSocket.fire('read', { conversation_id: 7, reader_id: ME, message_ids: [3] }));
    expect(messages().find((m) => m.id === 3)!.is_read).toBe(false);
    act(() => mockSocket.fire('read', { conversation_id: 7, reader_id: PARTNER, message_ids: [3] }));
    expect(messages().find((m) => m.id === 3)!.is_read).toBe(true);
  });

  it('patches the sidebar in place, and reloads it for a conversation it does not have', () => {
    const { client } = setup(null);
    act(() => mockSocket.fire('conversation_updated', { conversation_id: 8, last_message: message(5, PARTNER, 8) }));
    const list = client.getQueryData<Summary[]>(chatKeys.list(ME))!;
    expect(list.map((c) => [c.id, c.unread_count])).toEqual([
      [8, 1],
      [7, 0],
    ]);
    expect(client.getQueryState(chatKeys.list(ME))!.isInvalidated).toBe(false);

    act(() => mockSocket.fire('conversation_updated', { conversation_id: 99, last_message: message(6, PARTNER, 99) }));
    expect(client.getQueryState(chatKeys.list(ME))!.isInvalidated).toBe(true);
  });

  it('sends a message and shows the saved one once the server answers', async () => {
    const { view, messages } = setup(7);
    act(() => mockSocket.fire('connect'));
    mockSocket.ackAnswer = { message: message(9, ME), duplicate: false };
    let answer: unknown;
    await act(async () => {
      answer = await view.result.current.send(7, 'Hola');
    });
    expect(answer).toEqual({ message: message(9, ME), duplicate: false });
    expect(mockSocket.sent('send_message')).toEqual([
      { conversation_id: 7, content: 'Hola', client_id: expect.any(String) },
    ]);
    expect(messages().map((m) => m.id)).toEqual([1, 9]);

    mockSocket.ackAnswer = { error: 'No podés escribir en esta conversación.' };
    await act(async () => {
      answer = await view.result.current.send(7, 'Hola');
    });
    expect(answer).toEqual({ error: 'No podés escribir en esta conversación.' });
    expect(messages().map((m) => m.id)).toEqual([1, 9]);
  });
});
