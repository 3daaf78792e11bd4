import { IsBoolean, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { AsBool, AsInt, EmptyIsUnset, refuse, type SettingsContext } from './settings-kit';

/** The membership's payments: MercadoPago (or the built-in sandbox) and the bank transfer's details. */
export class PaymentsVariables {
  /**
   * MercadoPago credentials. Without an access token the built-in sandbox checkout takes the
   * provider's place; production must set both.
   */
  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  @MinLength(10)
  MERCADOPAGO_ACCESS_TOKEN?: string;

  /**
   * Allows the sandbox checkout with NODE_ENV=production (a demo server). Without it, production
   * refuses to start without MERCADOPAGO_ACCESS_TOKEN: the sandbox approves any payment.
   */
  @AsBool()
  @IsOptional()
  @IsBoolean()
  PAYMENTS_SANDBOX?: boolean;

  /** The webhook's secret signature (MercadoPago: Tus integraciones → Webhooks). */
  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  @MinLength(8)
  MERCADOPAGO_WEBHOOK_SECRET?: string;

  /**
   * How often (minutes) the server asks MercadoPago about card payments still pending, so a buyer
   * who closed the tab before coming back is activated even when a notification was lost.
   * 0 switches it off. Runs only with MERCADOPAGO_ACCESS_TOKEN.
   */
  @AsInt()
  @IsInt()
  @Min(0)
  @Max(1440)
  MERCADOPAGO_RECONCILE_MINUTES = 10;

  /** Bank details shown on the transfer page. */
  @IsString()
  BANK_NAME = 'Banco a definir';

  @IsString()
  BANK_HOLDER = 'Casa y Manos S.A.S.';

  @IsString()
  BANK_CUIT = '30-00000000-0';

  @IsString()
  BANK_ALIAS = 'CASA.Y.MANOS';

  /** CBU or CVU: 22 digits. */
  @IsString()
  BANK_ACCOUNT = '0000000000000000000000';
}

export interface PaymentsSettings {
  payments: {
    /** 'mercadopago' with an access token, otherwise the built-in sandbox. */
    provider: 'mercadopago' | 'sandbox';
    mercadopagoAccessToken?: string;
    mercadopagoWebhookSecret?: string;
    /** Period of the reconciliation with MercadoPago; 0 when switched off. */
    reconcileMs: number;
    bank: { name: string; holder: string; cuit: string; alias: string; account: string };
  };
}

export function paymentsSettings(values: PaymentsVariables, { production }: SettingsContext): PaymentsSettings {
  if (production && !values.MERCADOPAGO_ACCESS_TOKEN && !values.PAYMENTS_SANDBOX)
    refuse(
      'MERCADOPAGO_ACCESS_TOKEN is required in production (or PAYMENTS_SANDBOX=true for a demo without real payments)',
    );
  if (production && values.MERCADOPAGO_ACCESS_TOKEN && !values.MERCADOPAGO_WEBHOOK_SECRET)
    refuse(
      'MERCADOPAGO_WEBHOOK_SECRET is required in production with MERCADOPAGO_ACCESS_TOKEN: without it every MercadoPago notification is refused (401), and a card payment is activated only when the buyer comes back to the result page or, minutes later, by the periodic reconciliation (MERCADOPAGO_RECONCILE_MINUTES). Copy the secret signature from MercadoPago (Tus integraciones → Webhooks).',
    );
  return {
    payments: {
      provider: values.MERCADOPAGO_ACCESS_TOKEN ? 'mercadopago' : 'sandbox',
      mercadopagoAccessToken: values.MERCADOPAGO_ACCESS_TOKEN,
      mercadopagoWebhookSecret: values.MERCADOPAGO_WEBHOOK_SECRET,
      reconcileMs: values.MERCADOPAGO_RECONCILE_MINUTES * 60_000,
      bank: {
        name: values.BANK_NAME,
        holder: values.BANK_HOLDER,
        cuit: values.BANK_CUIT,
        alias: values.BANK_ALIAS,
        account: values.BANK_ACCOUNT,
      },
    },
  };
}
