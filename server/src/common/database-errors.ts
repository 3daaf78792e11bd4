/**
 * Failures that mean "the database cannot answer right now" rather than "this request is
 * wrong": a statement or lock timeout, no free connection in time, a connection refused or lost,
 * a server shutting down, a deadlock or serialisation conflict. The error filter answers them
 * 503 with a Spanish message and Retry-After; the pool replaces broken connections, so the
 * server recovers by itself when the database does.
 */

const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '53300', // too_many_connections
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection error|Query read timeout|Client was closed|PGlite is closing/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, driverError } = error as { code?: unknown; message?: unknown; driverError?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_NODE_CODES.has(code))) return true;
  if (code === undefined && typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  // 08xxx: connection exceptions.
  if (typeof code === 'string' && code.startsWith('08')) return true;
  return driverError !== undefined && driverError !== error && isDatabaseUnavailable(driverError);
}
