/**
 * The API suites run on the embedded database (`npm test`, no service needed). Tests where the
 * engine matters — races that only race on a server with a pool of connections, prepared
 * statements, time limits, seeding, the job queue — carry this tag in their title and run once
 * more on PostgreSQL (`npm test -- --selectProjects api --both-engines`, as .ci/run does).
 * docs/TESTING.md says which and why.
 */
export const BOTH_ENGINES = '[both engines]';

/** `title` tagged to run on PostgreSQL too. */
export function bothEngines(title: string): string {
  return `${title} ${BOTH_ENGINES}`;
}
