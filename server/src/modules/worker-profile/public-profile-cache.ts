import { Inject, Injectable, Optional } from '@nestjs/common';
import { VersionedCache } from '../../common/cache/versioned-cache';
import type { PreparedAnswer } from '../../common/http/prepared-answer';
import { REDIS_CLIENT, type RedisClient } from '../../common/redis/redis';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { OnDomainEvent, PUBLIC_CARD_EVENTS } from '../../common/events/domain-events';
import { Reads } from '../../database/reads';

/**
 * What the public (anyone but the profile's owner and the admins) may read of a worker profile:
 * its owner (null when there is no profile, or its account is gone) and the get-info answer
 * (null when hidden: 404).
 */
export interface PublicWorkerInfo {
  userId: number | null;
  answer: PreparedAnswer | null;
}

/** A profile's answer is about 1 KiB; the key and the entry's own fields are counted too. */
const ENTRY_OVERHEAD_BYTES = 128;
const MAX_ENTRY_BYTES = 1024 * 1024;
const MAX_TOTAL_BYTES = 16 * 1024 * 1024;

/**
 * The public get-info answers of worker profiles, kept for DIRECTORY_CACHE_SECONDS (0 turns it
 * off, as for the directory) and forgotten on every event of a write that changes what they
 * show: the profile's content or visibility (owner, admin), the account's first name and photo,
 * and account deletion. With Redis, every process follows the version at
 * `<prefix>worker-profile:version`. What changes with time alone (the "last seen" text, a
 * `last_seen` moved by activity) shows within the interval.
 *
 * Only the public's answer is kept: the owner and admins read the database every time (their
 * answer holds the account's private fields and shows hidden profiles), so an answer never
 * reaches a viewer it was not made for.
 */
@Injectable()
export class PublicProfileCache {
  private readonly cache: VersionedCache<PublicWorkerInfo>;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(REDIS_CLIENT) redis: RedisClient | null = null,
    @Optional() @Inject(Reads) private readonly reads: Reads | null = null,
  ) {
    this.cache = new VersionedCache<PublicWorkerInfo>({
      name: 'PublicProfileCache',
      ttlMs: config.directoryCacheMs,
      shared: redis ? { client: redis, key: `${config.redisKeyPrefix}worker-profile:version` } : null,
      sizeOf: (info) => ENTRY_OVERHEAD_BYTES + (info.answer?.size ?? 0),
      maxEntryBytes: MAX_ENTRY_BYTES,
      maxTotalBytes: MAX_TOTAL_BYTES,
    });
  }

  /** A person who just wrote reads past the kept answers (see Reads.bypassCaches). */
  info(profileId: number, read: () => Promise<PublicWorkerInfo>): Promise<PublicWorkerInfo> {
    const bypass = this.reads?.bypassCaches() ?? false;
    if (bypass === false) return this.cache.get(String(profileId), read);
    return bypass.then((yes) => (yes ? read() : this.cache.get(String(profileId), read)));
  }

  /** Forgets every kept answer (in every process, with Redis); reads already under way are not kept. */
  @OnDomainEvent(...PUBLIC_CARD_EVENTS)
  invalidate(): void {
    this.cache.invalidate();
  }
}
