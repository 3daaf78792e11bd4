import { HttpStatus, Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PAYMENT_MESSAGES, PRODUCT_NAME } from '@cym/common';
import { DataSource } from 'typeorm';
import { AppException } from '../../common/app-exception';
import type { AuthUser } from '../../common/auth/auth-user';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MembershipCreatedDto } from '../memberships/dto/memberships.dto';
import { MembershipsService, PaymentRow } from '../memberships/memberships.service';
import { ParentAccess } from '../parent-profile/parent-access';
import { PreferenceDto } from './dto/payments.dto';
import { PaymentProvider, ProviderPayment } from './providers/payment-provider';

/** What applying the provider's report to our payment did. */
export type SyncOutcome =
  { kind: 'granted'; membershipId: number } | { kind: 'waiting' | 'failed' | 'mismatch' | 'revoked' | 'ignored' };

const BACKGROUND_RETRY_MS = [5_000, 30_000, 120_000];
const FAILED = new Set(['rejected', 'cancelled']);
const REVERSED = new Set(['refunded', 'charged_back']);

/**
 * Card payments (decisions: Membership and payments). A membership is granted only after this
 * server fetched the payment from the provider and saw `approved`, our amount in pesos and our
 * payment id as external_reference; the grant itself is idempotent (MembershipsService.grant).
 */
@Injectable()
export class PaymentsService implements OnApplicationShutdown {
  private readonly logger = new Logger('Payments');
  private readonly inFlight = new Set<Promise<void>>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private closing = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly provider: PaymentProvider,
    private readonly memberships: MembershipsService,
    private readonly access: ParentAccess,
    private readonly limiter: RateLimiter,
  ) {}

  async createPreference(actor: AuthUser, profileId: number | undefined): Promise<PreferenceDto> {
    if (profileId === undefined)
      throw new AppException(HttpStatus.BAD_REQUEST, 'PROFILE_REQUIRED', PAYMENT_MESSAGES.noProfile);
    const parent = await this.access.owned(profileId, actor);
    this.limiter.consume('payment-preference', String(actor.id), { limit: 20, windowMs: 3_600_000 });
    const type = await this.memberships.currentType();
    const [payment] = (await this.dataSource.query(
      `INSERT INTO payments (parent_profile_id, membership_type_id, amount, payment_method, status)
       VALUES ($1, $2, $3, 'mercadopago', 'pending') RETURNING id`,
      [profileId, type.id, type.price],
    )) as { id: number }[];
    const paymentId = payment!.id;
    const base = this.config.publicUrl;
    try {
      const preference = await this.provider.createPreference({
        reference: String(paymentId),
        title: `${type.name} ${PRODUCT_NAME} (${type.duration_days} días)`,
        amount: type.price,
        payerEmail: parent.email,
        backUrls: {
          success: `${base}/payment/success`,
          failure: `${base}/payment/failure`,
          pending: `${base}/payment/pending`,
        },
        notificationUrl: `${base}/api/payments/mercadopago/webhook/`,
      });
      await this.dataSource.query(`UPDATE payments SET provider_preference_id = $2 WHERE id = $1`, [
        paymentId,
        preference.id,
      ]);
      return {
        init_point: preference.init_point,
        preference_id: preference.id,
        payment_id: paymentId,
        provider: this.provider.name,
      };
    } catch (error) {
      await this.dataSource.query(`UPDATE payments SET status = 'cancelled', updated_at = now() WHERE id = $1`, [
        paymentId,
      ]);
      throw error;
    }
  }

  /**
   * GET payments/{id}/status/ after the checkout returns: asks the provider, applies what it
   * says, and answers the membership when the payment granted one. 404 while the provider does
   * not know the payment (the screen retries) and for another employer's payment.
   */
  async status(actor: AuthUser, providerPaymentId: string): Promise<MembershipCreatedDto> {
    const notFound = () =>
      new AppException(HttpStatus.NOT_FOUND, 'PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.paymentNotFound);
    if (!/^\d{1,18}$/.test(providerPaymentId)) throw notFound();
    this.limiter.consume('payment-status', String(actor.id), { limit: 60, windowMs: 600_000 });
    const reported = await this.provider.getPayment(providerPaymentId);
    if (!reported) throw notFound();
    const ours = await this.ourPayment(reported.external_reference);
    if (!ours) throw notFound();
    const owner: { user_id: number }[] = await this.dataSource.query(
      `SELECT user_id FROM parent_profiles WHERE id = $1`,
      [ours.parent_profile_id],
    );
    if (!actor.isAdmin && owner[0]?.user_id !== actor.id) throw notFound();
    const outcome = await this.apply(reported, ours);
    if (outcome.kind === 'granted') return this.memberships.created(outcome.membershipId);
    if (outcome.kind === 'mismatch')
      throw new AppException(HttpStatus.CONFLICT, 'PAYMENT_MISMATCH', PAYMENT_MESSAGES.verifyFailed);
    throw new AppException(HttpStatus.CONFLICT, 'PAYMENT_NOT_APPROVED', PAYMENT_MESSAGES.paymentNotApproved);
  }

  /**
   * A provider notification (webhook or sandbox checkout): processed after the answer. The
   * webhook has already said 200, so MercadoPago will not send it again: when the provider or
   * the database fails, this process tries again after 5 s, 30 s and 2 min.
   */
  syncInBackground(providerPaymentId: string, attempt = 0): void {
    const job = this.sync(providerPaymentId)
      .then(() => undefined)
      .catch((error: unknown) => {
        const delay = BACKGROUND_RETRY_MS[attempt];
        this.logger.warn(
          `payment ${providerPaymentId}: ${String(error)}${delay === undefined ? ' (given up)' : `; again in ${delay} ms`}`,
        );
        if (delay === undefined || this.closing) return;
        const timer = setTimeout(() => {
          this.retryTimers.delete(timer);
          this.syncInBackground(providerPaymentId, attempt + 1);
        }, delay);
        timer.unref();
        this.retryTimers.add(timer);
      })
      .finally(() => this.inFlight.delete(job));
    this.inFlight.add(job);
  }

  /** Waits for notifications still being processed (shutdown, and tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closing = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    await this.settled();
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

  private async ourPayment(reference: string | null): Promise<PaymentRow | null> {
    if (!reference || !/^\d{1,9}$/.test(reference)) return null;
    const rows: PaymentRow[] = await this.dataSource.query(
      `SELECT * FROM payments WHERE id = $1 AND payment_method = 'mercadopago'`,
      [Number(reference)],
    );
    return rows[0] ?? null;
  }

  /** Applies the provider's word to our payment under a row lock; grants at most once. */
  private async apply(reported: ProviderPayment, ours: PaymentRow): Promise<SyncOutcome> {
    const outcome = await this.dataSource.transaction(async (m): Promise<SyncOutcome> => {
      const [current] = (await m.query(`SELECT * FROM payments WHERE id = $1 FOR UPDATE`, [ours.id])) as PaymentRow[];
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
          await m.query(`UPDATE payments SET provider_status = 'mismatch', updated_at = now() WHERE id = $1`, [
            current.id,
          ]);
          return { kind: 'mismatch' };
        }
        return { kind: 'granted', membershipId: await this.memberships.grant(m, current.id, reported.id) };
      }
      if (REVERSED.has(reported.status) && current.status === 'approved' && sameProviderPayment) {
        await this.memberships.revoke(m, current.id, 'refunded');
        return { kind: 'revoked' };
      }
      if (FAILED.has(reported.status) && current.status !== 'approved') {
        await m.query(`UPDATE payments SET status = $2, provider_status = $2, updated_at = now() WHERE id = $1`, [
          current.id,
          reported.status,
        ]);
        return { kind: 'failed' };
      }
      await m.query(`UPDATE payments SET provider_status = $2, updated_at = now() WHERE id = $1`, [
        current.id,
        reported.status.slice(0, 40),
      ]);
      return { kind: 'waiting' };
    });
    if (outcome.kind === 'granted' || outcome.kind === 'revoked') this.memberships.afterChange();
    return outcome;
  }
}
