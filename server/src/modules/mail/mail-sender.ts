import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import { Metrics } from '../../common/metrics/metrics';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JobQueue } from '../jobs/job-queue';
import { MAIL_JOB, MailJobData } from './mail-jobs';
import { OnDomainEvent } from '../../common/events/domain-events';
import { MailRepository } from './mail.repository';

/**
 * Delivers the outbox: each e-mail has a durable job (MAIL_JOB) that one process takes, sends
 * over SMTP_URL with nodemailer and marks sent; a failure is retried with growing waits by the
 * job queue, and after MAX_ATTEMPTS the e-mail is marked failed. The outbox row keeps the
 * attempts and last error for the back office. Without SMTP_URL it prints them to the log,
 * links included, so a newcomer can verify an account.
 */
@Injectable()
export class MailSender implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private transport?: Transporter;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: MailRepository,
    private readonly jobs: JobQueue,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): Promise<void> {
    return this.jobs.register<MailJobData>(
      MAIL_JOB,
      (data, job) => this.deliver(data.emailId, job.retryCount >= job.retryLimit),
      {
        pollMs: this.config.mail.pollMs,
      },
    );
  }

  /** Opens the SMTP transport of the current settings (tests call it again after changing them). */
  onApplicationBootstrap(): void {
    this.transport?.close();
    this.transport = this.config.mail.smtpUrl ? nodemailer.createTransport(this.config.mail.smtpUrl) : undefined;
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }

  /** A commit enqueued mail: this process's worker looks now rather than at its next poll. */
  @OnDomainEvent('mail.queued')
  kick(): void {
    this.jobs.nudge(MAIL_JOB);
  }

  /** Delivers, in this process, every e-mail whose job is due; answers how many were sent. */
  deliverDue(): Promise<number> {
    return this.jobs.runDue(MAIL_JOB);
  }

  /** One attempt at one e-mail; throws when it was not sent, so the job is retried. */
  private async deliver(emailId: number, lastAttempt: boolean): Promise<void> {
    const email = await this.outbox.byId(emailId);
    // Sent already (a retry after a crash between the SMTP answer and the job's completion) or gone.
    if (!email || email.status !== 'pending') return;
    try {
      if (this.transport) {
        await this.transport.sendMail({
          from: this.config.mail.from,
          to: email.toAddress,
          subject: email.subject,
          html: email.html,
          text: email.text,
          ...(email.headers ? { headers: email.headers } : {}),
        });
      } else {
        // Without SMTP_URL the e-mail is printed so a developer can open its link. In production
        // its links are live tokens, which never go to a log: it stays unsent and is retried.
        if (this.config.env === 'production') throw new Error('SMTP_URL is not set');
        this.logger.log(`E-mail para ${email.toAddress} — ${email.subject}\n${email.text}`);
      }
    } catch (error) {
      const attempts = email.attempts + 1;
      await this.outbox.markAttemptFailed(email.id, {
        attempts,
        lastError: error instanceof Error ? error.message.slice(0, 500) : 'unknown error',
        failed: lastAttempt,
        waitSeconds: MAIL_JOB.retryDelay * 2 ** (attempts - 1),
      });
      this.metrics.mails.inc({ outcome: lastAttempt ? 'failed' : 'retry' });
      throw error;
    }
    await this.outbox.markSent(email.id);
    this.metrics.mails.inc({ outcome: 'sent' });
  }
}
