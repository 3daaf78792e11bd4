/*
 * A refresh token works once. Presented again, it is a stolen token's and ends its login, unless
 * it was spent moments ago and its successor is still unspent: two tabs refreshing at once, or a
 * phone whose answer to the refresh was lost, present the same token within seconds. Then the
 * same successor is answered again, so the login keeps one chain of tokens.
 */

/** The token a spent refresh token was rotated into. */
export interface Successor {
  id: string;
  expiresAt: Date;
}

/** A refresh token presented again, as stored, with the unexpired token it was rotated into (if any). */
export interface PresentedAgain {
  usedAt: Date | null;
  revokedAt: Date | null;
  successor: (Successor & { usedAt: Date | null; revokedAt: Date | null }) | null;
}

/**
 * The successor to answer again for a token presented a second time, or null when its reuse is
 * a theft's (the caller revokes the login): the token was spent at most `graceSeconds` ago (by
 * `now`), neither it nor its successor is revoked (a logout, a reset), and the successor is
 * not spent (the chain went on without this client).
 */
export function graceSuccessor(token: PresentedAgain, now: Date, graceSeconds: number): Successor | null {
  const { usedAt, revokedAt, successor } = token;
  if (!usedAt || revokedAt || !successor) return null;
  if (now.getTime() - usedAt.getTime() >= graceSeconds * 1000) return null;
  if (successor.usedAt || successor.revokedAt) return null;
  return { id: successor.id, expiresAt: successor.expiresAt };
}
