import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import {
  Language,
  Municipality,
  Province,
  Service,
  Shift,
  Task,
  WorkArrangement,
} from '../../catalog/entities/catalog.entities';
import { User } from '../../users/entities/user.entity';

/** A worker's profile: one per worker account, public while visible. */
@Entity('worker_profiles')
export class WorkerProfile {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id', type: 'integer' }) userId: number;
  @OneToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ name: 'date_of_birth', type: 'date', nullable: true }) dateOfBirth: string | null;
  @Column({ type: 'varchar', length: 6, nullable: true }) gender: 'male' | 'female' | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) nationality: string | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) neighborhood: string | null;
  @Column({ name: 'province_id', type: 'integer', nullable: true }) provinceId: number | null;
  @ManyToOne(() => Province) @JoinColumn({ name: 'province_id' }) province?: Province;
  @Column({ name: 'municipality_id', type: 'integer', nullable: true }) municipalityId: number | null;
  @ManyToOne(() => Municipality) @JoinColumn({ name: 'municipality_id' }) municipality?: Municipality;
  @Column({ type: 'varchar', length: 500, nullable: true }) introduction: string | null;
  @Column({ name: 'hour_price', type: 'integer', nullable: true }) hourPrice: number | null;
  @Column({ name: 'native_language_id', type: 'integer', nullable: true }) nativeLanguageId: number | null;
  @ManyToOne(() => Language) @JoinColumn({ name: 'native_language_id' }) nativeLanguage?: Language;
  @Column({ name: 'profile_visibility', type: 'boolean' }) profileVisibility: boolean;
  /** An admin's hiding, which the automatic completeness rule never undoes. */
  @Column({ name: 'hidden_by_admin', type: 'boolean' }) hiddenByAdmin: boolean;
  /** When the profile last turned visible: kept by a trigger (VisibleSince), never written here. */
  @Column({ name: 'visible_since', type: 'timestamptz', nullable: true, insert: false, update: false })
  visibleSince: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** A worker's choice in one of the catalog lists: the profile side of every choice table. */
abstract class WorkerChoice {
  @PrimaryColumn({ name: 'worker_profile_id', type: 'integer' }) workerProfileId: number;
  @ManyToOne(() => WorkerProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'worker_profile_id' })
  workerProfile?: WorkerProfile;
}

@Entity('worker_services')
export class WorkerService extends WorkerChoice {
  @PrimaryColumn({ name: 'service_id', type: 'integer' }) serviceId: number;
  @ManyToOne(() => Service) @JoinColumn({ name: 'service_id' }) service?: Service;
}

@Entity('worker_tasks')
export class WorkerTask extends WorkerChoice {
  @PrimaryColumn({ name: 'task_id', type: 'integer' }) taskId: number;
  @ManyToOne(() => Task) @JoinColumn({ name: 'task_id' }) task?: Task;
}

@Entity('worker_work_arrangements')
export class WorkerWorkArrangement extends WorkerChoice {
  @PrimaryColumn({ name: 'work_arrangement_id', type: 'integer' }) workArrangementId: number;
  @ManyToOne(() => WorkArrangement) @JoinColumn({ name: 'work_arrangement_id' }) workArrangement?: WorkArrangement;
}

@Entity('worker_languages')
export class WorkerLanguage extends WorkerChoice {
  @PrimaryColumn({ name: 'language_id', type: 'integer' }) languageId: number;
  @ManyToOne(() => Language) @JoinColumn({ name: 'language_id' }) language?: Language;
}

@Entity('worker_shifts')
export class WorkerShift extends WorkerChoice {
  @PrimaryColumn({ name: 'shift_id', type: 'integer' }) shiftId: number;
  @ManyToOne(() => Shift) @JoinColumn({ name: 'shift_id' }) shift?: Shift;
}

@Entity('experiences')
export class Experience {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'worker_profile_id', type: 'integer' }) workerProfileId: number;
  @ManyToOne(() => WorkerProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'worker_profile_id' })
  workerProfile?: WorkerProfile;
  @Column({ type: 'varchar', length: 80 }) title: string;
  @Column({ type: 'varchar', length: 500 }) description: string;
  @Column({ name: 'currently_working', type: 'boolean' }) currentlyWorking: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

@Entity('educations')
export class Education {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'worker_profile_id', type: 'integer' }) workerProfileId: number;
  @ManyToOne(() => WorkerProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'worker_profile_id' })
  workerProfile?: WorkerProfile;
  @Column({ type: 'varchar', length: 80 }) title: string;
  @Column({ type: 'varchar', length: 100 }) place: string;
  @Column({ type: 'varchar', length: 20 }) status: 'en_curso' | 'completo' | 'incompleto';
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

export const WORKER_PROFILE_ENTITIES = [
  WorkerProfile,
  WorkerService,
  WorkerTask,
  WorkerWorkArrangement,
  WorkerLanguage,
  WorkerShift,
  Experience,
  Education,
];
