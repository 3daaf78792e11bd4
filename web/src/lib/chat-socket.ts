import { CHAT_LIMITS, CHAT_NAMESPACE, type ChatClientEvents, type ChatServerEvents } from '@cym/common';
import { io, type Socket } from 'socket.io-client';
import { readTokens } from './auth-storage';

/** The chat socket, typed by common's event maps: event names and payloads are checked. */
export type ChatSocket = Socket<ChatServerEvents, ChatClientEvents>;

let socket: ChatSocket | null = null;

/** Pause before coming back after the server closed the socket (the token's expiry). */
const SERVER_CLOSE_RECONNECT_MS = 1000;

/**
 * The one chat socket of this tab (namespace /chat), shared by the chat page and the navbar's
 * unread count. The access token goes in the handshake's auth (never in the URL), read afresh
 * on every reconnection; up to 5 reconnections, 1, 2, 4, 8 and 16 s apart. This module is loaded on
 * demand, so pages without chat never download socket.io.
 */
export function chatSocket(): ChatSocket {
  socket ??= io(CHAT_NAMESPACE, {
    auth: (send) => send({ token: readTokens()?.access ?? '' }),
    transports: ['websocket', 'polling'],
    reconnectionAttempts: CHAT_LIMITS.reconnectAttempts,
    reconnectionDelay: CHAT_LIMITS.reconnectBaseMs,
    reconnectionDelayMax: CHAT_LIMITS.reconnectBaseMs * 16,
    randomizationFactor: 0,
  });
  const current = socket;
  // The server closes a socket when its access token expires (and when the session ends). The
  // session keeps the tokens fresh, so while one is stored the socket comes back with it; an
  // ended session's token is refused at the handshake and the socket stays closed.
  current.on('disconnect', (reason) => {
    if (reason !== 'io server disconnect') return;
    setTimeout(() => {
      if (readTokens() && !current.connected) current.connect();
    }, SERVER_CLOSE_RECONNECT_MS);
  });
  return socket;
}
