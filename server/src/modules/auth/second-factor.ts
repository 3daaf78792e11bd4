import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '@cym/common';
import { Secret, TOTP } from 'otpauth';

/*
 * The pieces of an admin's second factor that need no database: TOTP codes (RFC 6238, through
 * the `otpauth` library), the secret's encryption at rest and the recovery codes.
 */

/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Casa y Manos';
/** Codes of the step before and after the current one are accepted too (a phone's clock drifts). */
export const TOTP_WINDOW = 1;

function totp(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new random secret (160 bits, RFC 4226's recommended length), in base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI a QR code carries: issuer, the admin's e-mail as label, the secret. */
export function otpauthUri(secretBase32: string, email: string): string {
  return totp(secretBase32, email).toString();
}

/** The 30-second step a time falls in. */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a secret at a time (tests, and the development login's printed hint). */
export function totpCode(secretBase32: string, at: Date): string {
  return totp(secretBase32).generate({ timestamp: at.getTime() });
}

/**
 * The step whose code `code` is, within one step of `at`, or null. The caller accepts it only
 * when it is later than the last step accepted (a code works once).
 */
export function matchingStep(secretBase32: string, code: string, at: Date): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(at) + delta;
}

// ─── The secret at rest ──────────────────────────────────────────────────────────────────────

const FORMAT = 'v1';

/** AES-256-GCM with a random 96-bit IV: `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
export function encryptSecret(secretBase32: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or null when the value was not sealed with this key (another key, or tampered). */
export function decryptSecret(sealed: string, key: Buffer): string | null {
  const [format, iv, tag, data] = sealed.split('.');
  if (format !== FORMAT || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

// ─── Recovery codes ──────────────────────────────────────────────────────────────────────────

/** 32 letters and digits without 0/O, 1/I: ten of them are 50 random bits, read aloud without doubt. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Ten new codes in their stored form ('ABCDE23456'); shown as 'ABCDE-23456' (`showRecoveryCode`). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () =>
    Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(''),
  );
}

export function showRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * `<salt>.<sha256(salt + code)>` in hex. A fast hash is enough: each code is 50 random bits, and
 * the salt keeps one table from serving every stored code.
 */
export function hashRecoveryCode(code: string, salt = randomBytes(8).toString('hex')): string {
  return `${salt}.${createHash('sha256').update(salt).update(code).digest('hex')}`;
}

/** The stored hash among `stored` that `code` (in stored form) matches, or null. */
export function matchingRecoveryHash(stored: string[], code: string): string | null {
  let found: string | null = null;
  for (const entry of stored) {
    const [salt] = entry.split('.');
    const candidate = Buffer.from(hashRecoveryCode(code, salt));
    const known = Buffer.from(entry);
    // Every entry is compared, in constant time each, so the answer's timing says nothing.
    if (candidate.length === known.length && timingSafeEqual(candidate, known)) found = entry;
  }
  return found;
}
