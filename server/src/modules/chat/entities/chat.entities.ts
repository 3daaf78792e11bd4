import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { ParentProfile } from '../../parent-profile/entities/parent-profile.entity';
import { User } from '../../users/entities/user.entity';
import { WorkerProfile } from '../../worker-profile/entities/worker-profile.entities';

/**
 * A conversation between exactly two of: a worker profile, an employer profile, an admin (a CHECK
 * says so). `pair_key` names the pair, so the same two always get the same row.
 */
@Entity('conversations')
export class Conversation {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'worker_profile_id', type: 'integer', nullable: true }) workerProfileId: number | null;
  @ManyToOne(() => WorkerProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'worker_profile_id' })
  workerProfile?: WorkerProfile;
  @Column({ name: 'parent_profile_id', type: 'integer', nullable: true }) parentProfileId: number | null;
  @ManyToOne(() => ParentProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parent_profile_id' })
  parentProfile?: ParentProfile;
  @Column({ name: 'admin_user_id', type: 'integer', nullable: true }) adminUserId: number | null;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'admin_user_id' }) adminUser?: User;
  @Column({ name: 'pair_key', type: 'varchar', length: 40 }) pairKey: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/** A message; `client_id` (unique per sender) makes a resent message land once. Ids are bigint, read as text. */
@Entity('messages')
export class Message {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ name: 'conversation_id', type: 'integer' }) conversationId: number;
  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;
  @Column({ name: 'sender_id', type: 'integer' }) senderId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'sender_id' }) sender?: User;
  @Column({ type: 'varchar', length: 2000 }) content: string;
  @Column({ name: 'client_id', type: 'varchar', length: 64, nullable: true }) clientId: string | null;
  @Column({ name: 'is_read', type: 'boolean' }) isRead: boolean;
  @Column({ name: 'read_at', type: 'timestamptz', nullable: true }) readAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  /** The hire proposal this message announces (its card); the hires module writes these through the chat. */
  @Column({ name: 'hire_proposal_id', type: 'integer', nullable: true }) hireProposalId: number | null;
  // Named, not imported: the hires module's entities import this file.
  @ManyToOne('HireProposal', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'hire_proposal_id' })
  hireProposal?: unknown;
  /** The sender's account was erased: the text is empty and the chat shows 'Mensaje eliminado'. */
  @Column({ name: 'erased_at', type: 'timestamptz', nullable: true }) erasedAt: Date | null;
}

/** Which unread conversation was already e-mailed to whom (once until they read it). */
@Entity('chat_unread_notices')
export class ChatUnreadNotice {
  @PrimaryColumn({ name: 'conversation_id', type: 'integer' }) conversationId: number;
  @PrimaryColumn({ name: 'user_id', type: 'integer' }) userId: number;
  @ManyToOne(() => Conversation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'conversation_id' })
  conversation?: Conversation;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ name: 'sent_at', type: 'timestamptz' }) sentAt: Date;
}

export const CHAT_ENTITIES = [Conversation, Message, ChatUnreadNotice];
