import { INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { RedisAdapter } from '@socket.io/redis-adapter';
import type { Namespace, ServerOptions } from 'socket.io';
import { closeRedis, createRedisClient, OutageLog, type RedisClient, startRedis } from '../../common/redis/redis';

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
 * The Redis adapter, for a Redis that may be down: no other process can then be asked who is
 * connected (fetchSockets, allRooms), so this process's own sockets are the answer instead of
 * an error.
 */
class ChatRedisAdapter extends RedisAdapter {
  override serverCount(): Promise<number> {
    return super.serverCount().catch(() => 1);
  }
}

/**
 * The adapter calls these without handling their promise: a rejection (Redis down, the client
 * closed under a queued SUBSCRIBE) would be an unhandled rejection, which ends the process. The
 * outage itself is logged by the client's state (startRedis).
 */
function settleQuietly(
  client: RedisClient,
  methods: ('publish' | 'subscribe' | 'pSubscribe' | 'unsubscribe' | 'pUnsubscribe')[],
) {
  for (const method of methods) {
    const original = (client[method] as (...args: unknown[]) => Promise<unknown>).bind(client);
    Object.assign(client, { [method]: (...args: unknown[]) => original(...args).catch(() => undefined) });
  }
}

/**
 * socket.io on the app's HTTP server; with REDIS_URL, the Redis adapter shares rooms between
 * server processes. Without it, one process works alone. The start does not
 * wait for Redis: while it is down, a broadcast reaches this process's sockets only (the
 * publisher fails at once rather than queueing messages for later), the subscriber's SUBSCRIBE
 * waits for it, and both clients reconnect by themselves; one line is logged when the pair
 * loses Redis and one when both are back.
 */
export class ChatIoAdapter extends IoAdapter {
  private readonly logger = new Logger('ChatIoAdapter');
  private clients: RedisClient[] = [];
  private redisAdapter?: new (nsp: Namespace) => RedisAdapter;

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
    const pub = createRedisClient(this.redisUrl);
    const sub = createRedisClient(this.redisUrl, { offlineQueue: true });
    settleQuietly(pub, ['publish']);
    settleQuietly(sub, ['subscribe', 'pSubscribe', 'unsubscribe', 'pUnsubscribe']);
    this.clients = [pub, sub];
    await startRedis(
      this.clients,
      new OutageLog(
        this.logger,
        "socket.io rooms reach this process's sockets only while Redis fails",
        'socket.io rooms shared through Redis again',
      ),
    );
    // Our own channel prefix, so another application on the same Redis never hears our rooms.
    const options = { key: `${this.keyPrefix}chat` };
    // socket.io constructs the adapter of each namespace with `new`.
    this.redisAdapter = class extends ChatRedisAdapter {
      constructor(nsp: Namespace) {
        super(nsp, pub, sub, options);
      }
    };
    if (pub.isReady && sub.isReady) this.logger.log('socket.io rooms shared through Redis');
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
    await Promise.all(this.clients.map((client) => closeRedis(client)));
    this.clients = [];
  }
}
