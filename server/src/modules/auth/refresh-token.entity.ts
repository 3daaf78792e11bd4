import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** One issued refresh token. A family is one login; rotation keeps the family. */
@Entity('refresh_tokens')
export class RefreshToken {
  @PrimaryColumn('uuid') id: string;
  @Column({ name: 'user_id' }) userId: number;
  @Column({ name: 'family_id', type: 'uuid' }) familyId: string;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt: Date | null;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
