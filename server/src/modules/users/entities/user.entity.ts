import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn() id: number;
  @Column() email: string;
  @Column({ name: 'password_hash' }) passwordHash: string;
  @Column({ name: 'first_name' }) firstName: string;
  @Column({ name: 'last_name' }) lastName: string;
  @Column({ type: 'varchar', nullable: true }) phone: string | null;
  @Column({ name: 'profile_type', type: 'varchar', nullable: true }) profileType: 'Worker' | 'Parent' | null;
  @Column({ name: 'is_admin' }) isAdmin: boolean;
  @Column({ name: 'is_active' }) isActive: boolean;
  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true }) emailVerifiedAt: Date | null;
  @Column({ name: 'last_login', type: 'timestamptz', nullable: true }) lastLogin: Date | null;
  @Column({ name: 'last_seen', type: 'timestamptz', nullable: true }) lastSeen: Date | null;
  @Column({ name: 'profile_image', type: 'varchar', nullable: true }) profileImage: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
