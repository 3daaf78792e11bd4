import { applyConversationUpdate, CHAT_LIMITS, type ChatReadReceipt, type ConversationUpdate } from '@cym/common';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { chatSocket, type ChatSocket } from '../../lib/chat-socket';
import { hireKeys } from '../hires';
import { chatKeys, type Conversation, type Message, type Summary } from './api';

export type SocketState = 'connecting' | 'open' | 'gave-up';
export type SendAnswer = { message: Message } | { error: string };

/** How long a sent message waits for the server's answer before it counts as failed. */
const SEND_TIMEOUT_MS = 10_000;

/** The conversation with one more message; a message already there (by id) is not added twice. */
export function withMessage(conversation: Conversation, message: Message): Conversation {
  return conversation.messages.some((m) => m.id === message.id)
    ? conversation
    : { ...conversation, messages: [...conversation.messages, message] };
}

/** The conversation with the receipt's messages marked read (the two ticks). */
export function withReceipt(conversation: Conversation, receipt: ChatReadReceipt): Conversation {
  return {
    ...conversation,
    messages: conversation.messages.map((m) => (receipt.message_ids.includes(m.id) ? { ...m, is_read: true } : m)),
  };
}

function clientId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The chat page's live link: the connection state, a heartbeat every 25 s that reconnects a link
 * gone quiet, the open conversation's room (joined 100 ms after opening and again after every
 * reconnection), and what the socket says, patched into the query cache: new messages and read
 * receipts into the open conversation (a hire proposal's step asks for that proposal again), list
 * updates into the sidebar (an unknown conversation reloads the list). `send` sends one message and adds it once answered.
 */
export function useChatSocket(userId: number | undefined, selectedId: number | null) {
  const client = useQueryClient();
  const [state, setState] = useState<SocketState>('connecting');
  const socketRef = useRef<ChatSocket | null>(null);
  // The open conversation, for socket handlers that outlive a render.
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;

  /** Changes the open conversation as shown (a message arrived or was sent, a receipt came). */
  const patchConversation = useCallback(
    (id: number, change: (current: Conversation) => Conversation) =>
      client.setQueryData<Conversation>(chatKeys.conversation(id), (current) => current && change(current)),
    [client],
  );

  // A message or a read elsewhere patches the sidebar in place; only an unknown conversation reloads it.
  const onConversationUpdated = useCallback(
    (update: ConversationUpdate<Message>) => {
      if (!userId) return;
      const key = chatKeys.list(userId);
      const current = client.getQueryData<Summary[]>(key) ?? null;
      const next = current ? applyConversationUpdate(current, update, userId, selectedRef.current) : null;
      if (next === null) void client.invalidateQueries({ queryKey: key });
      else if (next !== current) client.setQueryData(key, next);
    },
    [userId, client],
  );

  // The socket: state, heartbeat every 25 s, list updates.
  useEffect(() => {
    const socket = chatSocket();
    socketRef.current = socket;
    const onConnect = () => setState('open');
    const onDisconnect = () => setState('connecting');
    const onGiveUp = () => setState('gave-up');
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.io.on('reconnect_failed', onGiveUp);
    socket.on('conversation_updated', onConversationUpdated);
    if (socket.connected) setState('open');
    else socket.connect();
    // Every 25 s a heartbeat; the server answers heartbeat_ack with the same timestamp. A beat
    // still unanswered at the next one means the link is dead although the socket does not know
    // yet (a phone that changed networks): reconnect.
    let unanswered: string | null = null;
    const onAck = (ack: { timestamp?: unknown }) => {
      if (ack?.timestamp === unanswered) unanswered = null;
    };
    socket.on('heartbeat_ack', onAck);
    const heartbeat = setInterval(() => {
      if (!socket.connected) return;
      if (unanswered !== null) {
        unanswered = null;
        socket.disconnect().connect();
        return;
      }
      unanswered = new Date().toISOString();
      socket.emit('heartbeat', { type: 'heartbeat', timestamp: unanswered });
    }, CHAT_LIMITS.heartbeatMs);
    return () => {
      clearInterval(heartbeat);
      socket.off('heartbeat_ack', onAck);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.io.off('reconnect_failed', onGiveUp);
      socket.off('conversation_updated', onConversationUpdated);
    };
  }, [onConversationUpdated]);

  // The open conversation's room, 100 ms after opening; joined again after every reconnection.
  useEffect(() => {
    if (selectedId === null) return;
    const socket = socketRef.current;
    const enter = () => void socket?.emitWithAck('join', { conversation_id: selectedId }).catch(() => undefined);
    const join = setTimeout(() => {
      if (socket?.connected) enter();
      socket?.on('connect', enter);
    }, CHAT_LIMITS.connectDelayMs);
    return () => {
      clearTimeout(join);
      socket?.off('connect', enter);
    };
  }, [selectedId]);

  // Live events for the open conversation.
  useEffect(() => {
    const socket = socketRef.current;
    if (!socket || selectedId === null) return;
    const onMessage = (message: Message) => {
      if (message.conversation_id !== selectedId) return;
      patchConversation(selectedId, (current) => withMessage(current, message));
      // A step of a hire proposal (made, answered, withdrawn): its cards show where it stands now.
      if (typeof message.hire_proposal_id === 'number')
        void client.invalidateQueries({ queryKey: hireKeys.proposal(message.hire_proposal_id) });
      // The conversation is open: what arrives is read.
      if (message.sender.id !== userId) socket.emit('read', { conversation_id: selectedId });
    };
    const onRead = (receipt: ChatReadReceipt) => {
      if (receipt.conversation_id !== selectedId || receipt.reader_id === userId) return;
      patchConversation(selectedId, (current) => withReceipt(current, receipt));
    };
    socket.on('message', onMessage);
    socket.on('read', onRead);
    return () => {
      socket.off('message', onMessage);
      socket.off('read', onRead);
    };
  }, [selectedId, userId, client, patchConversation]);

  /** Sends a message; the server's answer (the saved message, or its refusal). Throws on timeout. */
  const send = useCallback(
    async (conversationId: number, content: string): Promise<SendAnswer> => {
      const socket = socketRef.current;
      if (!socket) throw new Error('socket not open');
      const ack = (await socket.timeout(SEND_TIMEOUT_MS).emitWithAck('send_message', {
        conversation_id: conversationId,
        content,
        client_id: clientId(),
      })) as SendAnswer;
      if ('message' in ack) patchConversation(conversationId, (current) => withMessage(current, ack.message));
      return ack;
    },
    [patchConversation],
  );

  return { state, send };
}
