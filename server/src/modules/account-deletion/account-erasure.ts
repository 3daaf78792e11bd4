import { DataExportService } from '../data-export/data-export.service';
import { ModerationService } from '../moderation/moderation.service';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { ACCOUNT_ERASURE_DAYS } from '@cym/common';
import { Clock } from '../../common/clock/clock';
import { Transactions } from '../../database/transactions';
import { AuditLog } from '../admin/audit-log';
import { ChatService } from '../chat/chat.service';
import { HiresService } from '../hires/hires.service';
import { JobKind, JobQueue } from '../jobs/job-queue';
import { MailService } from '../mail/mail.service';
import { ReferencesService } from '../references/references.service';
import { UsersService } from '../users/users.service';
import { VerificationsService } from '../verifications/verifications.service';

/** Every day at 05:15 in Argentina: deleted accounts whose 30 days are over. */
export const ACCOUNT_ERASURE_JOB: JobKind = {
  name: 'account-erasure',
  retryLimit: 3,
  retryDelay: 600,
  retryBackoff: true,
  expireInSeconds: 1800,
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Accounts taken per query; a run goes on until none is due. */
const BATCH = 50;

/**
 * The erasure of a deleted account's remaining personal data, ACCOUNT_ERASURE_DAYS after its
 * deletion (by the Clock). Each account in its own transaction under its row's lock, each table
 * through its owner: the texts of the messages it wrote (emptied, marked erased), the references
 * it wrote or that are about it, its remaining documents, the personal fields of its hires (the
 * amounts stay), the e-mails to its old address, and the personal values of the audit rows about
 * it (who did what and when stays). Payments stay as they are: amounts, dates and methods, with
 * no contact data (the tombstone has none). `erased_at` closes it, so a second run, or a retry
 * after a failure halfway, finds nothing or redoes only what is left.
 */
@Injectable()
export class AccountErasure implements OnModuleInit {
  private readonly logger = new Logger('AccountErasure');

  constructor(
    private readonly jobs: JobQueue,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly users: UsersService,
    private readonly chat: ChatService,
    private readonly references: ReferencesService,
    private readonly verifications: VerificationsService,
    private readonly hires: HiresService,
    private readonly mail: MailService,
    private readonly audit: AuditLog,
    private readonly moderation: ModerationService,
    private readonly exports: DataExportService,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(ACCOUNT_ERASURE_JOB, async () => void (await this.eraseDue()), { pollMs: 60_000 });
    await this.jobs.schedule(ACCOUNT_ERASURE_JOB.name, '15 5 * * *');
  }

  /** Erases every account deleted ACCOUNT_ERASURE_DAYS ago or more and not erased yet; answers how many. */
  async eraseDue(): Promise<number> {
    const deletedBy = new Date(this.clock.now().getTime() - ACCOUNT_ERASURE_DAYS * DAY_MS);
    let erased = 0;
    for (;;) {
      const due = await this.users.erasureDue(deletedBy, BATCH);
      if (due.length === 0) break;
      for (const userId of due) if (await this.erase(userId)) erased += 1;
      if (due.length < BATCH) break;
    }
    if (erased > 0) this.logger.log(`erased ${erased} deleted account(s)`);
    return erased;
  }

  /** One account's erasure, in one transaction; false when it was erased meanwhile. */
  private async erase(userId: number): Promise<boolean> {
    const done = await this.transactions.run(async (m) => {
      const user = await this.users.lockErasable(m, userId);
      if (!user) return null;
      const now = this.clock.now();
      await this.chat.eraseMessagesOf(m, userId, now);
      const referenceIds = await this.references.eraseUser(m, userId);
      const documents = await this.verifications.forgetUser(m, userId);
      await this.hires.erasePersonalFields(m, userId);
      if (user.deletedEmailDigest) await this.mail.forgetAddress(m, user.deletedEmailDigest);
      await this.moderation.forgetUser(m, userId);
      await this.exports.forgetUser(m, userId);
      await this.audit.redactPerson(m, userId, referenceIds);
      await this.users.markErased(m, userId, now);
      return { referenceIds, documents };
    });
    if (!done) return false;
    this.references.announceRemoved(done.referenceIds);
    await this.verifications.removeFiles(done.documents);
    return true;
  }
}
