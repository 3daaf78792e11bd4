import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/**
 * One login (a refresh-token family) as 'Sesiones activas' lists it: the browser and system
 * labels parsed from its User-Agent (never the header itself, nor the address), its first and
 * latest use, and when it was ended. Written by the auth module only.
 */
@Entity('login_sessions')
export class LoginSession {
  /** The refresh-token family of the login, also the access token's `sid`. */
  @PrimaryColumn({ name: 'family_id', type: 'uuid' }) familyId: string;
  @Column({ name: 'user_id', type: 'integer' }) userId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ type: 'varchar', length: 60 }) browser: string;
  @Column({ type: 'varchar', length: 60 }) system: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'last_used_at', type: 'timestamptz', default: () => 'now()' }) lastUsedAt: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt: Date | null;
}
