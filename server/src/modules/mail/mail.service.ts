import { Injectable } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { EntityManager } from 'typeorm';
import { MAIL_QUEUED } from './mail.events';
import { OutboxEmail } from './entities/outbox-email.entity';
import type { EmailContent } from './templates';

/**
 * Writes e-mails to the outbox inside the caller's transaction, so an e-mail exists exactly
 * when the change that causes it is committed. The MailSender delivers them.
 */
@Injectable()
export class MailService {
  constructor(private readonly events: EventEmitter2) {}

  async enqueue(manager: EntityManager, to: string, content: EmailContent): Promise<void> {
    await manager.insert(OutboxEmail, {
      toAddress: to,
      subject: content.subject,
      html: content.html,
      text: content.text,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
    });
  }

  /** Callers announce a commit that enqueued mail, so delivery starts without waiting a tick. */
  notifyCommitted(): void {
    this.events.emit(MAIL_QUEUED);
  }
}
