import { Logger } from '@nestjs/common';
import { MercadoPagoConfig, Payment, Preference } from 'mercadopago';
import { PAYMENT_ERRORS } from '../payments.errors';
import { PaymentProvider, PreferenceRequest, ProviderPayment, ProviderPreference } from './payment-provider';

/** Someone is waiting on the other side: one retry at most, ten seconds each. */
const TIMEOUT_MS = 10_000;

/** MercadoPago Checkout Pro through the official SDK (which calls the API with the global fetch). */
export class MercadoPagoProvider extends PaymentProvider {
  readonly name = 'mercadopago' as const;
  private readonly logger = new Logger('MercadoPago');
  private readonly preferences: Preference;
  private readonly payments: Payment;

  constructor(accessToken: string) {
    super();
    const client = new MercadoPagoConfig({ accessToken, options: { timeout: TIMEOUT_MS } });
    this.preferences = new Preference(client);
    this.payments = new Payment(client);
  }

  async createPreference(request: PreferenceRequest): Promise<ProviderPreference> {
    // MercadoPago refuses auto_return and notifications to addresses it cannot reach.
    const reachable = request.notificationUrl.startsWith('https://');
    try {
      const preference = await this.preferences.create({
        body: {
          items: [
            {
              id: `membership-${request.reference}`,
              title: request.title,
              quantity: 1,
              unit_price: request.amount,
              currency_id: 'ARS',
            },
          ],
          payer: { email: request.payerEmail },
          external_reference: request.reference,
          back_urls: request.backUrls,
          ...(reachable ? { auto_return: 'approved', notification_url: request.notificationUrl } : {}),
          statement_descriptor: 'CASAYMANOS',
          binary_mode: false,
          // Abandoned checkouts read as 'Vencido' after 24 h: MercadoPago stops taking payments then too.
          expires: true,
          expiration_date_to: request.expiresAt.toISOString(),
        },
        requestOptions: { idempotencyKey: `preference-${request.reference}`, timeout: TIMEOUT_MS, maxRetries: 1 },
      });
      if (!preference.id || !preference.init_point) throw new Error('preference without id or init_point');
      return { id: preference.id, init_point: preference.init_point };
    } catch (error) {
      this.logger.warn(`create preference failed: ${describe(error)}`);
      throw PAYMENT_ERRORS.providerUnavailable.exception();
    }
  }

  async getPayment(id: string): Promise<ProviderPayment | null> {
    try {
      return ours(await this.payments.get({ id, requestOptions: { timeout: TIMEOUT_MS, maxRetries: 1 } }));
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      this.logger.warn(`get payment ${id} failed: ${describe(error)}`);
      throw PAYMENT_ERRORS.providerUnavailable.exception();
    }
  }

  async getPreference(id: string): Promise<ProviderPreference | null> {
    try {
      const preference = await this.preferences.get({
        preferenceId: id,
        requestOptions: { timeout: TIMEOUT_MS, maxRetries: 1 },
      });
      return preference.id && preference.init_point ? { id: preference.id, init_point: preference.init_point } : null;
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      this.logger.warn(`get preference failed: ${describe(error)}`);
      throw PAYMENT_ERRORS.providerUnavailable.exception();
    }
  }

  async findPayments(reference: string): Promise<ProviderPayment[]> {
    try {
      const found = await this.payments.search({
        options: { external_reference: reference, sort: 'date_created', criteria: 'desc', limit: 20 },
        requestOptions: { timeout: TIMEOUT_MS, maxRetries: 1 },
      });
      return (found.results ?? []).filter((payment) => payment.id !== undefined).map(ours);
    } catch (error) {
      this.logger.warn(`search payments of ${reference} failed: ${describe(error)}`);
      throw PAYMENT_ERRORS.providerUnavailable.exception();
    }
  }
}

/** The fields of MercadoPago's payment resource we read. */
function ours(payment: {
  id?: string | number;
  status?: string;
  status_detail?: string;
  transaction_amount?: number;
  currency_id?: string;
  external_reference?: string;
}): ProviderPayment {
  return {
    id: String(payment.id),
    status: payment.status ?? 'unknown',
    status_detail: payment.status_detail ?? null,
    transaction_amount: Number(payment.transaction_amount),
    currency_id: payment.currency_id ?? '',
    external_reference: payment.external_reference ?? null,
  };
}

/** Status and message only: never the request, which carries the access token. */
function describe(error: unknown): string {
  const e = error as { status?: number; message?: string };
  return `${e.status ?? '-'} ${e.message ?? String(error)}`.slice(0, 200);
}
