import { io, type Socket } from 'socket.io-client';
import type { TestAccount } from './accounts';

/** An account's access token, as the chat socket's handshake carries it. */
export const tokenOf = (account: TestAccount): string => account.auth.Authorization.slice('Bearer '.length);

export interface ChatSockets {
  /**
   * A socket on the app's /chat namespace with `token` in the handshake (none when undefined);
   * resolves once connected, rejects with the server's refusal.
   */
  connect(app: { baseUrl: string }, token: string | undefined): Promise<Socket>;
  disconnectAll(): void;
}

/** The chat sockets a suite opens; every one is disconnected after its test. */
export function useChatSockets(): ChatSockets {
  const sockets: Socket[] = [];
  afterEach(() => chat.disconnectAll());
  const chat: ChatSockets = {
    connect: (app, token) =>
      new Promise((resolve, reject) => {
        const socket = io(`${app.baseUrl}/chat`, {
          auth: token === undefined ? {} : { token },
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
        });
        sockets.push(socket);
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', (error) => reject(error));
      }),
    disconnectAll: () => {
      for (const socket of sockets.splice(0)) socket.disconnect();
    },
  };
  return chat;
}

/** Every event of a name a socket receives, from now on. */
export function record<T = Record<string, unknown>>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Polls `check` every 20 ms until it holds; throws `timed out waiting for <what>` after `ms`. */
export async function waitUntil(check: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
