import { Logger } from '@nestjs/common';
import { Pool, type PoolConfig } from 'pg';
import { OutageLog } from '../common/redis/redis';
import type { DatabaseTimeouts } from '../config/app-config';

/** A WAL position ('16/B374D848') as a number of bytes. */
export function lsnBytes(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** How often the replica's replay and the primary's WAL position are read. */
export const REPLICA_POLL_MS = 250;

/** One reading of the primary's WAL position. */
interface PrimarySample {
  at: number;
  lsn: bigint;
}

/**
 * How far behind the primary the replica is, in milliseconds: the age of the oldest reading of
 * the primary's WAL position the replica has not replayed yet (0 when it has replayed them all).
 * `samples` are in the order they were taken.
 */
export function lagMs(samples: readonly PrimarySample[], replayed: bigint, now: number): number {
  const behind = samples.find((sample) => sample.lsn > replayed);
  return behind ? now - behind.at : 0;
}

/**
 * Errors after which a read is run again on the primary: the replica cannot be reached or
 * answer (connection refused, reset or timed out; SQLSTATE classes 08 and 57P, shutting down or
 * starting), or cancelled the statement because replay needed its rows (40001 on a hot standby).
 * Anything else (a statement's own error) is the read's, and is thrown as it is.
 */
export function isReplicaFailure(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('08') || code.startsWith('57P') || code === '40001') return true;
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE'].includes(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    message,
  );
}

/**
 * A streaming replica of the primary (DATABASE_REPLICA_URL) and whether it may serve a read now.
 * Every REPLICA_POLL_MS it reads the primary's WAL position and the replica's replayed position;
 * the replica is usable while it answers, is in recovery (a replica, not a promoted copy) and is
 * at most `maxLagMs` behind. A read sent to it that fails because of the replica (see
 * isReplicaFailure) marks it unusable until the next good reading, so the reads after it go to
 * the primary at once. The caller decides which reads may come here (database/reads.ts).
 */
export class ReadReplica {
  readonly pool: Pool;
  private readonly samples: PrimarySample[] = [];
  private healthy = false;
  private lag = Infinity;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private readonly outage = new OutageLog(
    new Logger('ReadReplica'),
    'Replica unusable, reads go to the primary',
    'Replica usable again',
  );

  constructor(
    url: string,
    private readonly primary: Pool,
    private readonly maxLagMs: number,
    poolSize: number,
    timeouts: DatabaseTimeouts,
  ) {
    const config: PoolConfig = {
      connectionString: url,
      max: poolSize,
      application_name: 'casa-y-manos-replica',
      statement_timeout: timeouts.statementMs,
      // A replica that does not answer is given up quickly: the primary serves the read instead.
      connectionTimeoutMillis: Math.min(timeouts.acquireMs, 2_000),
    };
    this.pool = new Pool(config);
    // An idle connection the replica drops (a restart) must not take the process down.
    this.pool.on('error', (error) => this.unusable(error));
  }

  /** Takes a first reading, then keeps reading every REPLICA_POLL_MS. */
  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), REPLICA_POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.polling;
    await this.pool.end();
  }

  /** Whether a read may go to the replica now. */
  get usable(): boolean {
    return this.healthy && this.lag <= this.maxLagMs;
  }

  /** The last lag measured, in milliseconds (Infinity while the replica does not answer). */
  get lagMs(): number {
    return this.lag;
  }

  /** In use, too far behind, or not answering (see `usable`). */
  get state(): 'up' | 'behind' | 'down' {
    if (!this.healthy) return 'down';
    return this.usable ? 'up' : 'behind';
  }

  /** After a read failed because of the replica: the primary serves until the next good reading. */
  unusable(error: unknown): void {
    this.healthy = false;
    this.lag = Infinity;
    this.outage.failed(error);
  }

  /** One reading of both positions (a reading under way is shared, never doubled). */
  poll(): Promise<void> {
    this.polling ??= this.read().finally(() => (this.polling = undefined));
    return this.polling;
  }

  private async read(): Promise<void> {
    try {
      const [{ lsn }] = (await this.primary.query('SELECT pg_current_wal_lsn()::text AS lsn')).rows as [
        { lsn: string },
      ];
      const now = Date.now();
      this.samples.push({ at: now, lsn: lsnBytes(lsn) });
      const [row] = (
        await this.pool.query('SELECT pg_is_in_recovery() AS recovering, pg_last_wal_replay_lsn()::text AS replayed')
      ).rows as [{ recovering: boolean; replayed: string | null }];
      if (!row.recovering || !row.replayed) throw new Error('DATABASE_REPLICA_URL is not a streaming replica');
      const replayed = lsnBytes(row.replayed);
      this.lag = lagMs(this.samples, replayed, Date.now());
      // Readings the replica has replayed say nothing more.
      const firstBehind = this.samples.findIndex((sample) => sample.lsn > replayed);
      this.samples.splice(0, firstBehind === -1 ? this.samples.length : firstBehind);
      this.healthy = true;
      if (this.usable) this.outage.recovered();
      else this.outage.failed(new Error(`${this.lag} ms behind the primary`));
    } catch (error) {
      this.unusable(error);
      // Bounded while the replica stays away: the oldest readings are the ones that matter.
      if (this.samples.length > 1_000) this.samples.splice(1, this.samples.length - 1_000);
    }
  }
}
