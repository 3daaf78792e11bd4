import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { MembershipType } from '../../memberships/entities/membership-type.entity';
import { ParentProfile } from '../../parent-profile/entities/parent-profile.entity';
import { User } from '../../users/entities/user.entity';

export type PaymentMethod = 'mercadopago' | 'bank_transfer' | 'manual';
export type PaymentStatus = 'pending' | 'approved' | 'rejected' | 'cancelled' | 'refunded';

/**
 * A payment for a membership: by card (MercadoPago; our id is its `external_reference`), by bank
 * transfer (`TRF-000123`, approved by an admin) or granted by hand (`manual`, amount 0, `granted_by`).
 */
@Entity('payments')
export class Payment {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'parent_profile_id', type: 'integer' }) parentProfileId: number;
  @ManyToOne(() => ParentProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_profile_id' })
  parentProfile?: ParentProfile;
  @Column({ name: 'membership_type_id', type: 'integer' }) membershipTypeId: number;
  @ManyToOne(() => MembershipType) @JoinColumn({ name: 'membership_type_id' }) membershipType?: MembershipType;
  @Column({ type: 'integer' }) amount: number;
  @Column({ name: 'payment_method', type: 'varchar', length: 20 }) paymentMethod: PaymentMethod;
  @Column({ type: 'varchar', length: 20 }) status: PaymentStatus;
  @Column({ name: 'transaction_id', type: 'varchar', length: 100, nullable: true }) transactionId: string | null;
  @Column({ name: 'provider_payment_id', type: 'varchar', length: 100, nullable: true })
  providerPaymentId: string | null;
  @Column({ name: 'provider_preference_id', type: 'varchar', length: 100, nullable: true })
  providerPreferenceId: string | null;
  @Column({ name: 'provider_status', type: 'varchar', length: 40, nullable: true }) providerStatus: string | null;
  @Column({ name: 'granted_by', type: 'integer', nullable: true }) grantedBy: number | null;
  @ManyToOne(() => User, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'granted_by' }) grantedByUser?: User;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}

/** The built-in sandbox provider's preferences (used without MercadoPago credentials). */
@Entity('sandbox_preferences')
export class SandboxPreference {
  @PrimaryColumn({ type: 'varchar', length: 64 }) id: string;
  @Column({ name: 'external_reference', type: 'varchar', length: 100 }) externalReference: string;
  @Column({ type: 'varchar', length: 200 }) title: string;
  @Column({ type: 'integer' }) amount: number;
  @Column({ name: 'payer_email', type: 'varchar', length: 254, nullable: true }) payerEmail: string | null;
  @Column({ name: 'back_urls', type: 'jsonb' }) backUrls: Record<string, string>;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** The sandbox provider's payments; ids are shaped like MercadoPago's (bigint, read as text). */
@Entity('sandbox_payments')
export class SandboxPayment {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'preference_id', type: 'varchar', length: 64 }) preferenceId: string;
  @ManyToOne(() => SandboxPreference, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'preference_id' })
  preference?: SandboxPreference;
  @Column({ type: 'varchar', length: 20 }) status: string;
  @Column({ name: 'status_detail', type: 'varchar', length: 60 }) statusDetail: string;
  @Column({ type: 'integer' }) amount: number;
  @Column({ name: 'external_reference', type: 'varchar', length: 100 }) externalReference: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'approved_at', type: 'timestamptz', nullable: true }) approvedAt: Date | null;
}

export const PAYMENT_ENTITIES = [Payment, SandboxPreference, SandboxPayment];
