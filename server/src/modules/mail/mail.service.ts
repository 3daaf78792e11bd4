import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OutboxEmail } from './outbox-email.entity';
import type { EmailContent } from './templates';

/**
 * Writes e-mails to the outbox inside the caller's transaction, so an e-mail exists exactly
 * when the change that causes it is committed. The MailSender delivers them.
 */
@Injectable()
export class MailService {
  private listeners: (() => void)[] = [];

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
    for (const listener of this.listeners) listener();
  }

  onCommitted(listener: () => void): void {
    this.listeners.push(listener);
  }
}
