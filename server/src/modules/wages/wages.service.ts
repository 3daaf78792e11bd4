import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  argentinaToday,
  DEFAULT_ZONE_SUPPLEMENT_PERCENT,
  LIVE_IN_ARRANGEMENT_KEY,
  nextScale,
  scaleInForce,
  WAGE_CATEGORIES,
  WAGE_MESSAGES,
  WAGE_SLOTS,
  wageScaleProblems,
  wageScaleStatus,
  type WageArrangement,
} from '@cym/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { AppException } from '../../common/app-exception';
import { Clock } from '../../common/clock/clock';
import { AuditLog } from '../admin/audit-log';
import type { AuthUser } from '../auth/access/auth.decorators';
import {
  AdminWageScaleDto,
  CreateWageScaleDto,
  WageRateDto,
  WageRulesDto,
  WageScaleDto,
  WageServiceDto,
} from './dto/wages.dto';
import { WageRateRow, WageScaleRow, WageServiceCategory } from './entities/wage.entities';
import {
  CATEGORIES,
  LIVE_IN_ARRANGEMENTS,
  RATES,
  SCALES,
  SERVICE_FOR_UPDATE,
  SERVICES,
  ZONE_AREAS,
} from './wages.repository';

interface ScaleRow {
  id: number;
  effective_from: string;
  source: string;
  zone_supplement_percent: number;
  created_at: Date;
  created_by: string | null;
}
interface RateRow {
  scale_id: number;
  category: number;
  arrangement: WageArrangement;
  hourly: number;
  monthly: number;
}

const SLOT_ORDER = (r: { category: number; arrangement: string }) =>
  WAGE_SLOTS.findIndex((s) => s.category === r.category && s.arrangement === r.arrangement);

/**
 * The legal minimum wage (issue 22): the scale in force (the latest effective date on or before
 * today in Buenos Aires, from the Clock), the history admins keep, and each service's category.
 * Every admin change writes its audit row in the same transaction.
 */
@Injectable()
export class WagesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  private today(): string {
    return argentinaToday(this.clock.now());
  }

  /** Every scale with its rates, newest effective date first. */
  private async allScales(): Promise<(WageScaleDto & { created_at: Date; created_by: string | null })[]> {
    const scales: ScaleRow[] = await this.dataSource.query(SCALES);
    const rates: RateRow[] = await this.dataSource.query(RATES);
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
    const categories: { category: number; name: string }[] = await this.dataSource.query(CATEGORIES);
    const services: WageServiceDto[] = await this.dataSource.query(SERVICES);
    const liveIn: { id: number }[] = await this.dataSource.query(LIVE_IN_ARRANGEMENTS, [LIVE_IN_ARRANGEMENT_KEY]);
    const zone: { province_id: number | null; municipality_id: number | null }[] =
      await this.dataSource.query(ZONE_AREAS);
    return {
      scale: inForce ? WagesService.plain(inForce) : null,
      next: next ? WagesService.plain(next) : null,
      categories: categories.map((c) => ({ category: Number(c.category), name: c.name })),
      services: services.map((s) => ({
        service_id: s.service_id,
        key: s.key,
        category: s.category === null ? null : Number(s.category),
      })),
      live_in_arrangements: liveIn.map((a) => a.id),
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
    let id: number;
    try {
      id = await this.dataSource.transaction(async (m) => {
        const taken = await m.getRepository(WageScaleRow).exists({ where: { effectiveFrom: body.effective_from } });
        if (taken) throw AppException.validation({ effective_from: [WAGE_MESSAGES.effectiveFromTaken] });
        const saved = await m.getRepository(WageScaleRow).save({
          effectiveFrom: body.effective_from,
          source,
          zoneSupplementPercent: zone,
          createdBy: actor.id,
        });
        await m.getRepository(WageRateRow).insert(
          rates.map((r) => ({
            scaleId: saved.id,
            category: r.category,
            arrangement: r.arrangement,
            hourly: r.hourly.toFixed(2),
            monthly: r.monthly.toFixed(2),
          })),
        );
        await this.audit.record(m, actor, {
          action: 'wage_scale.create',
          targetType: 'wage_scale',
          targetId: saved.id,
          after: { effective_from: body.effective_from, source, zone_supplement_percent: zone, rates },
        });
        return saved.id;
      });
    } catch (error) {
      // Two admins entering the same date at once: the unique index decides.
      if (error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === '23505')
        throw AppException.validation({ effective_from: [WAGE_MESSAGES.effectiveFromTaken] });
      throw error;
    }
    const created = (await this.scales()).find((s) => s.id === id);
    return created!;
  }

  /** PUT admin/wages/services/{id}: a service's category (null: outside the regime). */
  async setServiceCategory(actor: AuthUser, serviceId: number, category: number | null): Promise<WageServiceDto> {
    if (category !== null && !(WAGE_CATEGORIES as readonly number[]).includes(category))
      throw AppException.validation({ category: [WAGE_MESSAGES.categoryInvalid] });
    return this.dataSource.transaction(async (m) => {
      const [row] = (await m.query(SERVICE_FOR_UPDATE, [serviceId])) as {
        id: number;
        key: string;
        category: number | null;
        mapped: boolean;
      }[];
      if (!row) throw new AppException(HttpStatus.NOT_FOUND, 'NOT_FOUND', WAGE_MESSAGES.serviceNotFound);
      const before = row.category === null ? null : Number(row.category);
      await m.getRepository(WageServiceCategory).upsert({ serviceId, category, updatedAt: new Date() }, ['serviceId']);
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
}
