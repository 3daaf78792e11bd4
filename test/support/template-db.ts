import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { dataSourceOptions, migrate } from '../../server/src/database/database';
import { EmbeddedPostgres } from '../../server/src/database/embedded-postgres';
import { withDatabase } from './database-url';

/**
 * Disposable databases for the suites, never the developer's data:
 * - embedded (default): a migrated PGlite is dumped once per run, and every suite loads its own
 *   in-memory copy (under a second);
 * - with DATABASE_URL: a migrated template database is made once per run, and every suite gets
 *   CREATE DATABASE … TEMPLATE, dropped at the end.
 */
const TMP = join(__dirname, '../../.tmp');
const DUMP = join(TMP, 'template.tar');
const TEMPLATE_DB = 'cym_test_template';

export function serverUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/**
 * The template: migrated, then `firstStart` (the app started once on it, see test-app's
 * startOnce) so it holds what an app's start creates.
 */
export async function prepareTemplate(firstStart: (url: string) => Promise<void>): Promise<void> {
  const url = serverUrl();
  if (url) {
    await adminQuery(url, `DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await adminQuery(url, `CREATE DATABASE ${TEMPLATE_DB}`);
    await migrate(dataSourceOptions(withDatabase(url, TEMPLATE_DB), 1));
    await firstStart(withDatabase(url, TEMPLATE_DB));
    return;
  }
  mkdirSync(TMP, { recursive: true });
  const db = await EmbeddedPostgres.start();
  try {
    await migrate(dataSourceOptions(db.url, 1));
    await firstStart(db.url);
    const dump = await db.dump();
    writeFileSync(DUMP, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.stop();
  }
}

export async function dropTemplate(): Promise<void> {
  const url = serverUrl();
  if (url) await adminQuery(url, `DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one suite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = serverUrl();
  if (url) {
    const name = `cym_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    return {
      url: withDatabase(url, name),
      drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  if (!existsSync(DUMP)) throw new Error('Test template missing: run the suites through Jest (global set-up).');
  const db = await EmbeddedPostgres.start({ snapshot: new Blob([readFileSync(DUMP)]) });
  return { url: db.url, drop: () => db.stop() };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
