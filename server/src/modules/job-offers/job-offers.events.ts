/** What the job-offers module tells the rest; emitted after the write is committed. */

/** An offer was created, edited, switched on or off, or deleted (by its employer or the team). */
export const JOB_OFFER_CHANGED = 'job-offer.changed';

export class JobOfferChanged {
  constructor(readonly offerId: number) {}
}
