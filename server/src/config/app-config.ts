import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import { hkdfSync, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve, sep } from 'node:path';

/** The repository root, from either the compiled (server/dist/server/src/config) or source location. */
export const REPO_ROOT = resolve(__dirname, __dirname.includes(`${sep}dist${sep}`) ? '../../../../..' : '../../..');

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(String(value).toLowerCase());
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/** `false`/`0`, a hop count, or a list of IPv4/IPv6 addresses with optional /prefix. */
const TRUST_PROXY_PATTERN = /^(false|\d{1,2}|[0-9A-Fa-f.:]+(\/\d{1,3})?(\s*,\s*[0-9A-Fa-f.:]+(\/\d{1,3})?)*)$/;

/**
 * Fastify's `trustProxy`: false, a hop count, or the trusted proxy addresses. A hop count of n
 * makes Fastify take the address n entries from the right of X-Forwarded-For (the one the
 * nearest trusted proxy saw), never the client-written left-most one.
 */
export type TrustProxy = false | number | string[];

function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

/**
 * Every setting the server reads, validated once at start-up. This is the only place that
 * reads process.env; everything else receives an AppConfig.
 */
export class EnvSettings {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /**
   * Public address of the site, used in e-mail links; never taken from the request's Host.
   * Default: http://localhost:PORT, so the console links work on a newcomer's machine.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  PUBLIC_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  DATABASE_URL?: string;

  /**
   * Database time limits, in milliseconds: one statement, one wait for a lock, and one wait for a
   * connection from the pool. Past them the request answers 503 instead of hanging.
   */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  DB_STATEMENT_TIMEOUT_MS = 10_000;

  @Transform(toInt)
  @IsInt()
  @Min(50)
  DB_LOCK_TIMEOUT_MS = 3_000;

  @Transform(toInt)
  @IsInt()
  @Min(50)
  DB_ACQUIRE_TIMEOUT_MS = 5_000;

  /**
   * Connections each process keeps to the DATABASE_URL server (requests and background jobs
   * share them). N processes open up to N times this: keep it under the server's max_connections.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  DB_POOL_SIZE = 10;

  /** Folder of the embedded database and generated secrets when DATABASE_URL is not set. */
  @IsString()
  DATA_DIR = './data';

  /**
   * Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO) instead of DATA_DIR/uploads,
   * so several server processes share them. Set with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
    message: 'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
  })
  S3_BUCKET?: string;

  /** The S3 API address of R2 or MinIO (https://<account>.r2.cloudflarestorage.com); empty for AWS. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  S3_ENDPOINT?: string;

  /** The bucket's region; R2 takes `auto` or this default, MinIO its own (default us-east-1). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  S3_REGION?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  /** The bucket in the path (host/bucket/key), not the host name; default: on with S3_ENDPOINT (MinIO needs it). */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  S3_FORCE_PATH_STYLE?: boolean;

  /** Folder inside the bucket for the photos (`photos/`); default: the bucket's top level. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9!_.*'()/-]+$/, { message: "S3_PREFIX may hold letters, digits and / ! - _ . * ' ( ) only" })
  S3_PREFIX?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  REDIS_URL?: string;

  /** Prepended to our Redis keys and the chat's channel: deployments or test runs may share one Redis. */
  @IsString()
  REDIS_KEY_PREFIX = 'casaymanos:';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32)
  JWT_SECRET?: string;

  /**
   * Encrypts the admins' TOTP secrets at rest (AES-256-GCM; the key is derived from this value).
   * Outside production it defaults to one derived from JWT_SECRET; production must set it.
   * Changing it makes every enrolled admin enrol again.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32)
  TOTP_ENCRYPTION_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SMTP_URL?: string;

  /** How often the background sender looks for due e-mails, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  MAIL_POLL_MS = 5000;

  /**
   * How often (seconds) the job supervisor runs: it retries jobs whose process died mid-job and
   * archives old ones. Tests and the cluster suite lower it.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(3600)
  JOBS_MAINTENANCE_SECONDS = 60;

  /**
   * How long (seconds) a job may run before it counts as abandoned (its process died) and is
   * retried; by default each kind's own (2 to 15 minutes). The cluster suite lowers it.
   */
  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3600)
  JOBS_EXPIRE_SECONDS?: number;

  /**
   * Whether this process runs background jobs (and their supervisor and schedules). false makes a
   * web-only process that still enqueues them; at least one process of a deployment must run them.
   */
  @Transform(toBool)
  @IsBoolean()
  JOBS_WORK = true;

  /** bcrypt work factor for passwords (decisions: 12). Tests may lower it for speed. */
  @Transform(toInt)
  @IsInt()
  @Min(4)
  @Max(15)
  BCRYPT_COST = 12;

  /**
   * bcrypt operations running at once (they share libuv's 4 threads with zlib and file reads).
   * Default: half the cores, at least 1.
   */
  @Transform(toInt)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  PASSWORD_HASH_CONCURRENCY?: number;

  /** Password checks allowed to wait for a turn; past that a login is refused (429 BUSY). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(10000)
  PASSWORD_HASH_QUEUE = 20;

  @IsString()
  MAIL_FROM = 'Casa y Manos <no-responder@casaymanos.com.ar>';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ADMIN_EMAIL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(8)
  ADMIN_PASSWORD?: string;

  /**
   * Fill an empty database with demo data before the server starts (default: on for the embedded
   * database outside production): `npm start` and `npm run dev` run the seed (seed/) first, which
   * reads this. The demo accounts share a published password, so production refuses it.
   */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  SEED_DEMO?: boolean;

  /**
   * Production normally runs on DATABASE_URL. The embedded database (one process, one machine) is
   * allowed there only when this says so explicitly, and the start-up log repeats it.
   */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  ALLOW_EMBEDDED_DATABASE?: boolean;

  /** Digits only, with country code: the fixed WhatsApp button and the footer. */
  @IsString()
  WHATSAPP_NUMBER = '5491100000000';

  @IsString()
  CONTACT_EMAIL = 'hola@casaymanos.com.ar';

  @IsString()
  CONTACT_ADDRESS = 'Ciudad Autónoma de Buenos Aires, Argentina';

  @IsUrl({ require_protocol: true })
  INSTAGRAM_URL = 'https://www.instagram.com/';

  @IsUrl({ require_protocol: true })
  FACEBOOK_URL = 'https://www.facebook.com/';

  @IsUrl({ require_protocol: true })
  LINKEDIN_URL = 'https://www.linkedin.com/';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Contact form submissions per IP per hour. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  CONTACT_RATE_LIMIT = 5;

  /**
   * Seconds a public directory page or public worker profile is answered from memory before it is
   * read again; 0 turns both caches off.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(300)
  DIRECTORY_CACHE_SECONDS = 10;

  /**
   * MercadoPago credentials. Without an access token the built-in sandbox checkout takes the
   * provider's place (decisions: Membership and payments); production must set both.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(10)
  MERCADOPAGO_ACCESS_TOKEN?: string;

  /**
   * Allows the sandbox checkout with NODE_ENV=production (a demo server). Without it, production
   * refuses to start without MERCADOPAGO_ACCESS_TOKEN: the sandbox approves any payment.
   */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  PAYMENTS_SANDBOX?: boolean;

  /** The webhook's secret signature (MercadoPago: Tus integraciones → Webhooks). */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(8)
  MERCADOPAGO_WEBHOOK_SECRET?: string;

  /**
   * How often (minutes) the server asks MercadoPago about card payments still pending, so a buyer
   * who closed the tab before coming back is activated even when a notification was lost.
   * 0 switches it off. Runs only with MERCADOPAGO_ACCESS_TOKEN.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1440)
  MERCADOPAGO_RECONCILE_MINUTES = 10;

  /** Bank details shown on the transfer page. */
  @IsString()
  BANK_NAME = 'Banco a definir';

  @IsString()
  BANK_HOLDER = 'Casa y Manos S.A.S.';

  @IsString()
  BANK_CUIT = '30-00000000-0';

  @IsString()
  BANK_ALIAS = 'CASA.Y.MANOS';

  /** CBU or CVU: 22 digits. */
  @IsString()
  BANK_ACCOUNT = '0000000000000000000000';

  /**
   * Who stands in front of the server: `false` (nobody: the socket's address is the client), a
   * number of proxy hops (`1`: one load balancer; the client is the address that proxy saw, the
   * right-most X-Forwarded-For entry), or a comma-separated list of proxy addresses/CIDR ranges
   * (`10.0.0.0/8,127.0.0.1`). `true` is refused: it would trust the client-written left-most entry.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @Matches(TRUST_PROXY_PATTERN, {
    message:
      'TRUST_PROXY must be false, a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses/CIDR ranges; true would trust addresses the client writes',
  })
  TRUST_PROXY?: string;

  /** Folder of the built SPA; the server serves it when it exists. */
  @IsString()
  WEB_DIST_DIR = '';

  /**
   * Web Push (VAPID) key pair, base64url: the public key (65 bytes) the browsers subscribe with and
   * its private key (32 bytes) that signs each push. Without them the pair is generated once into
   * DATA_DIR/vapid.json, except in production on DATABASE_URL, where push stays off (logged):
   * every process must sign with the same pair. `npx web-push generate-vapid-keys` makes one.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{87}$/, { message: 'VAPID_PUBLIC_KEY must be 65 bytes in base64url (87 characters)' })
  VAPID_PUBLIC_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'VAPID_PRIVATE_KEY must be 32 bytes in base64url (43 characters)' })
  VAPID_PRIVATE_KEY?: string;

  /** Who the push services may contact about our pushes: `mailto:` or `https:`; default mailto:CONTACT_EMAIL. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @Matches(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: 'VAPID_SUBJECT must be a mailto: or https: address' })
  VAPID_SUBJECT?: string;

  /**
   * Accept push subscriptions whose endpoint is plain http on 127.0.0.1/localhost (a test's stand-in
   * for the push service). Default: on outside production, off in production.
   */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  PUSH_ALLOW_LOOPBACK_HTTP?: boolean;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  database: { url?: string; poolSize: number; dataDir: string; timeouts: DatabaseTimeouts };
  /** Where photos live: this bucket, or DATA_DIR/uploads when absent. */
  s3?: S3Settings;
  redisUrl?: string;
  /**
   * Rate limits under `<prefix>rl:`, the directory cache's version at `<prefix>directory:version`,
   * the public profile cache's at `<prefix>worker-profile:version`.
   */
  redisKeyPrefix: string;
  jwtSecret: string;
  /** The 32-byte AES-256-GCM key of the admins' TOTP secrets (TOTP_ENCRYPTION_KEY). */
  totpKey: Buffer;
  mail: { smtpUrl?: string; from: string; pollMs: number };
  /** Durable background jobs (JobQueue): whether this process runs them, the supervisor's period, the expiry. */
  jobs: { work: boolean; maintenanceSeconds: number; expireSeconds?: number };
  bcryptCost: number;
  /** Bound on concurrent bcrypt work (PasswordHasher). */
  passwordHashing: { concurrency: number; maxQueue: number };
  admin: { email?: string; password?: string };
  seedDemo: boolean;
  /** True when production runs on the embedded database because ALLOW_EMBEDDED_DATABASE said so. */
  embeddedInProduction: boolean;
  contact: {
    whatsappNumber: string;
    email: string;
    address: string;
    instagramUrl: string;
    facebookUrl: string;
    linkedinUrl: string;
    rateLimitPerHour: number;
  };
  payments: {
    /** 'mercadopago' with an access token, otherwise the built-in sandbox. */
    provider: 'mercadopago' | 'sandbox';
    mercadopagoAccessToken?: string;
    mercadopagoWebhookSecret?: string;
    /** Period of the reconciliation with MercadoPago; 0 when switched off. */
    reconcileMs: number;
    bank: { name: string; holder: string; cuit: string; alias: string; account: string };
  };
  /** How long a public directory page may be answered from memory (0: never). */
  directoryCacheMs: number;
  logLevel: string;
  trustProxy: TrustProxy;
  webDistDir: string;
  push: PushSettings;
}

/** Web Push: the VAPID pair and subject, or `vapid: null` (push off, `offReason` says why). */
export interface PushSettings {
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  offReason?: string;
  /** Subscriptions may name http://127.0.0.1 or http://localhost endpoints (tests). */
  allowLoopbackHttp: boolean;
}

/** An S3-compatible bucket for photos (the S3_* settings). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Empty for AWS S3 (the SDK derives it from the region). */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Empty, or ends with '/'. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** Per-statement, per-lock-wait and pool-acquire limits, in milliseconds. */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  acquireMs: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment, failing fast with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const settings = plainToInstance(EnvSettings, { ...env });
  const problems = validateSync(settings, { whitelist: false });
  if (problems.length > 0) {
    const lines = problems.map((p) => `${p.property}: ${Object.values(p.constraints ?? {}).join(', ')}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  if (settings.NODE_ENV === 'production' && !settings.MERCADOPAGO_ACCESS_TOKEN && !settings.PAYMENTS_SANDBOX)
    throw new ConfigError(
      'Invalid configuration:\n  MERCADOPAGO_ACCESS_TOKEN is required in production (or PAYMENTS_SANDBOX=true for a demo without real payments)',
    );
  if (settings.NODE_ENV === 'production' && settings.MERCADOPAGO_ACCESS_TOKEN && !settings.MERCADOPAGO_WEBHOOK_SECRET)
    throw new ConfigError(
      'Invalid configuration:\n  MERCADOPAGO_WEBHOOK_SECRET is required in production with MERCADOPAGO_ACCESS_TOKEN: without it every MercadoPago notification is refused (401), and a card payment is activated only when the buyer comes back to the result page or, minutes later, by the periodic reconciliation (MERCADOPAGO_RECONCILE_MINUTES). Copy the secret signature from MercadoPago (Tus integraciones → Webhooks).',
    );
  const s3 = s3SettingsOf(settings);
  const dataDir = resolve(settings.DATA_DIR);
  const embedded = !settings.DATABASE_URL;
  const production = settings.NODE_ENV === 'production';
  if (production && settings.SEED_DEMO)
    throw new ConfigError(
      'Invalid configuration:\n  SEED_DEMO=true is refused in production: the demo accounts share a published password (demo1234). Remove SEED_DEMO.',
    );
  if (production && embedded && !settings.ALLOW_EMBEDDED_DATABASE)
    throw new ConfigError(
      'Invalid configuration:\n  DATABASE_URL is required in production (or ALLOW_EMBEDDED_DATABASE=true for one process on the embedded database in DATA_DIR)',
    );
  const jwtSecret = settings.JWT_SECRET ?? persistentSecret(dataDir, settings.NODE_ENV);
  return {
    env: settings.NODE_ENV,
    port: settings.PORT,
    host: settings.HOST,
    publicUrl: (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, ''),
    database: {
      url: settings.DATABASE_URL,
      poolSize: settings.DB_POOL_SIZE,
      dataDir,
      timeouts: {
        statementMs: settings.DB_STATEMENT_TIMEOUT_MS,
        lockMs: settings.DB_LOCK_TIMEOUT_MS,
        acquireMs: settings.DB_ACQUIRE_TIMEOUT_MS,
      },
    },
    s3,
    redisUrl: settings.REDIS_URL,
    redisKeyPrefix: settings.REDIS_KEY_PREFIX,
    jwtSecret,
    totpKey: totpKeyOf(settings.TOTP_ENCRYPTION_KEY, jwtSecret, production),
    mail: { smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM, pollMs: settings.MAIL_POLL_MS },
    jobs: {
      work: settings.JOBS_WORK,
      maintenanceSeconds: settings.JOBS_MAINTENANCE_SECONDS,
      expireSeconds: settings.JOBS_EXPIRE_SECONDS,
    },
    bcryptCost: settings.BCRYPT_COST,
    passwordHashing: {
      concurrency: settings.PASSWORD_HASH_CONCURRENCY ?? Math.max(1, Math.floor(availableParallelism() / 2)),
      maxQueue: settings.PASSWORD_HASH_QUEUE,
    },
    admin: { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD },
    seedDemo: !production && (settings.SEED_DEMO ?? embedded),
    embeddedInProduction: production && embedded,
    contact: {
      whatsappNumber: settings.WHATSAPP_NUMBER.replace(/\D/g, ''),
      email: settings.CONTACT_EMAIL,
      address: settings.CONTACT_ADDRESS,
      instagramUrl: settings.INSTAGRAM_URL,
      facebookUrl: settings.FACEBOOK_URL,
      linkedinUrl: settings.LINKEDIN_URL,
      rateLimitPerHour: settings.CONTACT_RATE_LIMIT,
    },
    payments: {
      provider: settings.MERCADOPAGO_ACCESS_TOKEN ? 'mercadopago' : 'sandbox',
      mercadopagoAccessToken: settings.MERCADOPAGO_ACCESS_TOKEN,
      mercadopagoWebhookSecret: settings.MERCADOPAGO_WEBHOOK_SECRET,
      reconcileMs: settings.MERCADOPAGO_RECONCILE_MINUTES * 60_000,
      bank: {
        name: settings.BANK_NAME,
        holder: settings.BANK_HOLDER,
        cuit: settings.BANK_CUIT,
        alias: settings.BANK_ALIAS,
        account: settings.BANK_ACCOUNT,
      },
    },
    directoryCacheMs: settings.DIRECTORY_CACHE_SECONDS * 1000,
    logLevel: settings.LOG_LEVEL,
    trustProxy: trustProxyOf(settings.TRUST_PROXY),
    webDistDir: settings.WEB_DIST_DIR ? resolve(settings.WEB_DIST_DIR) : join(REPO_ROOT, 'web/dist'),
    push: pushSettingsOf(settings, dataDir, production && !embedded),
  };
}

/**
 * The VAPID pair from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; without them, generated once into
 * DATA_DIR/vapid.json (0600) and reused, as the JWT secret is. Production on DATABASE_URL runs
 * several processes that must sign alike and may not share DATA_DIR: there push stays off
 * rather than each process inventing its own pair (subscriptions made with one would be
 * refused by the push service when another signs). Half a pair stops the start-up.
 */
function pushSettingsOf(settings: EnvSettings, dataDir: string, sharedDatabase: boolean): PushSettings {
  const subject = settings.VAPID_SUBJECT ?? `mailto:${settings.CONTACT_EMAIL}`;
  const allowLoopbackHttp = settings.PUSH_ALLOW_LOOPBACK_HTTP ?? settings.NODE_ENV !== 'production';
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = settings;
  if (publicKey && privateKey) return { vapid: { publicKey, privateKey, subject }, allowLoopbackHttp };
  if (publicKey || privateKey)
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (npx web-push generate-vapid-keys) or neither',
    );
  if (sharedDatabase)
    return {
      vapid: null,
      offReason:
        'push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the same pair in every process) to turn them on',
      allowLoopbackHttp,
    };
  return { vapid: { ...persistentVapidKeys(dataDir), subject }, allowLoopbackHttp };
}

function persistentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string')
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    throw new ConfigError(
      `Invalid configuration:\n  ${file} does not hold a VAPID key pair: remove it to make a new one`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  // Written whole under a temporary name, then linked: processes starting together on the same
  // folder (the test suites) never read half a file, and all keep the first pair linked.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, JSON.stringify(keys), { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return persistentVapidKeys(dataDir);
    throw error;
  } finally {
    unlinkSync(draft);
  }
  return keys;
}

const S3_OPTIONAL = ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;
const S3_KEYS = ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The bucket for photos when S3_BUCKET is set; an incomplete set of S3_* settings stops the start-up. */
function s3SettingsOf(settings: EnvSettings): S3Settings | undefined {
  const bucket = settings.S3_BUCKET;
  if (!bucket) {
    const given = [...S3_KEYS, ...S3_OPTIONAL].filter((name) => settings[name] !== undefined);
    if (given.length === 0) return undefined;
    throw new ConfigError(
      `Invalid configuration:\n  S3_BUCKET is required with ${given.join(', ')}: photos go to object storage only when S3_BUCKET names the bucket (remove the S3_* settings to keep them in DATA_DIR/uploads)`,
    );
  }
  const accessKeyId = settings.S3_ACCESS_KEY_ID;
  const secretAccessKey = settings.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    const missing = S3_KEYS.filter((name) => !settings[name]);
    throw new ConfigError(
      `Invalid configuration:\n  ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required with S3_BUCKET: the access key pair of the bucket's account (R2: an API token's S3 credentials)`,
    );
  }
  const prefix = (settings.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  return {
    bucket,
    region: settings.S3_REGION ?? 'us-east-1',
    endpoint: settings.S3_ENDPOINT?.replace(/\/+$/, ''),
    forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? settings.S3_ENDPOINT !== undefined,
    prefix: prefix ? `${prefix}/` : '',
    accessKeyId,
    secretAccessKey,
  };
}

/**
 * The key of the admins' TOTP secrets: HKDF-SHA-256 of TOTP_ENCRYPTION_KEY, or, outside
 * production, of the JWT secret (which persists in DATA_DIR), so a development database keeps
 * its enrolments across restarts. Production must name its own key, as it does JWT_SECRET.
 */
export function totpKeyOf(configured: string | undefined, jwtSecret: string, production: boolean): Buffer {
  if (!configured && production)
    throw new ConfigError(
      "Invalid configuration:\n  TOTP_ENCRYPTION_KEY is required in production (at least 32 characters, e.g. `openssl rand -base64 48`): it encrypts the admins' second-factor secrets; changing it later makes every admin enrol again",
    );
  const material = configured ?? jwtSecret;
  const info = configured ? 'casa-y-manos totp secrets' : 'casa-y-manos totp secrets from the jwt secret';
  return Buffer.from(hkdfSync('sha256', material, 'casa-y-manos', info, 32));
}

/**
 * Without JWT_SECRET the secret is generated once and kept in the data folder, so sessions
 * survive restarts of the embedded default. Production must set JWT_SECRET.
 */
function persistentSecret(dataDir: string, env: string): string {
  if (env === 'production') throw new ConfigError('Invalid configuration:\n  JWT_SECRET is required in production');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
