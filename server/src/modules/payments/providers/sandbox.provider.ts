import { randomBytes } from 'node:crypto';
import { PaymentsRepository, type SandboxPreferenceRow } from '../payments.repository';
import { PaymentProvider, PreferenceRequest, ProviderPayment, ProviderPreference } from './payment-provider';

export type SandboxAction = 'approve' | 'reject' | 'pending' | 'cancel';

const OUTCOMES: Record<
  Exclude<SandboxAction, 'cancel'>,
  { status: string; detail: string; back: 'success' | 'failure' | 'pending' }
> = {
  approve: { status: 'approved', detail: 'accredited', back: 'success' },
  reject: { status: 'rejected', detail: 'cc_rejected_other_reason', back: 'failure' },
  pending: { status: 'pending', detail: 'pending_waiting_payment', back: 'pending' },
};

/** Keeps only path and query, so the checkout returns to whichever host served it. */
function local(url: string): string {
  const parsed = new URL(url, 'http://localhost');
  return `${parsed.pathname}${parsed.search}`;
}

/**
 * The built-in stand-in for MercadoPago when no credentials are configured: preferences and
 * payments live in the database, the checkout is a page of this app (see
 * SandboxCheckoutController), and lookups answer with the fields MercadoPago's API uses.
 */
export class SandboxProvider extends PaymentProvider {
  readonly name = 'sandbox' as const;

  /** `publicUrl`: PUBLIC_URL, so init_point is absolute like MercadoPago's. */
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly publicUrl: string,
  ) {
    super();
  }

  private initPoint(id: string): string {
    return `${this.publicUrl}/api/payments/sandbox/checkout/${id}/`;
  }

  async createPreference(request: PreferenceRequest): Promise<ProviderPreference> {
    const id = `sbx-${randomBytes(12).toString('hex')}`;
    const backUrls = {
      success: local(request.backUrls.success),
      failure: local(request.backUrls.failure),
      pending: local(request.backUrls.pending),
    };
    await this.payments.addSandboxPreference({
      id,
      reference: request.reference,
      title: request.title,
      amount: request.amount,
      payerEmail: request.payerEmail,
      backUrls,
    });
    return { id, init_point: this.initPoint(id) };
  }

  async getPreference(id: string): Promise<ProviderPreference | null> {
    const found = await this.preference(id);
    return found ? { id: found.id, init_point: this.initPoint(found.id) } : null;
  }

  async findPayments(reference: string): Promise<ProviderPayment[]> {
    const ids = await this.payments.sandboxPaymentIdsOf(reference);
    const found = await Promise.all(ids.map((id) => this.getPayment(id)));
    return found.filter((payment): payment is ProviderPayment => payment !== null);
  }

  async getPayment(id: string): Promise<ProviderPayment | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const row = await this.payments.sandboxPayment(id);
    if (!row) return null;
    return {
      id: row.id,
      status: row.status,
      status_detail: row.status_detail,
      transaction_amount: row.amount,
      currency_id: 'ARS',
      external_reference: row.external_reference,
    };
  }

  async preference(id: string): Promise<SandboxPreferenceRow | null> {
    if (!/^sbx-[0-9a-f]{24}$/.test(id)) return null;
    return (await this.payments.sandboxPreference(id)) ?? null;
  }

  /**
   * What the person chose on the checkout page: a payment with that outcome (none when they
   * cancel), and the back URL with the query parameters MercadoPago adds to it.
   */
  async act(
    preference: SandboxPreferenceRow,
    action: SandboxAction,
  ): Promise<{ paymentId: string | null; redirect: string }> {
    let paymentId: string | null = null;
    let status = 'null';
    let back: 'success' | 'failure' | 'pending' = 'failure';
    if (action !== 'cancel') {
      const outcome = OUTCOMES[action];
      paymentId = await this.payments.addSandboxPayment({
        preferenceId: preference.id,
        status: outcome.status,
        detail: outcome.detail,
        amount: preference.amount,
        reference: preference.external_reference,
      });
      status = outcome.status;
      back = outcome.back;
    }
    const query = new URLSearchParams({
      collection_id: paymentId ?? 'null',
      collection_status: status,
      payment_id: paymentId ?? 'null',
      status,
      external_reference: preference.external_reference,
      payment_type: action === 'cancel' ? 'null' : 'account_money',
      merchant_order_id: 'null',
      preference_id: preference.id,
      site_id: 'MLA',
      processing_mode: 'aggregator',
      merchant_account_id: 'null',
    });
    const base = preference.back_urls[back];
    return { paymentId, redirect: `${base}${base.includes('?') ? '&' : '?'}${query.toString()}` };
  }
}
