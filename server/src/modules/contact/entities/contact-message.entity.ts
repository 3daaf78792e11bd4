import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A message of the contact form, kept for the team. */
@Entity('contact_messages')
export class ContactMessage {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 20 }) name: string;
  @Column({ type: 'varchar', length: 254 }) email: string;
  @Column({ type: 'varchar', length: 700 }) message: string;
  @Column({ type: 'varchar', length: 45, nullable: true }) ip: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
