import { Logger } from '@nestjs/common';
import { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/** The shared Redis client, or null when REDIS_URL is not set (one process works alone). */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/**
 * How long a feature waits for Redis before doing without it for that call (rate limits counted
 * in memory, the directory cache trusting its own interval). Redis answers in well under a
 * millisecond on a private network; this only bounds a hung server.
 */
export const REDIS_TIMEOUT_MS = 500;

/**
 * Connects to REDIS_URL. Commands fail at once while the connection is down instead of waiting
 * in a queue (disableOfflineQueue), so a Redis outage costs each caller its fallback, not a hang;
 * the client reconnects by itself. Errors are logged once per outage, never with the URL (it
 * may hold a password).
 */
export async function connectRedis(url: string, logger = new Logger('Redis')): Promise<RedisClient> {
  const client: RedisClient = createClient({ url, disableOfflineQueue: true });
  const outage = new OutageLog(logger, 'Redis unavailable, reconnecting', 'Redis connection back');
  client.on('error', (error: Error) => outage.failed(error));
  client.on('ready', () => outage.recovered());
  await client.connect();
  return client;
}

/**
 * One warning when Redis starts failing for a feature and one line when it answers again,
 * however many calls meet the outage in between.
 */
export class OutageLog {
  private down = false;

  constructor(
    private readonly logger: Pick<Logger, 'log' | 'warn'>,
    /** What the feature does meanwhile, e.g. "Rate limits counted in this process's memory". */
    private readonly whileDown: string,
    private readonly back: string,
  ) {}

  failed(error: unknown): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn(`${this.whileDown}: ${error instanceof Error ? error.message : String(error)}`);
  }

  recovered(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.log(this.back);
  }
}

/** `promise`, or a rejection once `ms` have passed without its answer. */
export function withTimeout<T>(promise: Promise<T>, ms: number = REDIS_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Closes the client, waiting for commands under way when connected. */
export async function closeRedis(client: RedisClient): Promise<void> {
  if (!client.isOpen) return;
  if (client.isReady) await client.close().catch(() => client.destroy());
  else client.destroy();
}
