import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A warning word kept by the team, folded (lower case, no accents). Owned by moderation. */
@Entity('safety_words')
export class SafetyWord {
  @PrimaryGeneratedColumn() id: number;
  @Column({ type: 'varchar', length: 60, unique: true }) word: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
