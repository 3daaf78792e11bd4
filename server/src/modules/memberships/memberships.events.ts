/** What the memberships module tells the rest; emitted after the change is committed. */

/**
 * A membership was granted, switched on or off, or revoked: an employer's offers become public
 * or stop being so. The payment paths learn which membership inside their transaction only, so
 * the event carries the fact, not the row; today's listener (the directory cache) needs no more.
 */
export const MEMBERSHIP_CHANGED = 'membership.changed';

export class MembershipChanged {}
