import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { PRODUCT_NAME } from '@cym/common';
import type { AuthUser } from '../auth/access/auth-user';
import { Clock } from '../../common/clock/clock';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import { JobKind, JobQueue } from '../jobs/job-queue';
import { MembershipCreatedDto, MembershipTypeDto } from '../memberships/dto/memberships.dto';
import { MembershipsService } from '../memberships/memberships.service';
import { ParentAccess } from '../parent-profile/parent-access';
import { CHECKOUT_TTL_MS, isAbandoned, reusableUntil } from './checkout-expiry';
import { PreferenceDto } from './dto/payments.dto';
import { PaymentLedger } from './payment-ledger';
import { PAYMENT_ERRORS } from './payments.errors';
import { type OpenCheckoutRow, type PaymentRow, PaymentsRepository } from './payments.repository';
import { PaymentProvider, ProviderPayment } from './providers/payment-provider';

/**
 * How long a click waits for the checkout another click of the same employer is preparing: the
 * provider's slowest answer (two tries of ten seconds) and some room.
 */
export const PREPARING_WAIT_MS = 25_000;
/** The waiting click looks again after 50 ms, then twice as long each time, up to a second. */
const PREPARING_POLL_MS = 50;
const PREPARING_POLL_MAX_MS = 1000;
/**
 * A checkout still being prepared (no provider preference) after a minute was left by a process
 * that stopped: the next click cancels it and opens its own.
 */
export const PREPARING_STALE_MS = 60_000;

/** What a click may do under the employer's lock (PaymentsService.claimCheckout). */
type CheckoutClaim =
  { kind: 'open'; checkout: OpenCheckoutRow } | { kind: 'mine'; paymentId: number; now: Date } | { kind: 'preparing' };

/** What applying the provider's report to our payment did. */
export type SyncOutcome =
  { kind: 'granted'; membershipId: number } | { kind: 'waiting' | 'failed' | 'mismatch' | 'revoked' | 'ignored' };

/**
 * Applying a provider notification, after the webhook answered: a durable job, so a crash or
 * an unreachable provider retries it (5 s, 10 s, 20 s … about 10 minutes in all).
 */
export const PAYMENT_SYNC_JOB: JobKind = {
  name: 'payment-sync',
  retryLimit: 7,
  retryDelay: 5,
  retryBackoff: true,
  expireInSeconds: 120,
};

interface PaymentSyncData {
  providerPaymentId: string;
}
const FAILED = new Set(['rejected', 'cancelled']);
const REVERSED = new Set(['refunded', 'charged_back']);
/** The reconciliation looks at checkouts a little past their expiry (a payment made at the last minute)… */
const RECONCILE_GRACE_MS = 60 * 60 * 1000;
/** …and at payments the provider reported as pending (cash tickets, reviews) for 30 days. */
const RECONCILE_PENDING_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Card payments. A membership is granted only after this
 * server fetched the payment from the provider and saw `approved`, our amount in pesos and our
 * payment id as external_reference; the grant itself is idempotent (MembershipsService.grant).
 */
@Injectable()
export class PaymentsService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger('Payments');
  private closing = false;

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly provider: PaymentProvider,
    private readonly memberships: MembershipsService,
    private readonly access: ParentAccess,
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly ledger: PaymentLedger,
    private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): Promise<void> {
    return this.jobs.register<PaymentSyncData>(PAYMENT_SYNC_JOB, async ({ providerPaymentId }) => {
      await this.sync(providerPaymentId);
    });
  }

  /**
   * 'PAGAR CON MERCADOPAGO': the employer's open checkout, or a new one. One at a time per
   * employer, whatever the number of clicks, tabs or processes (claimCheckout): the click that
   * writes the pending payment asks the provider; the others wait for that checkout and answer it.
   */
  async createPreference(actor: AuthUser, profileId: number | undefined): Promise<PreferenceDto> {
    if (profileId === undefined) throw PAYMENT_ERRORS.profileRequired.exception();
    const parent = await this.access.owned(profileId, actor);
    await this.limiter.consume('payment-preference', String(actor.id), { limit: 60, windowMs: 600_000 });
    const type = await this.memberships.currentType();
    const lost: number[] = [];
    const giveUpAt = performance.now() + PREPARING_WAIT_MS;
    for (let pause = PREPARING_POLL_MS; ; pause = Math.min(pause * 2, PREPARING_POLL_MAX_MS)) {
      const claim = await this.claimCheckout(profileId, type, lost);
      if (claim.kind === 'mine') return this.prepareCheckout(profileId, claim.paymentId, claim.now, type, parent.email);
      if (claim.kind === 'open') {
        const offered = await this.offerAgain(claim.checkout);
        if (offered) return offered;
        lost.push(claim.checkout.id);
        continue;
      }
      // Another click is asking the provider: its checkout is answered once stored. A provider
      // that has not answered it by now will not answer this click either.
      if (performance.now() + pause > giveUpAt) throw PAYMENT_ERRORS.providerUnavailable.exception();
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /**
   * Under the employer profile's row lock, so that one employer's clicks take turns: cancels a
   * checkout left being prepared by a stopped process, then answers the open checkout to offer
   * again, or a new pending payment this click prepares ('mine'), or 'preparing' while another
   * click prepares one (the partial unique index turns a second one into no row). The lock
   * makes "look for an open checkout, then write one" one step; the index holds even without it.
   */
  private claimCheckout(profileId: number, type: MembershipTypeDto, lost: number[]): Promise<CheckoutClaim> {
    return this.transactions.run(async (m): Promise<CheckoutClaim> => {
      await this.access.lock(m, profileId);
      const now = this.clock.now();
      const abandoned = await this.ledger.cancelAbandonedCards(
        m,
        profileId,
        new Date(now.getTime() - PREPARING_STALE_MS),
      );
      if (abandoned.length > 0) this.logger.warn(`cancelled checkouts left being prepared: ${abandoned.join(', ')}`);
      const open = await this.payments.openCheckout(profileId, type.id, type.price, lost, m);
      if (open && reusableUntil(open.created_at) > now) return { kind: 'open', checkout: open };
      const paymentId = await this.ledger.openCard(m, profileId, type.id, type.price, now);
      return paymentId === null ? { kind: 'preparing' } : { kind: 'mine', paymentId, now };
    });
  }

  /**
   * Asks the provider for the checkout of our pending payment and stores it; cancels the payment
   * when it fails. Both under the employer's lock too: a payment leaves the 'being prepared' index
   * then, and a click between its look and its write would otherwise open a second checkout.
   */
  private async prepareCheckout(
    profileId: number,
    paymentId: number,
    now: Date,
    type: MembershipTypeDto,
    payerEmail: string,
  ): Promise<PreferenceDto> {
    const base = this.config.publicUrl;
    try {
      const preference = await this.provider.createPreference({
        reference: String(paymentId),
        title: `${type.name} ${PRODUCT_NAME} (${type.duration_days} días)`,
        amount: type.price,
        payerEmail,
        backUrls: {
          success: `${base}/payment/success`,
          failure: `${base}/payment/failure`,
          pending: `${base}/payment/pending`,
        },
        notificationUrl: `${base}/api/payments/mercadopago/webhook/`,
        expiresAt: new Date(now.getTime() + CHECKOUT_TTL_MS),
      });
      await this.transactions.run(async (m) => {
        await this.access.lock(m, profileId);
        await this.ledger.setPreference(m, paymentId, preference.id);
      });
      return {
        init_point: preference.init_point,
        preference_id: preference.id,
        payment_id: paymentId,
        provider: this.provider.name,
      };
    } catch (error) {
      await this.transactions.run(async (m) => {
        await this.access.lock(m, profileId);
        await this.ledger.setStatus(paymentId, 'cancelled', m);
      });
      throw error;
    }
  }

  /**
   * The employer's checkout still open (pending, no payment made on it, same type and price,
   * more than an hour of its 24 left): every 'PAGAR CON MERCADOPAGO' click sends them back to it
   * instead of piling up a new pending payment. Null when the provider lost it.
   */
  private async offerAgain(open: OpenCheckoutRow): Promise<PreferenceDto | null> {
    const preference = await this.provider.getPreference(open.provider_preference_id);
    if (!preference) return null;
    return {
      init_point: preference.init_point,
      preference_id: preference.id,
      payment_id: open.id,
      provider: this.provider.name,
    };
  }

  /**
   * GET payments/{id}/status/ after the checkout returns: asks the provider, applies what it
   * says, and answers the membership when the payment granted one. 404 while the provider does
   * not know the payment (the screen retries) and for another employer's payment.
   */
  async status(actor: AuthUser, providerPaymentId: string): Promise<MembershipCreatedDto> {
    const notFound = () => PAYMENT_ERRORS.paymentNotFound.exception();
    if (!/^\d{1,18}$/.test(providerPaymentId)) throw notFound();
    await this.limiter.consume('payment-status', String(actor.id), { limit: 60, windowMs: 600_000 });
    const reported = await this.provider.getPayment(providerPaymentId);
    if (!reported) throw notFound();
    const ours = await this.ourPayment(reported.external_reference);
    if (!ours) throw notFound();
    const ownerId = await this.payments.ownerUserId(ours.parent_profile_id);
    if (!actor.isAdmin && ownerId !== actor.id) throw notFound();
    const outcome = await this.apply(reported, ours);
    if (outcome.kind === 'granted') return this.memberships.created(outcome.membershipId);
    if (outcome.kind === 'mismatch') throw PAYMENT_ERRORS.mismatch.exception();
    throw PAYMENT_ERRORS.notApproved.exception();
  }

  /**
   * A provider notification (webhook or sandbox checkout): stored as a durable job before the
   * answer, processed after it by whichever process takes the job. MercadoPago will not send an
   * answered notification again, so the job retries while the provider or the database fails.
   */
  async syncLater(providerPaymentId: string): Promise<void> {
    await this.jobs.send<PaymentSyncData>(PAYMENT_SYNC_JOB, { providerPaymentId });
    this.jobs.nudge(PAYMENT_SYNC_JOB);
  }

  /** Applies now, in this process, the notifications waiting to be processed (tests). */
  async settled(): Promise<void> {
    await this.jobs.runDue(PAYMENT_SYNC_JOB);
  }

  /** A reconciliation in progress stops between payments when the process is asked to stop. */
  beforeApplicationShutdown(): void {
    this.closing = true;
  }

  async sync(providerPaymentId: string): Promise<SyncOutcome> {
    const reported = await this.provider.getPayment(providerPaymentId);
    if (!reported) return { kind: 'ignored' };
    const ours = await this.ourPayment(reported.external_reference);
    if (!ours) {
      this.logger.warn(`payment ${providerPaymentId} has an external_reference that is not ours`);
      return { kind: 'ignored' };
    }
    return this.apply(reported, ours);
  }

  /**
   * Asks the provider about each card payment still pending (PaymentReconciler, every
   * MERCADOPAGO_RECONCILE_MINUTES) and applies its word exactly as the webhook does: a buyer who
   * paid and closed the tab is activated, rejected ones are marked. One payment failing to answer
   * does not stop the others.
   */
  async reconcile(): Promise<{ checked: number; granted: number; failed: number; errors: number }> {
    const now = this.clock.now().getTime();
    const rows = await this.payments.reconcileDue(
      new Date(now - CHECKOUT_TTL_MS - RECONCILE_GRACE_MS),
      new Date(now - RECONCILE_PENDING_MS),
    );
    const counts = { checked: 0, granted: 0, failed: 0, errors: 0 };
    for (const row of rows) {
      if (this.closing) break;
      try {
        const found = await this.provider.findPayments(String(row.id));
        const chosen = found.find((p) => p.status === 'approved') ?? found[0];
        counts.checked += 1;
        if (!chosen) continue;
        const outcome = await this.apply(chosen, row);
        if (outcome.kind === 'granted') counts.granted += 1;
        if (outcome.kind === 'failed') counts.failed += 1;
      } catch (error) {
        counts.errors += 1;
        this.logger.warn(`reconcile payment ${row.id}: ${String(error)}`);
      }
    }
    return counts;
  }

  /** Our card payment `reference` reads as 'Vencido' (its checkout takes no payment any more). */
  async checkoutExpired(reference: string): Promise<boolean> {
    const ours = await this.ourPayment(reference);
    return ours !== null && isAbandoned(ours, this.clock.now());
  }

  private async ourPayment(reference: string | null): Promise<PaymentRow | null> {
    if (!reference || !/^\d{1,9}$/.test(reference)) return null;
    return this.ledger.card(Number(reference));
  }

  /** Applies the provider's word to our payment under a row lock; grants at most once. */
  private async apply(reported: ProviderPayment, ours: PaymentRow): Promise<SyncOutcome> {
    const outcome = await this.transactions.run(async (m): Promise<SyncOutcome> => {
      const current = await this.ledger.lock(m, ours.id);
      if (!current) return { kind: 'ignored' };
      const sameProviderPayment = current.provider_payment_id === reported.id;
      if (current.status === 'approved' && !sameProviderPayment) {
        // A second payment on a checkout already paid: nothing to grant, but the team must know.
        if (reported.status === 'approved')
          this.logger.warn(
            `payment ${reported.id} approved for our payment ${current.id}, already paid by ${current.provider_payment_id}: refund it`,
          );
        return { kind: 'ignored' };
      }
      if (reported.status === 'approved') {
        const matches =
          reported.external_reference === String(current.id) &&
          reported.currency_id === 'ARS' &&
          reported.transaction_amount === current.amount;
        if (!matches) {
          this.logger.warn(
            `payment ${reported.id} approved for ${reported.transaction_amount} ${reported.currency_id}, expected ${current.amount} ARS`,
          );
          await this.ledger.markMismatch(m, current.id);
          return { kind: 'mismatch' };
        }
        return { kind: 'granted', membershipId: await this.memberships.grant(m, current.id, reported.id) };
      }
      if (REVERSED.has(reported.status) && current.status === 'approved' && sameProviderPayment) {
        await this.memberships.revoke(m, current.id, 'refunded');
        return { kind: 'revoked' };
      }
      // The provider's payment id is shown (admin's transaction id) whenever one exists.
      if (FAILED.has(reported.status) && current.status !== 'approved') {
        const failed = reported.status as 'rejected' | 'cancelled';
        await this.ledger.recordProviderReport(m, current.id, {
          status: failed,
          providerStatus: failed,
          providerPaymentId: reported.id,
        });
        return { kind: 'failed' };
      }
      await this.ledger.recordProviderReport(m, current.id, {
        providerStatus: reported.status.slice(0, 40),
        providerPaymentId: current.status === 'approved' ? current.provider_payment_id : reported.id,
      });
      return { kind: 'waiting' };
    });
    if (outcome.kind === 'granted' || outcome.kind === 'revoked') this.memberships.afterChange();
    return outcome;
  }
}
