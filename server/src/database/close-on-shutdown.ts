import type { OpenDatabase } from './database';

/** Longest wait from a signal to the process's end: a shutdown that hangs is cut short. */
const CLOSE_AT_SIGNAL_MS = 10_000;

/**
 * On SIGINT/SIGTERM the process ends only once the database is closed, so that PGlite writes its
 * shutdown checkpoint and the data folder's lock is released. When another listener is there
 * (Nest's shutdown hooks: they close the app, then raise the signal again), it goes first, and
 * the signal raised again closes the database and waits for it.
 * Alone (the CLIs, or before the app exists), it closes the database itself. Returns the
 * database's close, shared with the caller's.
 */
export function closeDatabaseOnShutdown(database: OpenDatabase): () => Promise<void> {
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= database.close().catch((error: unknown) => console.error('Closing the database failed:', error)));
  let deadline: NodeJS.Timeout | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    // From the first signal the whole shutdown (requests, jobs, sockets, database) has 10 s.
    deadline ??= setTimeout(() => process.exit(1), CLOSE_AT_SIGNAL_MS).unref();
    if (!closed && process.listenerCount(signal) > 1) return;
    void close().finally(() => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.kill(process.pid, signal);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return close;
}
