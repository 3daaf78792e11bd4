/** What the parent-profile module tells the rest; emitted after the write is committed. */

/** An employer's personal info changed (the public offer page shows it). */
export const PARENT_PROFILE_CHANGED = 'parent-profile.changed';

export class ParentProfileChanged {
  constructor(readonly parentProfileId: number) {}
}
