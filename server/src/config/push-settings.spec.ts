import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

/** The Web Push settings (VAPID_*): configured, generated once into DATA_DIR, or off. */
describe('push settings', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'cym-push-'));
  const pair = {
    VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
    VAPID_PRIVATE_KEY: 'k'.repeat(43),
  };

  it('generates the pair once into DATA_DIR/vapid.json (0600) and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).push;
    expect(first.vapid?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.vapid?.subject).toBe('mailto:hola@casaymanos.com.ar');
    expect(statSync(join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(dir, 'vapid.json'), 'utf8'))).toEqual({
      publicKey: first.vapid?.publicKey,
      privateKey: first.vapid?.privateKey,
    });
    expect(loadConfig({ DATA_DIR: dir }).push.vapid).toEqual(first.vapid);
  });

  it('takes the configured pair and subject', () => {
    const push = loadConfig({ DATA_DIR: dataDir(), ...pair, VAPID_SUBJECT: 'https://casaymanos.com.ar' }).push;
    expect(push.vapid).toEqual({
      publicKey: pair.VAPID_PUBLIC_KEY,
      privateKey: pair.VAPID_PRIVATE_KEY,
      subject: 'https://casaymanos.com.ar',
    });
  });

  it('refuses half a pair, or keys of the wrong size', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...pair, VAPID_PRIVATE_KEY: 'short' })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...pair, VAPID_SUBJECT: 'http://x' })).toThrow(/VAPID_SUBJECT/);
  });

  it('is off in production on DATABASE_URL without the pair, and loopback http only outside production', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x@h/db',
      JWT_SECRET: 's'.repeat(32),
      TOTP_ENCRYPTION_KEY: 't'.repeat(32),
      PAYMENTS_SANDBOX: 'true',
      DATA_DIR: dataDir(),
    };
    const off = loadConfig(production).push;
    expect(off.vapid).toBeNull();
    expect(off.offReason).toMatch(/VAPID_PUBLIC_KEY/);
    expect(off.allowLoopbackHttp).toBe(false);
    expect(loadConfig({ ...production, ...pair }).push.vapid?.publicKey).toBe(pair.VAPID_PUBLIC_KEY);
    expect(loadConfig({ DATA_DIR: dataDir() }).push.allowLoopbackHttp).toBe(true);
  });
});
