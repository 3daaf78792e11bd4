import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/** One issued refresh token. A family is one login; rotation keeps the family. */
@Entity('refresh_tokens')
export class RefreshToken {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'user_id', type: 'integer' }) userId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ name: 'family_id', type: 'uuid' }) familyId: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  /** The token this one was rotated into (its `jti`), once spent. */
  @Column({ name: 'replaced_by', type: 'uuid', nullable: true }) replacedBy: string | null;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
