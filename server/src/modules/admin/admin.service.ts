import { Injectable } from '@nestjs/common';
import {
  formatDate,
  formatDateTime,
  formatLastSeen,
  offerPublicVisibilityLabel,
  paymentMethodLabel,
  type OfferPublicVisibility,
} from '@cym/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/access/auth-user';
import { Clock } from '../../common/clock/clock';
import { Transactions } from '../../database/transactions';
import { JobOfferBodyDto } from '../job-offers/dto/job-offers.dto';
import { JobOffersService } from '../job-offers/job-offers.service';
import { JobOffersDirectoryService } from '../browse/job-offers-directory.service';
import { MembershipsService } from '../memberships/memberships.service';
import { WorkerProfileService } from '../worker-profile/worker-profile.service';
import { AccountDeletionService } from '../account-deletion/account-deletion.service';
import { AdminQuery, answer, pageOf } from './admin-query';
import { ADMIN_ERRORS } from './admin.errors';
import { AdminRepository, type MembershipRow, type UserRow } from './admin.repository';
import { AuditLog } from './audit-log';
import {
  AdminMembershipDto,
  AdminMembershipTypeDto,
  AdminOfferDto,
  AdminParentDto,
  AdminPaymentDto,
  AdminUserDto,
  AdminWorkerDto,
} from './dto/admin.dto';
import { DomainEvents } from '../../common/events/domain-events';

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * The back office: people, memberships, the team's offers, payments, the
 * price and the figures. Every list is one query (its total in the same rows); every change
 * runs in one transaction with its audit entry.
 */
@Injectable()
export class AdminService {
  constructor(
    private readonly transactions: Transactions,
    private readonly backOffice: AdminRepository,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly memberships: MembershipsService,
    private readonly offers: JobOffersService,
    private readonly offerDirectory: JobOffersDirectoryService,
    private readonly workerProfiles: WorkerProfileService,
    private readonly events: DomainEvents,
    private readonly deletion: AccountDeletionService,
  ) {}

  // ── People ────────────────────────────────────────────────────────────────

  async workers(query: AdminQuery) {
    const { rows, total } = await this.backOffice.workers(query.pattern, pageOf(query));
    const now = this.clock.now();
    const results: AdminWorkerDto[] = rows.map((r) => ({
      id: r.profile_id,
      user: this.user(r, r.profile_visibility, now),
    }));
    return answer(query, results, total);
  }

  async parents(query: AdminQuery) {
    const now = this.clock.now();
    const { rows, total } = await this.backOffice.parents(now, query.pattern, pageOf(query));
    const results: AdminParentDto[] = rows.map((r) => ({
      id: r.profile_id,
      user: this.user(r, null, now),
      membership: this.membership(r, fullName(r.first_name, r.last_name)),
    }));
    return answer(query, results, total);
  }

  /** An admin shows or hides a worker's profile; hidden stays hidden whatever the worker edits. */
  async setVisibility(actor: AuthUser, userId: number, visible: boolean): Promise<AdminWorkerDto> {
    const profileId = await this.transactions.run(async (m) => {
      const row = await this.backOffice.lockUserWorkerProfile(userId, m);
      if (!row) throw ADMIN_ERRORS.userNotFound.exception();
      if (row.id === null) throw ADMIN_ERRORS.notAWorker.exception();
      await this.workerProfiles.setVisibilityByAdmin(m, row.id, visible);
      await this.audit.record(m, actor, {
        action: 'user.visibility',
        targetType: 'user',
        targetId: userId,
        before: { profile_visibility: row.profile_visibility },
        after: { profile_visibility: visible },
      });
      return row.id;
    });
    this.events.emit('worker-profile.moderated', { workerProfileId: profileId });
    const row = await this.backOffice.workerOfUser(userId);
    return { id: row!.profile_id, user: this.user(row!, row!.profile_visibility, this.clock.now()) };
  }

  /**
   * Deletes an account the way 'Eliminar mi cuenta' does (AccountDeletionService), with this
   * admin's audit row in the same transaction. Admin accounts are not deleted from here.
   */
  async deleteUser(actor: AuthUser, userId: number): Promise<void> {
    const deleted = await this.deletion.deleteNow(userId, async (m, user) => {
      if (user.isAdmin) throw ADMIN_ERRORS.cannotDeleteAdmin.exception();
      await this.audit.record(m, actor, {
        action: 'user.delete',
        targetType: 'user',
        targetId: userId,
        before: {
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          phone: user.phone,
          profile_type: user.profileType,
        },
        after: { deleted: true },
      });
    });
    if (!deleted) throw ADMIN_ERRORS.userNotFound.exception();
  }

  // ── Memberships ───────────────────────────────────────────────────────────

  async toggleMembership(actor: AuthUser, membershipId: number): Promise<AdminMembershipDto> {
    await this.transactions.run(async (m) => {
      // The row lock first: two toggles sent together apply one after the other, each reading
      // the state the other left (and a pending transfer is approved once).
      await this.backOffice.lockMembership(membershipId, m);
      const before = await this.membershipById(membershipId, m);
      if (!before) throw ADMIN_ERRORS.membershipNotFound.exception();
      await this.memberships.setStatusByAdmin(m, membershipId, !before.status);
      const after = await this.membershipById(membershipId, m);
      await this.audit.record(m, actor, {
        action: 'membership.toggle',
        targetType: 'membership',
        targetId: membershipId,
        before,
        after,
      });
    });
    this.memberships.afterChange();
    return (await this.membershipById(membershipId))!;
  }

  /** The membership as the employers list shows it (also the grant's answer), read with `m` when given. */
  async membershipById(id: number, m?: EntityManager) {
    const row = await this.backOffice.membership(id, this.clock.now(), m);
    return row ? this.membership(row, fullName(row.first_name, row.last_name)) : null;
  }

  // ── The team's offers ─────────────────────────────────────────────────────

  async offersList(query: AdminQuery, visibility: OfferPublicVisibility | null = null) {
    const { results, count } = await this.offerDirectory.forAdmin(query.pattern, pageOf(query), visibility);
    const offers: AdminOfferDto[] = results.map((offer) => ({
      ...offer,
      public_visibility_display: offerPublicVisibilityLabel(offer.public_visibility),
    }));
    return answer(query, offers, count);
  }

  addOffer(actor: AuthUser, body: JobOfferBodyDto) {
    return this.offers.addForTeam(body, (m, id) =>
      this.audit.record(m, actor, { action: 'job_offer.add', targetType: 'job_offer', targetId: id, after: body }),
    );
  }

  updateOffer(actor: AuthUser, id: number, body: JobOfferBodyDto) {
    return this.offers.updateTeamOffer(id, body, (m, before) =>
      this.audit.record(m, actor, {
        action: 'job_offer.update',
        targetType: 'job_offer',
        targetId: id,
        before: this.offerSnapshot(before),
        after: body,
      }),
    );
  }

  deleteOffer(actor: AuthUser, id: number) {
    return this.offers.removeAny(id, (m, before) =>
      this.audit.record(m, actor, {
        action: 'job_offer.delete',
        targetType: 'job_offer',
        targetId: id,
        before: this.offerSnapshot(before),
      }),
    );
  }

  private offerSnapshot(offer: { title: string; status: boolean; parent_profile: { id: number } | null }) {
    return { title: offer.title, status: offer.status, parent_profile_id: offer.parent_profile?.id ?? null };
  }

  // ── Payments and price ────────────────────────────────────────────────────

  async payments(query: AdminQuery) {
    const { rows, total } = await this.backOffice.payments(this.clock.now(), query.pattern, pageOf(query));
    const results: AdminPaymentDto[] = rows.map((r) => ({
      id: r.id,
      user: { full_name: fullName(r.first_name, r.last_name) },
      timestamp: r.created_at.toISOString(),
      transaction_id: r.transaction_id,
      payment_method: r.payment_method,
      payment_method_display: paymentMethodLabel(r.payment_method),
      amount: r.amount,
      status: r.status,
    }));
    return answer(query, results, total);
  }

  async membershipType(): Promise<AdminMembershipTypeDto> {
    const type = await this.memberships.currentType();
    return { id: type.id, price: type.price };
  }

  async setPrice(actor: AuthUser, price: number): Promise<AdminMembershipTypeDto> {
    return this.transactions.run(async (m) => {
      const type = await this.memberships.currentType(m);
      // Locked, so the audit's "before" is the price this change replaces, even when two race.
      const before = await this.memberships.setPrice(m, type.id, price);
      await this.audit.record(m, actor, {
        action: 'membership_type.price',
        targetType: 'membership_type',
        targetId: type.id,
        before: { price: before },
        after: { price },
      });
      return { id: type.id, price };
    });
  }

  // ── Helpers ───────────────────────────────────────────────────────────────

  /** A person as the admin lists show them (also the employer view's). */
  user(r: UserRow, visibility: boolean | null, now: Date): AdminUserDto {
    return {
      id: r.user_id,
      first_name: r.first_name,
      last_name: r.last_name,
      full_name: fullName(r.first_name, r.last_name),
      email: r.email,
      phone: r.phone,
      formatted_created_at: formatDate(r.created_at),
      formatted_last_login: r.last_login ? formatDateTime(r.last_login) : null,
      formatted_last_seen: formatLastSeen(r.last_seen, now),
      profile_visibility: visibility,
      profile_image: r.profile_image,
    };
  }

  private membership(r: MembershipRow, name: string): AdminMembershipDto | null {
    if (r.membership_id === null) return null;
    return {
      id: r.membership_id,
      status: r.membership_status ?? false,
      active: r.membership_active ?? false,
      start_date: r.start_date?.toISOString() ?? null,
      end_date: r.end_date?.toISOString() ?? null,
      payment_method: r.payment_method,
      payment_method_display: r.payment_method ? paymentMethodLabel(r.payment_method) : null,
      payment_status: r.payment_status,
      transaction_id: r.transaction_id,
      user_full_name: name,
    };
  }
}
