import { Injectable, Module } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Payment, PAYMENT_ENTITIES, type PaymentMethod, type PaymentStatus } from './entities/payment.entities';

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

/** The reference people quote for a payment with no provider: TRF-000123, MAN-000123. */
const reference = (prefix: 'TRF' | 'MAN', id: number) => `${prefix}-${String(id).padStart(6, '0')}`;

/**
 * The one writer of `payments` (the payments module owns the table). It lives in a module of its
 * own, with no dependencies, because memberships (bank transfers, the admin's switch and grants)
 * and payments (card checkouts, the provider's reports) both record payments, and payments already
 * depends on memberships for the grant. Every method takes the caller's transaction when it has one.
 */
@Injectable()
export class PaymentLedger {
  constructor(@InjectRepository(Payment) private readonly payments: Repository<Payment>) {}

  private repo(m?: EntityManager): Repository<Payment> {
    return m ? m.getRepository(Payment) : this.payments;
  }

  /** The payment, its row locked until the caller's transaction ends. */
  async lock(m: EntityManager, id: number): Promise<PaymentRow | null> {
    const payment = await m.getRepository(Payment).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
    return payment ? row(payment) : null;
  }

  /** Our card payment with this id (the `external_reference` we gave the provider). */
  async card(id: number): Promise<PaymentRow | null> {
    const payment = await this.payments.findOneBy({ id, paymentMethod: 'mercadopago' });
    return payment ? row(payment) : null;
  }

  /** A card checkout waiting for the provider, dated by the Clock (its 24 hours count from then). */
  async openCard(profileId: number, typeId: number, amount: number, now: Date): Promise<number> {
    const result = await this.payments.insert({
      parentProfileId: profileId,
      membershipTypeId: typeId,
      amount,
      paymentMethod: 'mercadopago',
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    return (result.identifiers[0] as { id: number }).id;
  }

  async setPreference(id: number, preferenceId: string): Promise<void> {
    await this.payments.update(id, { providerPreferenceId: preferenceId });
  }

  /** A pending bank transfer and its TRF- reference; answers the payment id and the reference. */
  async openBankTransfer(
    m: EntityManager,
    profileId: number,
    typeId: number,
    amount: number,
  ): Promise<{ id: number; reference: string }> {
    return this.insertWithReference(m, 'TRF', {
      parentProfileId: profileId,
      membershipTypeId: typeId,
      amount,
      paymentMethod: 'bank_transfer',
      status: 'pending',
    });
  }

  /** A membership an admin grants by hand: amount 0, approved, naming the admin, MAN- reference. */
  async recordManualGrant(m: EntityManager, profileId: number, typeId: number, adminUserId: number): Promise<number> {
    const { id } = await this.insertWithReference(m, 'MAN', {
      parentProfileId: profileId,
      membershipTypeId: typeId,
      amount: 0,
      paymentMethod: 'manual',
      status: 'approved',
      grantedBy: adminUserId,
    });
    return id;
  }

  /** A payment with no provider: inserted, then given the reference its new id makes. */
  private async insertWithReference(
    m: EntityManager,
    prefix: 'TRF' | 'MAN',
    values: Partial<Payment>,
  ): Promise<{ id: number; reference: string }> {
    const payments = m.getRepository(Payment);
    const id = ((await payments.insert(values)).identifiers[0] as { id: number }).id;
    const transactionId = reference(prefix, id);
    await payments.update(id, { transactionId });
    return { id, reference: transactionId };
  }

  /** The provider approved it: its payment id becomes the transaction id people see. */
  async approveByProvider(m: EntityManager, id: number, providerPaymentId: string): Promise<void> {
    await m.getRepository(Payment).update(id, {
      status: 'approved',
      providerStatus: 'approved',
      providerPaymentId,
      transactionId: providerPaymentId,
    });
  }

  /** An admin confirmed that a bank transfer arrived. */
  async approveTransfer(m: EntityManager, id: number): Promise<void> {
    await m.getRepository(Payment).update(id, { status: 'approved' });
  }

  /** The status only: a checkout the provider refused to open, a refund or a charge-back. */
  async setStatus(id: number, status: PaymentStatus, m?: EntityManager): Promise<void> {
    await this.repo(m).update(id, { status });
  }

  /** The provider approved a different amount, currency or reference: nothing is granted. */
  async markMismatch(m: EntityManager, id: number): Promise<void> {
    await m.getRepository(Payment).update(id, { providerStatus: 'mismatch' });
  }

  /** The provider's word on a payment not approved: failed (rejected, cancelled) or still waiting. */
  async recordProviderReport(
    m: EntityManager,
    id: number,
    report: { status?: PaymentStatus; providerStatus: string; providerPaymentId: string | null },
  ): Promise<void> {
    await m.getRepository(Payment).update(id, {
      ...(report.status ? { status: report.status } : {}),
      providerStatus: report.providerStatus,
      providerPaymentId: report.providerPaymentId,
      transactionId: report.providerPaymentId,
    });
  }
}

@Module({
  imports: [TypeOrmModule.forFeature(PAYMENT_ENTITIES)],
  providers: [PaymentLedger],
  exports: [PaymentLedger, TypeOrmModule],
})
export class PaymentLedgerModule {}
