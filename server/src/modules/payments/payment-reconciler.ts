import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { PaymentsService } from './payments.service';
import { PaymentProvider } from './providers/payment-provider';

/**
 * Every MERCADOPAGO_RECONCILE_MINUTES (10 by default) asks MercadoPago about our card payments
 * still pending (PaymentsService.reconcile), so a buyer who closed the tab before the result page
 * is activated even when no notification arrived. Only with the real provider: the sandbox
 * applies its payments when the checkout page is used. Started on bootstrap, stopped on shutdown.
 */
@Injectable()
export class PaymentReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PaymentReconciler');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly provider: PaymentProvider,
    private readonly payments: PaymentsService,
  ) {}

  onApplicationBootstrap(): void {
    const period = this.config.payments.reconcileMs;
    if (this.provider.name !== 'mercadopago' || period <= 0) return;
    this.timer = setInterval(() => void this.runOnce(), period);
    this.timer.unref();
    this.logger.log(`reconciling pending card payments with MercadoPago every ${period / 60_000} min`);
  }

  /** One pass; a pass still running is awaited rather than doubled. */
  runOnce(): Promise<void> {
    this.running ??= this.payments
      .reconcile()
      .then((counts) => {
        if (counts.granted > 0 || counts.failed > 0)
          this.logger.log(`reconciled ${counts.checked} payments: ${counts.granted} granted, ${counts.failed} failed`);
      })
      .catch((error: unknown) => this.logger.warn(`reconciliation failed: ${String(error)}`))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
