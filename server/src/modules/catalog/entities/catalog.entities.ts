import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/*
 * The choice lists and the places of Argentina. Only the migrations write them (SeedCatalog); the
 * catalog module reads them once per process.
 */

@Entity('provinces')
export class Province {
  /** The INDEC code as a number (CABA = 2), stable across databases. */
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ name: 'indec_code', type: 'varchar', length: 2 }) indecCode: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  @Column({ name: 'iso_id', type: 'varchar', length: 6 }) isoId: string;
  @Column('double precision') lat: number;
  @Column('double precision') lon: number;
}

@Entity('municipalities')
export class Municipality {
  @PrimaryColumn({ type: 'integer' }) id: number;
  @Column({ name: 'indec_code', type: 'varchar', length: 5 }) indecCode: string;
  @Column({ type: 'varchar', length: 100 }) name: string;
  @Column({ type: 'varchar', length: 30 }) category: string;
  @Column({ name: 'province_id', type: 'integer' }) provinceId: number;
  @ManyToOne(() => Province) @JoinColumn({ name: 'province_id' }) province?: Province;
  @Column('double precision') lat: number;
  @Column('double precision') lon: number;
}

@Entity('services')
export class Service {
  @PrimaryGeneratedColumn() id: number;
  /** The stable key (housemaide, babysitter, …), kept in the column title. */
  @Column({ type: 'varchar', length: 40 }) title: string;
  @Column({ name: 'title_display', type: 'varchar', length: 100 }) titleDisplay: string;
  @Column({ name: 'sort_order', type: 'integer' }) sortOrder: number;
}

@Entity('tasks')
export class Task {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 40 }) key: string;
  @Column({ name: 'title_display', type: 'varchar', length: 100 }) titleDisplay: string;
  @Column({ name: 'sort_order', type: 'integer' }) sortOrder: number;
}

@Entity('work_arrangements')
export class WorkArrangement {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 40 }) key: string;
  @Column({ name: 'value_display', type: 'varchar', length: 100 }) valueDisplay: string;
  @Column({ name: 'sort_order', type: 'integer' }) sortOrder: number;
}

@Entity('languages')
export class Language {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 10 }) key: string;
  @Column({ name: 'name_display', type: 'varchar', length: 60 }) nameDisplay: string;
  @Column({ name: 'sort_order', type: 'integer' }) sortOrder: number;
}

@Entity('shifts')
export class Shift {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 10 }) day: string;
  @Column({ type: 'varchar', length: 10 }) shift: string;
  @Column({ name: 'sort_order', type: 'integer' }) sortOrder: number;
}

export const CATALOG_ENTITIES = [Province, Municipality, Service, Task, WorkArrangement, Language, Shift];
