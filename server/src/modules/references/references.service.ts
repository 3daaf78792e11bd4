import type { EntityManager } from 'typeorm';
import { HttpStatus, Injectable } from '@nestjs/common';
import { formatDate, ratingOf, REFERENCE_LIMITS, REFERENCE_MESSAGES } from '@cym/common';
import { AppException } from '../../common/app-exception';
import { Clock } from '../../common/clock/clock';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import { Transactions } from '../../database/transactions';
import { AuditLog } from '../admin/audit-log';
import type { AuthUser } from '../auth/access/auth-user';
import {
  AdminReferencePageDto,
  CreateReferenceDto,
  ReferenceDto,
  ReferenceEligibilityDto,
  ReferencePageDto,
  UpdateReferenceDto,
} from './dto/references.dto';
import { ParentProfileRepository } from '../parent-profile/parent-profile.repository';
import { WorkerProfileRepository } from '../worker-profile/worker-profile.repository';
import {
  type AdminReferenceFilter,
  ADMIN_FILTERS,
  type ReferenceChanges,
  type ReferenceRow,
  ReferencesRepository,
} from './references.repository';
import { DomainEvents } from '../../common/events/domain-events';
import { REFERENCE_ERRORS } from './references.errors';

const DAY_MS = 86_400_000;
const ADMIN_PAGE_SIZE = 50;

/** A page number from the query: absent is 1; anything but a plain positive integer is 400. */
export function parsePage(raw: unknown): number {
  if (raw === undefined || raw === '') return 1;
  if (typeof raw === 'string' && /^[1-9]\d{0,5}$/.test(raw)) return Number(raw);
  throw AppException.validation({ page: [REFERENCE_MESSAGES.page] });
}

/** The admin list's filter: reported, hidden or all (the default). */
export function parseAdminFilter(raw: unknown): AdminReferenceFilter {
  if (raw === undefined || raw === '') return 'all';
  if (typeof raw === 'string' && Object.hasOwn(ADMIN_FILTERS, raw)) return raw as AdminReferenceFilter;
  throw AppException.validation({ filter: ['El filtro no es válido.'] });
}

/** A trimmed text within its limits, or a 400 naming the field. */
function bounded(value: string, min: number, max: number, field: string, message: string): string {
  const text = value.trim();
  if (text.length < min || text.length > max) throw AppException.validation({ [field]: [message] });
  return text;
}

function validStars(stars: number): number {
  if (!Number.isInteger(stars) || stars < REFERENCE_LIMITS.minStars || stars > REFERENCE_LIMITS.maxStars)
    throw AppException.validation({ stars: [REFERENCE_MESSAGES.stars] });
  return stars;
}

/**
 * References: an employer rates a worker, a worker an employer, once each and
 * only after a conversation between them where both wrote; 1–5 stars and 20–700 characters,
 * editable by the author for 30 days (the Clock's now). The subject answers once, publicly (the
 * reply is not editable), and may report it; an admin may report, hide (with a reason) and
 * restore it, each with its audit row in the same transaction. Hidden references count nowhere:
 * the `reference_ratings` aggregate (kept by a trigger) and every public list skip them.
 */
@Injectable()
export class ReferencesService {
  constructor(
    private readonly references: ReferencesRepository,
    private readonly workerProfiles: WorkerProfileRepository,
    private readonly parentProfiles: ParentProfileRepository,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLog,
    private readonly events: DomainEvents,
  ) {}

  /** The visible references about worker profile `profileId` (listed, or the viewer's own or an admin's view). */
  async forWorker(profileId: number, page: number, viewer: AuthUser | null): Promise<ReferencePageDto> {
    let userId = await this.references.listedWorkerUserId(profileId);
    if (userId === undefined && viewer) {
      const owner = await this.workerProfiles.userIdOf(profileId);
      if (owner !== undefined && (viewer.isAdmin || owner === viewer.id)) userId = owner;
    }
    if (userId === undefined) throw REFERENCE_ERRORS.workerNotFound.exception();
    return this.page(userId, page);
  }

  /** The visible references about employer profile `profileId` (an active account). */
  async forParent(profileId: number, page: number): Promise<ReferencePageDto> {
    const userId = await this.parentProfiles.activeUserIdOf(profileId);
    if (userId === undefined) throw REFERENCE_ERRORS.parentNotFound.exception();
    return this.page(userId, page);
  }

  private async page(subjectUserId: number, page: number): Promise<ReferencePageDto> {
    const size = REFERENCE_LIMITS.pageSize;
    const rows = await this.references.page(subjectUserId, size, (page - 1) * size);
    const first = rows[0];
    return {
      subject_user_id: subjectUserId,
      rating: ratingOf(first?.rating_sum ?? null, first?.rating_count ?? null, first?.rating_hired ?? 0),
      results: rows.filter((r) => r.id != null).map((r) => this.dto(r as ReferenceRow)),
      count: first?.total ?? 0,
      page,
      page_size: size,
    };
  }

  /** Whether `actor` may write about `otherUserId` now, and the one they wrote if any. */
  async eligibility(actor: AuthUser, otherUserId: number): Promise<ReferenceEligibilityDto> {
    const existing = await this.references.ofPair(actor.id, otherUserId);
    if (existing) {
      const reference = this.dto(existing);
      return { can_write: false, reason: REFERENCE_MESSAGES.alreadyLeft, reference, can_edit: this.editable(existing) };
    }
    try {
      await this.checkMayWrite(actor, otherUserId);
      return { can_write: true, reason: null, reference: null, can_edit: false };
    } catch (error) {
      if (error instanceof AppException && error.getStatus() !== HttpStatus.NOT_FOUND) {
        const body = error.getResponse() as { error: string };
        return { can_write: false, reason: body.error, reference: null, can_edit: false };
      }
      throw error;
    }
  }

  /** The rules of who may write about whom (not counting one already written). */
  private async checkMayWrite(actor: AuthUser, otherUserId: number): Promise<void> {
    if (actor.isAdmin || actor.profileType === null) throw REFERENCE_ERRORS.adminCannot.exception();
    if (otherUserId === actor.id) throw REFERENCE_ERRORS.self.exception();
    const other = await this.references.person(otherUserId);
    if (!other || !other.active) throw REFERENCE_ERRORS.personNotFound.exception();
    const pair = new Set([actor.profileType, other.profile_type]);
    if (other.is_admin || !(pair.has('Worker') && pair.has('Parent'))) throw REFERENCE_ERRORS.wrongParties.exception();
    if (!(await this.references.bothWrote(actor.id, otherUserId))) throw REFERENCE_ERRORS.notEligible.exception();
  }

  async create(actor: AuthUser, body: CreateReferenceDto): Promise<ReferenceDto> {
    await this.countWrite(actor);
    const stars = validStars(body.stars);
    const text = bounded(
      body.text,
      REFERENCE_LIMITS.minText,
      REFERENCE_LIMITS.maxText,
      'text',
      REFERENCE_MESSAGES.text,
    );
    if (!(Number.isSafeInteger(body.subject_user_id) && body.subject_user_id > 0))
      throw REFERENCE_ERRORS.personNotFound.exception();
    await this.checkMayWrite(actor, body.subject_user_id);
    const now = this.clock.now();
    const hired = await this.references.hiredTogether(actor.id, body.subject_user_id);
    let id: number;
    try {
      id = await this.references.add({
        authorUserId: actor.id,
        subjectUserId: body.subject_user_id,
        stars,
        text,
        hired,
        createdAt: now,
        updatedAt: now,
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw REFERENCE_ERRORS.alreadyLeft.exception();
      throw error;
    }
    this.changed(id);
    return this.dto(await this.row(id));
  }

  /** The author edits stars and text within the 30 days after writing it. */
  async update(actor: AuthUser, id: number, body: UpdateReferenceDto): Promise<ReferenceDto> {
    await this.countWrite(actor);
    const row = await this.row(id);
    if (row.author_user_id !== actor.id) {
      if (row.hidden && !actor.isAdmin) throw REFERENCE_ERRORS.notFound.exception();
      throw REFERENCE_ERRORS.notYours.exception();
    }
    if (!this.editable(row)) throw REFERENCE_ERRORS.editExpired.exception();
    const changes: ReferenceChanges = { updatedAt: this.clock.now() };
    if (body.stars !== undefined) changes.stars = validStars(body.stars);
    if (body.text !== undefined)
      changes.text = bounded(
        body.text,
        REFERENCE_LIMITS.minText,
        REFERENCE_LIMITS.maxText,
        'text',
        REFERENCE_MESSAGES.text,
      );
    await this.references.update(id, changes);
    this.changed(id);
    return this.dto(await this.row(id));
  }

  /** The subject's one public answer (not editable). */
  async reply(actor: AuthUser, id: number, text: string): Promise<ReferenceDto> {
    await this.countWrite(actor);
    const row = await this.row(id);
    if (row.hidden && !actor.isAdmin) throw REFERENCE_ERRORS.notFound.exception();
    if (row.subject_user_id !== actor.id) throw REFERENCE_ERRORS.onlySubjectReplies.exception();
    const reply = bounded(text, REFERENCE_LIMITS.minReply, REFERENCE_LIMITS.maxReply, 'text', REFERENCE_MESSAGES.reply);
    if (!(await this.references.addReply(id, reply, this.clock.now())))
      throw REFERENCE_ERRORS.alreadyReplied.exception();
    this.changed(id);
    return this.dto(await this.row(id));
  }

  /** The subject or an admin reports a reference, once each. */
  async report(actor: AuthUser, id: number, reason: string): Promise<void> {
    await this.countWrite(actor);
    const row = await this.row(id);
    if (row.hidden && !actor.isAdmin) throw REFERENCE_ERRORS.notFound.exception();
    if (!(actor.isAdmin || row.subject_user_id === actor.id)) throw REFERENCE_ERRORS.onlySubjectReports.exception();
    const text = bounded(
      reason,
      REFERENCE_LIMITS.minReason,
      REFERENCE_LIMITS.maxReason,
      'reason',
      REFERENCE_MESSAGES.reason,
    );
    if (!(await this.references.addReport(id, actor.id, text))) throw REFERENCE_ERRORS.alreadyReported.exception();
  }

  /** The back office's list: reported and visible first. */
  async adminList(filter: AdminReferenceFilter, page: number): Promise<AdminReferencePageDto> {
    const rows = await this.references.adminPage(filter, ADMIN_PAGE_SIZE, (page - 1) * ADMIN_PAGE_SIZE);
    return {
      results: rows.map(({ total: _total, ...r }) => ({
        ...r,
        created_at: r.created_at.toISOString(),
        hidden_at: r.hidden_at ? r.hidden_at.toISOString() : null,
        reports: r.reports.map((x) => ({ ...x, created_at: new Date(x.created_at).toISOString() })),
      })),
      count: rows[0]?.total ?? 0,
      page,
      page_size: ADMIN_PAGE_SIZE,
    };
  }

  /** An admin hides a reference with a reason (audit row in the same transaction). */
  async hide(actor: AuthUser, id: number, reason: string): Promise<void> {
    await this.countWrite(actor);
    const text = bounded(
      reason,
      REFERENCE_LIMITS.minReason,
      REFERENCE_LIMITS.maxReason,
      'reason',
      REFERENCE_MESSAGES.reason,
    );
    await this.transactions.run(async (m) => {
      const reference = await this.references.locked(id, m);
      if (!reference) throw REFERENCE_ERRORS.notFound.exception();
      if (reference.hiddenAt) throw REFERENCE_ERRORS.alreadyHidden.exception();
      await this.references.update(id, { hiddenAt: this.clock.now(), hiddenBy: actor.id, hiddenReason: text }, m);
      await this.audit.record(m, actor, {
        action: 'reference.hide',
        targetType: 'reference',
        targetId: id,
        before: { hidden: false },
        after: { hidden: true, reason: text },
      });
    });
    this.changed(id);
  }

  /** An admin shows a hidden reference again (audit row in the same transaction). */
  async restore(actor: AuthUser, id: number): Promise<void> {
    await this.countWrite(actor);
    await this.transactions.run(async (m) => {
      const reference = await this.references.locked(id, m);
      if (!reference) throw REFERENCE_ERRORS.notFound.exception();
      if (!reference.hiddenAt) throw REFERENCE_ERRORS.notHidden.exception();
      await this.references.update(id, { hiddenAt: null, hiddenBy: null, hiddenReason: null }, m);
      await this.audit.record(m, actor, {
        action: 'reference.restore',
        targetType: 'reference',
        targetId: id,
        before: { hidden: true, reason: reference.hiddenReason },
        after: { hidden: false },
      });
    });
    this.changed(id);
  }

  private async row(id: number): Promise<ReferenceRow> {
    const row = await this.references.byId(id);
    if (!row) throw REFERENCE_ERRORS.notFound.exception();
    return row;
  }

  private editableUntil(row: ReferenceRow): Date {
    return new Date(row.created_at_ms + REFERENCE_LIMITS.editDays * DAY_MS);
  }

  private editable(row: ReferenceRow): boolean {
    return this.clock.now() < this.editableUntil(row);
  }

  private dto(row: ReferenceRow): ReferenceDto {
    const created = new Date(row.created_at_ms);
    return {
      id: row.id,
      author: { user_id: row.author_user_id, first_name: row.author_first_name, profile_image: row.author_image },
      subject_user_id: row.subject_user_id,
      stars: row.stars,
      text: row.text,
      created_at: created.toISOString(),
      formatted_date: formatDate(created),
      editable_until: this.editableUntil(row).toISOString(),
      reply: row.reply,
      reply_at: row.reply_at_ms === null ? null : new Date(row.reply_at_ms).toISOString(),
      hired: row.hired,
    };
  }

  private changed(id: number): void {
    this.events.emit('reference.changed', { referenceId: id });
  }

  private countWrite(actor: AuthUser): Promise<void> {
    return this.limiter.consume('references', String(actor.id), {
      limit: REFERENCE_LIMITS.writesPerHour,
      windowMs: 3_600_000,
    });
  }

  /**
   * A deleted account's erasure: the references it wrote and those about it, and its reports;
   * answers the deleted references' ids (their audit rows are redacted next). The ratings follow
   * by trigger; the caller calls `announceRemoved` once committed.
   */
  eraseUser(m: EntityManager, userId: number): Promise<number[]> {
    return this.references.removeAllOf(userId, m);
  }

  /** After `eraseUser` committed: the ratings and directories those references counted in change. */
  announceRemoved(ids: number[]): void {
    for (const id of ids) this.changed(id);
  }
}
