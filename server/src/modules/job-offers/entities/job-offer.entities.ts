import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
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
import { ParentProfile } from '../../parent-profile/entities/parent-profile.entity';

/**
 * A job offer: an employer's (at most two) or, with no employer, one the team publishes. Public
 * while `status` is on and its employer's membership is active.
 */
@Entity('job_offers')
export class JobOffer {
  @PrimaryGeneratedColumn() id: number;
  /** Null for an offer published by the team. */
  @Column({ name: 'parent_profile_id', type: 'integer', nullable: true }) parentProfileId: number | null;
  @ManyToOne(() => ParentProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_profile_id' })
  parentProfile?: ParentProfile;
  @Column({ type: 'varchar', length: 35 }) title: string;
  @Column({ type: 'varchar', length: 500 }) description: string;
  @Column({ type: 'boolean' }) status: boolean;
  /** Hidden by the team after a report: kept switched off until the team shows it again. */
  @Column({ name: 'hidden_by_admin', type: 'boolean', default: false }) hiddenByAdmin: boolean;
  @Column({ type: 'varchar', length: 100 }) neighborhood: string;
  @Column({ name: 'province_id', type: 'integer' }) provinceId: number;
  @ManyToOne(() => Province) @JoinColumn({ name: 'province_id' }) province?: Province;
  @Column({ name: 'municipality_id', type: 'integer' }) municipalityId: number;
  @ManyToOne(() => Municipality) @JoinColumn({ name: 'municipality_id' }) municipality?: Municipality;
  @Column({ name: 'monthly_price', type: 'integer', nullable: true }) monthlyPrice: number | null;
  @Column({ name: 'native_language_id', type: 'integer', nullable: true }) nativeLanguageId: number | null;
  @ManyToOne(() => Language) @JoinColumn({ name: 'native_language_id' }) nativeLanguage?: Language;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** An offer's choice in one of the catalog lists: the offer side of every choice table. */
abstract class JobOfferChoice {
  @PrimaryColumn({ name: 'job_offer_id', type: 'integer' }) jobOfferId: number;
  @ManyToOne(() => JobOffer, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'job_offer_id' }) jobOffer?: JobOffer;
}

@Entity('job_offer_services')
export class JobOfferService extends JobOfferChoice {
  @PrimaryColumn({ name: 'service_id', type: 'integer' }) serviceId: number;
  @ManyToOne(() => Service) @JoinColumn({ name: 'service_id' }) service?: Service;
}

@Entity('job_offer_tasks')
export class JobOfferTask extends JobOfferChoice {
  @PrimaryColumn({ name: 'task_id', type: 'integer' }) taskId: number;
  @ManyToOne(() => Task) @JoinColumn({ name: 'task_id' }) task?: Task;
}

@Entity('job_offer_work_arrangements')
export class JobOfferWorkArrangement extends JobOfferChoice {
  @PrimaryColumn({ name: 'work_arrangement_id', type: 'integer' }) workArrangementId: number;
  @ManyToOne(() => WorkArrangement) @JoinColumn({ name: 'work_arrangement_id' }) workArrangement?: WorkArrangement;
}

@Entity('job_offer_languages')
export class JobOfferLanguage extends JobOfferChoice {
  @PrimaryColumn({ name: 'language_id', type: 'integer' }) languageId: number;
  @ManyToOne(() => Language) @JoinColumn({ name: 'language_id' }) language?: Language;
}

@Entity('job_offer_shifts')
export class JobOfferShift extends JobOfferChoice {
  @PrimaryColumn({ name: 'shift_id', type: 'integer' }) shiftId: number;
  @ManyToOne(() => Shift) @JoinColumn({ name: 'shift_id' }) shift?: Shift;
}

export const JOB_OFFER_ENTITIES = [
  JobOffer,
  JobOfferService,
  JobOfferTask,
  JobOfferWorkArrangement,
  JobOfferLanguage,
  JobOfferShift,
];
