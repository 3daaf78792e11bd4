import { Injectable } from '@nestjs/common';
import { offerPublicVisibilityLabel, paymentMethodLabel } from '@cym/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/access/auth-user';
import { Clock } from '../../common/clock/clock';
import { Transactions } from '../../database/transactions';
import { JobOffersDirectoryService } from '../browse/job-offers-directory.service';
import { MembershipsService } from '../memberships/memberships.service';
import { ADMIN_ERRORS } from './admin.errors';
import { AdminRepository } from './admin.repository';
import { AdminService } from './admin.service';
import { AuditLog } from './audit-log';
import { AdminParentDetailDto } from './dto/admin-employers.dto';
import { AdminMembershipDto } from './dto/admin.dto';

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/**
 * The back office's view of one employer and the membership an admin grants by hand. The grant
 * is a 'manual' payment of 0 with its membership (see MembershipsService.grantByAdmin), so every
 * list that reads payments shows it as 'Manual'.
 */
@Injectable()
export class AdminEmployersService {
  constructor(
    private readonly transactions: Transactions,
    private readonly employers: AdminRepository,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly admin: AdminService,
    private readonly memberships: MembershipsService,
    private readonly offerDirectory: JobOffersDirectoryService,
  ) {}

  /**
   * Switching on the membership of an employer who has none active: 30 days from now, granted
   * by this admin, in one transaction with its audit row. Under the profile's lock, so a double
   * tap grants once (the second answers 409).
   */
  async grant(actor: AuthUser, profileId: number): Promise<AdminMembershipDto> {
    const membershipId = await this.transactions.run(async (m) => {
      await this.lockExisting(profileId, m);
      if (await this.memberships.hasActive(profileId, m)) throw ADMIN_ERRORS.membershipAlreadyActive.exception();
      const id = await this.memberships.grantByAdmin(m, profileId, actor.id);
      const after = await this.admin.membershipById(id, m);
      await this.audit.record(m, actor, {
        action: 'membership.grant',
        targetType: 'membership',
        targetId: id,
        after: { ...after, parent_profile_id: profileId, granted_by: actor.id },
      });
      return id;
    });
    this.memberships.afterChange();
    return (await this.admin.membershipById(membershipId))!;
  }

  /** One employer: the person, the current membership, the history, the payments and the offers. */
  async detail(profileId: number): Promise<AdminParentDetailDto> {
    const now = this.clock.now();
    const person = await this.employers.employer(profileId);
    if (!person) throw ADMIN_ERRORS.parentNotFound.exception();
    const name = fullName(person.first_name, person.last_name);

    const memberships = await this.employers.employerMemberships(profileId, now);

    const payments = await this.employers.employerPayments(profileId);

    // The one the employers list shows: the active one, else the newest.
    const current = [...memberships].sort((a, b) => Number(b.active) - Number(a.active))[0];
    const { results: offers } = await this.offerDirectory.forAdmin(null, null, null, profileId);

    return {
      id: person.profile_id,
      user: this.admin.user(person, null, now),
      membership: current ? await this.admin.membershipById(current.id) : null,
      memberships: memberships.map((r) => ({
        id: r.id,
        status: r.status,
        active: r.active,
        start_date: r.start_date.toISOString(),
        end_date: r.end_date.toISOString(),
        payment_method: r.payment_method,
        payment_method_display: r.payment_method ? paymentMethodLabel(r.payment_method) : null,
        amount: r.amount,
        payment_status: r.payment_status,
        transaction_id: r.transaction_id,
        granted_by: r.granted_by,
      })),
      payments: payments.map((r) => ({
        id: r.id,
        user: { full_name: name },
        timestamp: r.created_at.toISOString(),
        transaction_id: r.transaction_id,
        payment_method: r.payment_method,
        payment_method_display: paymentMethodLabel(r.payment_method),
        amount: r.amount,
        status: r.status,
      })),
      offers: offers.map((offer) => ({
        ...offer,
        public_visibility_display: offerPublicVisibilityLabel(offer.public_visibility),
      })),
    };
  }

  /** Locks the employer's profile; 404 for a missing one or a deleted account. */
  private async lockExisting(profileId: number, m: EntityManager): Promise<void> {
    if (!(await this.employers.lockLiveEmployer(profileId, m))) throw ADMIN_ERRORS.parentNotFound.exception();
  }
}
