import { IsBoolean, IsOptional, Matches } from 'class-validator';
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { AsBool, EmptyIsUnset, refuse, type SettingsContext } from './settings-kit';

/** Web Push: the VAPID key pair the pushes are signed with, and who may be told about them. */
export class PushVariables {
  /**
   * Web Push (VAPID) key pair, base64url: the public key (65 bytes) the browsers subscribe with and
   * its private key (32 bytes) that signs each push. Without them the pair is generated once into
   * DATA_DIR/vapid.json, except in production on DATABASE_URL, where push stays off (logged):
   * every process must sign with the same pair. `npx web-push generate-vapid-keys` makes one.
   */
  @EmptyIsUnset()
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{87}$/, { message: 'VAPID_PUBLIC_KEY must be 65 bytes in base64url (87 characters)' })
  VAPID_PUBLIC_KEY?: string;

  @EmptyIsUnset()
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'VAPID_PRIVATE_KEY must be 32 bytes in base64url (43 characters)' })
  VAPID_PRIVATE_KEY?: string;

  /** Who the push services may contact about our pushes: `mailto:` or `https:`; default mailto:CONTACT_EMAIL. */
  @EmptyIsUnset()
  @IsOptional()
  @Matches(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: 'VAPID_SUBJECT must be a mailto: or https: address' })
  VAPID_SUBJECT?: string;

  /**
   * Accept push subscriptions whose endpoint is plain http on 127.0.0.1/localhost (a test's stand-in
   * for the push service). Default: on outside production, off in production.
   */
  @AsBool()
  @IsOptional()
  @IsBoolean()
  PUSH_ALLOW_LOOPBACK_HTTP?: boolean;
}

/** Web Push: the VAPID pair and subject, or `vapid: null` (push off, `offReason` says why). */
export interface PushSettings {
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  offReason?: string;
  /** Subscriptions may name http://127.0.0.1 or http://localhost endpoints (tests). */
  allowLoopbackHttp: boolean;
}

/**
 * The VAPID pair from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; without them, generated once into
 * DATA_DIR/vapid.json (0600) and reused, as the JWT secret is. Production on DATABASE_URL runs
 * several processes that must sign alike and may not share DATA_DIR: there push stays off
 * rather than each process inventing its own pair (subscriptions made with one would be
 * refused by the push service when another signs). Half a pair stops the start-up.
 * `contactEmail` is the site's, the subject's default.
 */
export function pushSettings(
  values: PushVariables,
  context: SettingsContext,
  contactEmail: string,
): { push: PushSettings } {
  const subject = values.VAPID_SUBJECT ?? `mailto:${contactEmail}`;
  const allowLoopbackHttp = values.PUSH_ALLOW_LOOPBACK_HTTP ?? !context.production;
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = values;
  if (publicKey && privateKey) return { push: { vapid: { publicKey, privateKey, subject }, allowLoopbackHttp } };
  if (publicKey || privateKey)
    refuse(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (npx web-push generate-vapid-keys) or neither',
    );
  if (context.production && !context.embedded)
    return {
      push: {
        vapid: null,
        offReason:
          'push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (the same pair in every process) to turn them on',
        allowLoopbackHttp,
      },
    };
  return { push: { vapid: { ...persistentVapidKeys(context.dataDir), subject }, allowLoopbackHttp } };
}

function persistentVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string')
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
    refuse(`${file} does not hold a VAPID key pair: remove it to make a new one`);
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
