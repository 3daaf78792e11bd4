import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { User } from '../../users/entities/user.entity';

/**
 * One browser's Web Push subscription: the push service's endpoint (unique: a browser that
 * subscribes again under another account moves it) and the keys the payload is encrypted for.
 */
@Entity('push_subscriptions')
export class PushSubscriptionRow {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id', type: 'integer' }) userId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ type: 'text' }) endpoint: string;
  /** The browser's P-256 public key, base64url. */
  @Column({ type: 'varchar', length: 100 }) p256dh: string;
  /** The 16-byte authentication secret, base64url. */
  @Column({ type: 'varchar', length: 40 }) auth: string;
  @Column({ name: 'user_agent', type: 'varchar', length: 200, nullable: true }) userAgent: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'last_success_at', type: 'timestamptz', nullable: true }) lastSuccessAt: Date | null;
}

/** A person's choices per kind of notice; no row means the defaults (everything on). */
@Entity('notification_preferences')
export class NotificationPreferenceRow {
  @PrimaryColumn({ name: 'user_id', type: 'integer' }) userId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ name: 'message_email', type: 'boolean', default: true }) messageEmail: boolean;
  @Column({ name: 'message_push', type: 'boolean', default: true }) messagePush: boolean;
  @Column({ name: 'alert_email', type: 'boolean', default: true }) alertEmail: boolean;
  @Column({ name: 'alert_push', type: 'boolean', default: true }) alertPush: boolean;
  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' }) updatedAt: Date;
}

export const PUSH_ENTITIES = [PushSubscriptionRow, NotificationPreferenceRow];
