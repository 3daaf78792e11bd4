import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectRepository } from '@nestjs/typeorm';
import nodemailer, { Transporter } from 'nodemailer';
import { Raw, Repository } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MAIL_QUEUED } from './mail.events';
import { OutboxEmail } from './entities/outbox-email.entity';

/** Attempts before an e-mail is marked failed; waits grow 30 s, 1 min, 2 min … */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;

/**
 * Background delivery of the outbox: every MAIL_POLL_MS (and right after a commit that
 * enqueued mail) it claims due e-mails and sends them over SMTP_URL with nodemailer. Without
 * SMTP_URL it prints them to the log, links included, so a newcomer can verify an account.
 */
@Injectable()
export class MailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private transport?: Transporter;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(OutboxEmail) private readonly outbox: Repository<OutboxEmail>,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.mail.smtpUrl) this.transport = nodemailer.createTransport(this.config.mail.smtpUrl);
    this.timer = setInterval(() => this.kick(), this.config.mail.pollMs);
    this.timer.unref();
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  /** Runs one delivery pass now, or right after the one in progress. */
  @OnEvent(MAIL_QUEUED)
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.deliverDue()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error({ err: error }, 'Outbox pass failed'))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Delivers every due e-mail; answers how many were sent. Tests await it directly. */
  async deliverDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = await this.outbox.find({
        where: { status: 'pending', nextAttemptAt: Raw((column) => `${column} <= now()`) },
        order: { id: 'ASC' },
        take: BATCH,
      });
      if (due.length === 0 || this.stopped) return sent;
      for (const email of due) sent += (await this.deliver(email)) ? 1 : 0;
      if (due.length < BATCH) return sent;
    }
  }

  private async deliver(email: OutboxEmail): Promise<boolean> {
    try {
      if (this.transport) {
        await this.transport.sendMail({
          from: this.config.mail.from,
          to: email.toAddress,
          subject: email.subject,
          html: email.html,
          text: email.text,
        });
      } else {
        // Without SMTP_URL the e-mail is printed so a developer can open its link. In production
        // its links are live tokens, which never go to a log: it stays unsent and is retried.
        if (this.config.env === 'production') throw new Error('SMTP_URL is not set');
        this.logger.log(`E-mail para ${email.toAddress} — ${email.subject}\n${email.text}`);
      }
      await this.outbox.update(email.id, { status: 'sent', sentAt: () => 'now()', attempts: () => 'attempts + 1' });
      return true;
    } catch (error) {
      const attempts = email.attempts + 1;
      const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      const waitSeconds = 30 * 2 ** (attempts - 1);
      await this.outbox.update(email.id, {
        attempts,
        lastError: message,
        status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
        // The database's clock, like the due check above.
        nextAttemptAt: () => `now() + make_interval(secs => ${waitSeconds})`,
      });
      this.logger.warn(`E-mail ${email.id} not sent (attempt ${attempts}): ${message}`);
      return false;
    }
  }
}
