import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { ModerationAction as Action, ReportTarget } from '@cym/common';
import { User } from '../../users/entities/user.entity';

/** An admin's decision on a reported target, and its undoing. Owned by the moderation module. */
@Entity('moderation_actions')
export class ModerationAction {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'target_type', type: 'varchar', length: 20 }) targetType: ReportTarget;
  @Column({ name: 'target_id', type: 'bigint' }) targetId: string;
  @Column({ name: 'target_user_id', type: 'integer' }) targetUserId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'target_user_id' }) targetUser?: User;
  @Column({ type: 'varchar', length: 10 }) action: Action;
  @Column({ type: 'varchar', length: 500, nullable: true }) reason: string | null;
  /** What an undo restores (an offer's switch before it was hidden). */
  @Column({ type: 'jsonb', nullable: true }) previous: Record<string, unknown> | null;
  @Column({ name: 'actor_id', type: 'integer', nullable: true }) actorId: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'actor_id' }) actor?: User;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'undone_at', type: 'timestamptz', nullable: true }) undoneAt: Date | null;
  @Column({ name: 'undone_by', type: 'integer', nullable: true }) undoneBy: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'undone_by' }) undoer?: User;
}
