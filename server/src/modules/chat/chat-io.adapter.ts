import { INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { ServerOptions } from 'socket.io';

type RedisClient = ReturnType<typeof createClient>;

/** What coalesceWrites touches of an engine.io connection (engine.io 6: `flush` is its send step). */
interface EngineConnection {
  flush: () => void;
  transport?: { socket?: { _socket?: { cork?: () => void; uncork?: () => void } } };
}

/**
 * One socket write per connection per turn of the event loop: every packet emitted to a
 * connection in one turn (a message's `message` and `conversation_updated`, or the sender's
 * `conversation_updated` and acknowledgement) leaves in one TCP write instead of one each.
 * engine.io flushes its buffer on every packet; here the flush waits for the end of the turn
 * (setImmediate) and the websocket's TCP socket is corked while the buffer's frames are written.
 * Under load most of the server's time went to `writev` (docs/PERFORMANCE.md, Chat). Without
 * the expected engine.io shape the connection is left as it is.
 */
export function coalesceWrites(connection: EngineConnection): void {
  if (typeof connection.flush !== 'function') return;
  const flushNow = connection.flush.bind(connection);
  let scheduled = false;
  connection.flush = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      const raw = connection.transport?.socket?._socket;
      if (typeof raw?.cork !== 'function' || typeof raw.uncork !== 'function') return flushNow();
      raw.cork();
      try {
        flushNow();
      } finally {
        raw.uncork();
      }
    });
  };
}

/**
 * socket.io on the app's HTTP server; with REDIS_URL, the Redis adapter shares rooms between
 * server processes (decisions "Chat"). Without it, one process works alone.
 */
export class ChatIoAdapter extends IoAdapter {
  private readonly logger = new Logger('ChatIoAdapter');
  private clients: RedisClient[] = [];
  private redisAdapter?: ReturnType<typeof createAdapter>;

  constructor(
    app: INestApplicationContext,
    private readonly redisUrl?: string,
    /** REDIS_KEY_PREFIX: deployments (or test runs) sharing one Redis never hear each other's rooms. */
    private readonly keyPrefix = 'casaymanos:',
  ) {
    super(app);
  }

  async connectRedis(): Promise<void> {
    if (!this.redisUrl) return;
    const pub = createClient({ url: this.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (error: Error) => this.logger.warn(`redis: ${error.message}`));
    await Promise.all([pub.connect(), sub.connect()]);
    this.clients = [pub, sub];
    // Our own channel prefix, so another application on the same Redis never hears our rooms.
    this.redisAdapter = createAdapter(pub, sub, { key: `${this.keyPrefix}chat` });
    this.logger.log('socket.io rooms shared through Redis');
  }

  override createIOServer(port: number, options?: ServerOptions) {
    const server = super.createIOServer(port, { ...options, cors: undefined, transports: ['websocket', 'polling'] });
    if (this.redisAdapter) server.adapter(this.redisAdapter);
    (server as { engine?: { on(event: 'connection', listener: (c: EngineConnection) => void): void } }).engine?.on(
      'connection',
      coalesceWrites,
    );
    return server;
  }

  override async dispose(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.quit().catch(() => undefined)));
    this.clients = [];
  }
}
