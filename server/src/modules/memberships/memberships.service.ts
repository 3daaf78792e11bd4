import { Inject, Injectable } from '@nestjs/common';
import { formatDate, formatPesos, PAYMENT_MESSAGES, paymentMethodLabel } from '@cym/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import type { AuthUser } from '../auth/access/auth-user';
import { Clock } from '../../common/clock/clock';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import { MailService } from '../mail/mail.service';
import { bankTransferEmail, membershipActivatedEmail } from '../mail/templates';
import { ParentAccess } from '../parent-profile/parent-access';
import { PaymentLedger } from '../payments/payment-ledger';
import { membershipState } from './membership-state';
import { MEMBERSHIP_ERRORS } from './memberships.errors';
import { type MembershipRow, MembershipsRepository, type MembershipTypeRow } from './memberships.repository';
import { BankDetailsDto, MembershipCreatedDto, MembershipDto, MembershipTypeDto } from './dto/memberships.dto';
import { DomainEvents } from '../../common/events/domain-events';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Membership types, an employer's memberships, the bank-transfer request, and the one place a
 * membership is granted. A membership is active while its
 * status is on and its end date is after the clock's now.
 */
@Injectable()
export class MembershipsService {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly access: ParentAccess,
    private readonly clock: Clock,
    private readonly mail: MailService,
    private readonly ledger: PaymentLedger,
    private readonly events: DomainEvents,
  ) {}

  /** The membership on sale: the first active type (the screens show one price). */
  async currentType(manager?: EntityManager): Promise<MembershipTypeDto> {
    return this.onSale(await this.memberships.currentType(manager));
  }

  async type(id: number, manager?: EntityManager): Promise<MembershipTypeDto> {
    return this.onSale(await this.memberships.activeType(id, manager));
  }

  private onSale(type: MembershipTypeRow | undefined): MembershipTypeDto {
    if (!type) throw MEMBERSHIP_ERRORS.noMembershipType.exception();
    return type;
  }

  /** Whether the employer profile has an active membership now (the Clock's). */
  hasActive(parentProfileId: number, manager?: EntityManager): Promise<boolean> {
    return this.memberships.hasActive(parentProfileId, this.clock.now(), manager);
  }

  bankDetails(): BankDetailsDto {
    return { ...this.config.payments.bank };
  }

  /** The employer's memberships, newest first (the MEMBRESÍA table). */
  async ofParent(profileId: number, actor: AuthUser): Promise<MembershipDto[]> {
    await this.access.owned(profileId, actor);
    const now = this.clock.now();
    const rows = await this.memberships.ofParent(profileId, now);
    return rows.map((row) => this.dto(row, now));
  }

  /**
   * Bank transfer: a pending payment and an inactive membership, which an admin
   * switches on once the money arrives. Asking again while one is pending answers that one,
   * so a double tap or a reload never piles up requests.
   */
  async requestBankTransfer(
    profileId: number,
    typeId: number,
    actor: AuthUser,
    amount: number,
  ): Promise<MembershipCreatedDto> {
    const parent = await this.access.owned(profileId, actor);
    const type = await this.type(typeId);
    if (amount !== type.price) throw AppException.validation({ 'payment.amount': [PAYMENT_MESSAGES.amountMismatch] });
    const membershipId = await this.transactions.run(async (m) => {
      await this.access.lock(m, profileId);
      const pending = await this.memberships.pendingBankTransfer(profileId, type.id, type.price, m);
      if (pending !== undefined) return pending;
      const payment = await this.ledger.openBankTransfer(m, profileId, type.id, type.price);
      const reference = payment.reference;
      const start = this.clock.now();
      const membershipId = await this.memberships.add(
        {
          parentProfileId: profileId,
          membershipTypeId: type.id,
          paymentId: payment.id,
          status: false,
          startDate: start,
          endDate: new Date(start.getTime() + type.duration_days * DAY_MS),
        },
        m,
      );
      await this.mail.enqueue(
        m,
        parent.email,
        bankTransferEmail(
          parent.first_name,
          formatPesos(type.price),
          reference,
          this.config.payments.bank,
          `${this.config.publicUrl}/user-account`,
        ),
      );
      return membershipId;
    });
    this.mail.notifyCommitted();
    return this.created(membershipId);
  }

  /**
   * Grants the membership a card payment paid for, once: the payment row is locked, and a
   * payment already approved answers the membership it granted. Runs inside the caller's
   * transaction; the caller has checked status, amount and reference with the provider.
   * A renewal starts when the current membership ends.
   */
  async grant(m: EntityManager, paymentId: number, providerPaymentId: string): Promise<number> {
    const payment = await this.ledger.lock(m, paymentId);
    if (!payment) throw MEMBERSHIP_ERRORS.paymentNotFound.exception();
    const existing = await this.memberships.idOfPayment(paymentId, m);
    if (payment.status === 'approved' && existing !== undefined) return existing;
    const { start, end } = await this.period(m, payment.parent_profile_id, payment.membership_type_id);
    await this.ledger.approveByProvider(m, paymentId, providerPaymentId);
    let membershipId: number;
    if (existing !== undefined) {
      membershipId = existing;
      await this.memberships.update(membershipId, { status: true, startDate: start, endDate: end }, m);
    } else {
      membershipId = await this.memberships.add(
        {
          parentProfileId: payment.parent_profile_id,
          membershipTypeId: payment.membership_type_id,
          paymentId,
          status: true,
          startDate: start,
          endDate: end,
        },
        m,
      );
    }
    await this.mailActivated(m, payment.parent_profile_id, end);
    return membershipId;
  }

  /**
   * An admin switches a membership on or off. Switching on a bank transfer still
   * pending is the admin saying the money arrived: the payment is approved and the 30 days start
   * now (or when the employer's current membership ends). Switching on one whose days have run
   * out starts them again the same way; otherwise only the switch moves. Runs in the caller's
   * transaction, the membership row locked; answers false when there is no such membership.
   */
  async setStatusByAdmin(m: EntityManager, membershipId: number, on: boolean): Promise<boolean> {
    const row = await this.memberships.lockForSwitch(membershipId, m);
    if (!row) return false;
    if (!on) {
      await this.memberships.update(membershipId, { status: false }, m);
      return true;
    }
    const now = this.clock.now();
    const transferArrived = row.payment_method === 'bank_transfer' && row.payment_status === 'pending';
    if (!transferArrived && row.end_date > now) {
      await this.memberships.update(membershipId, { status: true }, m);
      return true;
    }
    const { start, end } = await this.period(m, row.parent_profile_id, row.membership_type_id, membershipId);
    await this.memberships.update(membershipId, { status: true, startDate: start, endDate: end }, m);
    if (transferArrived) await this.ledger.approveTransfer(m, row.payment_id!);
    await this.mailActivated(m, row.parent_profile_id, end);
    return true;
  }

  /**
   * An admin grants a membership by hand (a transfer confirmed outside the site, a courtesy
   * month): a 'manual' payment of 0, approved, naming the admin, and its membership for the
   * type's days (30) from now, or from when a current one ends. Runs in the caller's transaction
   * with the employer's profile locked by the caller; answers the new membership's id.
   */
  async grantByAdmin(m: EntityManager, parentProfileId: number, adminUserId: number): Promise<number> {
    const type = await this.currentType(m);
    const { start, end } = await this.period(m, parentProfileId, type.id);
    const paymentId = await this.ledger.recordManualGrant(m, parentProfileId, type.id, adminUserId);
    const membershipId = await this.memberships.add(
      { parentProfileId, membershipTypeId: type.id, paymentId, status: true, startDate: start, endDate: end },
      m,
    );
    await this.mailActivated(m, parentProfileId, end);
    return membershipId;
  }

  /**
   * The days a membership switched on now covers (its type's duration, 30 by default): from now,
   * or from when the employer's current active membership (another than `exceptId`) ends.
   */
  private async period(m: EntityManager, parentProfileId: number, typeId: number, exceptId = 0) {
    const type = await this.type(typeId, m).catch(() => null);
    const now = this.clock.now();
    const coverEnd = await this.memberships.coverEnd(parentProfileId, exceptId, now, m);
    const start = coverEnd && coverEnd > now ? coverEnd : now;
    return { start, end: new Date(start.getTime() + (type?.duration_days ?? 30) * DAY_MS) };
  }

  /** The 'membership activated' e-mail to the employer (none to a deleted account), in the change's transaction. */
  private async mailActivated(m: EntityManager, parentProfileId: number, end: Date): Promise<void> {
    const owner = await this.memberships.liveEmployerContact(parentProfileId, m);
    if (owner)
      await this.mail.enqueue(
        m,
        owner.email,
        membershipActivatedEmail(owner.first_name, formatDate(end), `${this.config.publicUrl}/user-account`),
      );
  }

  /** After a grant or a switch-off commits: offers change visibility, mail may leave. */
  afterChange(): void {
    this.events.emit('membership.changed', {});
    this.mail.notifyCommitted();
  }

  /** A deleted account's memberships are switched off. */
  async switchOffAllOfUser(m: EntityManager, userId: number): Promise<void> {
    await this.memberships.switchOffAllOfUser(userId, m);
  }

  /** The admin's new price for a type; answers the price it replaces (read under the row's lock). */
  async setPrice(m: EntityManager, typeId: number, price: number): Promise<number> {
    const before = await this.memberships.lockTypePrice(typeId, m);
    await this.memberships.setTypePrice(typeId, price, m);
    return before;
  }

  /** A refund or charge-back switches off the membership that payment granted. */
  async revoke(m: EntityManager, paymentId: number, status: 'refunded' | 'cancelled'): Promise<void> {
    await this.ledger.setStatus(paymentId, status, m);
    await this.memberships.switchOffOfPayment(paymentId, m);
  }

  async created(membershipId: number, manager?: EntityManager): Promise<MembershipCreatedDto> {
    const r = (await this.memberships.byId(membershipId, this.clock.now(), manager))!;
    return {
      membership_id: r.id,
      membership_type: r.type_name,
      membership_start_date: r.start_date.toISOString(),
      membership_end_date: r.end_date.toISOString(),
      membership_status: r.active,
      payment_amount: r.amount ?? r.type_price,
      payment_method: r.payment_method ?? 'bank_transfer',
      payment_method_display: paymentMethodLabel(r.payment_method ?? 'bank_transfer'),
      payment_status: r.payment_status ?? 'pending',
      transaction_id: r.transaction_id,
    };
  }

  private dto(r: MembershipRow, now: Date): MembershipDto {
    return {
      id: r.id,
      membership_type: { id: r.type_id, name: r.type_name, price: r.type_price },
      start_date: r.start_date.toISOString(),
      end_date: r.end_date.toISOString(),
      status: r.active,
      state: membershipState(r, now),
      payment:
        r.payment_id === null
          ? null
          : {
              id: r.payment_id,
              payment_method: r.payment_method!,
              payment_method_display: paymentMethodLabel(r.payment_method!),
              amount: r.amount!,
              status: r.payment_status!,
              transaction_id: r.transaction_id,
            },
    };
  }
}
