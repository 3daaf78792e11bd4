/**
 * What the worker-profile module tells the rest (issue 17: modules talk through events). Emitted
 * after the write is committed, so a listener that reads sees the change.
 */

/** A worker profile's content or visibility changed (owner, admin, or the visibility rule). */
export const WORKER_PROFILE_CHANGED = 'worker-profile.changed';

export class WorkerProfileChanged {
  constructor(readonly workerProfileId: number) {}
}
