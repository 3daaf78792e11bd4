/**
 * Waits before asking again after a refresh that got no verdict, one after the other: 2 + 6 + 15
 * seconds, all within the server's 30-second grace, in which a spent refresh token (its answer
 * lost on the way back) still answers the same successor.
 */
export const REFRESH_RETRY_WAITS_MS = [2_000, 6_000, 15_000];

/**
 * Whether a failed refresh ends the session: only the server's refusal of the token (a 4xx: spent,
 * revoked, expired) does. No answer (offline, a dropped connection: the server may have rotated the
 * token and the answer been lost), a 5xx, a 408 or a 429 keep the tokens, and the refresh is asked
 * again.
 */
export function refreshEndsSession(status: number | null): boolean {
  return status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429;
}
