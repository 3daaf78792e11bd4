import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

export type DataExportStatus = 'requested' | 'ready' | 'failed';

/** A person's request for a ZIP of their data ('Descargar mis datos'). */
@Entity('data_exports')
export class DataExport {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id', type: 'integer' }) userId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ type: 'varchar', length: 10, default: 'requested' }) status: DataExportStatus;
  @Column({ name: 'requested_at', type: 'timestamptz', default: () => 'now()' }) requestedAt: Date;
  @Column({ name: 'ready_at', type: 'timestamptz', nullable: true }) readyAt: Date | null;
  /** ready_at + 24 hours: the file is served until then. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true }) expiresAt: Date | null;
  @Column({ name: 'size_bytes', type: 'integer', nullable: true }) sizeBytes: number | null;
  /** The ZIP's name in the private export storage, chosen at the request (a retried job writes the same file). */
  @Column({ name: 'storage_key', type: 'varchar', length: 64 }) storageKey: string;
}
