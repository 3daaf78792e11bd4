import { Inject, Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
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
 *   in the next answer; what changes without a write in this process (time passing, another
 *   server process) shows within the interval. This is the one listener: carrying the clearing
 *   to other processes is a change here only.
 * - Bounded: answers above 16 MiB are not kept, and the oldest go beyond 64 MiB in total.
 */
@Injectable()
export class DirectoryCache {
  private readonly ttlMs: number;
  private readonly entries = new Map<string, { answer: DirectoryAnswer; expires: number }>();
  private readonly building = new Map<string, Promise<DirectoryAnswer>>();
  private generation = 0;
  private bytes = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.ttlMs = config.directoryCacheMs;
  }

  async answer(key: string, read: () => Promise<unknown>): Promise<DirectoryAnswer> {
    if (this.ttlMs === 0) return new DirectoryAnswer(await read());
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
    this.generation += 1;
    this.entries.clear();
    this.building.clear();
    this.bytes = 0;
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
