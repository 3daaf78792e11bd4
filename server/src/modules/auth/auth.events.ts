/**
 * Sessions that just ended: all of a user's (logout, reset, deletion) or one login's family.
 * Whoever keeps something alive on a session (the chat's sockets) closes it at once instead of at
 * the access token's expiry. Emitted after the revocation is committed: a client that reconnects
 * right away then finds its session gone.
 */
export const AUTH_SESSIONS_ENDED = 'auth.sessions-ended';

export class SessionsEnded {
  constructor(
    readonly userId: number,
    /** One login's refresh family; absent when every session of the user ended. */
    readonly familyId?: string,
  ) {}
}
