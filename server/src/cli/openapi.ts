import 'reflect-metadata';
import { buildOpenApi, createApp } from '../app.factory';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions, migrate } from '../database/database';
import { EmbeddedPostgres } from '../database/embedded-postgres';

/** Prints the OpenAPI document, built from the same application the server runs. */
async function main(): Promise<void> {
  const db = await EmbeddedPostgres.start();
  try {
    const options = dataSourceOptions(db.url, 1);
    await migrate(options);
    // Only what the document depends on: the routes and DTOs, never this machine's settings.
    const config = loadConfig({
      DATABASE_URL: db.url,
      JWT_SECRET: 'x'.repeat(32),
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    });
    const app = await createApp(config, options, { logs: false });
    await app.init();
    process.stdout.write(JSON.stringify(buildOpenApi(app, config.publicUrl), null, 2) + '\n');
    await app.close();
  } finally {
    await db.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
