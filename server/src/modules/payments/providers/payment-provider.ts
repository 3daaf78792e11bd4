import { HttpStatus } from '@nestjs/common';
import { PAYMENT_MESSAGES } from '@cym/common';
import { AppException } from '../../../common/app-exception';

export interface PreferenceRequest {
  /** Our payment id: the provider hands it back as external_reference. */
  reference: string;
  title: string;
  amount: number;
  payerEmail: string;
  /** Absolute addresses of /payment/success|failure|pending and of our webhook. */
  backUrls: { success: string; failure: string; pending: string };
  notificationUrl: string;
}

export interface ProviderPreference {
  id: string;
  init_point: string;
}

/** A payment as the provider reports it (the fields of MercadoPago's payment resource we read). */
export interface ProviderPayment {
  id: string;
  status: string;
  status_detail: string | null;
  transaction_amount: number;
  currency_id: string;
  external_reference: string | null;
}

/**
 * The card payment provider (decisions: Membership and payments): MercadoPago Checkout Pro, or
 * the built-in sandbox when no credentials are configured. Chosen by configuration only.
 */
export abstract class PaymentProvider {
  abstract readonly name: 'mercadopago' | 'sandbox';
  abstract createPreference(request: PreferenceRequest): Promise<ProviderPreference>;
  /** The payment, or null while the provider does not know it. */
  abstract getPayment(id: string): Promise<ProviderPayment | null>;
}

/** The provider could not be reached or refused our request: 502, nothing changed. */
export class ProviderUnavailableException extends AppException {
  constructor() {
    super(HttpStatus.BAD_GATEWAY, 'PROVIDER_UNAVAILABLE', PAYMENT_MESSAGES.providerUnavailable);
  }
}
