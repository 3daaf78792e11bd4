import { INestApplicationContext, Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { ServerOptions } from 'socket.io';

type RedisClient = ReturnType<typeof createClient>;

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
    return server;
  }

  override async dispose(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.quit().catch(() => undefined)));
    this.clients = [];
  }
}
