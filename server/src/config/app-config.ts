import { type AuthSettings, authSettings, AuthVariables } from './settings/auth.settings';
import {
  type DatabaseSettings,
  databasePlace,
  databaseSettings,
  DatabaseVariables,
} from './settings/database.settings';
import { type DemoSettings, demoSettings, DemoVariables } from './settings/demo.settings';
import { type JobsSettings, jobsSettings, JobsVariables } from './settings/jobs.settings';
import { type MailSettings, mailSettings, MailVariables } from './settings/mail.settings';
import { type MetricsSettings, metricsSettings, MetricsVariables } from './settings/metrics.settings';
import { type PaymentsSettings, paymentsSettings, PaymentsVariables } from './settings/payments.settings';
import { type PushSettings, pushSettings, PushVariables } from './settings/push.settings';
import { type RedisSettings, redisSettings, RedisVariables } from './settings/redis.settings';
import { type ServerSettings, serverSettings, ServerVariables } from './settings/server.settings';
import { ConfigError, parseConcern, type SettingsContext } from './settings/settings-kit';
import { type SiteSettings, siteSettings, SiteVariables } from './settings/site.settings';
import { type StorageSettings, storageSettings, StorageVariables } from './settings/storage.settings';

export { ConfigError } from './settings/settings-kit';
export { REPO_ROOT, type TrustProxy } from './settings/server.settings';
export type { DatabaseTimeouts } from './settings/database.settings';
export type { PushSettings } from './settings/push.settings';
export type { S3Settings } from './settings/storage.settings';
export { totpKeyOf } from './settings/auth.settings';

/**
 * Every setting the server reads, by concern: each concern's file under settings/ declares its
 * variables (the only place they are named), validates them and makes its part of the
 * configuration. docs/SETTINGS.md lists them all, checked against these classes and
 * .env.example by settings-docs.spec.ts.
 */
export const SETTINGS_CONCERNS = {
  server: ServerVariables,
  database: DatabaseVariables,
  storage: StorageVariables,
  redis: RedisVariables,
  auth: AuthVariables,
  mail: MailVariables,
  jobs: JobsVariables,
  payments: PaymentsVariables,
  push: PushVariables,
  site: SiteVariables,
  metrics: MetricsVariables,
  demo: DemoVariables,
} as const;

/** The validated configuration everything else receives (APP_CONFIG); nothing else reads process.env. */
export type AppConfig = ServerSettings &
  DatabaseSettings &
  StorageSettings &
  RedisSettings &
  AuthSettings &
  MailSettings &
  JobsSettings &
  PaymentsSettings & { push: PushSettings } & SiteSettings &
  MetricsSettings &
  DemoSettings;

/** Reads and validates the environment, failing fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const server = parseConcern(ServerVariables, env, problems);
  const database = parseConcern(DatabaseVariables, env, problems);
  const storage = parseConcern(StorageVariables, env, problems);
  const redis = parseConcern(RedisVariables, env, problems);
  const auth = parseConcern(AuthVariables, env, problems);
  const mail = parseConcern(MailVariables, env, problems);
  const jobs = parseConcern(JobsVariables, env, problems);
  const payments = parseConcern(PaymentsVariables, env, problems);
  const push = parseConcern(PushVariables, env, problems);
  const site = parseConcern(SiteVariables, env, problems);
  const metrics = parseConcern(MetricsVariables, env, problems);
  const demo = parseConcern(DemoVariables, env, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  const context: SettingsContext = {
    env: server.NODE_ENV,
    production: server.NODE_ENV === 'production',
    ...databasePlace(database),
  };
  // The concerns that may refuse the configuration, in the order their messages are most useful.
  const paid = paymentsSettings(payments, context);
  const stored = storageSettings(storage);
  const demoData = demoSettings(demo, context);
  const data = databaseSettings(database, context);
  const siteParts = siteSettings(site);
  return {
    ...serverSettings(server),
    ...data,
    ...stored,
    ...redisSettings(redis),
    ...authSettings(auth, context),
    ...mailSettings(mail),
    ...jobsSettings(jobs),
    ...paid,
    ...siteParts,
    ...metricsSettings(metrics),
    ...demoData,
    ...pushSettings(push, context, siteParts.contact.email),
  };
}
