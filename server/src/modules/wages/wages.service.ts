import { Injectable } from '@nestjs/common';
import {
  argentinaToday,
  DEFAULT_ZONE_SUPPLEMENT_PERCENT,
  LABOR_PARAMETER_MESSAGES,
  laborParameterProblems,
  laborVersionInForce,
  type LaborParameterVersion,
  LIVE_IN_ARRANGEMENT_KEY,
  nextScale,
  scaleInForce,
  WAGE_CATEGORIES,
  WAGE_MESSAGES,
  WAGE_SLOTS,
  wageScaleProblems,
  wageScaleStatus,
} from '@cym/common';
import { AppException } from '../../common/app-exception';
import { Clock } from '../../common/clock/clock';
import { Transactions } from '../../database/transactions';
import { AuditLog } from '../admin/audit-log';
import type { AuthUser } from '../auth/access/auth.decorators';
import { CatalogRepository } from '../catalog/catalog.repository';
import {
  AdminLaborParameterDto,
  AdminWageScaleDto,
  CreateLaborParameterDto,
  CreateWageScaleDto,
  WageRateDto,
  WageRulesDto,
  WageScaleDto,
  WageServiceDto,
} from './dto/wages.dto';
import { WAGE_ERRORS } from './wages.errors';
import { WagesRepository } from './wages.repository';

const SLOT_ORDER = (r: { category: number; arrangement: string }) =>
  WAGE_SLOTS.findIndex((s) => s.category === r.category && s.arrangement === r.arrangement);

/**
 * The legal minimum wage: the scale in force (the latest effective date on or before
 * today in Buenos Aires, from the Clock), the history admins keep, and each service's category.
 * Every admin change writes its audit row in the same transaction.
 */
@Injectable()
export class WagesService {
  constructor(
    private readonly wages: WagesRepository,
    private readonly catalog: CatalogRepository,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  private today(): string {
    return argentinaToday(this.clock.now());
  }

  /** Every scale with its rates, newest effective date first. */
  private async allScales(): Promise<(WageScaleDto & { created_at: Date; created_by: string | null })[]> {
    const scales = await this.wages.scales();
    const rates = await this.wages.rates();
    return scales.map((s) => ({
      id: s.id,
      effective_from: s.effective_from,
      source: s.source,
      zone_supplement_percent: Number(s.zone_supplement_percent),
      rates: rates
        .filter((r) => r.scale_id === s.id)
        .map((r): WageRateDto => ({
          category: Number(r.category),
          arrangement: r.arrangement,
          hourly: Number(r.hourly),
          monthly: Number(r.monthly),
        }))
        .sort((a, b) => SLOT_ORDER(a) - SLOT_ORDER(b)),
      created_at: s.created_at,
      created_by: s.created_by,
    }));
  }

  private static plain({ id, effective_from, source, zone_supplement_percent, rates }: WageScaleDto): WageScaleDto {
    return { id, effective_from, source, zone_supplement_percent, rates };
  }

  /** GET wages/current: the scale in force, the next one, the categories, the mapping and the zone. */
  async current(): Promise<WageRulesDto> {
    const scales = await this.allScales();
    const today = this.today();
    const inForce = scaleInForce(scales, today);
    const next = nextScale(scales, today);
    const categories = await this.wages.categories();
    const services = await this.wages.serviceCategories();
    const liveIn = await this.catalog.arrangementIdsWithKey(LIVE_IN_ARRANGEMENT_KEY);
    const zone = await this.wages.zoneAreas();
    return {
      scale: inForce ? WagesService.plain(inForce) : null,
      next: next ? WagesService.plain(next) : null,
      categories: categories.map((c) => ({ category: Number(c.category), name: c.name })),
      services: services.map((s) => ({
        service_id: s.service_id,
        key: s.key,
        category: s.category === null ? null : Number(s.category),
      })),
      live_in_arrangements: liveIn,
      zone: {
        provinces: zone.flatMap((z) => (z.province_id === null ? [] : [z.province_id])),
        municipalities: zone.flatMap((z) => (z.municipality_id === null ? [] : [z.municipality_id])),
      },
    };
  }

  /** GET admin/wages/scales: the history, newest effective date first, each with its status. */
  async scales(): Promise<AdminWageScaleDto[]> {
    const scales = await this.allScales();
    const today = this.today();
    const inForce = scaleInForce(scales, today);
    return scales.map((s) => ({
      ...WagesService.plain(s),
      status: wageScaleStatus(s, inForce, today),
      created_by: s.created_by,
      created_at: s.created_at.toISOString(),
    }));
  }

  /** POST admin/wages/scales: a new scale; a date already used is refused (history is never overwritten). */
  async createScale(actor: AuthUser, body: CreateWageScaleDto): Promise<AdminWageScaleDto> {
    const problems = wageScaleProblems(body);
    if (Object.keys(problems).length) throw AppException.validation(problems);
    const source = body.source.trim();
    const zone = body.zone_supplement_percent ?? DEFAULT_ZONE_SUPPLEMENT_PERCENT;
    const rates = (body.rates as WageRateDto[])
      .map((r) => ({ category: r.category, arrangement: r.arrangement, hourly: r.hourly, monthly: r.monthly }))
      .sort((a, b) => SLOT_ORDER(a) - SLOT_ORDER(b));
    const taken = () => AppException.validation({ effective_from: [WAGE_MESSAGES.effectiveFromTaken] });
    const id = await this.transactions.run(async (m) => {
      if (await this.wages.isEffectiveDateTaken(body.effective_from, m)) throw taken();
      const saved = await this.wages.addScale(
        { effectiveFrom: body.effective_from, source, zoneSupplementPercent: zone, createdBy: actor.id, rates },
        m,
      );
      if (saved === null) throw taken();
      await this.audit.record(m, actor, {
        action: 'wage_scale.create',
        targetType: 'wage_scale',
        targetId: saved,
        after: { effective_from: body.effective_from, source, zone_supplement_percent: zone, rates },
      });
      return saved;
    });
    const created = (await this.scales()).find((s) => s.id === id);
    return created!;
  }

  /** PUT admin/wages/services/{id}: a service's category (null: outside the regime). */
  async setServiceCategory(actor: AuthUser, serviceId: number, category: number | null): Promise<WageServiceDto> {
    if (category !== null && !(WAGE_CATEGORIES as readonly number[]).includes(category))
      throw AppException.validation({ category: [WAGE_MESSAGES.categoryInvalid] });
    return this.transactions.run(async (m) => {
      const row = await this.wages.serviceForUpdate(serviceId, m);
      if (!row) throw WAGE_ERRORS.serviceNotFound.exception();
      const before = row.category === null ? null : Number(row.category);
      await this.wages.setServiceCategory(serviceId, category, m);
      await this.audit.record(m, actor, {
        action: 'wage_service.category',
        targetType: 'service',
        targetId: serviceId,
        before: { service: row.key, category: before },
        after: { service: row.key, category },
      });
      return { service_id: serviceId, key: row.key, category };
    });
  }

  // ── Labor parameters ──────────────────────────────────────────────────────

  /** Every value of every regime parameter: what the hire's computations read. */
  async laborVersions(): Promise<LaborParameterVersion[]> {
    const rows = await this.wages.laborParameters();
    return rows.map(({ key, effective_from, value, source, unconfirmed }) => ({
      key,
      effective_from,
      value,
      source,
      unconfirmed,
    }));
  }

  /** Everything a computation dated any day needs: every parameter value and every scale. */
  async regime(): Promise<{ versions: LaborParameterVersion[]; scales: WageScaleDto[] }> {
    const [versions, scales] = await Promise.all([this.laborVersions(), this.scalesForComputation()]);
    return { versions, scales };
  }

  /** Every scale with its rates, for computations dated in the past or future. */
  async scalesForComputation(): Promise<WageScaleDto[]> {
    return (await this.allScales()).map((s) => WagesService.plain(s));
  }

  /** GET admin/wages/parameters: each parameter's history, newest first, with its status today. */
  async laborParameters(): Promise<AdminLaborParameterDto[]> {
    const rows = await this.wages.laborParameters();
    const today = this.today();
    return rows.map((row) => {
      const inForce = laborVersionInForce(
        rows.filter((r) => r.key === row.key),
        today,
      );
      return {
        id: row.id,
        key: row.key,
        effective_from: row.effective_from,
        value: row.value,
        source: row.source,
        unconfirmed: row.unconfirmed,
        status: wageScaleStatus(row, inForce, today),
        created_by: row.created_by,
        created_at: row.created_at.toISOString(),
      };
    });
  }

  /**
   * POST admin/wages/parameters: a new value from today or a later date (a past date would change
   * payslips and settlements already computed); a date the key already has is refused.
   */
  async createLaborParameter(actor: AuthUser, body: CreateLaborParameterDto): Promise<AdminLaborParameterDto> {
    const problems = laborParameterProblems(body, this.today());
    if (Object.keys(problems).length) throw AppException.validation(problems);
    const source = body.source.trim();
    const unconfirmed = body.unconfirmed ?? false;
    const id = await this.transactions.run(async (m) => {
      const saved = await this.wages.addLaborParameter(
        {
          key: body.key,
          effectiveFrom: body.effective_from,
          value: body.value as LaborParameterVersion['value'],
          source,
          unconfirmed,
          createdBy: actor.id,
        },
        m,
      );
      if (saved === null)
        throw AppException.validation({ effective_from: [LABOR_PARAMETER_MESSAGES.effectiveFromTaken] });
      await this.audit.record(m, actor, {
        action: 'labor_parameter.create',
        targetType: 'labor_parameter',
        targetId: saved,
        after: { key: body.key, effective_from: body.effective_from, value: body.value, source, unconfirmed },
      });
      return saved;
    });
    return (await this.laborParameters()).find((p) => p.id === id)!;
  }
}
