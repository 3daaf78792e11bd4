import 'reflect-metadata';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createApp } from '../../server/src/app.factory';
import { AppConfig, loadConfig } from '../../server/src/config/app-config';
import { dataSourceOptions } from '../../server/src/database/database';
import type { TestSmtpServer } from './smtp';
import { createTestDatabase, serverUrl, TestDatabase } from './template-db';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  /** The database's URL, for a second app on the same data. */
  databaseUrl: string;
  dataSource: DataSource;
  /** Base URL when started with listen: true. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real application on a disposable database. Settings may be overridden per suite
 * (e.g. a lower contact rate limit). `poolSize` applies to a PostgreSQL server only (concurrency
 * suites); the embedded database has a single backend and keeps a pool of one.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  /** `databaseUrl`: share another app's database (two processes behind one address); not dropped on close. */
  options: { listen?: boolean; poolSize?: number; databaseUrl?: string } = {},
): Promise<TestApp> {
  const database: TestDatabase = options.databaseUrl
    ? { url: options.databaseUrl, drop: async () => undefined }
    : await createTestDatabase();
  const config = testConfig(database.url, env);
  const options_ = dataSourceOptions(database.url, serverUrl() ? (options.poolSize ?? 1) : 1, config.database.timeouts);
  const app = await createApp(config, options_, { logs: false });
  let baseUrl = '';
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address();
    baseUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  } else {
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  }
  return {
    app,
    config,
    baseUrl,
    databaseUrl: database.url,
    dataSource: app.get(DataSource),
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * The suite's app (`startTestApp`), started before its tests and closed after them; call it once
 * at the top of a describe block. The answer reads through to the started app, so `t.baseUrl`
 * and the rest work inside hooks and tests. With `smtp`, that server starts first, the app sends
 * its mail there, and it stops after the app closed.
 */
export function useTestApp(
  env: Record<string, string> = {},
  options: Parameters<typeof startTestApp>[1] & { smtp?: TestSmtpServer } = {},
): TestApp {
  const { smtp, ...startOptions } = options;
  let started: TestApp | undefined;
  beforeAll(async () => {
    if (smtp) await smtp.start();
    started = await startTestApp(smtp ? { SMTP_URL: smtp.url, ...env } : env, startOptions);
  });
  afterAll(async () => {
    await started?.close();
    await smtp?.stop();
  });
  const app = (): TestApp => {
    if (!started) throw new Error('useTestApp: the app starts in beforeAll');
    return started;
  };
  return {
    get app() {
      return app().app;
    },
    get config() {
      return app().config;
    },
    get databaseUrl() {
      return app().databaseUrl;
    },
    get dataSource() {
      return app().dataSource;
    },
    get baseUrl() {
      return app().baseUrl;
    },
    close: () => app().close(),
  };
}

/** The settings of a test app on `databaseUrl`, `env` over the suites' defaults. */
function testConfig(databaseUrl: string, env: Record<string, string>): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    DATABASE_URL: databaseUrl,
    DATA_DIR: join(__dirname, '../../.tmp/data'),
    // TEST_WEB_DIST_DIR: a build of the SPA elsewhere than web/dist (two builds side by side).
    WEB_DIST_DIR: process.env.TEST_WEB_DIST_DIR ?? join(__dirname, '../../web/dist'),
    LOG_LEVEL: 'silent',
    // bcrypt at its lowest cost: a suite about hashing's own cost (login-limits) sets its own.
    BCRYPT_COST: '4',
    ...env,
  });
}

/**
 * Starts the app once on `databaseUrl` and stops it: what a deployment's first start leaves in its
 * database (the job queue's queues, each a partitioned table, and its schedules) is then in the
 * template every suite copies, instead of being created again by each suite's app (about a
 * second of its start on the embedded database).
 */
export async function startOnce(databaseUrl: string): Promise<void> {
  const config = testConfig(databaseUrl, {});
  const app = await createApp(config, dataSourceOptions(databaseUrl, 1, config.database.timeouts), { logs: false });
  try {
    await app.init();
  } finally {
    await app.close();
  }
}
