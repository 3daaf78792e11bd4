import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { CHAT_LIMITS, PRODUCT_NAME } from '@cym/common';
import { Clock } from '../../common/clock/clock';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import { JobKind, JobQueue } from '../jobs/job-queue';
import { MailService } from '../mail/mail.service';
import { unreadMessageEmail } from '../mail/templates';
import { NotificationPreferences } from '../push/notification-preferences';
import { ChatRepository } from './chat.repository';

/** A pass of the unread-message e-mails, scheduled every minute (once across all processes). */
export const UNREAD_MAIL_JOB: JobKind = {
  name: 'chat-unread-mail',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 300,
};

/**
 * E-mails a recipient whose message has stayed unread for 15 minutes, once per conversation
 * until they read it (markRead clears the notice). A scheduled job runs the pass every minute
 * in one of the processes; the notice's primary key would still let only one pass claim each
 * (conversation, user) if two ran at once. Nobody who turned message e-mails off in their
 * notification preferences is written to.
 */
@Injectable()
export class UnreadMailer implements OnModuleInit {
  constructor(
    private readonly chat: ChatRepository,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly preferences: NotificationPreferences,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(UNREAD_MAIL_JOB, async () => void (await this.run()));
    await this.jobs.schedule(UNREAD_MAIL_JOB.name, '* * * * *');
  }

  /** One pass; answers how many e-mails it queued. */
  async run(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - CHAT_LIMITS.unreadMailAfterMs);
    const queued = await this.transactions.run(async (m) => {
      const claimed = await this.chat.claimUnreadNotices(before, m);
      if (claimed.length === 0) return 0;
      const found = await this.chat.noticeRecipients(claimed, m);
      // Those who turned message e-mails off keep their notice (claimed: no e-mail later either).
      const muted = await this.preferences.muted(
        found.map((row) => row.user_id),
        'message',
        'email',
        m,
      );
      const rows = found.filter((row) => !muted.has(row.user_id));
      for (const row of rows)
        await this.mail.enqueue(
          m,
          row.email,
          unreadMessageEmail(
            row.first_name,
            row.partner ?? PRODUCT_NAME,
            `${this.config.publicUrl}/conversations/chat/${row.conversation_id}`,
          ),
        );
      return rows.length;
    });
    if (queued > 0) this.mail.notifyCommitted();
    return queued;
  }
}
