import { stdSerializers } from 'pino';

/**
 * What the logs must never hold: passwords, password hashes, tokens, e-mail addresses and phone
 * numbers. The logger runs every line through `scrubForLog` (its `formatters.log` and a
 * `logMethod` hook for the message text), so a new log call anywhere is covered: values under a
 * sensitive key are replaced whole, and the shapes of secrets are masked inside any text (a
 * database error's message or detail, a stack, a message built with a template string).
 */

export const REDACTED = '[oculto]';

/**
 * Keys whose values are dropped whatever they hold. `parameters` and `detail` are where
 * TypeORM and PostgreSQL put a failed statement's values ("Failing row contains (…)").
 */
const SENSITIVE_KEY =
  /pass(word)?|hash|token|secret|authorization|cookie|e-?mail|phone|^to_address$|^parameters$|^detail$/i;

const TEXT_PATTERNS: RegExp[] = [
  // bcrypt hashes
  /\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}/g,
  // JWTs (header.payload.signature, base64url)
  /eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g,
  // e-mail addresses
  /[^\s@"'<>(),;:=]+@[^\s@"'<>(),;:=]+\.[A-Za-z]{2,}/g,
  // phone numbers: 10 or more digits with the usual separators, not part of a word, an id or a time
  /(?<![\w-])\+?\d(?:[\s\-.]*\d){9,}(?![\w:])/g,
];

/** Path segments that carry a link token (reset and verification links). */
const TOKEN_PATH = /\/(reset|verify-email|email-verification)\/[^/?]+\/[^/?]+/;

/** A request URL for the log: no query string (it may carry anything) and no link tokens. */
export function redactUrl(url: string): string {
  return url.split('?')[0]!.replace(TOKEN_PATH, `/$1/${REDACTED}/${REDACTED}`);
}

export function redactText(text: string): string {
  let result = text;
  for (const pattern of TEXT_PATTERNS) result = result.replace(pattern, REDACTED);
  return result;
}

/** A copy of `value` safe to log (plain data; Errors become pino's error shape first). */
export function scrubForLog(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (value instanceof Error) return scrubForLog(stdSerializers.err(value), depth, seen);
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.map((item) => scrubForLog(item, depth + 1, seen));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] =
      SENSITIVE_KEY.test(key) && item !== undefined && item !== null ? REDACTED : scrubForLog(item, depth + 1, seen);
  }
  return result;
}

/**
 * pino's `formatters.log`: runs before the serializers, so the request and response objects of
 * an access-log line pass untouched to theirs (which keep only the id, method and redacted URL).
 */
export function scrubLogLine(line: Record<string, unknown>): Record<string, unknown> {
  const { req, res, ...rest } = line;
  const clean = scrubForLog(rest) as Record<string, unknown>;
  if (req !== undefined) clean.req = req;
  if (res !== undefined) clean.res = res;
  return clean;
}
