import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { Payment, type PaymentMethod, type PaymentStatus } from './entities/payment.entities';

/*
 * The payments module's data access: the `payments` rows (written only through PaymentLedger),
 * the reads of the card checkouts and of the reconciliation, and the built-in sandbox provider's
 * own tables (sandbox_preferences, sandbox_payments).
 */

/** How many pending card payments one reconciliation run asks the provider about. */
export const RECONCILE_BATCH = 200;

/**
 * The card payments still pending that the reconciliation asks the provider about, newest first:
 * unreported checkouts created after `$1`, reported ones (cash tickets, reviews) after `$2`.
 */
const RECONCILE_DUE = `SELECT * FROM payments
        WHERE payment_method = 'mercadopago' AND status = 'pending'
          AND ((provider_payment_id IS NULL AND created_at > $1) OR (provider_payment_id IS NOT NULL AND created_at > $2))
        ORDER BY created_at DESC, id DESC LIMIT ${RECONCILE_BATCH}`;

/**
 * An employer's ($1) open card checkout for the membership type $2 at the price $3, not yet paid
 * or reported, other than the ids $4 (checkouts the provider lost): offered again instead of a
 * new one (the newest).
 */
const OPEN_CHECKOUT = `SELECT id, provider_preference_id, created_at FROM payments
        WHERE parent_profile_id = $1 AND payment_method = 'mercadopago' AND status = 'pending'
          AND provider_payment_id IS NULL AND provider_preference_id IS NOT NULL
          AND membership_type_id = $2 AND amount = $3 AND NOT (id = ANY($4::int[]))
        ORDER BY created_at DESC, id DESC LIMIT 1`;

/**
 * A card checkout being prepared (pending, no provider preference yet) for employer $1, type $2,
 * amount $3, dated $4; nothing when the employer already has one (the partial unique index
 * payments_one_checkout_being_prepared): answers the new id, or no row.
 */
const PREPARE_CHECKOUT = `INSERT INTO payments
          (parent_profile_id, membership_type_id, amount, payment_method, status, created_at, updated_at)
        VALUES ($1, $2, $3, 'mercadopago', 'pending', $4, $4)
        ON CONFLICT (parent_profile_id)
          WHERE payment_method = 'mercadopago' AND status = 'pending' AND provider_preference_id IS NULL
          DO NOTHING
        RETURNING id`;

/** Employer $1's checkouts still being prepared that were started before $2: cancelled; answers their ids. */
const CANCEL_PREPARING = `UPDATE payments SET status = 'cancelled', updated_at = now()
        WHERE parent_profile_id = $1 AND payment_method = 'mercadopago' AND status = 'pending'
          AND provider_preference_id IS NULL AND created_at < $2
        RETURNING id`;

/** The account ($1's employer profile) a payment belongs to. */
const PAYMENT_OWNER = `SELECT user_id FROM parent_profiles WHERE id = $1`;

/** A checkout: id $1, our payment reference $2, title $3, amount $4, payer e-mail $5, return URLs $6. */
const SANDBOX_INSERT_PREFERENCE = `INSERT INTO sandbox_preferences (id, external_reference, title, amount, payer_email, back_urls)
       VALUES ($1, $2, $3, $4, $5, $6)`;

/** The sandbox payments made for our payment reference $1, newest first. */
const SANDBOX_PAYMENTS_OF = `SELECT id::text FROM sandbox_payments WHERE external_reference = $1 ORDER BY id DESC LIMIT 20`;

/** One sandbox payment ($1) as the provider reports it. */
const SANDBOX_PAYMENT = `SELECT id::text, status, status_detail, amount, external_reference FROM sandbox_payments WHERE id = $1`;

/** One sandbox checkout ($1). */
const SANDBOX_PREFERENCE = `SELECT id, external_reference, title, amount, back_urls, created_at FROM sandbox_preferences WHERE id = $1`;

/** The person's choice on a checkout ($1): status $2 and detail $3, amount $4, reference $5, approved now when $6. */
const SANDBOX_INSERT_PAYMENT = `INSERT INTO sandbox_payments (preference_id, status, status_detail, amount, external_reference, approved_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END) RETURNING id::text`;

/** A payment row as the grant and the provider sync read it. */
export interface PaymentRow {
  id: number;
  parent_profile_id: number;
  membership_type_id: number;
  amount: number;
  payment_method: PaymentMethod;
  status: PaymentStatus;
  provider_payment_id: string | null;
  created_at: Date;
}

/** A card checkout still open (OPEN_CHECKOUT). */
export interface OpenCheckoutRow {
  id: number;
  provider_preference_id: string;
  created_at: Date;
}

/** A sandbox checkout (sandbox_preferences). */
export interface SandboxPreferenceRow {
  id: string;
  created_at: Date;
  external_reference: string;
  title: string;
  amount: number;
  back_urls: { success: string; failure: string; pending: string };
}

/** A sandbox payment as the sandbox provider reads it (sandbox_payments). */
export interface SandboxPaymentRow {
  id: string;
  status: string;
  status_detail: string;
  amount: number;
  external_reference: string;
}

/** The columns a payment row may be written with. */
export type PaymentChanges = Partial<Omit<Payment, 'id' | 'parentProfile' | 'membershipType' | 'grantedByUser'>>;

function row(p: Payment): PaymentRow {
  return {
    id: p.id,
    parent_profile_id: p.parentProfileId,
    membership_type_id: p.membershipTypeId,
    amount: p.amount,
    payment_method: p.paymentMethod,
    status: p.status,
    provider_payment_id: p.providerPaymentId,
    created_at: p.createdAt,
  };
}

/**
 * Payments and the sandbox provider's tables. Methods that take `m` run in the caller's
 * transaction; where it is optional they run on their own without one.
 */
@Injectable()
export class PaymentsRepository {
  constructor(@InjectRepository(Payment) private readonly payments: Repository<Payment>) {}

  private repo(m?: EntityManager): Repository<Payment> {
    return m ? m.getRepository(Payment) : this.payments;
  }

  /** The payment, its row locked until the caller's transaction ends. */
  async lock(id: number, m: EntityManager): Promise<PaymentRow | null> {
    const payment = await m.getRepository(Payment).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    return payment ? row(payment) : null;
  }

  /** The card payment with this id. */
  async card(id: number): Promise<PaymentRow | null> {
    const payment = await this.payments.findOneBy({ id, paymentMethod: 'mercadopago' });
    return payment ? row(payment) : null;
  }

  /** A new payment; answers its id. */
  async add(payment: PaymentChanges, m?: EntityManager): Promise<number> {
    const result = await this.repo(m).insert(payment);
    return (result.identifiers[0] as { id: number }).id;
  }

  async update(id: number, changes: PaymentChanges, m?: EntityManager): Promise<void> {
    await this.repo(m).update(id, changes);
  }

  /** The pending card payments the reconciliation asks about (RECONCILE_DUE). */
  reconcileDue(uncheckedAfter: Date, reportedAfter: Date): Promise<PaymentRow[]> {
    return this.payments.query(RECONCILE_DUE, [uncheckedAfter, reportedAfter]);
  }

  /** The employer's newest open card checkout for that type and price, other than the `skipped` ones. */
  async openCheckout(
    parentProfileId: number,
    typeId: number,
    price: number,
    skipped: number[],
    m: EntityManager,
  ): Promise<OpenCheckoutRow | undefined> {
    const [open] = (await m.query(OPEN_CHECKOUT, [parentProfileId, typeId, price, skipped])) as OpenCheckoutRow[];
    return open;
  }

  /** A card checkout being prepared (PREPARE_CHECKOUT): its id, or null when the employer has one already. */
  async prepareCheckout(
    values: { parentProfileId: number; typeId: number; amount: number; createdAt: Date },
    m: EntityManager,
  ): Promise<number | null> {
    const [inserted] = (await m.query(PREPARE_CHECKOUT, [
      values.parentProfileId,
      values.typeId,
      values.amount,
      values.createdAt,
    ])) as { id: number }[];
    return inserted?.id ?? null;
  }

  /** Cancels the employer's checkouts being prepared since before `before` (CANCEL_PREPARING); answers their ids. */
  async cancelPreparing(parentProfileId: number, before: Date, m: EntityManager): Promise<number[]> {
    // An UPDATE … RETURNING answers [rows, affected count] through TypeORM's PostgreSQL driver.
    const [rows] = (await m.query(CANCEL_PREPARING, [parentProfileId, before])) as [{ id: number }[], number];
    return rows.map((r) => r.id);
  }

  /** The user id of the employer profile's owner. */
  async ownerUserId(parentProfileId: number): Promise<number | undefined> {
    const [owner] = (await this.payments.query(PAYMENT_OWNER, [parentProfileId])) as { user_id: number }[];
    return owner?.user_id;
  }

  // ── The sandbox provider ──────────────────────────────────────────────────

  async addSandboxPreference(preference: {
    id: string;
    reference: string;
    title: string;
    amount: number;
    payerEmail: string;
    backUrls: SandboxPreferenceRow['back_urls'];
  }): Promise<void> {
    await this.payments.query(SANDBOX_INSERT_PREFERENCE, [
      preference.id,
      preference.reference,
      preference.title,
      preference.amount,
      preference.payerEmail,
      JSON.stringify(preference.backUrls),
    ]);
  }

  async sandboxPreference(id: string): Promise<SandboxPreferenceRow | undefined> {
    const [found] = (await this.payments.query(SANDBOX_PREFERENCE, [id])) as SandboxPreferenceRow[];
    return found;
  }

  /** The ids of the sandbox payments made for our payment reference, newest first. */
  async sandboxPaymentIdsOf(reference: string): Promise<string[]> {
    const rows = (await this.payments.query(SANDBOX_PAYMENTS_OF, [reference])) as { id: string }[];
    return rows.map((r) => r.id);
  }

  async sandboxPayment(id: string): Promise<SandboxPaymentRow | undefined> {
    const [found] = (await this.payments.query(SANDBOX_PAYMENT, [id])) as SandboxPaymentRow[];
    return found;
  }

  /** A sandbox payment on a checkout, approved now when its status is 'approved'; answers its id. */
  async addSandboxPayment(payment: {
    preferenceId: string;
    status: string;
    detail: string;
    amount: number;
    reference: string;
  }): Promise<string> {
    const [inserted] = (await this.payments.query(SANDBOX_INSERT_PAYMENT, [
      payment.preferenceId,
      payment.status,
      payment.detail,
      payment.amount,
      payment.reference,
      payment.status === 'approved',
    ])) as { id: string }[];
    return inserted!.id;
  }
}
