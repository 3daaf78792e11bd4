import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('email_outbox')
export class OutboxEmail {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'to_address' }) toAddress: string;
  @Column() subject: string;
  @Column() html: string;
  @Column() text: string;
  @Column() status: 'pending' | 'sent' | 'failed';
  @Column() attempts: number;
  @Column({ name: 'next_attempt_at', type: 'timestamptz' }) nextAttemptAt: Date;
  @Column({ name: 'last_error', type: 'varchar', nullable: true }) lastError: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
}
