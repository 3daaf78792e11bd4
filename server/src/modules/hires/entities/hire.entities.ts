import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { Municipality, Province } from '../../catalog/entities/catalog.entities';
import { Conversation } from '../../chat/entities/chat.entities';
import { ParentProfile } from '../../parent-profile/entities/parent-profile.entity';
import { User } from '../../users/entities/user.entity';
import { WageCategory } from '../../wages/entities/wage.entities';
import { WorkerProfile } from '../../worker-profile/entities/worker-profile.entities';

/*
 * The hire and the registered job (migration Hires). Numeric columns come back as text; the
 * repository's SQL reads them as numbers.
 */

/** The terms both a proposal and the relationship it becomes carry. */
abstract class HireTermsColumns {
  @Column({ name: 'start_date', type: 'date' }) startDate: string;
  @Column({ type: 'integer', array: true }) services: number[];
  @Column({ type: 'smallint' }) category: number;
  @ManyToOne(() => WageCategory) @JoinColumn({ name: 'category' }) wageCategory?: WageCategory;
  @Column({ type: 'varchar', length: 12 }) arrangement: string;
  @Column({ type: 'jsonb' }) schedule: unknown;
  @Column({ name: 'weekly_hours', type: 'numeric', precision: 5, scale: 2 }) weeklyHours: string;
  @Column({ name: 'pay_basis', type: 'varchar', length: 8 }) payBasis: string;
  @Column({ name: 'pay_amount', type: 'numeric', precision: 14, scale: 2 }) payAmount: string;
  @Column({ name: 'province_id', type: 'integer' }) provinceId: number;
  @ManyToOne(() => Province) @JoinColumn({ name: 'province_id' }) province?: Province;
  @Column({ name: 'municipality_id', type: 'integer' }) municipalityId: number;
  @ManyToOne(() => Municipality) @JoinColumn({ name: 'municipality_id' }) municipality?: Municipality;
  @Column({ type: 'boolean' }) zone: boolean;
}

@Entity('hire_proposals')
export class HireProposal extends HireTermsColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'conversation_id', type: 'integer' }) conversationId: number;
  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;
  @Column({ name: 'worker_profile_id', type: 'integer' }) workerProfileId: number;
  @ManyToOne(() => WorkerProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'worker_profile_id' })
  workerProfile?: WorkerProfile;
  @Column({ name: 'parent_profile_id', type: 'integer' }) parentProfileId: number;
  @ManyToOne(() => ParentProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_profile_id' })
  parentProfile?: ParentProfile;
  @Column({ name: 'proposed_by', type: 'integer', nullable: true }) proposedBy: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'proposed_by' }) proposer?: User;
  @Column({ type: 'varchar', length: 10, default: 'pending' }) status: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'answered_at', type: 'timestamptz', nullable: true }) answeredAt: Date | null;
}

@Entity('employments')
export class Employment extends HireTermsColumns {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'proposal_id', type: 'integer', unique: true }) proposalId: number;
  @ManyToOne(() => HireProposal, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'proposal_id' }) proposal?: HireProposal;
  @Column({ name: 'worker_profile_id', type: 'integer' }) workerProfileId: number;
  @ManyToOne(() => WorkerProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'worker_profile_id' })
  workerProfile?: WorkerProfile;
  @Column({ name: 'parent_profile_id', type: 'integer' }) parentProfileId: number;
  @ManyToOne(() => ParentProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_profile_id' })
  parentProfile?: ParentProfile;
  @Column({ name: 'worker_user_id', type: 'integer' }) workerUserId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'worker_user_id' }) workerUser?: User;
  @Column({ name: 'parent_user_id', type: 'integer' }) parentUserId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'parent_user_id' }) parentUser?: User;
  @Column({ name: 'conversation_id', type: 'integer', nullable: true }) conversationId: number | null;
  @ManyToOne(() => Conversation, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;
  @Column({ name: 'trial_ends_on', type: 'date' }) trialEndsOn: string;
  @Column({ name: 'worker_cuil', type: 'varchar', length: 13, nullable: true }) workerCuil: string | null;
  @Column({ name: 'employer_cuit', type: 'varchar', length: 13, nullable: true }) employerCuit: string | null;
  @Column({ name: 'work_address', type: 'varchar', length: 300, nullable: true }) workAddress: string | null;
  @Column({ name: 'registered_on', type: 'date', nullable: true }) registeredOn: string | null;
  @Column({ name: 'ended_on', type: 'date', nullable: true }) endedOn: string | null;
  @Column({ name: 'end_cause', type: 'varchar', length: 20, nullable: true }) endCause: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** A step of a relationship's history. */
@Entity('employment_events')
export class EmploymentEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'employment_id', type: 'integer' }) employmentId: number;
  @ManyToOne(() => Employment, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'employment_id' }) employment?: Employment;
  @Column({ type: 'varchar', length: 40 }) kind: string;
  @Column({ name: 'actor_id', type: 'integer', nullable: true }) actorId: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'actor_id' }) actor?: User;
  @Column({ type: 'jsonb', default: {} }) detail: unknown;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** A month the employer paid ARCA for. */
@Entity('contribution_payments')
export class ContributionPayment {
  @PrimaryColumn({ name: 'employment_id', type: 'integer' }) employmentId: number;
  @ManyToOne(() => Employment, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'employment_id' }) employment?: Employment;
  @PrimaryColumn({ type: 'char', length: 7 }) period: string;
  @Column({ type: 'numeric', precision: 14, scale: 2 }) amount: string;
  @Column({ name: 'paid_on', type: 'date' }) paidOn: string;
  @Column({ name: 'marked_by', type: 'integer', nullable: true }) markedBy: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'marked_by' }) marker?: User;
  @Column({ name: 'marked_at', type: 'timestamptz', default: () => 'now()' }) markedAt: Date;
}

/** A reminder sent (contribution due, aguinaldo, vacations), once per relationship and period. */
@Entity('employment_reminders')
export class EmploymentReminder {
  @PrimaryColumn({ name: 'employment_id', type: 'integer' }) employmentId: number;
  @ManyToOne(() => Employment, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'employment_id' }) employment?: Employment;
  @PrimaryColumn({ type: 'varchar', length: 20 }) kind: string;
  @PrimaryColumn({ type: 'varchar', length: 7 }) period: string;
  @Column({ name: 'sent_at', type: 'timestamptz', default: () => 'now()' }) sentAt: Date;
}

/** A month's payslip: stored once the employer saved it, frozen at confirmation. */
@Entity('payslips')
export class Payslip {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'employment_id', type: 'integer' }) employmentId: number;
  @ManyToOne(() => Employment, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'employment_id' }) employment?: Employment;
  @Column({ type: 'char', length: 7 }) period: string;
  @Column({ name: 'overtime_ordinary_hours', type: 'numeric', precision: 6, scale: 2, default: 0 })
  overtimeOrdinaryHours: string;
  @Column({ name: 'overtime_rest_hours', type: 'numeric', precision: 6, scale: 2, default: 0 })
  overtimeRestHours: string;
  @Column({ name: 'holiday_hours', type: 'numeric', precision: 6, scale: 2, default: 0 }) holidayHours: string;
  @Column({ type: 'jsonb' }) lines: unknown;
  @Column({ type: 'numeric', precision: 14, scale: 2 }) gross: string;
  @Column({ name: 'non_remunerative', type: 'numeric', precision: 14, scale: 2 }) nonRemunerative: string;
  @Column({ type: 'numeric', precision: 14, scale: 2 }) net: string;
  @Column({ type: 'jsonb' }) sources: unknown;
  @Column({ name: 'paid_on', type: 'date', nullable: true }) paidOn: string | null;
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true }) confirmedAt: Date | null;
  @Column({ name: 'acknowledged_at', type: 'timestamptz', nullable: true }) acknowledgedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

/** The final settlement, once per relationship. */
@Entity('settlements')
export class Settlement {
  @PrimaryColumn({ name: 'employment_id', type: 'integer' }) employmentId: number;
  @ManyToOne(() => Employment, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'employment_id' }) employment?: Employment;
  @Column({ type: 'varchar', length: 20 }) cause: string;
  @Column({ name: 'end_date', type: 'date' }) endDate: string;
  @Column({ name: 'notice_given', type: 'boolean' }) noticeGiven: boolean;
  @Column({ type: 'jsonb' }) lines: unknown;
  @Column({ type: 'numeric', precision: 14, scale: 2 }) total: string;
  @Column({ type: 'jsonb' }) sources: unknown;
  @Column({ name: 'created_by', type: 'integer', nullable: true }) createdBy: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'created_by' }) creator?: User;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

export const HIRE_ENTITIES = [
  HireProposal,
  Employment,
  EmploymentEvent,
  ContributionPayment,
  EmploymentReminder,
  Payslip,
  Settlement,
];
