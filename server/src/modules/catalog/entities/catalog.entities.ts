import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity('provinces')
export class Province {
  @PrimaryColumn() id: number;
  @Column({ name: 'indec_code' }) indecCode: string;
  @Column() name: string;
  @Column({ name: 'iso_id' }) isoId: string;
  @Column('double precision') lat: number;
  @Column('double precision') lon: number;
}

@Entity('municipalities')
export class Municipality {
  @PrimaryColumn() id: number;
  @Column({ name: 'indec_code' }) indecCode: string;
  @Column() name: string;
  @Column() category: string;
  @Column({ name: 'province_id' }) provinceId: number;
  @ManyToOne(() => Province) @JoinColumn({ name: 'province_id' }) province?: Province;
  @Column('double precision') lat: number;
  @Column('double precision') lon: number;
}

@Entity('services')
export class Service {
  @PrimaryGeneratedColumn() id: number;
  /** The stable key (housemaide, babysitter, …); the spec calls it title. */
  @Column() title: string;
  @Column({ name: 'title_display' }) titleDisplay: string;
  @Column({ name: 'sort_order' }) sortOrder: number;
}

@Entity('tasks')
export class Task {
  @PrimaryGeneratedColumn() id: number;
  @Column() key: string;
  @Column({ name: 'title_display' }) titleDisplay: string;
  @Column({ name: 'sort_order' }) sortOrder: number;
}

@Entity('work_arrangements')
export class WorkArrangement {
  @PrimaryGeneratedColumn() id: number;
  @Column() key: string;
  @Column({ name: 'value_display' }) valueDisplay: string;
  @Column({ name: 'sort_order' }) sortOrder: number;
}

@Entity('languages')
export class Language {
  @PrimaryGeneratedColumn() id: number;
  @Column() key: string;
  @Column({ name: 'name_display' }) nameDisplay: string;
  @Column({ name: 'sort_order' }) sortOrder: number;
}

@Entity('shifts')
export class Shift {
  @PrimaryGeneratedColumn() id: number;
  @Column() day: string;
  @Column() shift: string;
  @Column({ name: 'sort_order' }) sortOrder: number;
}

export const CATALOG_ENTITIES = [Province, Municipality, Service, Task, WorkArrangement, Language, Shift];
