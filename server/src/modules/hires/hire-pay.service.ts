import { Inject, Injectable } from '@nestjs/common';
import {
  addDays,
  addMonths,
  argentinaToday,
  contributionDueDate,
  contributionFor,
  formatIsoDate,
  HIRE_END_CAUSE_LABELS,
  HIRE_END_CAUSES_BY_SIDE,
  HIRE_MESSAGES,
  hireRate,
  isIsoDay,
  laborParameterDefinition,
  laborParametersOn,
  payslip as computePayslip,
  sac as computeSac,
  scaleInForce,
  semesterBounds,
  semesterOf,
  settlement as computeSettlement,
  vacationDays,
  vacationPay,
  vacationWindow,
  type HireEndCause,
  type LaborParameterSet,
  type LaborParameterVersion,
  type PayLine,
  type Payslip,
} from '@cym/common';
import type { EntityManager } from 'typeorm';
import { AppException } from '../../common/app-exception';
import { Clock } from '../../common/clock/clock';
import { RateLimiter } from '../../common/rate-limit/rate-limiter';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { Transactions } from '../../database/transactions';
import type { AuthUser } from '../auth/access/auth-user';
import { MailService } from '../mail/mail.service';
import { hireEmail } from '../mail/templates';
import type { WageScaleDto } from '../wages/dto/wages.dto';
import { WagesService } from '../wages/wages.service';
import {
  ContributionDto,
  EmploymentPayDto,
  EndBodyDto,
  PaidOnBodyDto,
  PayLineDto,
  PayslipDraftBodyDto,
  PayslipDto,
  PayslipSummaryDto,
  SacDto,
  SettlementDto,
  VacationDto,
  type PayslipState,
} from './dto/hires.dto';
import { payslipPdf, settlementPdf, type PdfParties } from './hire-pdf';
import { HIRE_ERRORS } from './hires.errors';
import { hireTermsOf, HiresRepository, type EmploymentRow, type PayslipRow } from './hires.repository';

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;
const MAX_HOURS = 200;
const PDFS_PER_MINUTE = 20;
/** An end date at most this many days after today (a notice running). */
const END_MAX_DAYS_AHEAD = 90;

const STATE_LABELS: Record<PayslipState, string> = {
  pendiente: 'Pendiente',
  borrador: 'Borrador del empleador',
  confirmado: 'Confirmado: falta la conformidad',
  recibido: 'Recibí conforme',
};

const monthName = new Intl.DateTimeFormat('es-AR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 'diciembre de 2026'. */
export function periodLabel(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return monthName.format(new Date(Date.UTC(y, m - 1, 1)));
}

interface Regime {
  versions: LaborParameterVersion[];
  scales: WageScaleDto[];
}

interface Computed {
  payslip: Payslip;
  params: LaborParameterSet;
  scale: WageScaleDto;
}

const labelOf = (key: string) => laborParameterDefinition(key)?.label ?? key;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The money of a relationship: each month's payslip (computed with the scale and parameters in
 * force on the month's first day; stored once the employer saves or confirms it, frozen at
 * confirmation), the ARCA payments, aguinaldo, vacations and the final settlement.
 */
@Injectable()
export class HirePayService {
  constructor(
    private readonly hires: HiresRepository,
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

  private regime(): Promise<Regime> {
    return this.wages.regime();
  }

  /** The relationship when the actor is a party (or an admin); 404 otherwise. */
  private async readable(actor: AuthUser, id: number): Promise<EmploymentRow> {
    const row = await this.hires.employment(id);
    if (!row || !(actor.isAdmin || actor.id === row.worker_user_id || actor.id === row.parent_user_id))
      throw HIRE_ERRORS.employmentNotFound.exception();
    return row;
  }

  /**
   * The months of the relationship with a payslip: from its start to this month, oldest first. The
   * month it ends in is paid by the final settlement (its days worked), not by a payslip.
   */
  private periods(row: EmploymentRow, today: string): string[] {
    let last = today.slice(0, 7);
    if (row.ended_on !== null) {
      const endMonth = row.ended_on.slice(0, 7);
      if (endMonth <= last) last = addMonths(`${endMonth}-01`, -1).slice(0, 7);
    }
    const out: string[] = [];
    for (let p = row.start_date.slice(0, 7); p <= last; p = addMonths(`${p}-01`, 1).slice(0, 7)) out.push(p);
    return out;
  }

  /** The months owed to ARCA so far: the payslips' months and the month the relationship ends in. */
  private contributionPeriods(row: EmploymentRow, today: string): string[] {
    const periods = this.periods(row, today);
    const endMonth = row.ended_on?.slice(0, 7);
    if (endMonth && endMonth <= today.slice(0, 7) && !periods.includes(endMonth)) periods.push(endMonth);
    return periods;
  }

  private checkPeriod(row: EmploymentRow, period: string): void {
    if (!PERIOD.test(period) || !this.periods(row, this.today()).includes(period))
      throw HIRE_ERRORS.periodNotFound.exception();
  }

  private compute(
    row: EmploymentRow,
    period: string,
    regime: Regime,
    hours: { ordinary: number; rest: number; holiday: number } = { ordinary: 0, rest: 0, holiday: 0 },
    fullMonth = false,
  ): Computed {
    const first = `${period}-01`;
    const params = laborParametersOn(regime.versions, first);
    const scale = scaleInForce(regime.scales, first);
    const rate = scale ? hireRate(scale, row.category, row.arrangement) : null;
    if (!params || !scale || !rate) throw HIRE_ERRORS.noScale.exception();
    const terms = hireTermsOf(row);
    // A full month's pay (for the settlement's bases) as if the hire had begun before the month:
    // only the first month changes, and seniority is nil there anyway.
    if (fullMonth && terms.start_date > first) terms.start_date = first;
    const payslip = computePayslip({
      terms,
      period,
      end_date: fullMonth ? null : row.ended_on,
      rate,
      zone_percent: scale.zone_supplement_percent,
      params,
      overtime_ordinary_hours: hours.ordinary,
      overtime_rest_hours: hours.rest,
      holiday_hours: hours.holiday,
    });
    return { payslip, params, scale };
  }

  /** `compute`, or null for a month no scale or parameter set covers. */
  private tryCompute(row: EmploymentRow, period: string, regime: Regime, fullMonth = false): Computed | null {
    const first = `${period}-01`;
    if (!laborParametersOn(regime.versions, first) || !scaleInForce(regime.scales, first)) return null;
    return this.compute(row, period, regime, undefined, fullMonth);
  }

  private lineDto(line: PayLine): PayLineDto {
    return {
      key: line.key,
      label: line.label,
      formula: line.formula,
      amount: line.amount,
      remunerative: line.remunerative,
      sources: [...(line.sources ?? [])],
    };
  }

  /** The parameter versions a set of lines used, each once, in the order of first use. */
  private sourcesOf(lines: PayLineDto[], params: LaborParameterSet): LaborParameterVersion[] {
    const keys = new Set(lines.flatMap((l) => l.sources).filter((k) => k !== 'wage_scale'));
    return [...keys].flatMap((key) => {
      const version = params[key as keyof LaborParameterSet];
      return version ? [version] : [];
    });
  }

  private state(stored: PayslipRow | undefined | null): PayslipState {
    if (!stored) return 'pendiente';
    if (stored.acknowledged_at) return 'recibido';
    if (stored.confirmed_at) return 'confirmado';
    return 'borrador';
  }

  // ── Reads ─────────────────────────────────────────────────────────────────

  /** GET hires/{id}/pay: payslips, ARCA payments, aguinaldo, vacations and the settlement. */
  async pay(actor: AuthUser, id: number): Promise<EmploymentPayDto> {
    const row = await this.readable(actor, id);
    const today = this.today();
    const [regime, stored, paid, settlement] = await Promise.all([
      this.regime(),
      this.hires.payslips(id),
      this.hires.contributions(id),
      this.hires.settlement(id),
    ]);
    const periods = this.periods(row, today);
    const storedBy = new Map(stored.map((s) => [s.period, s]));
    const payslips: PayslipSummaryDto[] = [];
    const grossOf = new Map<string, number>();
    const contributions: ContributionDto[] = [];
    for (const period of periods) {
      const kept = storedBy.get(period);
      const computed = kept ? null : this.tryCompute(row, period, regime);
      // A month no scale covers (before the first one entered) cannot be computed: not listed.
      if (!kept && !computed) continue;
      const gross = kept ? kept.gross : computed!.payslip.gross;
      grossOf.set(period, gross);
      const state = this.state(kept);
      payslips.push({
        period,
        period_label: periodLabel(period),
        state,
        state_label: STATE_LABELS[state],
        gross,
        net: kept ? kept.net : computed!.payslip.net,
      });
    }
    for (const period of this.contributionPeriods(row, today)) {
      const params = laborParametersOn(regime.versions, `${period}-01`);
      const bracket = params ? contributionFor(row.weekly_hours, params) : null;
      if (params && bracket)
        contributions.push({
          period,
          period_label: periodLabel(period),
          amount: bracket.total,
          bracket: bracket.label,
          aporte: bracket.aporte,
          contribucion: bracket.contribucion,
          art: bracket.art,
          due_date: contributionDueDate(period, params),
          paid_on: paid.find((p) => p.period === period)?.paid_on ?? null,
        });
    }
    return {
      payslips: payslips.reverse(),
      contributions: contributions.reverse(),
      sac: this.sacList(row, periods, grossOf),
      vacations: this.vacationList(row, regime, periods, grossOf, today),
      settlement: settlement ? this.settlementDto(settlement, regime) : null,
    };
  }

  /** Aguinaldo of each semester worked so far (a settlement pays the last one, proportionally). */
  private sacList(row: EmploymentRow, periods: string[], grossOf: Map<string, number>): SacDto[] {
    const semesters = [...new Set(periods.map((p) => semesterOf(`${p}-01`)))];
    const endSemester = row.ended_on ? semesterOf(row.ended_on) : null;
    return semesters
      .filter((s) => s !== endSemester)
      .map((semester) => {
        const { from, to } = semesterBounds(semester);
        const best = Math.max(
          0,
          ...periods.filter((p) => p >= from.slice(0, 7) && p <= to.slice(0, 7)).map((p) => grossOf.get(p) ?? 0),
        );
        const computed = computeSac({
          semester,
          best_monthly: best,
          start_date: row.start_date,
          end_date: row.ended_on,
        });
        return { semester, line: this.lineDto(computed.line), due_date: computed.due_date };
      })
      .reverse();
  }

  /** The vacations of each year so far: days by seniority, the window to take them and their pay. */
  private vacationList(
    row: EmploymentRow,
    regime: Regime,
    periods: string[],
    grossOf: Map<string, number>,
    today: string,
  ): VacationDto[] {
    if (row.ended_on !== null || periods.length === 0) return [];
    const firstYear = Number(row.start_date.slice(0, 4));
    const lastYear = Number(today.slice(0, 4));
    const latest = grossOf.get(periods[periods.length - 1]!) ?? 0;
    const out: VacationDto[] = [];
    for (let year = firstYear; year <= lastYear; year += 1) {
      const params = laborParametersOn(regime.versions, `${year}-12-31`) ?? laborParametersOn(regime.versions, today);
      if (!params) continue;
      const days = vacationDays(row.start_date, year, params);
      if (days.days === 0) continue;
      const window = vacationWindow(year);
      out.push({
        year,
        days: days.days,
        rule: days.rule,
        from: window.from,
        to: window.to,
        pay: this.lineDto(vacationPay(days.days, latest, params)),
      });
    }
    return out.reverse();
  }

  private settlementDto(
    s: { cause: string; end_date: string; notice_given: boolean; lines: unknown[]; total: number },
    regime: Regime,
  ): SettlementDto {
    const lines = s.lines as PayLineDto[];
    const params = laborParametersOn(regime.versions, s.end_date);
    return {
      cause: s.cause as HireEndCause,
      cause_label: HIRE_END_CAUSE_LABELS[s.cause as HireEndCause],
      end_date: s.end_date,
      notice_given: s.notice_given,
      lines,
      total: s.total,
      sources: params ? this.sourcesOf(lines, params) : [],
    };
  }

  /** GET hires/{id}/payslips/{period}: the stored payslip, or the month computed as a draft. */
  async payslip(actor: AuthUser, id: number, period: string): Promise<PayslipDto> {
    const row = await this.readable(actor, id);
    this.checkPeriod(row, period);
    const [regime, stored] = await Promise.all([this.regime(), this.hires.payslip(id, period)]);
    return this.payslipDto(actor, row, period, regime, stored);
  }

  private payslipDto(
    actor: AuthUser,
    row: EmploymentRow,
    period: string,
    regime: Regime,
    stored: PayslipRow | null,
  ): PayslipDto {
    const hours = stored
      ? { ordinary: stored.overtime_ordinary_hours, rest: stored.overtime_rest_hours, holiday: stored.holiday_hours }
      : undefined;
    const computed = this.compute(row, period, regime, hours);
    // A confirmed payslip keeps its figures even if a parameter later changes (never retroactive).
    const lines = stored?.confirmed_at
      ? (stored.lines as PayLineDto[])
      : computed.payslip.lines.map((l) => this.lineDto(l));
    const state = this.state(stored);
    const gross = stored?.confirmed_at ? stored.gross : computed.payslip.gross;
    const nonRemunerative = stored?.confirmed_at ? stored.non_remunerative : computed.payslip.non_remunerative;
    return {
      employment_id: row.id,
      period,
      period_label: periodLabel(period),
      state,
      state_label: STATE_LABELS[state],
      lines,
      gross,
      non_remunerative: nonRemunerative,
      deductions: 0,
      net: stored?.confirmed_at ? stored.net : computed.payslip.net,
      basis: computed.payslip.basis,
      weekly_hours: computed.payslip.weekly_hours,
      monthly_hours: round2(computed.payslip.monthly_hours),
      days_paid: computed.payslip.days_paid,
      days_in_month: computed.payslip.days_in_month,
      overtime_ordinary_hours: stored?.overtime_ordinary_hours ?? 0,
      overtime_rest_hours: stored?.overtime_rest_hours ?? 0,
      holiday_hours: stored?.holiday_hours ?? 0,
      paid_on: stored?.paid_on ?? null,
      confirmed_at: stored?.confirmed_at?.toISOString() ?? null,
      acknowledged_at: stored?.acknowledged_at?.toISOString() ?? null,
      // Months before the end are still the employer's to confirm after it.
      can_edit: actor.id === row.parent_user_id && !stored?.confirmed_at,
      can_acknowledge: actor.id === row.worker_user_id && state === 'confirmado',
      sources: stored?.confirmed_at
        ? ((stored.sources as LaborParameterVersion[]) ?? [])
        : this.sourcesOf(lines, computed.params),
      scale_source: `Escala vigente desde el ${formatIsoDate(computed.scale.effective_from)}: ${computed.scale.source}`,
    };
  }

  // ── Writes ────────────────────────────────────────────────────────────────

  private hoursOf(body: PayslipDraftBodyDto) {
    const ok = (value: unknown) =>
      typeof value === 'number' &&
      Number.isFinite(value) &&
      value >= 0 &&
      value <= MAX_HOURS &&
      Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
    const errors: Record<string, string[]> = {};
    for (const field of ['overtime_ordinary_hours', 'overtime_rest_hours', 'holiday_hours'] as const)
      if (!ok(body[field])) errors[field] = [HIRE_MESSAGES.hoursInvalid];
    if (Object.keys(errors).length) throw AppException.validation(errors);
    return { ordinary: body.overtime_ordinary_hours, rest: body.overtime_rest_hours, holiday: body.holiday_hours };
  }

  /** The employer's change on a relationship: a party's check, the employer's, not ended. */
  private async employerRow(actor: AuthUser, id: number): Promise<EmploymentRow> {
    const row = await this.readable(actor, id);
    if (actor.id !== row.parent_user_id) throw HIRE_ERRORS.onlyEmployerPays.exception();
    return row;
  }

  private content(computed: Computed, hours: { ordinary: number; rest: number; holiday: number }) {
    const lines = computed.payslip.lines.map((l) => this.lineDto(l));
    return {
      overtimeOrdinaryHours: hours.ordinary,
      overtimeRestHours: hours.rest,
      holidayHours: hours.holiday,
      lines,
      gross: computed.payslip.gross,
      nonRemunerative: computed.payslip.non_remunerative,
      net: computed.payslip.net,
      sources: this.sourcesOf(lines, computed.params),
    };
  }

  /** PUT hires/{id}/payslips/{period}: the employer's overtime and holiday hours of the month (a draft). */
  async saveDraft(actor: AuthUser, id: number, period: string, body: PayslipDraftBodyDto): Promise<PayslipDto> {
    const row = await this.employerRow(actor, id);
    this.checkPeriod(row, period);
    const hours = this.hoursOf(body);
    const computed = this.compute(row, period, await this.regime(), hours);
    await this.transactions.run(async (m) => {
      if (!(await this.hires.savePayslip(id, period, this.content(computed, hours), null, this.clock.now(), m)))
        throw HIRE_ERRORS.payslipConfirmed.exception();
    });
    return this.payslip(actor, id, period);
  }

  /** POST hires/{id}/payslips/{period}/confirm: the employer confirms it and the day it was paid. */
  async confirm(actor: AuthUser, id: number, period: string, body: PaidOnBodyDto): Promise<PayslipDto> {
    const row = await this.employerRow(actor, id);
    this.checkPeriod(row, period);
    const today = this.today();
    if (!isIsoDay(body.paid_on) || body.paid_on > today || body.paid_on < row.start_date)
      throw AppException.validation({ paid_on: [HIRE_MESSAGES.paidOnInvalid] });
    const stored = await this.hires.payslip(id, period);
    const hours = stored
      ? { ordinary: stored.overtime_ordinary_hours, rest: stored.overtime_rest_hours, holiday: stored.holiday_hours }
      : { ordinary: 0, rest: 0, holiday: 0 };
    const computed = this.compute(row, period, await this.regime(), hours);
    const now = this.clock.now();
    await this.transactions.run(async (m) => {
      const saved = await this.hires.savePayslip(
        id,
        period,
        this.content(computed, hours),
        { paidOn: body.paid_on, at: now },
        now,
        m,
      );
      if (!saved) throw HIRE_ERRORS.payslipConfirmed.exception();
      await this.hires.addEvent(id, 'payslip_confirmed', actor.id, { period }, now, m);
      await this.notify(
        m,
        row.worker_user_id,
        'Tu recibo de sueldo está listo',
        `Tu empleador confirmó el recibo de ${periodLabel(period)}. Revisalo y, si está bien, marcá «Recibí conforme».`,
        'Ver el recibo',
        `/contrataciones/${id}/recibos/${period}`,
      );
    });
    this.mail.notifyCommitted();
    return this.payslip(actor, id, period);
  }

  /** POST hires/{id}/payslips/{period}/acknowledge: the worker's "Recibí conforme". */
  async acknowledge(actor: AuthUser, id: number, period: string): Promise<PayslipDto> {
    const row = await this.readable(actor, id);
    if (actor.id !== row.worker_user_id) throw HIRE_ERRORS.onlyWorkerAcknowledges.exception();
    this.checkPeriod(row, period);
    const now = this.clock.now();
    await this.transactions.run(async (m) => {
      if (!(await this.hires.acknowledgePayslip(id, period, now, m))) {
        const stored = await this.hires.payslip(id, period, m);
        throw (stored?.acknowledged_at ? HIRE_ERRORS.payslipAcknowledged : HIRE_ERRORS.payslipNotConfirmed).exception();
      }
      await this.hires.addEvent(id, 'payslip_acknowledged', actor.id, { period }, now, m);
    });
    return this.payslip(actor, id, period);
  }

  /** PUT hires/{id}/contributions/{period}: the employer marks the month's ARCA payment as paid. */
  async markContribution(actor: AuthUser, id: number, period: string, body: PaidOnBodyDto): Promise<EmploymentPayDto> {
    const row = await this.employerRow(actor, id);
    if (!PERIOD.test(period) || !this.contributionPeriods(row, this.today()).includes(period))
      throw HIRE_ERRORS.periodNotFound.exception();
    if (!isIsoDay(body.paid_on) || body.paid_on > this.today() || body.paid_on < `${period}-01`)
      throw AppException.validation({ paid_on: [HIRE_MESSAGES.paidOnInvalid] });
    const params = laborParametersOn((await this.regime()).versions, `${period}-01`);
    const bracket = params ? contributionFor(row.weekly_hours, params) : null;
    if (!bracket) throw HIRE_ERRORS.noScale.exception();
    const now = this.clock.now();
    await this.transactions.run(async (m) => {
      await this.hires.markContribution(id, period, bracket.total, body.paid_on, actor.id, now, m);
      await this.hires.addEvent(id, 'contribution_paid', actor.id, { period, paid_on: body.paid_on }, now, m);
    });
    return this.pay(actor, id);
  }

  /**
   * POST hires/{id}/end: either party ends the relationship with a cause of their side; the final
   * settlement is computed with the parameters in force on the end date and kept.
   */
  async end(actor: AuthUser, id: number, body: EndBodyDto): Promise<EmploymentPayDto> {
    const row = await this.readable(actor, id);
    const side = actor.id === row.worker_user_id ? 'worker' : actor.id === row.parent_user_id ? 'employer' : null;
    if (side === null) throw HIRE_ERRORS.employmentNotFound.exception();
    if (row.ended_on !== null) throw HIRE_ERRORS.ended.exception();
    if (!HIRE_END_CAUSES_BY_SIDE[side].includes(body.cause))
      throw AppException.validation({ cause: [HIRE_MESSAGES.causeNotYours] });
    const today = this.today();
    const latest = addDays(today, END_MAX_DAYS_AHEAD);
    if (!isIsoDay(body.end_date) || body.end_date < row.start_date || body.end_date > latest)
      throw AppException.validation({ end_date: [HIRE_MESSAGES.endDateInvalid] });
    if (body.cause === 'periodo_de_prueba' && body.end_date > row.trial_ends_on)
      throw AppException.validation({ cause: [HIRE_MESSAGES.trialOver] });
    if (!Number.isInteger(body.vacation_days_taken) || body.vacation_days_taken < 0 || body.vacation_days_taken > 35)
      throw AppException.validation({ vacation_days_taken: [HIRE_MESSAGES.vacationTakenInvalid] });

    const regime = await this.regime();
    const params = laborParametersOn(regime.versions, body.end_date);
    if (!params) throw HIRE_ERRORS.noScale.exception();
    const stored = await this.hires.payslips(id);
    const endPeriod = body.end_date.slice(0, 7);
    // The base of each month: its confirmed gross when higher (overtime worked), else a full month.
    const best = (from: string) => {
      let top = 0;
      for (let p = from; p <= endPeriod; p = addMonths(`${p}-01`, 1).slice(0, 7)) {
        if (p < row.start_date.slice(0, 7)) continue;
        const full = this.tryCompute(row, p, regime, true)?.payslip.gross ?? 0;
        const kept = stored.find((s) => s.period === p && s.confirmed_at)?.gross ?? 0;
        top = Math.max(top, full, kept);
      }
      return top;
    };
    const monthlyGross = this.compute(row, endPeriod, regime, undefined, true).payslip.gross;
    const semesterFrom = semesterBounds(semesterOf(body.end_date)).from.slice(0, 7);
    const result = computeSettlement({
      terms: hireTermsOf(row),
      end_date: body.end_date,
      cause: body.cause,
      notice_given: body.cause === 'despido_sin_causa' ? body.notice_given : true,
      monthly_gross: monthlyGross,
      best_monthly_last_year: best(addMonths(`${endPeriod}-01`, -11).slice(0, 7)),
      best_monthly_semester: best(semesterFrom),
      vacation_days_taken_this_year: body.vacation_days_taken,
      params,
    });
    const lines = result.lines.map((l) => this.lineDto(l));
    const now = this.clock.now();
    await this.transactions.run(async (m) => {
      const locked = await this.hires.lockEmployment(id, m);
      if (!locked || locked.ended_on !== null) throw HIRE_ERRORS.ended.exception();
      await this.hires.end(
        id,
        {
          cause: body.cause,
          endDate: body.end_date,
          noticeGiven: body.notice_given,
          lines,
          total: result.total,
          sources: this.sourcesOf(lines, params),
        },
        actor.id,
        now,
        m,
      );
      await this.hires.addEvent(id, 'ended', actor.id, { cause: body.cause, end_date: body.end_date }, now, m);
      const other = side === 'worker' ? row.parent_user_id : row.worker_user_id;
      for (const user of [actor.id, other])
        await this.notify(
          m,
          user,
          'Fin de la relación laboral',
          `La relación laboral termina el ${formatIsoDate(body.end_date)} (${HIRE_END_CAUSE_LABELS[body.cause]}). La liquidación final, con cada cálculo y su fuente, está en la relación.`,
          'Ver la liquidación',
          `/contrataciones/${id}`,
        );
    });
    this.mail.notifyCommitted();
    return this.pay(actor, id);
  }

  private async notify(
    m: EntityManager,
    userId: number,
    subject: string,
    paragraph: string,
    button: string,
    path: string,
  ): Promise<void> {
    const [person] = await this.hires.contacts([userId], m);
    if (person)
      await this.mail.enqueue(
        m,
        person.email,
        hireEmail(person.first_name, subject, paragraph, button, `${this.config.publicUrl}${path}`),
      );
  }

  // ── PDFs ──────────────────────────────────────────────────────────────────

  /** Drawing a PDF costs CPU: a person gets at most PDFS_PER_MINUTE a minute. */
  private async countPdf(actor: AuthUser): Promise<void> {
    await this.limiter.consume('hire-pdfs', String(actor.id), { limit: PDFS_PER_MINUTE, windowMs: 60_000 });
  }

  private parties(row: EmploymentRow): PdfParties {
    return {
      employer: row.parent_name,
      employerCuit: row.employer_cuit,
      workAddress: row.work_address,
      worker: row.worker_name,
      workerCuil: row.worker_cuil,
      startDate: row.start_date,
      category: `${row.category}. ${row.category_name}`,
      arrangement: row.arrangement === 'sin_retiro' ? 'Sin retiro' : 'Con retiro',
      weeklyHours: row.weekly_hours,
      payBasis: row.pay_basis === 'hourly' ? 'Por hora' : 'Mensual',
      place: `${row.municipality_name}, ${row.province_name}`,
    };
  }

  /** GET hires/{id}/payslips/{period}/pdf: a confirmed payslip as a PDF. */
  async payslipPdf(actor: AuthUser, id: number, period: string): Promise<{ bytes: Buffer; filename: string }> {
    await this.countPdf(actor);
    const dto = await this.payslip(actor, id, period);
    if (!dto.confirmed_at) throw HIRE_ERRORS.payslipNotConfirmed.exception();
    const row = (await this.hires.employment(id))!;
    return { bytes: await payslipPdf(this.parties(row), dto, labelOf), filename: `recibo-${period}.pdf` };
  }

  /** GET hires/{id}/settlement/pdf: the final settlement as a PDF. */
  async settlementPdf(actor: AuthUser, id: number): Promise<{ bytes: Buffer; filename: string }> {
    await this.countPdf(actor);
    const row = await this.readable(actor, id);
    const stored = await this.hires.settlement(id);
    if (!stored) throw HIRE_ERRORS.noSettlement.exception();
    const dto = this.settlementDto(stored, await this.regime());
    return { bytes: await settlementPdf(this.parties(row), dto, labelOf), filename: `liquidacion-final-${row.id}.pdf` };
  }
}
