/**
 * The address a logged-out person asked for, carried in the history state of the redirect to /
 * (app/guards): the login popup opens there and, after the login, goes to it.
 */
const KEY = 'loginNext';

export function loginFirstState(next: string): Record<string, string> {
  return { [KEY]: next };
}

/** A path of this site ('/…', never '//host' or '/\host'), else null: never a way off the site. */
export function safeNext(next: unknown): string | null {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** The address a redirect's state asks for, when there is one. */
export function loginNextOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !(KEY in state)) return null;
  return safeNext((state as Record<string, unknown>)[KEY]);
}
