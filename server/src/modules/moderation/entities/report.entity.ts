import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ReportReason, ReportTarget } from '@cym/common';
import { User } from '../../users/entities/user.entity';
import { ModerationAction } from './moderation-action.entity';

/** A person's report of a profile, an offer or a message. Owned by the moderation module. */
@Entity('reports')
export class Report {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'reporter_id', type: 'integer' }) reporterId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'reporter_id' }) reporter?: User;
  @Column({ name: 'target_type', type: 'varchar', length: 20 }) targetType: ReportTarget;
  /** A message's bigint id, or the profile's or offer's id (as text: bigint). */
  @Column({ name: 'target_id', type: 'bigint' }) targetId: string;
  @Column({ name: 'target_user_id', type: 'integer' }) targetUserId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'target_user_id' }) targetUser?: User;
  @Column({ type: 'varchar', length: 20 }) reason: ReportReason;
  @Column({ type: 'varchar', length: 1000, nullable: true }) details: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  /** The decision that closed it; null while open or when that decision was undone. */
  @Column({ name: 'action_id', type: 'integer', nullable: true }) actionId: number | null;
  @ManyToOne(() => ModerationAction, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'action_id' })
  action?: ModerationAction;
  @Column({ name: 'handled_at', type: 'timestamptz', nullable: true }) handledAt: Date | null;
}
