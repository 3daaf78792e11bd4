import { Logger, Module } from '@nestjs/common';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MembershipsModule } from '../memberships/memberships.module';
import { ParentProfileModule } from '../parent-profile/parent-profile.module';
import { PaymentLedgerModule } from './payment-ledger';
import { PaymentsController } from './payments.controller';
import { PaymentReconciler } from './payment-reconciler';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';
import { MercadoPagoProvider } from './providers/mercadopago.provider';
import { PaymentProvider } from './providers/payment-provider';
import { SandboxProvider } from './providers/sandbox.provider';
import { SandboxCheckoutController } from './sandbox-checkout.controller';

@Module({
  imports: [PaymentLedgerModule, MembershipsModule, ParentProfileModule],
  controllers: [PaymentsController, SandboxCheckoutController],
  providers: [
    PaymentsService,
    PaymentReconciler,
    {
      provide: PaymentProvider,
      inject: [APP_CONFIG, PaymentsRepository],
      useFactory: (config: AppConfig, payments: PaymentsRepository): PaymentProvider => {
        const token = config.payments.mercadopagoAccessToken;
        if (token) {
          // Production refuses to start this way (app-config); elsewhere it is said loudly.
          if (!config.payments.mercadopagoWebhookSecret)
            new Logger('Payments').warn(
              'MERCADOPAGO_WEBHOOK_SECRET is not set: every MercadoPago notification is refused, so a card payment is activated only when the buyer returns to the result page or by the periodic reconciliation (MERCADOPAGO_RECONCILE_MINUTES).',
            );
          return new MercadoPagoProvider(token);
        }
        new Logger('Payments').warn(
          'MERCADOPAGO_ACCESS_TOKEN is not set: card payments use the built-in sandbox checkout (no real money).',
        );
        return new SandboxProvider(payments, config.publicUrl);
      },
    },
  ],
  exports: [PaymentsService],
})
export class PaymentsModule {}
