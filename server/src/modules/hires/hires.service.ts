import type { EntityManager } from 'typeorm';
import { Inject, Injectable } from '@nestjs/common';
import {
  argentinaToday,
  isIsoDay,
  cuilValid,
  EMPLOYMENT_STATUS_LABELS,
  employmentStatus,
  formatIsoDate,
  HIRE_CHAT_TEXTS,
  HIRE_END_CAUSE_LABELS,
  HIRE_LIMITS,
  HIRE_MESSAGES,
  HIRE_PROPOSAL_STATUS_LABELS,
  hireCategory,
  hireMinimum,
  hireMinimumText,
  hireProposalProblems,
  hireRate,
  inWageZone,
  laborParametersOn,
  normalizeCuil,
  scaleInForce,
  scheduleText,
  scheduleWeeklyHours,
  trialPeriodEnd,
  belowHireMinimumMessage,
  type HireEndCause,
  type LaborParameterKey,
  type LaborParameterSet,
  type LaborParameterVersion,
  type ScheduleSlot,
} from '@cym/common';
import { AppException } from '../../common/app-exception';
import { Clock } from '../../common/clock/clock';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import type { AuthUser } from '../auth/access/auth-user';
import { ChatService } from '../chat/chat.service';
import { MailService } from '../mail/mail.service';
import { hireEmail } from '../mail/templates';
import { WagesService } from '../wages/wages.service';
import type { WageScaleDto } from '../wages/dto/wages.dto';
import {
  EmployerDataBodyDto,
  EmploymentDto,
  EmploymentSummaryDto,
  HireProposalBodyDto,
  HireProposalDto,
  HireTermsDto,
  RegistrationBodyDto,
  WorkerCuilBodyDto,
} from './dto/hires.dto';
import { periodLabel } from './hire-pay.service';
import { HIRE_ERRORS } from './hires.errors';
import {
  hireTermsOf,
  HiresRepository,
  type EmploymentRow,
  type EmploymentEventRow,
  type ProposalRow,
  type TermsRow,
} from './hires.repository';

/** The parameters a proposal's terms use: the hours rule and the trial period. */
const TERMS_SOURCES: LaborParameterKey[] = [
  'hourly_below_weekly_hours',
  'full_time_weekly_hours',
  'weeks_per_year',
  'trial_period',
];

/** The parameters of the relationship's money sections (seniority, ARCA, aguinaldo, vacations), as in force today. */
const PAY_SOURCES: LaborParameterKey[] = [
  'seniority_percent_per_year',
  'seniority_counts_from',
  'contribution_brackets',
  'contribution_due_day',
  'non_remunerative_sums',
  'vacation_days',
  'vacation_full_service_months',
  'vacation_worked_days_per_day',
  'vacation_divisor',
];

/** A month of the history's detail in words ('octubre de 2026'), or nothing when it has none. */
const monthOf = (detail: Record<string, unknown>) =>
  typeof detail.period === 'string' && /^\d{4}-\d{2}$/.test(detail.period) ? ` de ${periodLabel(detail.period)}` : '';
const dayOf = (value: unknown) => (typeof value === 'string' && isIsoDay(value) ? formatIsoDate(value) : null);

/** What each step of the history says (with the month or day its detail names). */
const EVENT_TEXTS: Record<string, (detail: Record<string, unknown>) => string> = {
  hired: () => 'Propuesta aceptada: empieza la relación laboral.',
  worker_cuil: () => 'La trabajadora cargó su CUIL.',
  employer_data: () => 'El empleador cargó su CUIT y la dirección de trabajo.',
  registered: () => 'El empleador informó el alta en ARCA.',
  payslip_confirmed: (d) => `El empleador confirmó el recibo${monthOf(d)}.`,
  payslip_acknowledged: (d) => `La trabajadora dio su conformidad al recibo${monthOf(d)} («Recibí conforme»).`,
  contribution_paid: (d) => {
    const paid = dayOf(d.paid_on);
    return `El empleador marcó como pagados los aportes a ARCA${monthOf(d)}${paid ? ` (pagados el ${paid})` : ''}.`;
  },
  ended: (d) => {
    const cause = typeof d.cause === 'string' ? HIRE_END_CAUSE_LABELS[d.cause as HireEndCause] : undefined;
    const last = dayOf(d.end_date);
    return `Fin de la relación laboral${cause ? `: ${cause}` : ''}${last ? `, último día trabajado el ${last}` : ''}.`;
  },
};

/** The rules and regime figures a computation needs, read once per request. */
interface RegimeData {
  versions: LaborParameterVersion[];
  scales: WageScaleDto[];
}

/**
 * The hire: a proposal made in a conversation by an employer with an active membership, answered
 * by the worker in the chat, and the employment relationship it becomes. Only the two parties (and
 * admins) ever read a proposal or a relationship; to anyone else they do not exist (404).
 */
@Injectable()
export class HiresService {
  constructor(
    private readonly hires: HiresRepository,
    private readonly chat: ChatService,
    private readonly wages: WagesService,
    private readonly mail: MailService,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private today(): string {
    return argentinaToday(this.clock.now());
  }

  private regime(): Promise<RegimeData> {
    return this.wages.regime();
  }

  private link(path: string): string {
    return `${this.config.publicUrl}${path}`;
  }

  // ── Proposals ─────────────────────────────────────────────────────────────

  /** POST hires/proposals: the employer's proposal, shown in the conversation as a card. */
  async propose(actor: AuthUser, body: HireProposalBodyDto): Promise<HireProposalDto> {
    const today = this.today();
    const problems = hireProposalProblems(body, today);
    if (Object.keys(problems).length) throw AppException.validation(problems);
    // Someone else's conversation does not exist for the caller either.
    const conversation = await this.chat.conversationFor(body.conversation_id, actor).catch((error: unknown) => {
      if (error instanceof AppException) throw HIRE_ERRORS.conversationNotFound.exception();
      throw error;
    });
    if (
      conversation.parent_user_id !== actor.id ||
      conversation.worker_profile_id === null ||
      conversation.parent_profile_id === null
    )
      throw HIRE_ERRORS.notYourConversation.exception();
    if (!(await this.hires.servicesExist(body.services)))
      throw AppException.validation({ services: [HIRE_MESSAGES.servicesInvalid] });
    const provinceId = await this.hires.provinceOf(body.municipality_id);
    if (provinceId === null) throw AppException.validation({ municipality_id: [HIRE_MESSAGES.municipalityInvalid] });

    const [{ versions, scales }, rules] = await Promise.all([this.regime(), this.wages.current()]);
    const scale = scaleInForce(scales, body.start_date);
    const params = laborParametersOn(versions, body.start_date);
    if (!scale || !params) throw AppException.validation({ start_date: [HIRE_MESSAGES.noScale] });
    const category = hireCategory(rules.services, scale, body.services, body.arrangement);
    if (category === null) throw AppException.validation({ services: [HIRE_MESSAGES.servicesOutside] });
    const rate = hireRate(scale, category, body.arrangement)!;
    const minimum = hireMinimum(body, rate, params);
    if (minimum.agreed < minimum.amount)
      throw AppException.validation({ pay_amount: [belowHireMinimumMessage(minimum)] });
    if (await this.hires.openEmploymentExists(conversation.worker_profile_id, conversation.parent_profile_id))
      throw HIRE_ERRORS.openEmployment.exception();

    await this.limiter.consume('hire-proposals', String(actor.id), {
      limit: HIRE_LIMITS.proposalsPerDay,
      windowMs: 86_400_000,
    });
    const now = this.clock.now();
    const schedule = body.schedule.map(({ day, from, to }) => ({ day, from, to }));
    const { id, saved } = await this.transactions.run(async (m) => {
      const proposalId = await this.hires.addProposal(
        {
          conversationId: conversation.id,
          workerProfileId: conversation.worker_profile_id!,
          parentProfileId: conversation.parent_profile_id!,
          proposedBy: actor.id,
          startDate: body.start_date,
          services: body.services,
          category,
          arrangement: body.arrangement,
          schedule,
          weeklyHours: scheduleWeeklyHours(schedule),
          payBasis: body.pay_basis,
          payAmount: body.pay_amount,
          provinceId,
          municipalityId: body.municipality_id,
          zone: inWageZone(rules.zone, provinceId, body.municipality_id),
          at: now,
        },
        m,
      );
      if (proposalId === null) throw HIRE_ERRORS.openProposal.exception();
      const message = await this.chat.addHireMessage(
        m,
        conversation.id,
        actor.id,
        HIRE_CHAT_TEXTS.proposed,
        proposalId,
      );
      const [worker] = await this.hires.contacts([conversation.worker_user_id!], m);
      if (worker)
        await this.mail.enqueue(
          m,
          worker.email,
          hireEmail(
            worker.first_name,
            'Te propusieron una contratación',
            'Un empleador te propuso una contratación en el chat: fecha de inicio, horario y sueldo. Revisala y respondé desde la conversación.',
            'Ver la propuesta',
            this.link(`/chat/${conversation.id}`),
          ),
        );
      return { id: proposalId, saved: message };
    });
    this.chat.announce(saved);
    this.mail.notifyCommitted();
    return this.proposal(actor, id);
  }

  /** GET hires/proposals/{id}: a party's (or an admin's) view of a proposal. */
  async proposal(actor: AuthUser, id: number): Promise<HireProposalDto> {
    const row = await this.hires.proposal(id);
    if (!row || !this.canRead(actor, row)) throw HIRE_ERRORS.proposalNotFound.exception();
    const regime = await this.regime();
    const terms = this.terms(row, regime, null);
    return {
      id: row.id,
      conversation_id: row.conversation_id,
      status: row.status,
      status_label: HIRE_PROPOSAL_STATUS_LABELS[row.status],
      created_at: row.created_at.toISOString(),
      answered_at: row.answered_at?.toISOString() ?? null,
      terms,
      worker: this.worker(row),
      employer: this.employer(row),
      employment_id: row.employment_id,
      can_answer: row.status === 'pending' && actor.id === row.worker_user_id,
      can_withdraw: row.status === 'pending' && actor.id === row.parent_user_id,
      sources: this.sources(regime, row.start_date, TERMS_SOURCES),
    };
  }

  /** POST hires/proposals/{id}/withdraw: the employer takes an unanswered proposal back. */
  async withdraw(actor: AuthUser, id: number): Promise<HireProposalDto> {
    const row = await this.readable(actor, id);
    if (actor.id !== row.parent_user_id) throw HIRE_ERRORS.onlyEmployerWithdraws.exception();
    await this.answer(actor, row, 'withdrawn', HIRE_CHAT_TEXTS.withdrawn, async (m) => {
      const [worker] = await this.hires.contacts([row.worker_user_id], m);
      if (worker)
        await this.mail.enqueue(
          m,
          worker.email,
          hireEmail(
            worker.first_name,
            'Retiraron una propuesta de contratación',
            'El empleador retiró la propuesta de contratación que te había hecho. Pueden seguir hablando por el chat.',
            'Ir a la conversación',
            this.link(`/chat/${row.conversation_id}`),
          ),
        );
    });
    return this.proposal(actor, id);
  }

  /** POST hires/proposals/{id}/decline: the worker says no. */
  async decline(actor: AuthUser, id: number): Promise<HireProposalDto> {
    const row = await this.readable(actor, id);
    if (actor.id !== row.worker_user_id) throw HIRE_ERRORS.onlyWorkerAnswers.exception();
    await this.answer(actor, row, 'declined', HIRE_CHAT_TEXTS.declined, async (m) => {
      const [employer] = await this.hires.contacts([row.parent_user_id], m);
      if (employer)
        await this.mail.enqueue(
          m,
          employer.email,
          hireEmail(
            employer.first_name,
            'Tu propuesta de contratación fue rechazada',
            `${row.worker_name.split(' ')[0]} no aceptó la propuesta de contratación. Pueden seguir hablando por el chat y, si quieren, hacer una nueva.`,
            'Ir a la conversación',
            this.link(`/chat/${row.conversation_id}`),
          ),
        );
    });
    return this.proposal(actor, id);
  }

  /**
   * POST hires/proposals/{id}/accept: the worker says yes and the relationship begins, its trial
   * period computed from the law in force on the start date.
   */
  async accept(actor: AuthUser, id: number): Promise<HireProposalDto> {
    const row = await this.readable(actor, id);
    if (actor.id !== row.worker_user_id) throw HIRE_ERRORS.onlyWorkerAnswers.exception();
    if (row.start_date < this.today()) throw HIRE_ERRORS.startPassed.exception();
    const { versions } = await this.regime();
    const params = laborParametersOn(versions, row.start_date);
    if (!params) throw AppException.validation({ start_date: [HIRE_MESSAGES.noScale] });
    const trialEnds = trialPeriodEnd(hireTermsOf(row), params);
    await this.answer(actor, row, 'accepted', HIRE_CHAT_TEXTS.accepted, async (m, now) => {
      const employmentId = await this.hires.addEmployment(row.id, trialEnds, now, m);
      if (employmentId === null) throw HIRE_ERRORS.openEmployment.exception();
      await this.hires.addEvent(employmentId, 'hired', actor.id, { start_date: row.start_date }, now, m);
      const contacts = await this.hires.contacts([row.worker_user_id, row.parent_user_id], m);
      const link = this.link(`/contrataciones/${employmentId}`);
      for (const person of contacts) {
        const isEmployer = person.id === row.parent_user_id;
        await this.mail.enqueue(
          m,
          person.email,
          hireEmail(
            person.first_name,
            'Contratación confirmada',
            isEmployer
              ? `${row.worker_name.split(' ')[0]} aceptó tu propuesta: empieza el ${formatIsoDate(row.start_date)}. Antes del primer día tenés que darla de alta en ARCA; en la relación te explicamos cómo, paso a paso.`
              : `Aceptaste la propuesta: empezás el ${formatIsoDate(row.start_date)}. Cargá tu CUIL en la relación para que el empleador pueda registrarte.`,
            'Ver la relación laboral',
            link,
          ),
        );
      }
    });
    return this.proposal(actor, id);
  }

  /** A pending proposal changes state with its chat message (and its e-mails), in one transaction. */
  private async answer(
    actor: AuthUser,
    row: ProposalRow,
    status: 'accepted' | 'declined' | 'withdrawn',
    text: string,
    more: (m: import('typeorm').EntityManager, now: Date) => Promise<void>,
  ): Promise<void> {
    const now = this.clock.now();
    const saved = await this.transactions.run(async (m) => {
      const current = await this.hires.lockProposal(row.id, m);
      if (current !== 'pending') throw HIRE_ERRORS.proposalAnswered.exception();
      await this.hires.setProposalStatus(row.id, status, now, m);
      await more(m, now);
      return this.chat.addHireMessage(m, row.conversation_id, actor.id, text, row.id, status !== 'accepted');
    });
    this.chat.announce(saved);
    this.mail.notifyCommitted();
  }

  private async readable(actor: AuthUser, id: number): Promise<ProposalRow> {
    const row = await this.hires.proposal(id);
    if (!row || !this.canRead(actor, row)) throw HIRE_ERRORS.proposalNotFound.exception();
    return row;
  }

  // ── Relationships ─────────────────────────────────────────────────────────

  /** GET hires: the viewer's relationships, newest start first. */
  async list(actor: AuthUser): Promise<EmploymentSummaryDto[]> {
    const rows = await this.hires.employmentsOf(actor.id);
    const today = this.today();
    return rows.map((row) => this.summary(actor, row, today));
  }

  /** GET hires/{id}: a relationship as its parties (and admins) see it. */
  async get(actor: AuthUser, id: number): Promise<EmploymentDto> {
    const row = await this.hires.employment(id);
    if (!row || !this.canRead(actor, row)) throw HIRE_ERRORS.employmentNotFound.exception();
    const [regime, events] = await Promise.all([this.regime(), this.hires.events(id)]);
    const today = this.today();
    return {
      ...this.summary(actor, row, today),
      proposal_id: row.proposal_id,
      conversation_id: row.conversation_id,
      terms: this.terms(row, regime, row.trial_ends_on),
      trial_ends_on: row.trial_ends_on,
      registered_on: row.registered_on,
      end_cause: row.end_cause as EmploymentDto['end_cause'],
      private: { worker_cuil: row.worker_cuil, employer_cuit: row.employer_cuit, work_address: row.work_address },
      history: events.map((e) => this.event(e)),
      sources: [...this.sources(regime, row.start_date, TERMS_SOURCES), ...this.sources(regime, today, PAY_SOURCES)],
    };
  }

  /** PUT hires/{id}/worker-cuil: the worker's CUIL, checked with its check digit. */
  async setWorkerCuil(actor: AuthUser, id: number, body: WorkerCuilBodyDto): Promise<EmploymentDto> {
    const cuil = normalizeCuil(body.cuil);
    if (!cuil || !cuilValid(cuil)) throw AppException.validation({ cuil: [HIRE_MESSAGES.cuilInvalid] });
    await this.changeEmployment(actor, id, 'worker', async (m, now) => {
      await this.hires.setWorkerCuil(id, cuil, m);
      await this.hires.addEvent(id, 'worker_cuil', actor.id, {}, now, m);
    });
    return this.get(actor, id);
  }

  /** PUT hires/{id}/employer-data: the employer's CUIT (or CUIL) and the address of work. */
  async setEmployerData(actor: AuthUser, id: number, body: EmployerDataBodyDto): Promise<EmploymentDto> {
    const cuit = normalizeCuil(body.cuit);
    const address = body.work_address.trim().replace(/\s+/g, ' ');
    const errors: Record<string, string[]> = {};
    if (!cuit || !cuilValid(cuit)) errors.cuit = [HIRE_MESSAGES.cuitInvalid];
    if (address.length < 5 || address.length > 300) errors.work_address = [HIRE_MESSAGES.addressInvalid];
    if (Object.keys(errors).length) throw AppException.validation(errors);
    await this.changeEmployment(actor, id, 'employer', async (m, now) => {
      await this.hires.setEmployerData(id, cuit!, address, m);
      await this.hires.addEvent(id, 'employer_data', actor.id, {}, now, m);
    });
    return this.get(actor, id);
  }

  /** POST hires/{id}/registration: the employer tells the day the worker was registered in ARCA. */
  async setRegistered(actor: AuthUser, id: number, body: RegistrationBodyDto): Promise<EmploymentDto> {
    const day = body.registered_on;
    if (!isIsoDay(day) || day > this.today())
      throw AppException.validation({ registered_on: [HIRE_MESSAGES.registeredInvalid] });
    await this.changeEmployment(actor, id, 'employer', async (m, now) => {
      await this.hires.setRegisteredOn(id, day, m);
      await this.hires.addEvent(id, 'registered', actor.id, { registered_on: day }, now, m);
    });
    return this.get(actor, id);
  }

  /** A change only one side may make, on a relationship that has not ended; 404 for non-parties. */
  private async changeEmployment(
    actor: AuthUser,
    id: number,
    side: 'worker' | 'employer',
    work: (m: import('typeorm').EntityManager, now: Date) => Promise<void>,
  ): Promise<void> {
    const now = this.clock.now();
    await this.transactions.run(async (m) => {
      const row = await this.hires.lockEmployment(id, m);
      if (!row || (row.worker_user_id !== actor.id && row.parent_user_id !== actor.id && !actor.isAdmin))
        throw HIRE_ERRORS.employmentNotFound.exception();
      const owner = side === 'worker' ? row.worker_user_id : row.parent_user_id;
      if (owner !== actor.id)
        throw (side === 'worker' ? HIRE_ERRORS.onlyWorkerCuil : HIRE_ERRORS.onlyEmployerData).exception();
      if (row.ended_on !== null) throw HIRE_ERRORS.ended.exception();
      await work(m, now);
    });
  }

  // ── Views ─────────────────────────────────────────────────────────────────

  private canRead(actor: AuthUser, row: { worker_user_id: number; parent_user_id: number }): boolean {
    return actor.isAdmin || actor.id === row.worker_user_id || actor.id === row.parent_user_id;
  }

  private worker(
    row: TermsRow & {
      worker_user_id: number;
      worker_profile_id: number;
      worker_name: string;
      worker_image: string | null;
    },
  ) {
    return {
      user_id: row.worker_user_id,
      profile_id: row.worker_profile_id,
      name: row.worker_name,
      profile_image: row.worker_image,
    };
  }

  private employer(row: {
    parent_user_id: number;
    parent_profile_id: number;
    parent_name: string;
    parent_image: string | null;
  }) {
    return {
      user_id: row.parent_user_id,
      profile_id: row.parent_profile_id,
      name: row.parent_name,
      profile_image: row.parent_image,
    };
  }

  private summary(actor: AuthUser, row: EmploymentRow, today: string): EmploymentSummaryDto {
    const status = employmentStatus(row, today);
    return {
      id: row.id,
      role: actor.id === row.worker_user_id ? 'worker' : actor.id === row.parent_user_id ? 'employer' : 'admin',
      status,
      status_label: EMPLOYMENT_STATUS_LABELS[status],
      start_date: row.start_date,
      ended_on: row.ended_on,
      worker: this.worker(row),
      employer: this.employer(row),
      category_name: row.category_name,
      weekly_hours: row.weekly_hours,
      municipality_name: row.municipality_name,
    };
  }

  /** The terms with the minimum of the scale in force on the start date and the trial period's end. */
  private terms(row: TermsRow, regime: RegimeData, trialEndsOn: string | null): HireTermsDto {
    const scale = scaleInForce(regime.scales, row.start_date);
    const params = laborParametersOn(regime.versions, row.start_date);
    const rate = scale ? hireRate(scale, row.category, row.arrangement) : null;
    const minimum = rate && params ? hireMinimum(row, rate, params) : null;
    return {
      start_date: row.start_date,
      services: row.services,
      service_names: row.service_names,
      category: row.category,
      category_name: row.category_name,
      arrangement: row.arrangement,
      schedule: row.schedule,
      schedule_text: scheduleText(row.schedule as ScheduleSlot[]),
      weekly_hours: row.weekly_hours,
      pay_basis: row.pay_basis,
      pay_amount: row.pay_amount,
      province_id: row.province_id,
      province_name: row.province_name,
      municipality_id: row.municipality_id,
      municipality_name: row.municipality_name,
      zone: row.zone,
      zone_percent: row.zone && scale ? scale.zone_supplement_percent : null,
      minimum: minimum && rate ? { ...minimum, text: hireMinimumText(minimum, rate) } : null,
      trial_ends_on: trialEndsOn ?? (params ? trialPeriodEnd(hireTermsOf(row), params) : null),
    };
  }

  private sources(regime: RegimeData, day: string, keys: LaborParameterKey[]) {
    const params: LaborParameterSet | null = laborParametersOn(regime.versions, day);
    if (!params) return [];
    return keys.map((key) => params[key]);
  }

  private event(e: EmploymentEventRow) {
    return {
      kind: e.kind,
      text: EVENT_TEXTS[e.kind]?.(e.detail ?? {}) ?? 'Cambio en la relación laboral.',
      actor_name: e.actor_name,
      at: e.created_at.toISOString(),
    };
  }

  /** A deleted account's erasure: its relationships keep their amounts, not their personal fields. */
  async erasePersonalFields(m: EntityManager, userId: number): Promise<void> {
    await this.hires.clearPersonalFieldsOf(userId, m);
  }
}
