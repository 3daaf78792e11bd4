import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { JobKind, JobQueue } from '../jobs/job-queue';
import { PaymentsService } from './payments.service';
import { PaymentProvider } from './providers/payment-provider';

/** A reconciliation pass: scheduled, once across all processes; a failed pass waits for the next. */
export const RECONCILE_JOB: JobKind = {
  name: 'payment-reconcile',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 900,
};

/**
 * The cron schedule of a period in minutes: every N minutes below an hour, else every N/60 hours
 * (rounded) on the hour. Cron counts from the top of the hour, so `*\/7` also runs at :00.
 */
export function reconcileCron(minutes: number): string {
  if (minutes < 60) return `*/${minutes} * * * *`;
  const hours = Math.min(24, Math.round(minutes / 60));
  return hours >= 24 ? '0 3 * * *' : `0 */${hours} * * *`;
}

/**
 * Every MERCADOPAGO_RECONCILE_MINUTES (10 by default) asks MercadoPago about our card payments
 * still pending (PaymentsService.reconcile), so a buyer who closed the tab before the result page
 * is activated even when no notification arrived. A scheduled job: one process runs each pass.
 * Only with the real provider: the sandbox applies its payments when the checkout page is used.
 */
@Injectable()
export class PaymentReconciler implements OnModuleInit {
  private readonly logger = new Logger('PaymentReconciler');
  private running: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly provider: PaymentProvider,
    private readonly payments: PaymentsService,
    private readonly jobs: JobQueue,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.jobs.register(RECONCILE_JOB, () => this.runOnce());
    const minutes = this.config.payments.reconcileMs / 60_000;
    if (this.provider.name !== 'mercadopago' || minutes <= 0) {
      await this.jobs.unschedule(RECONCILE_JOB.name);
      return;
    }
    await this.jobs.schedule(RECONCILE_JOB.name, reconcileCron(minutes));
    this.logger.log(`reconciling pending card payments with MercadoPago every ${minutes} min`);
  }

  /** One pass; a pass still running in this process is awaited rather than doubled. */
  runOnce(): Promise<void> {
    this.running ??= this.payments
      .reconcile()
      .then((counts) => {
        if (counts.granted > 0 || counts.failed > 0)
          this.logger.log(`reconciled ${counts.checked} payments: ${counts.granted} granted, ${counts.failed} failed`);
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }
}
