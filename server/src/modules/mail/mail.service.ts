import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { JobQueue } from '../jobs/job-queue';
import { MAIL_JOB, MailJobData } from './mail-jobs';
import { MailRepository } from './mail.repository';
import type { EmailContent } from './templates';
import { DomainEvents } from '../../common/events/domain-events';

/** How an address is found again once it is gone from the account: SHA-256 (hex) of it in lower case. */
export function emailDigest(address: string): string {
  return createHash('sha256').update(address.toLowerCase(), 'utf8').digest('hex');
}

/**
 * Writes e-mails to the outbox, with the durable job that delivers each, inside the caller's
 * transaction: an e-mail exists, and will be sent, exactly when the change that causes it is
 * committed. The MailSender delivers them.
 */
@Injectable()
export class MailService {
  constructor(
    private readonly outbox: MailRepository,
    private readonly events: DomainEvents,
    private readonly jobs: JobQueue,
  ) {}

  async enqueue(manager: EntityManager, to: string, content: EmailContent): Promise<void> {
    const emailId = await this.outbox.add(
      {
        toAddress: to,
        subject: content.subject,
        html: content.html,
        text: content.text,
        headers: content.headers ?? null,
      },
      manager,
    );
    await this.jobs.send<MailJobData>(MAIL_JOB, { emailId }, { manager });
  }

  /** Callers announce a commit that enqueued mail, so delivery starts without waiting a poll. */
  notifyCommitted(): void {
    this.events.emit('mail.queued', {});
  }

  /**
   * A deleted account's erasure: the e-mails sent to its old address, found by `emailDigest`
   * (`emailDigest()` of it). A job of one still pending finds no row and sends nothing.
   */
  forgetAddress(manager: EntityManager, digest: string): Promise<number> {
    return this.outbox.removeAllTo(digest, manager);
  }
}
