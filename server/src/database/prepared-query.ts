import { createHash } from 'node:crypto';
import type { Pool } from 'pg';

/** Statement names already derived, by SQL text (the texts are few: built from fixed pieces). */
const names = new Map<string, string>();
const MAX_NAMES = 1024;

/** The statement name of a SQL text: a hash of it, the same in every process. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `cym_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

/**
 * Runs `text` as a named prepared statement on `pool` (the primary's or the replica's, see reads.ts): each pooled connection parses and plans it once and
 * then only binds and executes. For the public read paths, whose SQL is long (joins, sub-selects,
 * the count beside the page) and whose rows are few, planning cost more than running: measured
 * on the directory's filtered page at 10,000 workers, 13.5 ms a request planned each time against
 * 2.9 ms prepared (pgbench, one client). The name is a hash of the text, so the same text is the
 * same statement on every connection, and texts that differ (other filters) are other statements.
 * Errors are the driver's own (with their SQLSTATE `code`, which the error filter reads).
 */
export async function preparedQuery<T>(pool: Pool, text: string, values: unknown[]): Promise<T[]> {
  const name = statementName(text);
  try {
    return (await pool.query({ name, text, values })).rows as T[];
  } catch (error) {
    if ((error as { code?: string }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
  }
  // The session already has it though this connection never made it: the embedded database
  // serves every connection from its one backend, so a statement prepared by a connection the
  // pool has since closed (idle) is still there. Dropped and made again on one connection, it is
  // that connection's from now on.
  const client = await pool.connect();
  try {
    await client.query(`DEALLOCATE "${name}"`).catch(() => undefined);
    return (await client.query({ name, text, values })).rows as T[];
  } finally {
    client.release();
  }
}

/** SQLSTATE 42P05: a prepared statement of that name exists in the session. */
const DUPLICATE_PREPARED_STATEMENT = '42P05';

/**
 * Runs `text` on `pool` with its parameters bound (the extended protocol's unnamed statement: parsed,
 * planned for these values and run, in one round trip), planned anew on every call. For the
 * directories' pages, whose best plan depends on how many rows their filters match: a common
 * filter is best read by walking the order index until the page is full (and its bounded count
 * by a scan that stops after 1,001 matches), a rare one from the GIN index's bitmap. A named
 * statement settles after five runs on a generic plan, which cannot see the values and guesses
 * 1 % a filter (0.01 % for two): at 1,000,000 workers it read and sorted all 105,825 matches of
 * 'Niñera/o' in Buenos Aires for a page of 50, 113 ms a page against 3.5 ms planned for the values
 * (docs/PERFORMANCE.md, "A million workers"); parsing and planning again costs ~0.4 ms.
 */
export async function plannedQuery<T>(pool: Pool, text: string, values: unknown[]): Promise<T[]> {
  return (await pool.query({ text, values })).rows as T[];
}
