import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { OutageLog, type RedisClient, withTimeout } from '../redis/redis';

export interface VersionedCacheOptions<T> {
  /** Names the cache in its log lines (their context), e.g. "DirectoryCache". */
  name: string;
  /** How long a value is kept; 0 reads every time. */
  ttlMs: number;
  /** With REDIS_URL: the client and the key of the version every process follows. */
  shared?: { client: RedisClient; key: string } | null;
  /** The memory a value holds, for the bounds below. */
  sizeOf: (value: T) => number;
  /** A single value larger than this is served but not kept. */
  maxEntryBytes: number;
  /** Memory the cache may hold; the oldest entries go first beyond it. */
  maxTotalBytes: number;
  /** Whether a value read is kept (default: every one): false serves it to its callers only. */
  keep?: (value: T) => boolean;
  /**
   * Told of every `get`: a hit when answered from memory (a kept value, or a read another caller
   * already started), a miss when it reads (always, with `ttlMs` 0). For the operators' figures.
   */
  onGet?: (hit: boolean) => void;
}

/**
 * Values (answers, mostly) kept in memory for a few seconds and forgotten at once when the data
 * they were made from changes: the owner of the cache calls `invalidate()` from the listeners of
 * the domain events that say so (DirectoryCache, PublicProfileCache).
 *
 * - Concurrent requests for the same key while it is being read share that one read.
 * - `invalidate()` clears it synchronously, inside the writer's `emit` after its commit, so people
 *   see their own changes in the next answer; what changes without a write (time passing) shows
 *   within the interval.
 * - With Redis, every process's next answer too: an invalidation also sets a version key in
 *   Redis to a new random value, and every answer first reads that key and forgets what it kept
 *   when the value is not the one it last saw. A version key rather than pub/sub: a message may
 *   still be on its way to another process when a request reaches it right after the writer's
 *   answer, whereas the key is read in the same Redis order as the write (one round trip per
 *   answer, far cheaper than the database read it saves). A random value rather than a counter,
 *   so a Redis restart that loses the key cannot bring back a value a process already saw. When
 *   Redis fails, the answer trusts the interval, as one process alone would.
 * - Bounded in memory (maxEntryBytes, maxTotalBytes).
 */
export class VersionedCache<T> {
  private readonly entries = new Map<string, { value: T; size: number; expires: number }>();
  private readonly building = new Map<string, Promise<T>>();
  private generation = 0;
  private bytes = 0;
  /** The shared version the kept values belong to (undefined: not read yet). */
  private seenVersion: string | null | undefined;
  private readonly outage: OutageLog;

  constructor(private readonly options: VersionedCacheOptions<T>) {
    this.outage = new OutageLog(
      new Logger(options.name),
      'Cache trusts its interval while Redis fails',
      'Cache follows the shared version in Redis again',
    );
  }

  async get(key: string, read: () => Promise<T>): Promise<T> {
    const { ttlMs, shared, onGet } = this.options;
    if (ttlMs === 0) {
      onGet?.(false);
      return read();
    }
    if (shared) await this.catchUp(shared);
    const kept = this.entries.get(key);
    if (kept && kept.expires > Date.now()) {
      onGet?.(true);
      return kept.value;
    }
    const pending = this.building.get(key);
    onGet?.(pending !== undefined);
    if (pending) return pending;
    const generation = this.generation;
    const started = Date.now();
    const promise = read()
      .then((value) => {
        // A write during the read may not be in it: then the value serves these callers only.
        if (generation === this.generation && (this.options.keep?.(value) ?? true))
          this.keep(key, value, started + ttlMs);
        return value;
      })
      .finally(() => {
        if (this.building.get(key) === promise) this.building.delete(key);
      });
    this.building.set(key, promise);
    return promise;
  }

  /** Forgets every kept value, here and (with Redis) in every process; reads under way are not kept. */
  invalidate(): void {
    this.forget();
    const { shared } = this.options;
    if (!shared) return;
    // Sent before this loop turn ends, so before the writer's answer reaches anyone.
    const version = randomUUID();
    this.seenVersion = version;
    withTimeout(shared.client.set(shared.key, version)).then(
      () => this.outage.recovered(),
      (error: unknown) => this.outage.failed(error),
    );
  }

  private forget(): void {
    this.generation += 1;
    this.entries.clear();
    this.building.clear();
    this.bytes = 0;
  }

  /** Forgets what was kept when another process invalidated since the last look. */
  private async catchUp(shared: { client: RedisClient; key: string }): Promise<void> {
    let version: string | null;
    try {
      version = await withTimeout(shared.client.get(shared.key));
    } catch (error) {
      this.outage.failed(error);
      return;
    }
    this.outage.recovered();
    if (version === this.seenVersion) return;
    this.seenVersion = version;
    this.forget();
  }

  private keep(key: string, value: T, expires: number): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.size;
    }
    const size = this.options.sizeOf(value);
    if (size > this.options.maxEntryBytes) return;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes + size <= this.options.maxTotalBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= old.size;
    }
    this.entries.set(key, { value, size, expires });
    this.bytes += size;
  }
}
