import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/** One admin action: who, what, on what, the before and after as JSON. Ids are bigint, read as text. */
@Entity('admin_audit_log')
export class AdminAuditEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'actor_id', type: 'integer', nullable: true }) actorId: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'actor_id' }) actor?: User;
  @Column({ type: 'varchar', length: 60 }) action: string;
  @Column({ name: 'target_type', type: 'varchar', length: 30 }) targetType: string;
  @Column({ name: 'target_id', type: 'integer', nullable: true }) targetId: number | null;
  @Column({ type: 'jsonb', nullable: true }) before: object | null;
  @Column({ type: 'jsonb', nullable: true }) after: object | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
