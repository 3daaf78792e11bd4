import { CHAT_LIMITS } from '@cym/common';
import { io, type Socket } from 'socket.io-client';
import { readTokens } from './auth-storage';

let socket: Socket | null = null;

/**
 * The one chat socket of this tab (namespace /chat), shared by the chat page and the navbar's
 * unread count. The access token goes in the handshake's auth (never in the URL), read afresh
 * on every reconnection; up to 5 reconnections, 1, 2, 4, 8 and 16 s apart (spec 01 §9).
 * This module is loaded on demand, so pages without chat never download socket.io.
 */
export function chatSocket(): Socket {
  socket ??= io('/chat', {
    auth: (send) => send({ token: readTokens()?.access ?? '' }),
    transports: ['websocket', 'polling'],
    reconnectionAttempts: CHAT_LIMITS.reconnectAttempts,
    reconnectionDelay: CHAT_LIMITS.reconnectBaseMs,
    reconnectionDelayMax: CHAT_LIMITS.reconnectBaseMs * 16,
    randomizationFactor: 0,
  });
  return socket;
}
