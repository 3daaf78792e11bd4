import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { JobOffer } from '../../job-offers/entities/job-offer.entities';
import { User } from '../../users/entities/user.entity';
import { WorkerProfile } from '../../worker-profile/entities/worker-profile.entities';

/** One saved item of a person's shortlist: a worker (employers) or an offer (workers). */
@Entity('shortlist_entries')
export class ShortlistEntry {
  @PrimaryGeneratedColumn() id: number;
  @Column({ name: 'user_id', type: 'integer' }) userId: number;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'user_id' }) user?: User;
  @Column({ name: 'worker_profile_id', type: 'integer', nullable: true }) workerProfileId: number | null;
  @ManyToOne(() => WorkerProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'worker_profile_id' })
  workerProfile?: WorkerProfile;
  @Column({ name: 'job_offer_id', type: 'integer', nullable: true }) jobOfferId: number | null;
  @ManyToOne(() => JobOffer, { onDelete: 'CASCADE' }) @JoinColumn({ name: 'job_offer_id' }) jobOffer?: JobOffer;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
