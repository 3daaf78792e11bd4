import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/app-config';
import { closeDatabaseOnShutdown } from './database/close-on-shutdown';
import { DataDirLockedError } from './database/data-dir-lock';
import { migrate, openDatabase } from './database/database';
import { ensureAdmin } from './database/first-admin';

async function bootstrap(): Promise<void> {
  const logger = new Logger('Bootstrap');
  const config = loadConfig();
  if (config.embeddedInProduction)
    logger.warn(
      `Production on the embedded database in ${config.database.dataDir} (ALLOW_EMBEDDED_DATABASE=true): one process on one machine; set DATABASE_URL to run several.`,
    );
  const database = await openDatabase(config);
  // SIGINT/SIGTERM end the process only once the database is closed and its folder released.
  closeDatabaseOnShutdown(database);
  await migrate(database.options);
  if (!config.s3 && !database.embedded && config.env === 'production')
    logger.warn(
      `Photos are kept in ${config.database.dataDir}/uploads on this machine: set S3_BUCKET before running several processes.`,
    );
  if (config.admin.email && config.admin.password) {
    const done = await ensureAdmin(
      database.options,
      config.admin as { email: string; password: string },
      config.bcryptCost,
    );
    // The start-up logger writes before the app's redacting one exists: no address in these lines.
    if (done === 'created')
      logger.log('Admin created from ADMIN_EMAIL: at the first login they enrol an authenticator app (second factor).');
    if (done === 'refused') logger.warn('ADMIN_EMAIL belongs to a worker or employer: not made admin.');
  }

  // At SIGTERM the app closes first (no new requests, work in progress finished), then the
  // signal raised again closes the database (closeDatabaseOnShutdown).
  const app = await createApp(config, database.options);
  await app.listen({ port: config.port, host: config.host });
  const where = database.embedded ? `embedded PGlite in ${config.database.dataDir}` : 'DATABASE_URL';
  logger.log(
    `Casa y Manos listening on ${config.host}:${config.port} (public URL ${config.publicUrl}; database: ${where})`,
  );
}

bootstrap().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
