/**
 * Races for the "at most N" rules: many requests sent at once, then how they were answered.
 * They race for real only on PostgreSQL with a pool of several connections (`poolSize` of
 * startTestApp); the embedded database has one connection and runs them one after the other.
 */

/** Starts `count` requests at once (`send(i)` for i = 0…count-1) and waits for all of them. */
export function atOnce<T>(count: number, send: (i: number) => PromiseLike<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)));
}

/** How many answers had each status, e.g. `{ 201: 3, 400: 27 }`: any 5xx shows up as its own key. */
export function statusCounts(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
