import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/**
 * An admin's second factor (TOTP and recovery codes). Owned by the auth module's
 * SecondFactorService, the only writer.
 */
@Entity('admin_totp')
export class AdminTotp {
  @PrimaryColumn({ name: 'user_id', type: 'integer' }) userId: number;
  @OneToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  /** The TOTP secret, AES-256-GCM under the configured key: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
  @Column({ type: 'varchar', length: 200 }) secret: string;
  /** Null while enrolling: the secret was shown but no code has proved it yet. */
  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true }) confirmedAt: Date | null;
  /** The 30-second step of the last accepted code; only a later step is accepted next. */
  @Column({ name: 'last_step', type: 'integer', nullable: true }) lastStep: number | null;
  /** `<salt>.<sha256>` (hex) of each unused recovery code. */
  @Column({ name: 'recovery_codes', type: 'text', array: true, default: () => "'{}'" })
  recoveryCodes: string[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
