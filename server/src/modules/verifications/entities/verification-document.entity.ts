import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { VerificationKind, VerificationStatus } from '@cym/common';
import { User } from '../../users/entities/user.entity';

/** A person's current document of one kind: its private file and its review. */
@Entity('verification_documents')
export class VerificationDocument {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id', type: 'integer' }) userId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ type: 'varchar', length: 20 }) kind: VerificationKind;
  @Column({ type: 'varchar', length: 10, default: 'pending' }) status: VerificationStatus;
  /** The file's name in the private document storage (random, never served by the media routes). */
  @Column({ name: 'storage_key', type: 'varchar', length: 64 }) storageKey: string;
  @Column({ name: 'content_type', type: 'varchar', length: 40 }) contentType: string;
  @Column({ name: 'size_bytes', type: 'integer' }) sizeBytes: number;
  @Column({ name: 'uploaded_at', type: 'timestamptz', default: () => 'now()' }) uploadedAt: Date;
  @Column({ name: 'reviewed_by', type: 'integer', nullable: true }) reviewedBy: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'reviewed_by' }) reviewer?: User;
  @Column({ name: 'reviewed_at', type: 'timestamptz', nullable: true }) reviewedAt: Date | null;
  @Column({ name: 'rejection_reason', type: 'varchar', length: 300, nullable: true }) rejectionReason: string | null;
  /** The certificate's issue date (entered by the admin), `YYYY-MM-DD`. */
  @Column({ name: 'issued_on', type: 'date', nullable: true }) issuedOn: string | null;
  /** issued_on + 12 months: the badge holds while today is before it. */
  @Column({ name: 'expires_on', type: 'date', nullable: true }) expiresOn: string | null;
  @Column({ name: 'reminder_sent_at', type: 'timestamptz', nullable: true }) reminderSentAt: Date | null;
  /** When an admin last opened the file (each opening is also an audit row); the owner sees it. */
  @Column({ name: 'admin_viewed_at', type: 'timestamptz', nullable: true }) adminViewedAt: Date | null;
}
