import { Injectable } from '@nestjs/common';
import {
  formatDate,
  JOB_OFFER_LIMITS,
  JOB_OFFER_MESSAGES,
  jobOfferProblems,
  type JobOfferInput,
  parseMonthlyPrice,
} from '@cym/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import { Transactions } from '../../database/transactions';
import type { AuthUser } from '../auth/access/auth-user';
import { JobOfferDto } from '../browse/dto/browse.dto';
import { JobOffersDirectoryService } from '../browse/job-offers-directory.service';
import { CatalogService } from '../catalog/catalog.service';
import { ParentAccess } from '../parent-profile/parent-access';
import { ProfilesService } from '../profiles/profiles.service';
import { JobOfferBodyDto, JobOfferSummaryDto, OwnJobOfferDto } from './dto/job-offers.dto';
import { JOB_OFFER_ERRORS } from './job-offers.errors';
import { type OfferColumns, JobOffersRepository } from './job-offers.repository';
import { DomainEvents } from '../../common/events/domain-events';

/**
 * An employer's own offers: at most two, written only by their owner
 * or an admin, public only while `status` is on and the employer's membership is active.
 */
@Injectable()
export class JobOffersService {
  constructor(
    private readonly jobOffers: JobOffersRepository,
    private readonly transactions: Transactions,
    private readonly access: ParentAccess,
    private readonly catalog: CatalogService,
    private readonly offers: JobOffersDirectoryService,
    private readonly profiles: ProfilesService,
    private readonly events: DomainEvents,
  ) {}

  // ── Reads ─────────────────────────────────────────────────────────────────

  async all(profileId: number, actor: AuthUser): Promise<OwnJobOfferDto[]> {
    const parent = await this.access.owned(profileId, actor);
    const [offers, active] = await Promise.all([
      this.offers.ofParent(profileId),
      this.profiles.hasActiveMembership(parent.user_id),
    ]);
    return offers.map((offer) => ({ ...offer, is_public: offer.status && active }));
  }

  async summaries(profileId: number, actor: AuthUser): Promise<JobOfferSummaryDto[]> {
    const parent = await this.access.owned(profileId, actor);
    const active = await this.profiles.hasActiveMembership(parent.user_id);
    const rows = await this.jobOffers.summariesOf(profileId);
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      is_public: r.status && active,
      formatted_created_at: formatDate(r.createdAt),
    }));
  }

  // ── Writes ────────────────────────────────────────────────────────────────

  async add(profileId: number, actor: AuthUser, body: JobOfferBodyDto): Promise<OwnJobOfferDto> {
    // Ownership first: someone else's profile answers 403 whatever the body.
    const parent = await this.access.owned(profileId, actor);
    const input = await this.validInput(body);
    const id = await this.transactions.run(async (m) => {
      await this.access.lock(m, profileId);
      const count = await this.jobOffers.countOf(profileId, m);
      if (count >= JOB_OFFER_LIMITS.perEmployer) throw JOB_OFFER_ERRORS.limitReached.exception();
      const offerId = await this.jobOffers.add(profileId, this.columns(input), m);
      await this.jobOffers.replaceChoices(offerId, input, m);
      return offerId;
    });
    this.changed(id);
    return this.own(id, parent.user_id);
  }

  async update(profileId: number, offerId: number, actor: AuthUser, body: JobOfferBodyDto): Promise<OwnJobOfferDto> {
    const parent = await this.ownedOffer(profileId, offerId, actor);
    const input = await this.validInput(body);
    await this.transactions.run(async (m) => {
      await this.jobOffers.update(offerId, this.columns(input), m);
      await this.jobOffers.replaceChoices(offerId, input, m);
    });
    this.changed(offerId);
    return this.own(offerId, parent.user_id);
  }

  async remove(profileId: number, offerId: number, actor: AuthUser): Promise<void> {
    await this.ownedOffer(profileId, offerId, actor);
    await this.jobOffers.remove(offerId);
    this.changed(offerId);
  }

  /** Visibility is the employer's to choose only while their membership is active (admins always). */
  async setStatus(profileId: number, offerId: number, actor: AuthUser, status: boolean): Promise<OwnJobOfferDto> {
    const parent = await this.ownedOffer(profileId, offerId, actor);
    if (!actor.isAdmin && !(await this.profiles.hasActiveMembership(parent.user_id)))
      throw JOB_OFFER_ERRORS.membershipRequired.exception();
    if (!(await this.jobOffers.setStatus(offerId, status))) throw JOB_OFFER_ERRORS.hiddenByTeam.exception();
    this.changed(offerId);
    return this.own(offerId, parent.user_id);
  }

  /**
   * The team hides a reported offer (switched off, and the employer cannot switch it on) or shows
   * it again with the switch it had. Answers the switch before; the caller announces the change
   * (`announce`) after its transaction commits.
   */
  async setHiddenByAdmin(
    m: EntityManager,
    offerId: number,
    hidden: boolean,
    status?: boolean,
  ): Promise<boolean | null> {
    const state = await this.jobOffers.lockState(offerId, m);
    if (!state) return null;
    await this.jobOffers.setHiddenByAdmin(offerId, hidden, hidden ? false : (status ?? state.status), m);
    return state.status;
  }

  /** After a write made through `setHiddenByAdmin` committed. */
  announce(offerId: number): void {
    this.changed(offerId);
  }

  // ── The team's offers (admin) ────────────────────────────────────────────

  /**
   * An offer published by the team: no employer, visible at once, public while its status is
   * on. `record` runs in the same transaction (the admin's audit entry).
   */
  async addForTeam(body: JobOfferBodyDto, record: (m: EntityManager, offerId: number) => Promise<void>) {
    const input = await this.validInput(body);
    const id = await this.transactions.run(async (m) => {
      const offerId = await this.jobOffers.add(null, this.columns(input), m);
      await this.jobOffers.replaceChoices(offerId, input, m);
      await record(m, offerId);
      return offerId;
    });
    this.changed(id);
    return (await this.offers.anyById(id))!;
  }

  /** Only offers without an employer are the team's to edit; an employer's stay theirs. */
  async updateTeamOffer(
    offerId: number,
    body: JobOfferBodyDto,
    record: (m: EntityManager, before: JobOfferDto) => Promise<void>,
  ) {
    // Whose offer it is comes first: an employer's offer answers 403 whatever the body.
    this.assertTeamOffer(await this.offers.anyById(offerId));
    const input = await this.validInput(body);
    await this.transactions.run(async (m) => {
      const before = this.assertTeamOffer(await this.lockedOffer(m, offerId));
      await this.jobOffers.updateTeamOffer(offerId, this.columns(input), m);
      await this.jobOffers.replaceChoices(offerId, input, m);
      await record(m, before);
    });
    this.changed(offerId);
    return (await this.offers.anyById(offerId))!;
  }

  /** A deleted account's offers go (the caller announces the change once it commits). */
  async removeAllOfUser(m: EntityManager, userId: number): Promise<void> {
    await this.jobOffers.removeAllOfUser(userId, m);
  }

  /** Any offer, whoever published it (admin). */
  async removeAny(offerId: number, record: (m: EntityManager, before: JobOfferDto) => Promise<void>) {
    await this.transactions.run(async (m) => {
      const before = await this.lockedOffer(m, offerId);
      await this.jobOffers.remove(offerId, m);
      await record(m, before);
    });
    this.changed(offerId);
  }

  /** Announced after the write commits: the directories must not re-cache the old offer. */
  private changed(offerId: number): void {
    this.events.emit('job-offer.changed', { offerId });
  }

  private assertTeamOffer(offer: JobOfferDto | null): JobOfferDto {
    if (!offer) throw JOB_OFFER_ERRORS.notFound.exception();
    if (offer.parent_profile) throw JOB_OFFER_ERRORS.hasEmployer.exception();
    return offer;
  }

  /** The offer with its row locked for the rest of the transaction (two admin writes apply in turn); 404 when missing. */
  private async lockedOffer(m: EntityManager, offerId: number): Promise<JobOfferDto> {
    await this.jobOffers.lock(offerId, m);
    const offer = await this.offers.anyById(offerId, m);
    if (!offer) throw JOB_OFFER_ERRORS.notFound.exception();
    return offer;
  }

  // ── Helpers ───────────────────────────────────────────────────────────────

  /** The profile must be the actor's (or the actor an admin) and the offer must be that profile's. */
  private async ownedOffer(profileId: number, offerId: number, actor: AuthUser) {
    const parent = await this.access.owned(profileId, actor);
    if (!(await this.jobOffers.isOfParent(offerId, profileId))) throw JOB_OFFER_ERRORS.notFound.exception();
    return parent;
  }

  private async own(offerId: number, ownerUserId: number): Promise<OwnJobOfferDto> {
    const [offer, active] = await Promise.all([
      this.offers.anyById(offerId),
      this.profiles.hasActiveMembership(ownerUserId),
    ]);
    if (!offer) throw JOB_OFFER_ERRORS.notFound.exception();
    return { ...offer, is_public: offer.status && active };
  }

  /** The offer's own columns from a validated body (the choice lists go to the child tables). */
  private columns(input: JobOfferInput): OfferColumns {
    return {
      title: input.title.trim(),
      description: input.description.trim(),
      neighborhood: input.location.neighborhood.trim(),
      // Required by the shared rules (validInput), so present here.
      provinceId: input.location.province!,
      municipalityId: input.location.municipality!,
      monthlyPrice: input.monthly_price,
      nativeLanguageId: input.native_language,
    };
  }

  /** The body as the shared rules see it, then checked against the catalog. */
  async validInput(body: JobOfferBodyDto): Promise<JobOfferInput> {
    const unique = (ids: number[] | undefined) => [...new Set(ids ?? [])];
    const location = body.location ?? {};
    const asText = (value: unknown) => (typeof value === 'string' ? value : '');
    const asId = (value: unknown) => (Number.isInteger(value) && (value as number) > 0 ? (value as number) : null);
    const price = parseMonthlyPrice(body.monthly_price);
    const input: JobOfferInput = {
      title: body.title ?? '',
      description: body.description ?? '',
      services: unique(body.services),
      tasks: unique(body.tasks),
      work_arrangements: unique(body.work_arrangements),
      languages: unique(body.languages),
      native_language: body.native_language ?? null,
      work_shifts: unique(body.work_shifts),
      location: {
        neighborhood: asText(location.neighborhood),
        province: asId(location.province),
        municipality: asId(location.municipality),
      },
      monthly_price: price ?? null,
    };
    const errors: Record<string, string[]> = { ...(jobOfferProblems(input) as Record<string, string[]>) };
    if (price === undefined) errors.monthly_price = [JOB_OFFER_MESSAGES.priceInvalid];
    const catalog = await this.catalog.get();
    const lists: [keyof JobOfferInput, { id: number }[]][] = [
      ['services', catalog.services],
      ['tasks', catalog.tasks],
      ['work_arrangements', catalog.workArrangements],
      ['languages', catalog.languages],
      ['work_shifts', catalog.shifts],
    ];
    for (const [field, list] of lists) {
      const ids = input[field] as number[];
      if (!errors[field] && !ids.every((id) => list.some((item) => item.id === id)))
        errors[field] = [JOB_OFFER_MESSAGES.unknownChoice];
    }
    if (!errors.location) {
      const municipality = catalog.municipalities.find((m) => m.id === input.location.municipality);
      if (!municipality || municipality.province.id !== input.location.province)
        errors.location = [JOB_OFFER_MESSAGES.municipalityMismatch];
    }
    if (Object.keys(errors).length > 0) throw AppException.validation(errors);
    return input;
  }
}
