import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

/** The repository root, from either the compiled (server/dist/src/config) or source location. */
export const REPO_ROOT = resolve(__dirname, __dirname.includes(`${sep}dist${sep}`) ? '../../../..' : '../../..');

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : ['1', 'true', 'yes'].includes(String(value).toLowerCase());
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

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

  /** Folder of the embedded database and generated secrets when DATABASE_URL is not set. */
  @IsString()
  DATA_DIR = './data';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  REDIS_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32)
  JWT_SECRET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  SMTP_URL?: string;

  /** How often the background sender looks for due e-mails, in milliseconds. */
  @Transform(toInt)
  @IsInt()
  @Min(50)
  MAIL_POLL_MS = 5000;

  /** bcrypt work factor for passwords (decisions: 12). Tests may lower it for speed. */
  @Transform(toInt)
  @IsInt()
  @Min(4)
  @Max(15)
  BCRYPT_COST = 12;

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

  /** Fill an empty database with demo data at start-up (default: on for the embedded database). */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  SEED_DEMO?: boolean;

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

  /** Seconds a public directory page is answered from memory before it is read again; 0 turns the cache off. */
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

  /** Trust X-Forwarded-For from a reverse proxy (needed for per-IP limits behind one). */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  TRUST_PROXY?: boolean;

  /** Folder of the built SPA; the server serves it when it exists. */
  @IsString()
  WEB_DIST_DIR = '';
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  database: { url?: string; dataDir: string };
  redisUrl?: string;
  jwtSecret: string;
  mail: { smtpUrl?: string; from: string; pollMs: number };
  bcryptCost: number;
  admin: { email?: string; password?: string };
  seedDemo: boolean;
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
    bank: { name: string; holder: string; cuit: string; alias: string; account: string };
  };
  /** How long a public directory page may be answered from memory (0: never). */
  directoryCacheMs: number;
  logLevel: string;
  trustProxy: boolean;
  webDistDir: string;
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
  const dataDir = resolve(settings.DATA_DIR);
  const embedded = !settings.DATABASE_URL;
  return {
    env: settings.NODE_ENV,
    port: settings.PORT,
    host: settings.HOST,
    publicUrl: (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, ''),
    database: { url: settings.DATABASE_URL, dataDir },
    redisUrl: settings.REDIS_URL,
    jwtSecret: settings.JWT_SECRET ?? persistentSecret(dataDir, settings.NODE_ENV),
    mail: { smtpUrl: settings.SMTP_URL, from: settings.MAIL_FROM, pollMs: settings.MAIL_POLL_MS },
    bcryptCost: settings.BCRYPT_COST,
    admin: { email: settings.ADMIN_EMAIL, password: settings.ADMIN_PASSWORD },
    seedDemo: settings.SEED_DEMO ?? embedded,
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
    trustProxy: settings.TRUST_PROXY ?? false,
    webDistDir: settings.WEB_DIST_DIR ? resolve(settings.WEB_DIST_DIR) : join(REPO_ROOT, 'web/dist'),
  };
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
