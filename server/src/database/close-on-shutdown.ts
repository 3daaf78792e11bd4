import type { OpenDatabase } from './database';

/** Longest wait for the database to close at a signal before the process ends anyway. */
const CLOSE_AT_SIGNAL_MS = 10_000;

/**
 * On SIGINT/SIGTERM the process ends only once the database is closed, so that PGlite writes its
 * shutdown checkpoint and the data folder's lock is released. When another listener is there
 * (Nest's shutdown hooks: they close the app, whose HTTP server's 'close' closes the database,
 * then raise the signal again), it goes first, and the signal raised again waits for the close.
 * Alone (the CLIs, or before the app exists), it closes the database itself. Returns the
 * database's close, shared with the caller's.
 */
export function closeDatabaseOnShutdown(database: OpenDatabase): () => Promise<void> {
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= database.close().catch((error: unknown) => console.error('Closing the database failed:', error)));
  const onSignal = (signal: NodeJS.Signals) => {
    if (!closed && process.listenerCount(signal) > 1) return;
    setTimeout(() => process.exit(1), CLOSE_AT_SIGNAL_MS).unref();
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
