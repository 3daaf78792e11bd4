import { join } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { AppConfig } from '../config/app-config';
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
 */
export async function openDatabase(config: AppConfig): Promise<OpenDatabase> {
  if (config.database.url) {
    return { options: dataSourceOptions(config.database.url, 10), close: async () => undefined };
  }
  const embedded = await EmbeddedPostgres.start({ dataDir: join(config.database.dataDir, 'pg') });
  return { options: dataSourceOptions(embedded.url, 1), embedded, close: () => embedded.stop() };
}

export function dataSourceOptions(url: string, poolSize: number): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrations: MIGRATIONS,
    migrationsRun: false,
    migrationsTransactionMode: 'each',
    poolSize,
    extra: { max: poolSize, application_name: 'casa-y-manos' },
    logging: false,
  };
}

/** Applies pending migrations; start-up and test set-up both call this. */
export async function migrate(options: DataSourceOptions): Promise<void> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
}
