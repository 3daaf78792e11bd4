import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { OutboxEmail } from './entities/outbox-email.entity';

/** An e-mail as the outbox takes it: what to send, to whom, with its extra headers or null. */
export type NewOutboxEmail = Pick<OutboxEmail, 'toAddress' | 'subject' | 'html' | 'text' | 'headers'>;

/** The outbox (`email_outbox`): written in the transaction of the change, updated as it is delivered. */
@Injectable()
export class MailRepository {
  constructor(@InjectRepository(OutboxEmail) private readonly outbox: Repository<OutboxEmail>) {}

  /** Adds a pending e-mail, due now, in the transaction of `m`; answers its id. */
  async add(email: NewOutboxEmail, m: EntityManager): Promise<number> {
    const { identifiers } = await m.insert(OutboxEmail, {
      ...email,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: new Date(),
    });
    return (identifiers[0] as { id: number }).id;
  }

  byId(id: number): Promise<OutboxEmail | null> {
    return this.outbox.findOneBy({ id });
  }

  /**
   * Counts a failed attempt with its error: pending until the last one, then failed. The next
   * attempt's time (`waitSeconds` from now) is informative: the job queue decides when it runs.
   */
  async markAttemptFailed(
    id: number,
    attempt: { attempts: number; lastError: string; failed: boolean; waitSeconds: number },
  ): Promise<void> {
    await this.outbox.update(id, {
      attempts: attempt.attempts,
      lastError: attempt.lastError,
      status: attempt.failed ? 'failed' : 'pending',
      nextAttemptAt: () => `now() + make_interval(secs => ${attempt.waitSeconds})`,
    });
  }

  async markSent(id: number): Promise<void> {
    await this.outbox.update(id, { status: 'sent', sentAt: () => 'now()', attempts: () => 'attempts + 1' });
  }

  /** Deletes every e-mail to the address whose lower-case SHA-256 (hex) is `digest`; answers how many. */
  async removeAllTo(digest: string, m: EntityManager): Promise<number> {
    const rows = (await m.query(
      `DELETE FROM email_outbox WHERE encode(sha256(convert_to(lower(to_address), 'UTF8')), 'hex') = $1 RETURNING id`,
      [digest],
    )) as [unknown[], number];
    return rows[1];
  }
}
