import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ParentProfile } from '../../parent-profile/entities/parent-profile.entity';
import { Payment } from '../../payments/entities/payment.entities';
import { MembershipType } from './membership-type.entity';

/**
 * An employer's membership: active while `status` is on and `end_date` is after the Clock's now
 * (membership-rules.ts). One per payment at most (a unique index on `payment_id`).
 */
@Entity('memberships')
export class Membership {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'parent_profile_id', type: 'integer' }) parentProfileId: number;
  @ManyToOne(() => ParentProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_profile_id' })
  parentProfile?: ParentProfile;
  @Column({ name: 'membership_type_id', type: 'integer' }) membershipTypeId: number;
  @ManyToOne(() => MembershipType) @JoinColumn({ name: 'membership_type_id' }) membershipType?: MembershipType;
  @Column({ name: 'payment_id', type: 'integer', nullable: true }) paymentId: number | null;
  @ManyToOne(() => Payment, { onDelete: 'SET NULL' }) @JoinColumn({ name: 'payment_id' }) payment?: Payment;
  @Column({ type: 'boolean' }) status: boolean;
  @Column({ name: 'start_date', type: 'timestamptz' }) startDate: Date;
  @Column({ name: 'end_date', type: 'timestamptz' }) endDate: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

export const MEMBERSHIP_ENTITIES = [MembershipType, Membership];
