import { Global, Inject, Injectable, Module, OnModuleDestroy, OnModuleInit, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Metrics } from '../common/metrics/metrics';
import { REDIS_CLIENT, type RedisClient, withTimeout } from '../common/redis/redis';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { plannedQuery, preparedQuery } from './prepared-query';
import { isReplicaFailure, ReadReplica } from './read-replica';

/** What the routing knows of the request under way. */
interface ReaderStore {
  /** The user the request's bearer token names (unverified: see tokenSubject). */
  subject: number | null;
  /** A POST, PUT, PATCH or DELETE: its reads follow its own writes, on the primary. */
  writes: boolean;
  /** Whether the subject wrote recently (looked up once per request). */
  wroteRecently?: Promise<boolean>;
}

const readers = new AsyncLocalStorage<ReaderStore>();
const RESOURCE = Symbol('readerResource');
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The user id (`id` claim) of a bearer token's payload, unverified, or null. Only ever used to
 * send a request's reads to the primary: a forged id costs its sender a slower read, nothing more.
 */
export function tokenSubject(authorization: string | undefined): number | null {
  const match = /^Bearer\s+[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]+$/i.exec(authorization?.trim() ?? '');
  if (!match) return null;
  try {
    const id = (JSON.parse(Buffer.from(match[1]!, 'base64url').toString('utf8')) as { id?: unknown }).id;
    return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Where the public reads run (directories, profiles, landing pages, sitemap): the primary, or
 * the streaming replica of DATABASE_REPLICA_URL while it keeps up. A read goes to the replica only
 * when all of these hold, otherwise to the primary:
 *
 * - a replica is set and usable (answering, at most DATABASE_REPLICA_MAX_LAG_MS behind);
 * - it runs inside an HTTP request (jobs and start-up read the primary);
 * - the request is a read (GET, HEAD): a write request's reads see its own writes;
 * - the request's person has not written in the last `markMs` (read-your-writes: each successful
 *   write request of a signed-in person leaves a mark for as long as the replica may lag plus
 *   the public caches' interval, in this process and, with Redis, in every process).
 *
 * A read the replica fails (down, restarting, a cancelled statement) is run again on the
 * primary, and the replica is left out until its next good reading (ReadReplica).
 */
@Injectable()
export class Reads implements OnModuleInit, OnModuleDestroy {
  private readonly replica: ReadReplica | null;
  private readonly marks = new Map<number, number>();
  private readonly markMs: number;
  private readonly markKey: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() @Inject(REDIS_CLIENT) private readonly redis: RedisClient | null = null,
    @Optional() @Inject(Metrics) private readonly metrics: Metrics | null = null,
  ) {
    const { replica, poolSize, timeouts } = config.database;
    this.replica = replica ? new ReadReplica(replica.url, this.primary, replica.maxLagMs, poolSize, timeouts) : null;
    this.markMs = (replica?.maxLagMs ?? 0) + config.directoryCacheMs + 1_000;
    this.markKey = `${config.redisKeyPrefix}wrote:`;
  }

  async onModuleInit(): Promise<void> {
    const replica = this.replica;
    if (!replica) return;
    await replica.start();
    this.metrics?.replicaUp.from(() => [{ value: replica.usable ? 1 : 0 }]);
    this.metrics?.replicaLag.from(() => (replica.lagMs === Infinity ? [] : [{ value: replica.lagMs / 1000 }]));
  }

  async onModuleDestroy(): Promise<void> {
    await this.replica?.stop();
  }

  /** The replica's state for /api/ready: in use, too far behind, not answering, or none set. */
  get replicaState(): 'up' | 'behind' | 'down' | 'not_configured' {
    return this.replica?.state ?? 'not_configured';
  }

  /** `text` as a named prepared statement (prepared-query.ts) where this read may run. */
  prepared<T>(text: string, values: unknown[]): Promise<T[]> {
    return this.run((pool) => preparedQuery<T>(pool, text, values));
  }

  /** `text` planned for its values (prepared-query.ts, plannedQuery) where this read may run. */
  planned<T>(text: string, values: unknown[]): Promise<T[]> {
    return this.run((pool) => plannedQuery<T>(pool, text, values));
  }

  /** `text` as a plain query where this read may run. */
  query<T>(text: string, values: unknown[] = []): Promise<T[]> {
    return this.run(async (pool) => (await pool.query(text, values)).rows as T[]);
  }

  /**
   * Whether the public caches (kept answers) must be passed by for this request: its person
   * wrote within `markMs`, and a kept answer may have been read from the replica before the
   * write reached it. Without a replica, never: the caches forget on every write. `false` at once
   * where no lookup is needed (no replica, outside a request, an anonymous read), so the caches'
   * common path stays synchronous.
   */
  bypassCaches(): false | Promise<boolean> {
    if (!this.replica) return false;
    const store = readers.getStore();
    if (!store) return false;
    if (store.writes) return Promise.resolve(true);
    return store.subject === null ? false : this.wroteRecently(store);
  }

  /** Records that `userId` just wrote: their next reads, in any process, go to the primary for `markMs`. */
  async markWrite(userId: number): Promise<void> {
    if (!this.replica) return;
    const until = Date.now() + this.markMs;
    this.marks.set(userId, until);
    if (this.marks.size > 100_000) this.forgetExpiredMarks();
    if (!this.redis?.isReady) return;
    await withTimeout(
      this.redis.set(`${this.markKey}${userId}`, '1', { expiration: { type: 'PX', value: this.markMs } }),
    ).catch(() => undefined);
  }

  /**
   * The hooks that give each request its routing context and leave the marks of writes; none
   * without a replica (every read is the primary's then).
   */
  register(fastify: FastifyInstance): void {
    if (!this.replica) return;
    fastify.addHook('onRequest', (request, _reply, done) => {
      const store: ReaderStore = {
        subject: tokenSubject(request.headers.authorization),
        writes: !READ_METHODS.has(request.method),
      };
      readers.run(store, () => {
        (request as RequestWithResource)[RESOURCE] = new AsyncResource('reader');
        done();
      });
    });
    // A body is parsed in the socket's own context: the request's context is taken up again after it.
    fastify.addHook('preValidation', (request, _reply, done) => {
      const resource = (request as RequestWithResource)[RESOURCE];
      if (resource) resource.runInAsyncScope(done);
      else done();
    });
    fastify.addHook('onSend', async (request, reply) => {
      const userId = (request as { user?: { id?: number } }).user?.id;
      if (userId && !READ_METHODS.has(request.method) && reply.statusCode < 400) await this.markWrite(userId);
    });
  }

  private get primary(): Pool {
    return (this.dataSource.driver as PostgresDriver).master as Pool;
  }

  private async run<T>(work: (pool: Pool) => Promise<T>): Promise<T> {
    const pool = await this.target();
    if (pool === this.primary) {
      this.metrics?.publicReads.inc({ server: 'primary' });
      return work(pool);
    }
    try {
      const rows = await work(pool);
      this.metrics?.publicReads.inc({ server: 'replica' });
      return rows;
    } catch (error) {
      if (!isReplicaFailure(error)) throw error;
      this.replica!.unusable(error);
      this.metrics?.publicReads.inc({ server: 'primary_after_replica_failed' });
      return work(this.primary);
    }
  }

  private async target(): Promise<Pool> {
    if (!this.replica?.usable) return this.primary;
    const store = readers.getStore();
    if (!store || store.writes || (await this.wroteRecently(store))) return this.primary;
    return this.replica.pool;
  }

  private wroteRecently(store: ReaderStore): Promise<boolean> {
    if (store.subject === null) return Promise.resolve(false);
    store.wroteRecently ??= this.lookUpMark(store.subject);
    return store.wroteRecently;
  }

  private async lookUpMark(userId: number): Promise<boolean> {
    if ((this.marks.get(userId) ?? 0) > Date.now()) return true;
    if (!this.redis) return false;
    // Without an answer from Redis the mark may be in another process: the primary, to be safe.
    if (!this.redis.isReady) return true;
    return withTimeout(this.redis.exists(`${this.markKey}${userId}`)).then(
      (found) => found > 0,
      () => true,
    );
  }

  private forgetExpiredMarks(): void {
    const now = Date.now();
    for (const [userId, until] of this.marks) if (until <= now) this.marks.delete(userId);
  }
}

type RequestWithResource = FastifyRequest & { [RESOURCE]?: AsyncResource };

/** Makes Reads available to every module. */
@Global()
@Module({ providers: [Reads], exports: [Reads] })
export class ReadsModule {}
