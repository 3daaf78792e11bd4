/**
 * Text search with case and accents aside, anywhere in the text: the admin lists' search and the
 * directories' text filters.
 * `cym_fold` (lower case, unaccent) is applied to both sides in SQL, so "garcia", "GARCÍA" and
 * "García" find the same rows; `cym_contains` makes the folded search a LIKE pattern with its
 * `\ % _` taken literally. Both are database functions (migration FoldedSearch), and the trigram
 * indexes on `cym_fold(first_name || ' ' || last_name)` and `cym_fold(title)` serve these exact
 * expressions.
 */

/** The search a list pattern (`%…%`, wildcards escaped: see parseAdminQuery) was made from. */
export function searchText(pattern: string): string {
  return pattern.slice(1, -1).replace(/\\(.)/g, '$1');
}

/** SQL: `expr` contains the pattern's search, case and accents aside; the parameter is pushed. */
export function foldedMatch(expr: string, pattern: string, params: unknown[]): string {
  params.push(searchText(pattern));
  return `public.cym_fold(${expr}) LIKE public.cym_contains($${params.length})`;
}

/** The same condition for several expressions sharing one parameter (any of them matches). */
export function foldedMatchAny(exprs: string[], pattern: string, params: unknown[]): string {
  params.push(searchText(pattern));
  const p = `public.cym_contains($${params.length})`;
  return `(${exprs.map((e) => `public.cym_fold(${e}) LIKE ${p}`).join(' OR ')})`;
}

/** The full name as the index holds it. */
export const FULL_NAME = (alias: string) => `${alias}.first_name || ' ' || ${alias}.last_name`;

/** `foldedMatchAny` for a plain search text (not a list pattern). */
export function foldedContains(exprs: string[], text: string, params: unknown[]): string {
  return foldedMatchAny(exprs, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, params);
}
