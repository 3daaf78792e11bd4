import { Logger } from '@nestjs/common';
import type { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/**
 * The client library, loaded when a process first makes a client: it is about a third of the
 * server's start-up reading (hundreds of command modules), and a process without REDIS_URL (a
 * single server, every test app) never needs it.
 */
function redisLibrary(): { createClient: typeof createClient } {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('redis') as { createClient: typeof createClient };
}

/** The shared Redis client, or null when REDIS_URL is not set (one process works alone). */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

/**
 * How long a feature waits for Redis before doing without it for that call (rate limits counted
 * in memory, the directory cache trusting its own interval). Redis answers in well under a
 * millisecond on a private network; this only bounds a hung server.
 */
export const REDIS_TIMEOUT_MS = 500;

/**
 * How long one TCP connection attempt may take, and how long the start waits for a client's
 * first outcome: Redis is never waited for beyond this, the process starts without it and the
 * client keeps trying.
 */
export const REDIS_CONNECT_TIMEOUT_MS = 3000;

/** Reconnection: the first retry after 200 ms, each wait twice the last, at most 30 s. */
export const REDIS_RECONNECT = { firstMs: 200, maxMs: 30_000 };

/** The wait before retry `retries` (0, 1, …): exponential with ±20 % jitter so processes spread out, capped. */
export function reconnectDelay(retries: number, random: () => number = Math.random): number {
  const base = REDIS_RECONNECT.firstMs * 2 ** Math.min(retries, 20);
  return Math.min(REDIS_RECONNECT.maxMs, Math.round(base * (0.8 + 0.4 * random())));
}

/**
 * A client for REDIS_URL, not connected yet. Commands fail at once while the connection is down
 * (disableOfflineQueue) instead of waiting in a queue, so a Redis outage costs each caller its
 * fallback, not a hang; `offlineQueue` keeps them queued instead, for a subscriber whose
 * SUBSCRIBE must reach Redis once it is up. Reconnects by itself with the backoff above.
 */
export function createRedisClient(url: string, options: { offlineQueue?: boolean } = {}): RedisClient {
  return redisLibrary().createClient({
    url,
    disableOfflineQueue: !options.offlineQueue,
    socket: { connectTimeout: REDIS_CONNECT_TIMEOUT_MS, reconnectStrategy: (retries) => reconnectDelay(retries) },
  });
}

/**
 * Starts connecting `clients` and logs their state through `outage`: one warning when the first
 * of them loses Redis, one line when all of them are back, never one per attempt. Resolves once
 * each client is ready or has failed a first time (at most REDIS_CONNECT_TIMEOUT_MS), never
 * waiting for Redis to come up.
 */
export async function startRedis(clients: RedisClient[], outage: OutageLog): Promise<void> {
  const down = new Set<RedisClient>();
  for (const client of clients) {
    client.on('error', (error: Error) => {
      // An error on a connection that stays up (a reply it could not parse) is no outage.
      if (client.isReady) return;
      down.add(client);
      outage.failed(error);
    });
    client.on('ready', () => {
      down.delete(client);
      if (down.size === 0) outage.recovered();
    });
  }
  await Promise.all(clients.map((client) => firstOutcome(client)));
}

/** Connects in the background; resolves at the first 'ready' or 'error', or after the connect timeout. */
function firstOutcome(client: RedisClient): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, REDIS_CONNECT_TIMEOUT_MS);
    client.on('ready', done);
    client.on('error', done);
    // Settles only once connected (or destroyed): the client retries by itself meanwhile.
    client.connect().catch(() => undefined);
  });
}

/**
 * The shared client of REDIS_URL, connecting; resolves once it is ready or has failed a first
 * time (see startRedis), so the process starts whether Redis is up or not. Errors are logged
 * once per outage, never with the URL (it may hold a password).
 */
export async function connectRedis(url: string, logger = new Logger('Redis')): Promise<RedisClient> {
  const client = createRedisClient(url);
  await startRedis([client], new OutageLog(logger, 'Redis unavailable, reconnecting', 'Redis connection back'));
  return client;
}

/**
 * One warning when Redis starts failing for a feature and one line when it answers again,
 * however many calls meet the outage in between; that line counts them and says how long it
 * lasted.
 */
export class OutageLog {
  private since: number | null = null;
  private failures = 0;

  constructor(
    private readonly logger: Pick<Logger, 'log' | 'warn'>,
    /** What the feature does meanwhile, e.g. "Rate limits counted in this process's memory". */
    private readonly whileDown: string,
    private readonly back: string,
    private readonly now: () => number = Date.now,
  ) {}

  failed(error: unknown): void {
    this.failures += 1;
    if (this.since !== null) return;
    this.since = this.now();
    this.failures = 1;
    this.logger.warn(`${this.whileDown}: ${error instanceof Error ? error.message : String(error)}`);
  }

  recovered(): void {
    if (this.since === null) return;
    const seconds = Math.round((this.now() - this.since) / 1000);
    this.since = null;
    this.logger.log(
      `${this.back} (after ${seconds} s, ${this.failures} ${this.failures === 1 ? 'failure' : 'failures'})`,
    );
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
