import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { OutageLog, REDIS_CLIENT, type RedisClient, withTimeout } from '../../common/redis/redis';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JOB_OFFER_CHANGED } from '../job-offers/job-offers.events';
import { MEMBERSHIP_CHANGED } from '../memberships/memberships.events';
import { PARENT_PROFILE_CHANGED } from '../parent-profile/parent-profile.events';
import { USER_CHANGED } from '../users/users.events';
import { WORKER_PROFILE_CHANGED } from '../worker-profile/worker-profile.events';
import { DirectoryAnswer } from './directory-answer';
import type { ParsedQuery } from './filters';

/** A single answer larger than this is served but not kept (the whole-directory array can be). */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;
/** Memory the cache may hold in serialised JSON; the oldest entries go first beyond it. */
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;

/** The same filters in any order, with any repetition, give the same key. */
export function directoryKey(kind: 'workers' | 'job-offers', query: ParsedQuery): string {
  const filters = Object.entries(query.filters)
    .map(([key, ids]) => [key, [...new Set(ids)].sort((a, b) => a - b)] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([kind, filters, query.paginated, query.page, query.pageSize]);
}

/**
 * Public directory answers kept in memory for a few seconds (DIRECTORY_CACHE_SECONDS), so a
 * popular page is read from the database once per interval instead of once per visitor.
 *
 * - Concurrent requests for the same page while it is being read share that one read.
 * - Every domain event of a write that changes what the directories show (below) clears it
 *   synchronously, inside the writer's `emit` after its commit, so people see their own changes
 *   in the next answer; what changes without a write (time passing) shows within the interval.
 * - With REDIS_URL, every process's next answer too: an invalidation also sets a version key in
 *   Redis to a new random value, and every answer first reads that key and forgets what it kept
 *   when the value is not the one it last saw. A version key rather than pub/sub: a message may
 *   still be on its way to another process when a request reaches it right after the writer's
 *   answer, whereas the key is read in the same Redis order as the write (one round trip per
 *   answer, far cheaper than the database read it saves). A random value rather than a counter,
 *   so a Redis restart that loses the key cannot bring back a value a process already saw. When
 *   Redis fails, the answer trusts the interval, as one process alone would.
 * - Bounded: answers above 16 MiB are not kept, and the oldest go beyond 64 MiB in total.
 */
@Injectable()
export class DirectoryCache {
  private readonly ttlMs: number;
  private readonly entries = new Map<string, { answer: DirectoryAnswer; expires: number }>();
  private readonly building = new Map<string, Promise<DirectoryAnswer>>();
  private generation = 0;
  private bytes = 0;
  private readonly shared: { client: RedisClient; key: string } | null;
  /** The shared version the kept answers belong to (undefined: not read yet). */
  private seenVersion: string | null | undefined;
  private readonly outage = new OutageLog(
    new Logger('DirectoryCache'),
    'Directory cache trusts its interval while Redis fails',
    'Directory cache follows the shared version in Redis again',
  );

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(REDIS_CLIENT) redis: RedisClient | null = null,
  ) {
    this.ttlMs = config.directoryCacheMs;
    this.shared = redis ? { client: redis, key: `${config.redisKeyPrefix}directory:version` } : null;
  }

  async answer(key: string, read: () => Promise<unknown>): Promise<DirectoryAnswer> {
    if (this.ttlMs === 0) return new DirectoryAnswer(await read());
    if (this.shared) await this.catchUp(this.shared);
    const kept = this.entries.get(key);
    if (kept && kept.expires > Date.now()) return kept.answer;
    const pending = this.building.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const started = Date.now();
    const promise = read()
      .then((body) => {
        const answer = new DirectoryAnswer(body);
        // A write during the read may not be in it: then the answer serves these callers only.
        if (generation === this.generation) this.keep(key, answer, started + this.ttlMs);
        return answer;
      })
      .finally(() => {
        if (this.building.get(key) === promise) this.building.delete(key);
      });
    this.building.set(key, promise);
    return promise;
  }

  /** Forgets every kept answer; reads already under way are not kept either. */
  @OnEvent(WORKER_PROFILE_CHANGED)
  @OnEvent(PARENT_PROFILE_CHANGED)
  @OnEvent(JOB_OFFER_CHANGED)
  @OnEvent(MEMBERSHIP_CHANGED)
  @OnEvent(USER_CHANGED)
  invalidate(): void {
    this.forget();
    if (!this.shared) return;
    // Sent before this loop turn ends, so before the writer's answer reaches anyone.
    const version = randomUUID();
    this.seenVersion = version;
    withTimeout(this.shared.client.set(this.shared.key, version)).then(
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

  private keep(key: string, answer: DirectoryAnswer, expires: number): void {
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.answer.size;
    }
    if (answer.size > MAX_ENTRY_BYTES) return;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes + answer.size <= MAX_TOTAL_BYTES) break;
      this.entries.delete(oldKey);
      this.bytes -= old.answer.size;
    }
    this.entries.set(key, { answer, expires });
    this.bytes += answer.size;
  }
}
