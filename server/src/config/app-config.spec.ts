import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'cym-config-'));

  it('defaults to the embedded database with demo data and a secret kept in the data folder', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.database.url).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('does not seed a real server by default and treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db', JWT_SECRET: 's'.repeat(32), SMTP_URL: '' });
    expect(config.seedDemo).toBe(false);
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(
      loadConfig({ DATABASE_URL: 'postgres://x@h/db', JWT_SECRET: 's'.repeat(32), SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
  });

  it('keeps only the digits of the WhatsApp number and strips the trailing slash of PUBLIC_URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      WHATSAPP_NUMBER: '+54 9 11 5555-0000',
      PUBLIC_URL: 'https://x.com.ar/',
    });
    expect(config.contact.whatsappNumber).toBe('5491155550000');
    expect(config.publicUrl).toBe('https://x.com.ar');
  });

  it('lists every invalid setting at once', () => {
    expect(() => loadConfig({ PORT: 'abc', PUBLIC_URL: 'not a url', JWT_SECRET: 'short' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', PUBLIC_URL: 'not a url', JWT_SECRET: 'short' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('PUBLIC_URL');
      expect(message).toContain('JWT_SECRET');
    }
  });

  it('requires JWT_SECRET in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATA_DIR: dataDir(),
        PAYMENTS_SANDBOX: 'true',
        DATABASE_URL: 'postgres://x@h/db',
      }),
    ).toThrow(/JWT_SECRET/);
  });

  describe('production never seeds known passwords', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      TOTP_ENCRYPTION_KEY: 't'.repeat(40),
      PAYMENTS_SANDBOX: 'true',
    };

    it('does not seed the demo data, on a server or on the embedded database', () => {
      expect(loadConfig({ ...production, DATABASE_URL: 'postgres://x@h/db' }).seedDemo).toBe(false);
      const embedded = loadConfig({ ...production, DATA_DIR: dataDir(), ALLOW_EMBEDDED_DATABASE: 'true' });
      expect(embedded.seedDemo).toBe(false);
      expect(embedded.embeddedInProduction).toBe(true);
    });

    it('stops the start-up when SEED_DEMO=true asks for it', () => {
      expect(() => loadConfig({ ...production, DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: 'true' })).toThrow(
        /SEED_DEMO=true is refused in production/,
      );
    });

    it('allows the embedded database only with ALLOW_EMBEDDED_DATABASE=true', () => {
      expect(() => loadConfig({ ...production, DATA_DIR: dataDir() })).toThrow(/ALLOW_EMBEDDED_DATABASE/);
      expect(loadConfig({ ...production, DATABASE_URL: 'postgres://x@h/db' }).embeddedInProduction).toBe(false);
    });
  });

  describe("the key of the admins' second-factor secrets", () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), PAYMENTS_SANDBOX: 'true' };
    const server = { DATABASE_URL: 'postgres://x@h/db' };

    it('is required in production, at least 32 characters', () => {
      expect(() => loadConfig({ ...production, ...server })).toThrow(/TOTP_ENCRYPTION_KEY is required in production/);
      expect(() => loadConfig({ ...production, ...server, TOTP_ENCRYPTION_KEY: 'short' })).toThrow(
        /TOTP_ENCRYPTION_KEY/,
      );
      expect(loadConfig({ ...production, ...server, TOTP_ENCRYPTION_KEY: 't'.repeat(32) }).totpKey).toHaveLength(32);
    });

    it('defaults outside production to one derived from the JWT secret, never the secret itself', () => {
      const a = loadConfig({ ...server, JWT_SECRET: 'x'.repeat(40) }).totpKey;
      expect(a).toHaveLength(32);
      expect(loadConfig({ ...server, JWT_SECRET: 'x'.repeat(40) }).totpKey.equals(a)).toBe(true);
      expect(loadConfig({ ...server, JWT_SECRET: 'y'.repeat(40) }).totpKey.equals(a)).toBe(false);
      expect(a.toString('latin1')).not.toContain('x'.repeat(32));
      const own = loadConfig({ ...server, JWT_SECRET: 'x'.repeat(40), TOTP_ENCRYPTION_KEY: 'x'.repeat(40) }).totpKey;
      expect(own.equals(a)).toBe(false);
    });
  });

  describe('TRUST_PROXY', () => {
    const base = () => ({ DATA_DIR: dataDir() });

    it('is off by default and takes a hop count or proxy addresses', () => {
      expect(loadConfig(base()).trustProxy).toBe(false);
      expect(loadConfig({ ...base(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ ...base(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadConfig({ ...base(), TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
        '10.0.0.0/8',
        '127.0.0.1',
      ]);
    });

    it("refuses true, which would trust the client's own left-most X-Forwarded-For entry", () => {
      expect(() => loadConfig({ ...base(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
      expect(() => loadConfig({ ...base(), TRUST_PROXY: 'loopback; rm' })).toThrow(/TRUST_PROXY/);
    });
  });

  it('chooses the payment provider by configuration, never the sandbox in production by default', () => {
    const secret = { JWT_SECRET: 'x'.repeat(40), TOTP_ENCRYPTION_KEY: 't'.repeat(40), DATA_DIR: dataDir() };
    expect(loadConfig(secret).payments.provider).toBe('sandbox');
    expect(loadConfig({ ...secret, MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-123456789' }).payments.provider).toBe(
      'mercadopago',
    );
    const server = { DATABASE_URL: 'postgres://x@h/db' };
    expect(() => loadConfig({ ...secret, ...server, NODE_ENV: 'production' })).toThrow(/MERCADOPAGO_ACCESS_TOKEN/);
    expect(
      loadConfig({ ...secret, ...server, NODE_ENV: 'production', PAYMENTS_SANDBOX: 'true' }).payments.provider,
    ).toBe('sandbox');
  });
});

describe('MercadoPago settings at start-up', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(48),
    TOTP_ENCRYPTION_KEY: 't'.repeat(48),
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/casaymanos',
    MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1234567890-abcdef',
  };

  it('refuses production with a token and no webhook secret, saying why', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/MERCADOPAGO_WEBHOOK_SECRET is required in production/);
    expect(() => loadConfig(production)).toThrow(/comes back to the result page/);
  });

  it('starts with the secret, and reconciles every 10 minutes unless told otherwise', () => {
    const config = loadConfig({ ...production, MERCADOPAGO_WEBHOOK_SECRET: 'secret-0123456789' });
    expect(config.payments.reconcileMs).toBe(600_000);
    const off = loadConfig({
      ...production,
      MERCADOPAGO_WEBHOOK_SECRET: 'secret-0123456789',
      MERCADOPAGO_RECONCILE_MINUTES: '0',
    });
    expect(off.payments.reconcileMs).toBe(0);
  });
});
