import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One e-mail of the outbox: written in the transaction of the change, sent by MailSender after it commits. */
@Entity('email_outbox')
export class OutboxEmail {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'to_address', type: 'varchar', length: 254 }) toAddress: string;
  @Column({ type: 'varchar', length: 200 }) subject: string;
  @Column({ type: 'text' }) html: string;
  @Column({ type: 'text' }) text: string;
  /** Extra headers (List-Unsubscribe), or null. */
  @Column({ type: 'jsonb', nullable: true }) headers: Record<string, string> | null;
  @Column({ type: 'varchar', length: 10 }) status: 'pending' | 'sent' | 'failed';
  @Column({ type: 'integer' }) attempts: number;
  @Column({ name: 'next_attempt_at', type: 'timestamptz' }) nextAttemptAt: Date;
  @Column({ name: 'last_error', type: 'varchar', length: 500, nullable: true }) lastError: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true }) sentAt: Date | null;
}
