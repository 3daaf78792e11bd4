export interface PreferenceRequest {
  /** Our payment id: the provider hands it back as external_reference. */
  reference: string;
  title: string;
  amount: number;
  payerEmail: string;
  /** Absolute addresses of /payment/success|failure|pending and of our webhook. */
  backUrls: { success: string; failure: string; pending: string };
  notificationUrl: string;
  /** After this the provider refuses to take a payment on the checkout (it reads as 'Vencido'). */
  expiresAt: Date;
}

export interface ProviderPreference {
  id: string;
  /** Always an absolute URL: MercadoPago's, or PUBLIC_URL + the sandbox path. */
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
 * The card payment provider: MercadoPago Checkout Pro, or
 * the built-in sandbox when no credentials are configured. Chosen by configuration only.
 */
export abstract class PaymentProvider {
  abstract readonly name: 'mercadopago' | 'sandbox';
  abstract createPreference(request: PreferenceRequest): Promise<ProviderPreference>;
  /** The payment, or null while the provider does not know it. */
  abstract getPayment(id: string): Promise<ProviderPayment | null>;
  /** A preference made earlier (to offer its checkout again), or null when the provider lost it. */
  abstract getPreference(id: string): Promise<ProviderPreference | null>;
  /** The payments the provider holds for our payment `reference` (its external_reference), newest first. */
  abstract findPayments(reference: string): Promise<ProviderPayment[]>;
}
