import {
  Column,
  CreateDateColumn,
  Entity,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { EmailFrequency, SavedSearchKind } from '@cym/common';
import { User } from '../../users/entities/user.entity';

/** A directory's filters saved under a name, with how its owner hears of new matches. */
@Entity('saved_searches')
export class SavedSearch {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id', type: 'integer' }) userId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ type: 'varchar', length: 10 }) kind: SavedSearchKind;
  @Column({ type: 'varchar', length: 80 }) name: string;
  /** The directory's query parameters as saved (what the page reopens with). */
  @Column({ type: 'jsonb' }) query: Record<string, string>;
  /** The same search as read-model codes (saved-search-codes.ts). */
  @Column({ type: 'integer', array: true }) codes: number[];
  @Column({ name: 'email_frequency', type: 'varchar', length: 10 }) emailFrequency: EmailFrequency;
  @Column({ type: 'boolean', default: false }) paused: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @Column({ name: 'last_emailed_at', type: 'timestamptz', nullable: true }) lastEmailedAt: Date | null;
}

/** A profile or offer a search matched: told once; `emailedAt` once an e-mail carried it. */
@Entity('saved_search_matches')
export class SavedSearchMatch {
  @PrimaryColumn({ name: 'saved_search_id', type: 'integer' }) savedSearchId: number;
  @ManyToOne(() => SavedSearch, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'saved_search_id' })
  savedSearch?: SavedSearch;
  @PrimaryColumn({ name: 'item_id', type: 'integer' }) itemId: number;
  @CreateDateColumn({ name: 'matched_at', type: 'timestamptz' }) matchedAt: Date;
  @Column({ name: 'emailed_at', type: 'timestamptz', nullable: true }) emailedAt: Date | null;
}
