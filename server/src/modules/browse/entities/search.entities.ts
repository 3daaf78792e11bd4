import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { JobOffer } from '../../job-offers/entities/job-offer.entities';
import { WorkerProfile } from '../../worker-profile/entities/worker-profile.entities';

/*
 * The search read model (migration SearchReadModel): written only by the database's triggers,
 * in the transaction of whichever write changes what it holds, and read by the directories'
 * hand-written SQL (browse.repository.ts). No service writes these entities; they are declared so
 * the schema check knows every table and its owner.
 */

/** One row per listed worker (visible profile, active account). */
@Entity('worker_search')
export class WorkerSearchRow {
  @PrimaryColumn({ name: 'worker_profile_id', type: 'integer' }) workerProfileId: number;
  @OneToOne(() => WorkerProfile, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'worker_profile_id' })
  workerProfile?: WorkerProfile;
  @Column({ name: 'user_id', type: 'integer' }) userId: number;
  @Column({ name: 'last_seen', type: 'timestamptz', nullable: true }) lastSeen: Date | null;
  /** Place and choice ids as codes (kind offset + id: FILTER_KEY_OFFSETS). */
  @Column({ name: 'filter_keys', type: 'integer', array: true }) filterKeys: number[];
  /** The row's municipality, generated from its code in `filter_keys` (migration SearchMunicipality): 'Cerca de' orders by it. */
  @Column({ name: 'municipality_id', type: 'integer', nullable: true, insert: false, update: false })
  municipalityId: number | null;
}

/** One row per offer switched on whose employer is active, with its membership's end. */
@Entity('offer_search')
export class OfferSearchRow {
  @PrimaryColumn({ name: 'job_offer_id', type: 'integer' }) jobOfferId: number;
  @OneToOne(() => JobOffer, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'job_offer_id' })
  jobOffer?: JobOffer;
  @Column({ name: 'parent_profile_id', type: 'integer', nullable: true }) parentProfileId: number | null;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  /** The end of the employer's latest switched-on membership ('infinity' for the team's offers). */
  @Column({ name: 'visible_until', type: 'timestamptz' }) visibleUntil: Date;
  @Column({ name: 'filter_keys', type: 'integer', array: true }) filterKeys: number[];
  /** The row's municipality, generated from its code in `filter_keys` (migration SearchMunicipality): 'Cerca de' orders by it. */
  @Column({ name: 'municipality_id', type: 'integer', nullable: true, insert: false, update: false })
  municipalityId: number | null;
}
