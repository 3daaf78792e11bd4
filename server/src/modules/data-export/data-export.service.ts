import type { EntityManager } from 'typeorm';
import { argentinaToday, DATA_EXPORT_LIMITS, dataExportFileName } from '@cym/common';
import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock/clock';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { Transactions } from '../../database/transactions';
import type { AuthUser } from '../auth/access/auth-user';
import { JobQueue } from '../jobs/job-queue';
import { ImageStorageUnavailableError, type ImageStorage } from '../media/image-storage';
import { DATA_EXPORT_JOB, type DataExportJobData } from './data-export-builder';
import { DATA_EXPORT_ERRORS } from './data-export.errors';
import { DataExportRepository } from './data-export.repository';
import type { DataExportDto } from './dto/data-export.dto';
import type { DataExport } from './entities/data-export.entity';
import { EXPORT_STORAGE, STORED_EXPORT_NAME } from './export-storage';

const DAY_MS = 24 * 3_600_000;
/** How many of the person's exports their list shows (3 a day, each kept a week after expiry). */
const LISTED = 30;

/**
 * 'Descargar mis datos': a person asks for a ZIP of their data (prepared by the `data-export` job)
 * and downloads it while logged in, for 24 hours. Everyone, admins included, reaches only their
 * own exports; anyone else's id is 404.
 */
@Injectable()
export class DataExportService {
  constructor(
    private readonly exports: DataExportRepository,
    private readonly transactions: Transactions,
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    @Inject(EXPORT_STORAGE) private readonly storage: ImageStorage,
  ) {}

  /**
   * A new request, with its job in the same transaction. Under the person's lock: one in
   * preparation (the partial unique index backs it), at most 3 in any 24 hours.
   */
  /** An erased account's exports; the sweep deletes their files. */
  forgetUser(m: EntityManager, userId: number): Promise<void> {
    return this.exports.forgetUser(userId, m);
  }

  async request(user: AuthUser): Promise<DataExportDto> {
    await this.limiter.consume('data-export-request', String(user.id), { limit: 10, windowMs: 3_600_000 });
    const now = this.clock.now();
    let row: DataExport;
    try {
      row = await this.transactions.underUserLock(user.id, async (m) => {
        if (await this.exports.hasRequested(user.id, m)) throw DATA_EXPORT_ERRORS.inProgress.exception();
        const recent = await this.exports.countSince(user.id, new Date(now.getTime() - DAY_MS), m);
        if (recent >= DATA_EXPORT_LIMITS.perDay) throw DATA_EXPORT_ERRORS.limit.exception();
        const added = await this.exports.add(
          { userId: user.id, storageKey: `${randomBytes(16).toString('hex')}.zip`, requestedAt: now },
          m,
        );
        await this.jobs.send<DataExportJobData>(DATA_EXPORT_JOB, { exportId: added.id }, { manager: m });
        return added;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw DATA_EXPORT_ERRORS.inProgress.exception();
      throw error;
    }
    this.jobs.nudge(DATA_EXPORT_JOB);
    return this.dto(row, now);
  }

  async mine(user: AuthUser): Promise<DataExportDto[]> {
    const now = this.clock.now();
    return (await this.exports.mine(user.id, LISTED)).map((row) => this.dto(row, now));
  }

  /** The ZIP's bytes and name, for its owner while it is ready and not expired. */
  async file(user: AuthUser, id: number): Promise<{ bytes: Buffer; filename: string }> {
    await this.limiter.consume('data-export-file', String(user.id), { limit: 30, windowMs: 3_600_000 });
    const row = await this.exports.one(id);
    if (!row || row.userId !== user.id || row.status === 'failed') throw DATA_EXPORT_ERRORS.notFound.exception();
    if (row.status === 'requested' || !row.readyAt || !row.expiresAt) throw DATA_EXPORT_ERRORS.notReady.exception();
    if (row.expiresAt.getTime() <= this.clock.now().getTime()) throw DATA_EXPORT_ERRORS.expired.exception();
    if (!STORED_EXPORT_NAME.test(row.storageKey)) throw DATA_EXPORT_ERRORS.notFound.exception();
    let bytes: Buffer | null;
    try {
      bytes = await this.storage.get(row.storageKey);
    } catch (error) {
      if (error instanceof ImageStorageUnavailableError) throw DATA_EXPORT_ERRORS.storageUnavailable.exception();
      throw error;
    }
    if (!bytes) throw DATA_EXPORT_ERRORS.notFound.exception();
    return { bytes, filename: dataExportFileName(argentinaToday(row.readyAt)) };
  }

  private dto(row: DataExport, now: Date): DataExportDto {
    const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
    return {
      id: row.id,
      status: row.status,
      requested_at: row.requestedAt.toISOString(),
      ready_at: row.readyAt?.toISOString() ?? null,
      expires_at: row.expiresAt?.toISOString() ?? null,
      expired,
      size_bytes: row.sizeBytes,
      file_url: row.status === 'ready' && !expired ? `/api/account/data-exports/${row.id}/file` : null,
    };
  }
}
