import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * An account (worker, employer or admin). Owned by the users module; sign-up and logins (auth),
 * the photo (media) and the admin's tombstone write it through the services listed in
 * docs/ARCHITECTURE.md (Data).
 */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn() id: number;
  /** Stored in lower case (a CHECK says so). */
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ name: 'password_hash', type: 'varchar', length: 100 }) passwordHash: string;
  @Column({ name: 'first_name', type: 'varchar', length: 30 }) firstName: string;
  @Column({ name: 'last_name', type: 'varchar', length: 30 }) lastName: string;
  /** E.164, +5491123456789 (common/phone.ts). */
  @Column({ type: 'varchar', length: 15, nullable: true }) phone: string | null;
  @Column({ name: 'profile_type', type: 'varchar', length: 10, nullable: true }) profileType:
    'Worker' | 'Parent' | null;
  @Column({ name: 'is_admin', type: 'boolean' }) isAdmin: boolean;
  @Column({ name: 'is_active', type: 'boolean' }) isActive: boolean;
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true }) emailVerifiedAt: Date | null;
  @Column({ name: 'last_login', type: 'timestamptz', nullable: true }) lastLogin: Date | null;
  @Column({ name: 'last_seen', type: 'timestamptz', nullable: true }) lastSeen: Date | null;
  @Column({ name: 'profile_image', type: 'varchar', length: 200, nullable: true }) profileImage: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  /** The tombstone of a deleted account: the row stays for conversations and payments. */
  @Column({ name: 'deleted_at', type: 'timestamptz', nullable: true }) deletedAt: Date | null;
  /** A suspension by the team (the account is also inactive): when, and the reason e-mailed. */
  @Column({ name: 'suspended_at', type: 'timestamptz', nullable: true }) suspendedAt: Date | null;
  @Column({ name: 'suspension_reason', type: 'varchar', length: 500, nullable: true })
  suspensionReason: string | null;
  /** When the deleted account's remaining personal data was erased (30 days after `deletedAt`). */
  @Column({ name: 'erased_at', type: 'timestamptz', nullable: true }) erasedAt: Date | null;
  /** SHA-256 (hex) of the deleted account's address, to find its outbox e-mails; cleared by the erasure. */
  @Column({ name: 'deleted_email_digest', type: 'varchar', length: 64, nullable: true }) deletedEmailDigest:
    string | null;
}
