/** What changes to an account tell the rest; emitted after the write is committed. */

/**
 * What directory cards show of a user changed: first name, photo (media module), or the account
 * was deleted (admin). Phone and last-seen changes are not announced: no listener needs them.
 */
export const USER_CHANGED = 'user.changed';

export class UserChanged {
  constructor(readonly userId: number) {}
}
