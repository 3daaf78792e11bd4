import { IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { AsInt, EmptyIsUnset, refuse, type SettingsContext } from './settings-kit';

/** Sessions, passwords, the admins' second factor and the first admin. */
export class AuthVariables {
  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  @MinLength(32)
  JWT_SECRET?: string;

  /**
   * Encrypts the admins' TOTP secrets at rest (AES-256-GCM; the key is derived from this value).
   * Outside production it defaults to one derived from JWT_SECRET; production must set it.
   * Changing it makes every enrolled admin enrol again.
   */
  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  @MinLength(32)
  TOTP_ENCRYPTION_KEY?: string;

  /** bcrypt work factor for passwords (12 by default). Tests may lower it for speed. */
  @AsInt()
  @IsInt()
  @Min(4)
  @Max(15)
  BCRYPT_COST = 12;

  /**
   * bcrypt operations running at once (they share libuv's 4 threads with zlib and file reads).
   * Default: half the cores, at least 1.
   */
  @AsInt()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  PASSWORD_HASH_CONCURRENCY?: number;

  /** Password checks allowed to wait for a turn; past that a login is refused (429 BUSY). */
  @AsInt()
  @IsInt()
  @Min(0)
  @Max(10000)
  PASSWORD_HASH_QUEUE = 20;

  /**
   * Seconds after a refresh token is spent during which presenting it again answers the same
   * successor instead of ending the login as a stolen token's: two tabs refreshing at once, or a
   * phone whose answer was lost. 0 turns the grace off.
   */
  @AsInt()
  @IsInt()
  @Min(0)
  @Max(300)
  REFRESH_REUSE_GRACE_SECONDS = 30;

  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  ADMIN_EMAIL?: string;

  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  @MinLength(8)
  ADMIN_PASSWORD?: string;
}

export interface AuthSettings {
  jwtSecret: string;
  /** The 32-byte AES-256-GCM key of the admins' TOTP secrets (TOTP_ENCRYPTION_KEY). */
  totpKey: Buffer;
  bcryptCost: number;
  /** Bound on concurrent bcrypt work (PasswordHasher). */
  passwordHashing: { concurrency: number; maxQueue: number };
  /** How long a spent refresh token still answers its successor (REFRESH_REUSE_GRACE_SECONDS). */
  refreshReuseGraceSeconds: number;
  admin: { email?: string; password?: string };
}

export function authSettings(values: AuthVariables, context: SettingsContext): AuthSettings {
  const jwtSecret = values.JWT_SECRET ?? persistentSecret(context);
  return {
    jwtSecret,
    totpKey: totpKeyOf(values.TOTP_ENCRYPTION_KEY, jwtSecret, context.production),
    bcryptCost: values.BCRYPT_COST,
    passwordHashing: {
      concurrency: values.PASSWORD_HASH_CONCURRENCY ?? Math.max(1, Math.floor(availableParallelism() / 2)),
      maxQueue: values.PASSWORD_HASH_QUEUE,
    },
    refreshReuseGraceSeconds: values.REFRESH_REUSE_GRACE_SECONDS,
    admin: { email: values.ADMIN_EMAIL, password: values.ADMIN_PASSWORD },
  };
}

/**
 * The key of the admins' TOTP secrets: HKDF-SHA-256 of TOTP_ENCRYPTION_KEY, or, outside
 * production, of the JWT secret (which persists in DATA_DIR), so a development database keeps
 * its enrolments across restarts. Production must name its own key, as it does JWT_SECRET.
 */
export function totpKeyOf(configured: string | undefined, jwtSecret: string, production: boolean): Buffer {
  if (!configured && production)
    refuse(
      "TOTP_ENCRYPTION_KEY is required in production (at least 32 characters, e.g. `openssl rand -base64 48`): it encrypts the admins' second-factor secrets; changing it later makes every admin enrol again",
    );
  const material = configured ?? jwtSecret;
  const info = configured ? 'casa-y-manos totp secrets' : 'casa-y-manos totp secrets from the jwt secret';
  return Buffer.from(hkdfSync('sha256', material, 'casa-y-manos', info, 32));
}

/**
 * Without JWT_SECRET the secret is generated once and kept in the data folder, so sessions
 * survive restarts of the embedded default. Production must set JWT_SECRET.
 */
function persistentSecret({ dataDir, production }: SettingsContext): string {
  if (production) refuse('JWT_SECRET is required in production');
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
