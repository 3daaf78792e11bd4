import { addMonths, argentinaToday, formatIsoDate } from '@cym/common';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { Transactions } from '../../database/transactions';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JobKind, JobQueue } from '../jobs/job-queue';
import { MailService } from '../mail/mail.service';
import { certificateExpiringEmail } from '../mail/templates';
import { VerificationsRepository } from './verifications.repository';

/** Every day at 10:00 in Argentina: certificates whose badge ends within a month. */
export const CERTIFICATE_REMINDER_JOB: JobKind = {
  name: 'certificate-expiry-reminder',
  retryLimit: 2,
  retryDelay: 300,
  retryBackoff: false,
  expireInSeconds: 600,
};

/**
 * The expiry reminder: once per certificate, a month before its badge ends, the worker
 * is asked to upload a new one. The claim (`reminder_sent_at`) and the outbox rows commit in one
 * transaction, so two processes or two runs never send it twice; a new upload is a new row.
 */
@Injectable()
export class VerificationReminders implements OnModuleInit {
  constructor(
    private readonly documents: VerificationsRepository,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: JobQueue,
    private readonly mail: MailService,
    private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(CERTIFICATE_REMINDER_JOB, async () => void (await this.sendDue()), { pollMs: 60_000 });
    await this.jobs.schedule(CERTIFICATE_REMINDER_JOB.name, '0 10 * * *');
  }

  /** E-mails the certificates expiring within the next month not reminded yet; answers how many. */
  async sendDue(): Promise<number> {
    const now = this.clock.now();
    const today = argentinaToday(now);
    const horizon = addMonths(today, 1);
    const sent = await this.transactions.run(async (m) => {
      const due = await this.documents.claimReminders(today, horizon, now, m);
      for (const row of due)
        await this.mail.enqueue(
          m,
          row.email,
          certificateExpiringEmail(
            row.first_name,
            formatIsoDate(row.expires_on),
            `${this.config.publicUrl}/user-account`,
          ),
        );
      return due.length;
    });
    if (sent > 0) this.mail.notifyCommitted();
    return sent;
  }
}
