import { join } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../../migrations';
import { AppConfig, DatabaseTimeouts } from '../config/app-config';
import { EmbeddedPostgres } from './embedded-postgres';

export interface OpenDatabase {
  options: DataSourceOptions;
  /** Set when the embedded engine serves the database. */
  embedded?: EmbeddedPostgres;
  close(): Promise<void>;
}

/**
 * The database the app talks to: the server of DATABASE_URL, or an embedded PGlite persisted
 * under DATA_DIR/pg and served on a private loopback port. Either way TypeORM uses the pg driver.
 * The embedded folder takes one process: while another holds it, this throws DataDirLockedError
 * (naming that process) before anything is written.
 */
export async function openDatabase(config: AppConfig): Promise<OpenDatabase> {
  const { url, poolSize, timeouts } = config.database;
  if (url) {
    return { options: dataSourceOptions(url, poolSize, timeouts), close: async () => undefined };
  }
  const embedded = await EmbeddedPostgres.start({ dataDir: join(config.database.dataDir, 'pg') });
  return { options: dataSourceOptions(embedded.url, 1, timeouts), embedded, close: () => embedded.stop() };
}

/** Defaults of DB_STATEMENT_TIMEOUT_MS, DB_LOCK_TIMEOUT_MS and DB_ACQUIRE_TIMEOUT_MS. */
export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { statementMs: 10_000, lockMs: 3_000, acquireMs: 5_000 };

/**
 * The app's connection settings. Every session gets a statement and a lock timeout, and the pool
 * gives up waiting for a free connection after `acquireMs`: a locked table or a stuck database
 * makes requests answer 503 (see database-errors.ts) instead of hanging.
 */
export function dataSourceOptions(
  url: string,
  poolSize: number,
  timeouts: DatabaseTimeouts = DEFAULT_TIMEOUTS,
): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrations: MIGRATIONS,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    poolSize,
    extra: {
      max: poolSize,
      application_name: 'casa-y-manos',
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
      // A transaction left open while holding locks is ended by the server.
      idle_in_transaction_session_timeout: Math.max(60_000, timeouts.statementMs * 2),
      connectionTimeoutMillis: timeouts.acquireMs,
    },
    logging: false,
  };
}

/**
 * Applies pending migrations; start-up and test set-up both call this. Migrations may rewrite
 * large tables, so they run without the request-sized statement timeout.
 */
export async function migrate(options: DataSourceOptions): Promise<void> {
  const extra = { ...(options.extra as Record<string, unknown>), statement_timeout: 0 };
  const dataSource = new DataSource({ ...options, extra } as DataSourceOptions);
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}
