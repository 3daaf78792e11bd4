import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { User } from '../../users/entities/user.entity';

/** A reference an employer left a worker, or a worker an employer: one per pair. */
@Entity('references')
export class Reference {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'author_user_id', type: 'integer' }) authorUserId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'author_user_id' }) author?: User;
  @Column({ name: 'subject_user_id', type: 'integer' }) subjectUserId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'subject_user_id' }) subject?: User;
  @Column({ type: 'smallint' }) stars: number;
  @Column({ type: 'varchar', length: 700 }) text: string;
  @Column({ type: 'varchar', length: 700, nullable: true }) reply: string | null;
  @Column({ name: 'reply_at', type: 'timestamptz', nullable: true }) replyAt: Date | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  @Column({ name: 'hidden_at', type: 'timestamptz', nullable: true }) hiddenAt: Date | null;
  @Column({ name: 'hidden_by', type: 'integer', nullable: true }) hiddenBy: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'hidden_by' }) hider?: User;
  @Column({ name: 'hidden_reason', type: 'varchar', length: 500, nullable: true }) hiddenReason: string | null;
  /** Written after a hire between the two ('Trabajó con …'). */
  @Column({ type: 'boolean', default: false }) hired: boolean;
}

/** A report of a reference by its subject or an admin, once per reporter. */
@Entity('reference_reports')
export class ReferenceReport {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'reference_id', type: 'integer' }) referenceId: number;
  @ManyToOne(() => Reference, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'reference_id' }) reference?: Reference;
  @Column({ name: 'reporter_user_id', type: 'integer' }) reporterUserId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'reporter_user_id' }) reporter?: User;
  @Column({ type: 'varchar', length: 500 }) reason: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** The directories' aggregate of a user's visible references (written by a trigger only). */
@Entity('reference_ratings')
export class ReferenceRating {
  @PrimaryColumn({ name: 'user_id', type: 'integer' }) userId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ name: 'stars_sum', type: 'integer' }) starsSum: number;
  @Column({ type: 'integer' }) count: number;
  /** The visible references written after a hire. */
  @Column({ name: 'hired_count', type: 'integer', default: 0 }) hiredCount: number;
}

export const REFERENCE_ENTITIES = [Reference, ReferenceReport, ReferenceRating];
