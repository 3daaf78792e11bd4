import { Global, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Metrics } from '../metrics/metrics';
import { REDIS_CLIENT, type RedisClient } from '../redis/redis';
import { RateLimiter, RedisRateLimitStore, subjectHashKey } from './rate-limiter';

/** The process's RateLimiter: counting in Redis when REDIS_URL is set (RedisModule), in memory otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: RateLimiter,
      inject: [APP_CONFIG, Metrics, { token: REDIS_CLIENT, optional: true }],
      useFactory: (config: AppConfig, metrics: Metrics, redis?: RedisClient | null) =>
        new RateLimiter(
          Date.now,
          redis
            ? new RedisRateLimitStore(redis, subjectHashKey(config.jwtSecret), `${config.redisKeyPrefix}rl:`)
            : undefined,
          undefined,
          (rule) => metrics.rateLimitRefusals.inc({ rule }),
        ),
    },
  ],
  exports: [RateLimiter],
})
export class RateLimitModule {}
