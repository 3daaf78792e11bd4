/**
 * The one rule of "is this membership active?": its
 * `status` is on and its `end_date` is after now. "Now" is always the Clock's, passed to SQL as a
 * parameter (never `now()`), so tests move time by replacing `Clock.now`. A renewal bought ahead
 * (starting when the current one ends) counts as active too: the rule looks at the end only.
 *
 * Every query that asks the question builds it from these functions, so the rule is written once.
 */

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const PARAMETER = /^\$[1-9][0-9]*$/;
const COLUMN = /^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/;

function checked(alias: string, now: string): void {
  // Both pieces are pasted into SQL: only plain aliases and numbered parameters are accepted.
  if (!IDENTIFIER.test(alias)) throw new Error(`Not an SQL alias: ${alias}`);
  if (!PARAMETER.test(now)) throw new Error(`Not an SQL parameter: ${now}`);
}

/**
 * A boolean SQL expression: the `memberships` row under `alias` is active at the parameter `now`
 * (e.g. `activeMembershipSql('ms', '$2')` → `(ms.status AND ms.end_date > $2)`).
 */
export function activeMembershipSql(alias: string, now: string): string {
  checked(alias, now);
  return `(${alias}.status AND ${alias}.end_date > ${now})`;
}

/**
 * A boolean SQL expression: the employer profile whose id is the SQL expression `parentProfileId`
 * (a column such as `o.parent_profile_id`, or a parameter) has an active membership at `now`.
 */
export function hasActiveMembershipSql(parentProfileId: string, now: string): string {
  checked('active_ms', now);
  if (!COLUMN.test(parentProfileId) && !PARAMETER.test(parentProfileId))
    throw new Error(`Not an SQL column or parameter: ${parentProfileId}`);
  return `EXISTS (SELECT 1 FROM memberships active_ms WHERE active_ms.parent_profile_id = ${parentProfileId}
    AND ${activeMembershipSql('active_ms', now)})`;
}

/** The same rule for a row already read (the state labels, the admin's switch). */
export function isActiveMembership(m: { status: boolean; end_date: Date }, now: Date): boolean {
  return m.status && m.end_date.getTime() > now.getTime();
}
