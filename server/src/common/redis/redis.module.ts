import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { closeRedis, connectRedis, REDIS_CLIENT, type RedisClient } from './redis';

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly client: RedisClient | null) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.client) await closeRedis(this.client);
  }
}

/**
 * The one Redis client of the process's shared state (rate limits, the caches' versions), opened
 * at start when REDIS_URL is set and closed at shutdown; REDIS_CLIENT is null without it. The
 * start does not wait for Redis (connectRedis): a process whose Redis is down starts, answers
 * 503 on /api/ready and does without Redis until the client reconnects. The chat keeps its own
 * pair (socket.io's adapter needs dedicated connections, one of them in subscriber mode).
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Promise<RedisClient | null> | null =>
        config.redisUrl ? connectRedis(config.redisUrl) : null,
    },
    RedisShutdown,
  ],
  exports: [REDIS_CLIENT],
})
export class RedisModule {}
