import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  OneToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { User } from '../../users/entities/user.entity';

/** An employer's profile: one per employer account; its id names every `parent-profile/{id}/…` path. */
@Entity('parent_profiles')
export class ParentProfile {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id', type: 'integer' }) userId: number;
  @OneToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ name: 'date_of_birth', type: 'date', nullable: true }) dateOfBirth: string | null;
  @Column({ type: 'varchar', length: 6, nullable: true }) gender: 'male' | 'female' | null;
  @Column({ type: 'varchar', length: 100, nullable: true }) nationality: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
