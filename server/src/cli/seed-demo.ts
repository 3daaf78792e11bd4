import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/app-config';
import { closeDatabaseOnShutdown } from '../database/close-on-shutdown';
import { DataDirLockedError } from '../database/data-dir-lock';
import { migrate, openDatabase } from '../database/database';
import { seedDemoIfEmpty } from '../database/seeds/demo-seed';
import { createDocumentStorage } from '../modules/verifications/document-storage';
import { createImageStorage } from '../modules/media/image-storage.factory';

/**
 * `npm run seed:demo`: fills the configured database (DATABASE_URL, or the embedded one in
 * DATA_DIR) with demo data, and their faces as photos in DATA_DIR/uploads (or the S3_BUCKET), but
 * only when it has no users yet, so it never mixes with real data, and never in production.
 */
async function main(): Promise<void> {
  const config = loadConfig();
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
    if (!seeded) console.log('La base ya tiene datos: no se cargó nada.');
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
