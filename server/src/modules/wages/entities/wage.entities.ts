import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Municipality, Province, Service } from '../../catalog/entities/catalog.entities';
import { User } from '../../users/entities/user.entity';

/*
 * The legal minimum wage of household workers (migration WageScales). The wages module
 * owns these tables; the categories and zone areas are written by the migration only.
 */

/** One of the regime's five categories. */
@Entity('wage_categories')
export class WageCategory {
  @PrimaryColumn({ type: 'smallint' }) category: number;
  @Column({ type: 'varchar', length: 100 }) name: string;
}

/** A scale from its effective date (a Buenos Aires day); never overwritten. */
@Entity('wage_scales')
export class WageScaleRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'effective_from', type: 'date' }) effectiveFrom: string;
  @Column({ type: 'varchar', length: 500 }) source: string;
  @Column({ name: 'zone_supplement_percent', type: 'smallint', default: 30 }) zoneSupplementPercent: number;
  @Column({ name: 'created_by', type: 'integer', nullable: true }) createdBy: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'created_by' }) creator?: User;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** One of a scale's nine amounts. Numeric columns come back as text. */
@Entity('wage_rates')
export class WageRateRow {
  @PrimaryColumn({ name: 'scale_id', type: 'integer' }) scaleId: number;
  @ManyToOne(() => WageScaleRow, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'scale_id' }) scale?: WageScaleRow;
  @PrimaryColumn({ type: 'smallint' }) category: number;
  @ManyToOne(() => WageCategory) @JoinColumn({ name: 'category' }) wageCategory?: WageCategory;
  @PrimaryColumn({ type: 'varchar', length: 12 }) arrangement: string;
  @Column({ type: 'numeric', precision: 12, scale: 2 }) hourly: string;
  @Column({ type: 'numeric', precision: 14, scale: 2 }) monthly: string;
}

/** A service's category; null: outside the regime (no legal minimum). */
@Entity('wage_service_categories')
export class WageServiceCategory {
  @PrimaryColumn({ name: 'service_id', type: 'integer' }) serviceId: number;
  @ManyToOne(() => Service, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'service_id' }) service?: Service;
  @Column({ type: 'smallint', nullable: true }) category: number | null;
  @ManyToOne(() => WageCategory) @JoinColumn({ name: 'category' }) wageCategory?: WageCategory;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

/** A place of the zone supplement: a province or a municipality. */
@Entity('wage_zone_areas')
export class WageZoneArea {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'province_id', type: 'integer', nullable: true }) provinceId: number | null;
  @ManyToOne(() => Province) @JoinColumn({ name: 'province_id' }) province?: Province;
  @Column({ name: 'municipality_id', type: 'integer', nullable: true }) municipalityId: number | null;
  @ManyToOne(() => Municipality) @JoinColumn({ name: 'municipality_id' }) municipality?: Municipality;
}

/** One dated value of a regime parameter (common's LABOR_PARAMETERS); never overwritten. */
@Entity('labor_parameters')
export class LaborParameterRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 60 }) key: string;
  @Column({ name: 'effective_from', type: 'date' }) effectiveFrom: string;
  @Column({ type: 'jsonb' }) value: unknown;
  @Column({ type: 'varchar', length: 500 }) source: string;
  @Column({ type: 'boolean', default: false }) unconfirmed: boolean;
  @Column({ name: 'created_by', type: 'integer', nullable: true }) createdBy: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'created_by' }) creator?: User;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
