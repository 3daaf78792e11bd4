import { Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { PAYMENT_ENTITIES, type PaymentStatus } from './entities/payment.entities';
import { type PaymentChanges, type PaymentRow, PaymentsRepository } from './payments.repository';

/** The reference people quote for a payment with no provider: TRF-000123, MAN-000123. */
const reference = (prefix: 'TRF' | 'MAN', id: number) => `${prefix}-${String(id).padStart(6, '0')}`;

/**
 * The one writer of `payments` (the payments module owns the table). It lives in a module of its
 * own, with no dependencies, because memberships (bank transfers, the admin's switch and grants)
 * and payments (card checkouts, the provider's reports) both record payments, and payments already
 * depends on memberships for the grant. It decides what each event writes; the rows go through
 * PaymentsRepository. Every method takes the caller's transaction when it has one.
 */
@Injectable()
export class PaymentLedger {
  constructor(private readonly payments: PaymentsRepository) {}

  /** The payment, its row locked until the caller's transaction ends. */
  lock(m: EntityManager, id: number): Promise<PaymentRow | null> {
    return this.payments.lock(id, m);
  }

  /** Our card payment with this id (the `external_reference` we gave the provider). */
  card(id: number): Promise<PaymentRow | null> {
    return this.payments.card(id);
  }

  /**
   * A card checkout waiting for the provider ("being prepared" until its preference is stored),
   * dated by the Clock (its 24 hours count from then). Null, and nothing written, when the
   * employer already has one being prepared: at most one at a time (a partial unique index).
   */
  openCard(m: EntityManager, profileId: number, typeId: number, amount: number, now: Date): Promise<number | null> {
    return this.payments.prepareCheckout({ parentProfileId: profileId, typeId, amount, createdAt: now }, m);
  }

  /** The employer's checkouts left being prepared since before `before` (a stopped process): cancelled. */
  cancelAbandonedCards(m: EntityManager, profileId: number, before: Date): Promise<number[]> {
    return this.payments.cancelPreparing(profileId, before, m);
  }

  async setPreference(m: EntityManager, id: number, preferenceId: string): Promise<void> {
    await this.payments.update(id, { providerPreferenceId: preferenceId }, m);
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
    values: PaymentChanges,
  ): Promise<{ id: number; reference: string }> {
    const id = await this.payments.add(values, m);
    const transactionId = reference(prefix, id);
    await this.payments.update(id, { transactionId }, m);
    return { id, reference: transactionId };
  }

  /** The provider approved it: its payment id becomes the transaction id people see. */
  async approveByProvider(m: EntityManager, id: number, providerPaymentId: string): Promise<void> {
    await this.payments.update(
      id,
      { status: 'approved', providerStatus: 'approved', providerPaymentId, transactionId: providerPaymentId },
      m,
    );
  }

  /** An admin confirmed that a bank transfer arrived. */
  async approveTransfer(m: EntityManager, id: number): Promise<void> {
    await this.payments.update(id, { status: 'approved' }, m);
  }

  /** The status only: a checkout the provider refused to open, a refund or a charge-back. */
  async setStatus(id: number, status: PaymentStatus, m?: EntityManager): Promise<void> {
    await this.payments.update(id, { status }, m);
  }

  /** The provider approved a different amount, currency or reference: nothing is granted. */
  async markMismatch(m: EntityManager, id: number): Promise<void> {
    await this.payments.update(id, { providerStatus: 'mismatch' }, m);
  }

  /** The provider's word on a payment not approved: failed (rejected, cancelled) or still waiting. */
  async recordProviderReport(
    m: EntityManager,
    id: number,
    report: { status?: PaymentStatus; providerStatus: string; providerPaymentId: string | null },
  ): Promise<void> {
    await this.payments.update(
      id,
      {
        ...(report.status ? { status: report.status } : {}),
        providerStatus: report.providerStatus,
        providerPaymentId: report.providerPaymentId,
        transactionId: report.providerPaymentId,
      },
      m,
    );
  }
}

/**
 * The ledger with the payments module's repository: provided here, once, so that memberships
 * (through the ledger) and payments (the ledger, the checkouts, the sandbox) share one instance.
 */
@Module({
  imports: [TypeOrmModule.forFeature(PAYMENT_ENTITIES)],
  providers: [PaymentsRepository, PaymentLedger],
  exports: [PaymentsRepository, PaymentLedger, TypeOrmModule],
})
export class PaymentLedgerModule {}
