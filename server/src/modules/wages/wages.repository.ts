import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { LaborParameterKey, LaborParameterValue, WageArrangement } from '@cym/common';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';
import { WageRateRow, WageScaleRow, WageServiceCategory } from './entities/wage.entities';

/** The wages module's reads: small tables, read whole. */

const SCALES = `
  SELECT s.id, to_char(s.effective_from, 'YYYY-MM-DD') AS effective_from, s.source,
         s.zone_supplement_percent, s.created_at,
         nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS created_by
    FROM wage_scales s LEFT JOIN users u ON u.id = s.created_by
   ORDER BY s.effective_from DESC`;

const RATES = `
  SELECT scale_id, category, arrangement, hourly::float8 AS hourly, monthly::float8 AS monthly
    FROM wage_rates ORDER BY scale_id, category, arrangement`;

const CATEGORIES = `SELECT category, name FROM wage_categories ORDER BY category`;

const SERVICES = `
  SELECT s.id AS service_id, s.title AS key, w.category
    FROM services s LEFT JOIN wage_service_categories w ON w.service_id = s.id
   ORDER BY s.sort_order`;

const ZONE_AREAS = `SELECT province_id, municipality_id FROM wage_zone_areas ORDER BY id`;

/** The category row of a service, locked for the change (null when the service does not exist). */
const SERVICE_FOR_UPDATE = `
  SELECT s.id, s.title AS key, w.category, w.service_id IS NOT NULL AS mapped
    FROM services s LEFT JOIN wage_service_categories w ON w.service_id = s.id
   WHERE s.id = $1
     FOR UPDATE OF s`;

const LABOR_PARAMETERS = `
  SELECT p.id, p.key, to_char(p.effective_from, 'YYYY-MM-DD') AS effective_from, p.value, p.source,
         p.unconfirmed, p.created_at,
         nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS created_by
    FROM labor_parameters p LEFT JOIN users u ON u.id = p.created_by
   ORDER BY p.key, p.effective_from DESC`;

/** SQLSTATE 23505: a unique index refused the row. */
const UNIQUE_VIOLATION = '23505';

/** A scale as the history lists it, with who entered it. */
export interface ScaleRow {
  id: number;
  effective_from: string;
  source: string;
  zone_supplement_percent: number;
  created_at: Date;
  created_by: string | null;
}

/** One rate of a scale. */
export interface RateRow {
  scale_id: number;
  category: number;
  arrangement: WageArrangement;
  hourly: number;
  monthly: number;
}

/** A regime's category and its name. */
export interface CategoryRow {
  category: number;
  name: string;
}

/** A service with its category (null: outside the regime, or not mapped). */
export interface ServiceCategoryRow {
  service_id: number;
  key: string;
  category: number | null;
}

/** A place of the zone with the supplement: a province or a municipality. */
export interface ZoneAreaRow {
  province_id: number | null;
  municipality_id: number | null;
}

/** A service's category row, locked for a change; `mapped` when the service has a row of its own. */
export interface ServiceForUpdateRow {
  id: number;
  key: string;
  category: number | null;
  mapped: boolean;
}

/** One dated value of a regime parameter, with who entered it (null for the seeded ones). */
export interface LaborParameterDbRow {
  id: number;
  key: LaborParameterKey;
  effective_from: string;
  value: LaborParameterValue;
  source: string;
  unconfirmed: boolean;
  created_at: Date;
  created_by: string | null;
}

/** A new value of a parameter. */
export interface NewLaborParameter {
  key: LaborParameterKey;
  effectiveFrom: string;
  value: LaborParameterValue;
  source: string;
  unconfirmed: boolean;
  createdBy: number;
}

/** A new scale: its fields, and its rates in order. */
export interface NewScale {
  effectiveFrom: string;
  source: string;
  zoneSupplementPercent: number;
  createdBy: number;
  rates: { category: number; arrangement: WageArrangement; hourly: number; monthly: number }[];
}

/** The wage scales, their rates, the categories, each service's category and the zone with the supplement. */
@Injectable()
export class WagesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Every scale, newest effective date first. */
  scales(): Promise<ScaleRow[]> {
    return this.dataSource.query(SCALES);
  }

  /** Every scale's rates. */
  rates(): Promise<RateRow[]> {
    return this.dataSource.query(RATES);
  }

  categories(): Promise<CategoryRow[]> {
    return this.dataSource.query(CATEGORIES);
  }

  /** Every service with its category, in the catalog's order. */
  serviceCategories(): Promise<ServiceCategoryRow[]> {
    return this.dataSource.query(SERVICES);
  }

  zoneAreas(): Promise<ZoneAreaRow[]> {
    return this.dataSource.query(ZONE_AREAS);
  }

  /** Whether a scale takes effect on `effectiveFrom` already. */
  isEffectiveDateTaken(effectiveFrom: string, m: EntityManager): Promise<boolean> {
    return m.getRepository(WageScaleRow).exists({ where: { effectiveFrom } });
  }

  /**
   * Keeps a new scale with its rates; answers its id, or null when its date was taken meanwhile
   * (two admins entering the same date at once: the unique index decides).
   */
  async addScale(scale: NewScale, m: EntityManager): Promise<number | null> {
    let saved: WageScaleRow;
    try {
      saved = await m.getRepository(WageScaleRow).save({
        effectiveFrom: scale.effectiveFrom,
        source: scale.source,
        zoneSupplementPercent: scale.zoneSupplementPercent,
        createdBy: scale.createdBy,
      });
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string })?.code === UNIQUE_VIOLATION)
        return null;
      throw error;
    }
    await m.getRepository(WageRateRow).insert(
      scale.rates.map((r) => ({
        scaleId: saved.id,
        category: r.category,
        arrangement: r.arrangement,
        hourly: r.hourly.toFixed(2),
        monthly: r.monthly.toFixed(2),
      })),
    );
    return saved.id;
  }

  /** Service `serviceId` with its category, its row locked until the transaction ends; null when missing. */
  async serviceForUpdate(serviceId: number, m: EntityManager): Promise<ServiceForUpdateRow | null> {
    const [row] = (await m.query(SERVICE_FOR_UPDATE, [serviceId])) as ServiceForUpdateRow[];
    return row ?? null;
  }

  /** Sets service `serviceId`'s category (null: outside the regime). */
  async setServiceCategory(serviceId: number, category: number | null, m: EntityManager): Promise<void> {
    await m.getRepository(WageServiceCategory).upsert({ serviceId, category, updatedAt: new Date() }, ['serviceId']);
  }

  /** Every value of every regime parameter, by key and newest effective date first. */
  laborParameters(): Promise<LaborParameterDbRow[]> {
    return this.dataSource.query(LABOR_PARAMETERS);
  }

  /**
   * Keeps a new value of a parameter; answers its id, or null when the key already has a value
   * from that date (the unique key decides between two admins at once).
   */
  async addLaborParameter(row: NewLaborParameter, m: EntityManager): Promise<number | null> {
    const [saved] = (await m.query(
      `INSERT INTO labor_parameters (key, effective_from, value, source, unconfirmed, created_by)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT ON CONSTRAINT labor_parameters_once DO NOTHING
       RETURNING id`,
      [row.key, row.effectiveFrom, JSON.stringify(row.value), row.source, row.unconfirmed, row.createdBy],
    )) as { id: number }[];
    return saved?.id ?? null;
  }
}
