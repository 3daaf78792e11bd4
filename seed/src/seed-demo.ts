import 'reflect-metadata';
import { ConfigError, loadConfig } from '@cym/server/config/app-config';
import { closeDatabaseOnShutdown } from '@cym/server/database/close-on-shutdown';
import { DataDirLockedError } from '@cym/server/database/data-dir-lock';
import { migrate, openDatabase } from '@cym/server/database/database';
import { createImageStorage } from '@cym/server/modules/media/image-storage.factory';
import { createDocumentStorage } from '@cym/server/modules/verifications/document-storage';
import { seedDemoIfEmpty } from './demo-seed';

/**
 * `npm run seed:demo`: fills the configured database (DATABASE_URL, or the embedded one in
 * DATA_DIR) with demo data, and their faces as photos in DATA_DIR/uploads (or the S3_BUCKET), but
 * only when it has no users yet, so it never mixes with real data, and never in production.
 *
 * With `--if-configured` (`npm start` and `npm run dev`, before the server) it does so only when
 * the configuration asks for the demo (SEED_DEMO; on by default for the embedded database, never
 * in production), and says nothing when the database already has data.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const onStart = process.argv.includes('--if-configured');
  if (onStart && !config.seedDemo) return;
  // As SEED_DEMO: the demo accounts share a published password and the demo admin a published
  // second-factor secret.
  if (config.env === 'production')
    throw new ConfigError(
      'npm run seed:demo is refused with NODE_ENV=production: the demo accounts share a published password (demo1234) and the demo admin a published second-factor secret.',
    );
  // While a server holds the embedded folder this throws, naming its PID, before anything is written.
  const database = await openDatabase(config);
  closeDatabaseOnShutdown(database);
  const photos = await createImageStorage(config);
  const documents = await createDocumentStorage(config);
  try {
    await migrate(database.options);
    const seeded = await seedDemoIfEmpty(
      database.options,
      { log: (line) => console.log(line) },
      { photos, documents, totpKey: config.totpKey },
    );
    if (!seeded && !onStart) console.log('La base ya tiene datos: no se cargó nada.');
  } finally {
    photos.close?.();
    documents.close?.();
    await database.close();
  }
}

main().then(
  // Exit explicitly: pool and embedded-engine timers must not keep a finished CLI alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
  },
);
