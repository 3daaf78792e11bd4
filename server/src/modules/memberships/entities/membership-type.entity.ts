import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What is on sale: one active type today ('Membresía', 30 days). Written by the migrations and the admin's price. */
@Entity('membership_types')
export class MembershipType {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 40 }) name: string;
  @Column({ type: 'integer' }) price: number;
  @Column({ name: 'duration_days', type: 'integer' }) durationDays: number;
  @Column({ name: 'is_active', type: 'boolean' }) isActive: boolean;
}
