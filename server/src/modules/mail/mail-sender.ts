import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { InjectDataSource } from '@nestjs/typeorm';
import nodemailer, { Transporter } from 'nodemailer';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MAIL_QUEUED } from './mail.events';

/** Attempts before an e-mail is marked failed; waits grow 30 s, 1 min, 2 min … */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;

interface PendingRow {
  id: number;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
}

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
    @InjectDataSource() private readonly dataSource: DataSource,
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
      const due: PendingRow[] = await this.dataSource.query(
        `SELECT id, to_address, subject, html, text, attempts FROM email_outbox
          WHERE status = 'pending' AND next_attempt_at <= now() ORDER BY id LIMIT $1`,
        [BATCH],
      );
      if (due.length === 0 || this.stopped) return sent;
      for (const email of due) sent += (await this.deliver(email)) ? 1 : 0;
      if (due.length < BATCH) return sent;
    }
  }

  private async deliver(email: PendingRow): Promise<boolean> {
    try {
      if (this.transport) {
        await this.transport.sendMail({
          from: this.config.mail.from,
          to: email.to_address,
          subject: email.subject,
          html: email.html,
          text: email.text,
        });
      } else {
        // Without SMTP_URL the e-mail is printed so a developer can open its link. In production
        // its links are live tokens, which never go to a log: it stays unsent and is retried.
        if (this.config.env === 'production') throw new Error('SMTP_URL is not set');
        this.logger.log(`E-mail para ${email.to_address} — ${email.subject}\n${email.text}`);
      }
      await this.dataSource.query(
        `UPDATE email_outbox SET status = 'sent', sent_at = now(), attempts = attempts + 1 WHERE id = $1`,
        [email.id],
      );
      return true;
    } catch (error) {
      const attempts = email.attempts + 1;
      const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
      const waitSeconds = 30 * 2 ** (attempts - 1);
      await this.dataSource.query(
        `UPDATE email_outbox SET attempts = $2::int, last_error = $3,
            status = CASE WHEN $2::int >= $4::int THEN 'failed' ELSE 'pending' END,
            next_attempt_at = now() + make_interval(secs => $5::double precision)
          WHERE id = $1`,
        [email.id, attempts, message, MAX_ATTEMPTS, waitSeconds],
      );
      this.logger.warn(`E-mail ${email.id} not sent (attempt ${attempts}): ${message}`);
      return false;
    }
  }
}
