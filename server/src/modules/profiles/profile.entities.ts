import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The parts of the profiles that accounts and guards need; the profile features add the rest. */
@Entity('worker_profiles')
export class WorkerProfile {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id' }) userId: number;
  @Column({ name: 'profile_visibility' }) profileVisibility: boolean;
}

@Entity('parent_profiles')
export class ParentProfile {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id' }) userId: number;
}

@Entity('membership_types')
export class MembershipType {
  @PrimaryGeneratedColumn() id: number;
  @Column() name: string;
  @Column() price: number;
  @Column({ name: 'duration_days' }) durationDays: number;
}

@Entity('memberships')
export class Membership {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'parent_profile_id' }) parentProfileId: number;
  @Column({ name: 'membership_type_id' }) membershipTypeId: number;
  @Column() status: boolean;
  @Column({ name: 'start_date', type: 'timestamptz' }) startDate: Date;
  @Column({ name: 'end_date', type: 'timestamptz' }) endDate: Date;
}

export const PROFILE_ENTITIES = [WorkerProfile, ParentProfile, MembershipType, Membership];
