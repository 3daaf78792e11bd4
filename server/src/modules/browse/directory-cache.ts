import { Inject, Injectable, Optional } from '@nestjs/common';
import { VersionedCache } from '../../common/cache/versioned-cache';
import { PreparedAnswer } from '../../common/http/prepared-answer';
import { Metrics } from '../../common/metrics/metrics';
import { REDIS_CLIENT, type RedisClient } from '../../common/redis/redis';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { OnDomainEvent, PUBLIC_CARD_EVENTS } from '../../common/events/domain-events';
import { Reads } from '../../database/reads';
import type { ParsedQuery } from './filters';

/** A single answer larger than this is served but not kept (the whole-directory array can be). */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;
/** Memory the cache may hold in serialised JSON; the oldest entries go first beyond it. */
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/**
 * Marks a listener of every domain event of a write that changes what the public directories
 * and pages show (a worker's or employer's profile, an offer, a membership, an account, a
 * reference: the ratings on cards): the
 * caches of public answers (this one, the rendered pages, the preview images) forget on them.
 */
export function OnDirectoryWrite() {
  return OnDomainEvent(
    ...PUBLIC_CARD_EVENTS,
    'parent-profile.updated',
    'job-offer.changed',
    'membership.changed',
    'reference.changed',
  );
}

/** The same filters in any order, with any repetition, give the same key; 'Cerca de' is part of it. */
export function directoryKey(kind: 'workers' | 'job-offers', query: ParsedQuery): string {
  const filters = Object.entries(query.filters)
    .map(([key, ids]) => [key, [...new Set(ids)].sort((a, b) => a - b)] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  const near = query.near ? [query.near.municipality, query.near.radiusKm] : null;
  return JSON.stringify([kind, filters, query.paginated, query.page, query.pageSize, near]);
}

/**
 * Public directory answers kept in memory for a few seconds (DIRECTORY_CACHE_SECONDS), so a
 * popular page is read from the database once per interval instead of once per visitor: a
 * VersionedCache (common/cache: shared reads, the interval, the Redis version key at
 * `<prefix>directory:version`, the bounds) cleared by every domain event of a write that changes
 * what the directories show (below).
 */
@Injectable()
export class DirectoryCache {
  private readonly cache: VersionedCache<PreparedAnswer>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    metrics: Metrics,
    @Optional() @Inject(REDIS_CLIENT) redis: RedisClient | null = null,
    @Optional() @Inject(Reads) private readonly reads: Reads | null = null,
  ) {
    this.cache = new VersionedCache<PreparedAnswer>({
      name: 'DirectoryCache',
      ttlMs: config.directoryCacheMs,
      shared: redis ? { client: redis, key: `${config.redisKeyPrefix}directory:version` } : null,
      sizeOf: (answer) => answer.size,
      maxEntryBytes: MAX_ENTRY_BYTES,
      maxTotalBytes: MAX_TOTAL_BYTES,
      onGet: (hit) => metrics.cacheRequests.inc({ cache: 'directory', result: hit ? 'hit' : 'miss' }),
    });
  }

  /** A person who just wrote reads past the kept answers (see Reads.bypassCaches). */
  answer(key: string, read: () => Promise<unknown>): Promise<PreparedAnswer> {
    const kept = () => this.cache.get(key, async () => new PreparedAnswer(await read()));
    const bypass = this.reads?.bypassCaches() ?? false;
    if (bypass === false) return kept();
    return bypass.then(async (yes) => (yes ? new PreparedAnswer(await read()) : kept()));
  }

  /** Forgets every kept answer (in every process, with Redis); reads already under way are not kept either. */
  @OnDirectoryWrite()
  invalidate(): void {
    this.cache.invalidate();
  }
}
