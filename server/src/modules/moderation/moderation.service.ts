import { Inject, Injectable } from '@nestjs/common';
import {
  foldText,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  REPORT_TARGETS,
  type ModerationAction,
  type ReportTarget,
} from '@cym/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import { COMMON_ERRORS } from '../../common/errors/common.errors';
import { Clock } from '../../common/clock/clock';
import { DomainEvents } from '../../common/events/domain-events';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import { AuditLog } from '../admin/audit-log';
import type { AuthUser } from '../auth/access/auth-user';
import { SessionTokensService } from '../auth/session-tokens.service';
import { JobOffersService } from '../job-offers/job-offers.service';
import { MailService } from '../mail/mail.service';
import {
  accountRestoredEmail,
  accountSuspendedEmail,
  moderationWarningEmail,
  reportHandledEmail,
} from '../mail/templates';
import { UsersService } from '../users/users.service';
import { WorkerProfileService } from '../worker-profile/worker-profile.service';
import type {
  CreateReportDto,
  ModerationActionBodyDto,
  ModerationActionDto,
  ModerationActionPageDto,
  ReportCreatedDto,
  ReportGroupPageDto,
  ReportTargetDto,
  SafetyWordDto,
} from './dto/moderation.dto';
import { MODERATION_ERRORS } from './moderation.errors';
import { ModerationRepository, type ActionRow } from './moderation.repository';
import { SafetyWords } from './safety-words';

const SAFETY_TIPS_PATH = '/consejos-de-seguridad';

/** A path's target kind, or a 404 (an unknown kind is an address that does not exist). */
export function parseTarget(value: string): ReportTarget {
  if ((REPORT_TARGETS as readonly string[]).includes(value)) return value as ReportTarget;
  throw COMMON_ERRORS.notFound.exception();
}

/** A list's page number: 1 when absent, else a whole number from 1. */
export function parsePage(value: unknown): number {
  if (value === undefined || value === null || value === '') return 1;
  const page = Number(value);
  if (!Number.isInteger(page) || page < 1 || page > 10_000)
    throw COMMON_ERRORS.validation.withMessage('La página no es válida.');
  return page;
}

/** The team's reason for a warning or a suspension, trimmed; refused when out of bounds. */
function actionReason(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  if (text.length < MODERATION_LIMITS.minReason || text.length > MODERATION_LIMITS.maxReason)
    throw AppException.validation({ reason: [MODERATION_MESSAGES.actionReason] });
  return text;
}

/**
 * Reports and the team's decisions. A report is refused on oneself, on the team and twice while
 * open; a decision closes every open report of its target in one transaction with its effect,
 * its audit row and the e-mails (the reporters are told it was handled, never what was done); an
 * undo restores the effect and reopens the reports it closed, so the team decides again.
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly repo: ModerationRepository,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditLog,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly tokens: SessionTokensService,
    private readonly workerProfiles: WorkerProfileService,
    private readonly offers: JobOffersService,
    private readonly events: DomainEvents,
    private readonly words: SafetyWords,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ── Reports ───────────────────────────────────────────────────────────────

  async report(actor: AuthUser, body: CreateReportDto): Promise<ReportCreatedDto> {
    const details = (body.details ?? '').trim();
    if (details.length > MODERATION_LIMITS.maxDetails)
      throw AppException.validation({ details: [MODERATION_MESSAGES.details] });
    await this.limiter.consume('reports', String(actor.id), {
      limit: MODERATION_LIMITS.reportsPerHour,
      windowMs: 3_600_000,
    });
    const owner = await this.repo.targetOwner(body.target_type, body.target_id, actor.id);
    if (!owner || !owner.visible) throw MODERATION_ERRORS.targetNotFound.exception();
    if (owner.user_id === actor.id) throw MODERATION_ERRORS.self.exception();
    if (owner.is_admin) throw MODERATION_ERRORS.team.exception();
    const id = await this.repo.addReport(
      {
        reporterId: actor.id,
        target: body.target_type,
        targetId: body.target_id,
        targetUserId: owner.user_id,
        reason: body.reason,
        details: details || null,
      },
      this.clock.now(),
    );
    if (id === null) throw MODERATION_ERRORS.alreadyReported.exception();
    return { id, message: MODERATION_MESSAGES.sent };
  }

  // ── The team's lists ──────────────────────────────────────────────────────

  /** Open reports grouped by target: the most reported first, then the oldest. */
  async openReports(page: number): Promise<ReportGroupPageDto> {
    const size = MODERATION_LIMITS.pageSize;
    const rows = await this.repo.openGroups(size, (page - 1) * size);
    return {
      results: rows.map((r) => ({
        target_type: r.target_type,
        target_id: Number(r.target_id),
        label: r.label,
        person: { user_id: r.target_user_id, name: r.person_name, email: r.person_email, suspended: r.suspended },
        open_count: r.open_count,
        reasons: r.reasons,
        first_reported_at: r.first_reported_at.toISOString(),
        last_reported_at: r.last_reported_at.toISOString(),
      })),
      count: rows[0]?.total ?? 0,
      page,
      page_size: size,
    };
  }

  /** The team's decisions, newest first. */
  async decisions(page: number): Promise<ModerationActionPageDto> {
    const size = MODERATION_LIMITS.pageSize;
    const rows = await this.repo.actions(size, (page - 1) * size);
    return { results: rows.map((r) => actionDto(r)), count: rows[0]?.total ?? 0, page, page_size: size };
  }

  /** A target in context: its text, its person, its reports and decisions; a message's neighbours. */
  async target(target: ReportTarget, id: number): Promise<ReportTargetDto> {
    const [facts, reports, actions] = await Promise.all([
      this.repo.targetFacts(target, id),
      this.repo.reportsOf(target, id),
      this.repo.actionsOf(target, id),
    ]);
    if (!facts && reports.length === 0) throw MODERATION_ERRORS.targetNotFound.exception();
    const context =
      facts?.conversation_id != null
        ? await this.repo.context(
            facts.conversation_id,
            id,
            MODERATION_LIMITS.contextBefore,
            MODERATION_LIMITS.contextAfter,
          )
        : [];
    const person = facts ?? null;
    return {
      target_type: target,
      target_id: id,
      label: facts?.label ?? null,
      text: facts?.text ?? null,
      hidden: facts?.hidden ?? false,
      public_path: publicPath(target, id, facts?.worker_profile_id ?? null),
      person: {
        user_id: person?.user_id ?? actions[0]?.target_user_id ?? 0,
        name: person?.person_name ?? '',
        email: person?.person_email ?? '',
        suspended: person?.suspended_at != null,
      },
      profile_type: person?.profile_type ?? null,
      suspension_reason: person?.suspension_reason ?? null,
      deleted: person?.deleted ?? true,
      context: context.map((c) => ({
        id: Number(c.id),
        sender_id: c.sender_id,
        sender_name: c.sender_name,
        content: c.content,
        created_at: c.created_at.toISOString(),
        reported: Number(c.id) === id,
      })),
      reports: reports.map((r) => ({
        id: r.id,
        reason: r.reason,
        details: r.details,
        created_at: r.created_at.toISOString(),
        open: r.handled_at === null,
        reporter_id: r.reporter_id,
        reporter_name: r.reporter_name,
      })),
      actions: actions.map((a) => actionDto(a)),
    };
  }

  // ── Decisions ─────────────────────────────────────────────────────────────

  async act(
    actor: AuthUser,
    target: ReportTarget,
    id: number,
    body: ModerationActionBodyDto,
  ): Promise<ReportTargetDto> {
    const action = body.action;
    if (action === 'hide' && target === 'message') throw MODERATION_ERRORS.hideNotMessage.exception();
    const reason = action === 'warn' || action === 'suspend' ? actionReason(body.reason) : null;
    const now = this.clock.now();
    const done = await this.transactions.run(async (m) => {
      const open = await this.repo.lockOpen(target, id, m);
      if (open.length === 0) throw MODERATION_ERRORS.nothingOpen.exception();
      const facts = await this.repo.targetFacts(target, id, m);
      const userId = facts?.user_id;
      const person = userId === undefined ? null : await this.users.lockLive(m, userId);
      if (!facts || !person) {
        // The target or its account is gone: only a dismissal closes its reports.
        if (action !== 'dismiss') throw MODERATION_ERRORS.targetNotFound.exception();
      }
      let previous: Record<string, unknown> | null = null;
      if (action === 'suspend') {
        if (person!.isAdmin) throw MODERATION_ERRORS.suspendAdmin.exception();
        if (person!.suspendedAt) throw MODERATION_ERRORS.alreadySuspended.exception();
        await this.users.setSuspension(m, person!.id, reason);
        await this.tokens.revokeAllOfUser(person!.id, m);
        await this.mail.enqueue(
          m,
          person!.email,
          accountSuspendedEmail(person!.firstName, reason!, this.link('/contact')),
        );
      } else if (action === 'hide') {
        previous = await this.hide(m, target, id, true, null);
      } else if (action === 'warn') {
        await this.mail.enqueue(
          m,
          person!.email,
          moderationWarningEmail(person!.firstName, reason!, this.link('/terms')),
        );
      }
      // The person behind it: the target's, else (a target gone) the one its reports named.
      const targetUserId = userId ?? open[0].target_user_id;
      const actionId = await this.repo.addAction(
        { target, targetId: id, targetUserId, action, reason, previous, actorId: actor.id },
        now,
        m,
      );
      await this.repo.closeReports(
        open.map((r) => r.id),
        actionId,
        now,
        m,
      );
      await this.tellReporters(m, [...new Set(open.map((r) => r.reporter_id))]);
      await this.audit.record(m, actor, {
        action: `moderation.${action}`,
        targetType: 'user',
        targetId: targetUserId,
        before: { target_type: target, target_id: id },
        after: { action, reason, reports: open.length, action_id: actionId },
      });
      return { userId: targetUserId };
    });
    this.announce(action, target, id, done.userId);
    this.mail.notifyCommitted();
    return this.target(target, id);
  }

  async undo(actor: AuthUser, actionId: number): Promise<ReportTargetDto> {
    const now = this.clock.now();
    const row = await this.transactions.run(async (m) => {
      const action = await this.repo.lockAction(actionId, m);
      if (!action) throw MODERATION_ERRORS.actionNotFound.exception();
      if (action.undone_at) throw MODERATION_ERRORS.alreadyUndone.exception();
      const targetId = Number(action.target_id);
      if (action.action === 'hide') {
        await this.hide(m, action.target_type, targetId, false, action.previous);
      } else if (action.action === 'suspend') {
        const person = await this.users.lockLive(m, action.target_user_id);
        if (person?.suspendedAt) {
          await this.users.setSuspension(m, person.id, null);
          await this.mail.enqueue(m, person.email, accountRestoredEmail(person.firstName, this.link('/')));
        }
      }
      await this.repo.undoAction(actionId, actor.id, now, m);
      await this.audit.record(m, actor, {
        action: 'moderation.undo',
        targetType: 'user',
        targetId: action.target_user_id,
        before: { target_type: action.target_type, target_id: targetId, action: action.action },
        after: { action_id: actionId },
      });
      return action;
    });
    this.announce(row.action, row.target_type, Number(row.target_id), row.target_user_id);
    this.mail.notifyCommitted();
    return this.target(row.target_type, Number(row.target_id));
  }

  /**
   * An erased account (30 days after its deletion): the reports it sent, those about it and the
   * decisions about it go, their free texts being personal data.
   */
  forgetUser(m: EntityManager, userId: number): Promise<void> {
    return this.repo.forgetUser(userId, m);
  }

  // ── Warning words ─────────────────────────────────────────────────────────

  async wordList(): Promise<SafetyWordDto[]> {
    return (await this.repo.words()).map((w) => ({ id: w.id, word: w.word, created_at: w.created_at.toISOString() }));
  }

  async addWord(actor: AuthUser, value: string): Promise<SafetyWordDto[]> {
    const word = foldText(value.trim()).replace(/\s+/g, ' ');
    if (word.length < MODERATION_LIMITS.minWordLength || word.length > MODERATION_LIMITS.maxWordLength)
      throw AppException.validation({ word: [MODERATION_MESSAGES.word] });
    await this.transactions.run(async (m) => {
      const id = await this.repo.addWord(word, MODERATION_LIMITS.maxWords, m);
      if (id === 'exists') throw MODERATION_ERRORS.wordExists.exception();
      if (id === 'full') throw MODERATION_ERRORS.wordsFull.exception();
      await this.audit.record(m, actor, {
        action: 'safety_word.add',
        targetType: 'safety_word',
        targetId: id,
        after: { word },
      });
    });
    this.words.invalidate();
    return this.wordList();
  }

  async removeWord(actor: AuthUser, id: number): Promise<SafetyWordDto[]> {
    await this.transactions.run(async (m) => {
      const word = await this.repo.removeWord(id, m);
      if (word === null) throw MODERATION_ERRORS.wordNotFound.exception();
      await this.audit.record(m, actor, {
        action: 'safety_word.remove',
        targetType: 'safety_word',
        targetId: id,
        before: { word },
      });
    });
    this.words.invalidate();
    return this.wordList();
  }

  // ── Helpers ───────────────────────────────────────────────────────────────

  /** Hides or shows the target; answers what an undo restores. */
  private async hide(
    m: EntityManager,
    target: ReportTarget,
    id: number,
    hidden: boolean,
    previous: Record<string, unknown> | null,
  ): Promise<Record<string, unknown> | null> {
    if (target === 'worker_profile') {
      await this.workerProfiles.setVisibilityByAdmin(m, id, !hidden);
      return null;
    }
    const status = await this.offers.setHiddenByAdmin(
      m,
      id,
      hidden,
      typeof previous?.status === 'boolean' ? previous.status : undefined,
    );
    if (status === null) throw MODERATION_ERRORS.targetNotFound.exception();
    return { status };
  }

  private async tellReporters(m: EntityManager, reporterIds: number[]): Promise<void> {
    const people = await this.repo.reportersToTell(reporterIds, m);
    for (const person of people)
      await this.mail.enqueue(m, person.email, reportHandledEmail(person.first_name, this.link(SAFETY_TIPS_PATH)));
  }

  /** After a commit: sockets close on a suspension, caches forget what the public saw. */
  private announce(action: ModerationAction, target: ReportTarget, id: number, userId: number | null): void {
    if (action === 'suspend' && userId !== null) this.tokens.sessionsEnded(userId);
    if (action === 'hide' && target === 'job_offer') this.offers.announce(id);
    if ((action === 'suspend' || action === 'hide') && userId !== null) this.events.emit('user.moderated', { userId });
  }

  private link(path: string): string {
    return `${this.config.publicUrl}${path}`;
  }
}

function actionDto(r: ActionRow): ModerationActionDto {
  return {
    id: r.id,
    target_type: r.target_type,
    target_id: Number(r.target_id),
    label: r.label,
    person_name: r.person_name,
    target_user_id: r.target_user_id,
    action: r.action,
    reason: r.reason,
    created_at: r.created_at.toISOString(),
    actor_name: r.actor_name,
    undone_at: r.undone_at ? r.undone_at.toISOString() : null,
    undone_by_name: r.undoer_name,
    report_count: r.report_count,
  };
}

/** Where the team opens the target as the public sees it. */
function publicPath(target: ReportTarget, id: number, workerProfileId: number | null): string | null {
  if (target === 'worker_profile') return `/worker-profile/${id}`;
  if (target === 'job_offer') return `/job-offer/${id}`;
  return workerProfileId === null ? null : `/worker-profile/${workerProfileId}`;
}
