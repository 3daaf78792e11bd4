import { Injectable } from '@nestjs/common';

/** Sessions that just ended: all of a user's (logout, reset, deletion) or one login's family. */
export type EndedSessions = { userId: number; familyId?: string };

type Listener = (ended: EndedSessions) => void;

/**
 * Tells whoever keeps something alive on a session (the chat's sockets) that it has ended, so
 * it is closed at once instead of at the access token's expiry. Emitted after the revocation
 * is committed: a client that reconnects right away then finds its session gone.
 */
@Injectable()
export class SessionEvents {
  private readonly listeners: Listener[] = [];

  onEnded(listener: Listener): void {
    this.listeners.push(listener);
  }

  ended(ended: EndedSessions): void {
    for (const listener of this.listeners) listener(ended);
  }
}
