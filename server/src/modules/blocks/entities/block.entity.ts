import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/** One person (`blocker`) blocked another (`blocked`). */
@Entity('blocks')
export class Block {
  @PrimaryColumn({ name: 'blocker_id', type: 'integer' }) blockerId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'blocker_id' }) blocker?: User;
  @PrimaryColumn({ name: 'blocked_id', type: 'integer' }) blockedId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'blocked_id' }) blocked?: User;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
