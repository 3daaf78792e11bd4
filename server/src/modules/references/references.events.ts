/** What the references module tells the rest; emitted after the write is committed. */

/** A reference was written, edited, answered, hidden or restored: ratings and public lists changed. */
export const REFERENCE_CHANGED = 'reference.changed';

export class ReferenceChanged {
  constructor(readonly referenceId: number) {}
}
