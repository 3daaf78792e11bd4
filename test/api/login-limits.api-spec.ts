import { AUTH_MESSAGES, COMMON_MESSAGES } from '@cym/common';
import { createAccount, TestAccount } from '../support/accounts';
import { PASSWORDS_BUSY_MESSAGE } from '../../server/src/modules/auth/password-hasher';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/**
 * Login limits count failed attempts only: per e-mail and address (10 / 15 min), per address
 * (30), and per e-mail from addresses that never logged in to it (30). Each test uses its own
 * accounts and its own address ranges (header values only: nothing is sent anywhere).
 */
describe('login limits API', () => {
  let t: TestApp;

  beforeAll(async () => {
    // One proxy in front: the client address is the last X-Forwarded-For entry.
    t = await startTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const login = (from: string, username: string, password: string) =>
    http(t).post('/api/token/').set('X-Forwarded-For', from).send({ username, password });

  function expectRateLimited(res: { status: number; body: unknown; headers: Record<string, string> }) {
    expect(res.status).toBe(429);
    expectErrorShape(res.body);
    expect(res.body).toEqual({ error: COMMON_MESSAGES.rateLimited, code: 'RATE_LIMITED' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  }

  let owner: TestAccount;
  beforeEach(async () => {
    owner = await createAccount(t, 'Worker', 'clave1234');
  });

  it("wrong passwords from other addresses do not lock out the owner's correct login", async () => {
    // One attacker hammering from one address (stopped there after 10) …
    for (let i = 0; i < 10; i += 1) await login('198.51.100.66', owner.email, 'mala12345').expect(401);
    expectRateLimited(await login('198.51.100.66', owner.email, 'mala12345'));
    // … and a dozen more from other addresses.
    for (let i = 1; i <= 12; i += 1) await login(`198.51.100.${i}`, owner.email, `mala${i}1234`).expect(401);

    // The owner, from an address that never logged in before, still gets in.
    const res = await login('192.0.2.10', owner.email, 'clave1234').expect(200);
    expect(res.body.access).toEqual(expect.any(String));
  });

  it('blocks one address after 10 wrong passwords for an e-mail, even with the right one, but not the owner elsewhere', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await login('198.51.100.200', owner.email, 'mala12345').expect(401);
      expect(res.body).toMatchObject({ code: 'WRONG_PASSWORD', error: AUTH_MESSAGES.wrongPassword });
    }
    expectRateLimited(await login('198.51.100.200', owner.email, 'mala12345'));
    expectRateLimited(await login('198.51.100.200', owner.email, 'clave1234'));
    await login('192.0.2.20', owner.email, 'clave1234').expect(200);
  });

  it('forgets the owner’s typos once they log in, and never counts right passwords', async () => {
    for (let i = 0; i < 9; i += 1) await login('192.0.2.30', owner.email, 'mala12345').expect(401);
    await login('192.0.2.30', owner.email, 'clave1234').expect(200);
    for (let i = 0; i < 9; i += 1) await login('192.0.2.30', owner.email, 'mala12345').expect(401);
    for (let i = 0; i < 15; i += 1) await login('192.0.2.30', owner.email, 'clave1234').expect(200);
  });

  it('blocks one address trying many e-mails after 30 failures', async () => {
    for (let i = 0; i < 30; i += 1) await login('198.51.100.230', `nadie${i}@example.com`, 'mala12345').expect(400);
    expectRateLimited(await login('198.51.100.230', 'otro@example.com', 'mala12345'));
    expectRateLimited(await login('198.51.100.230', owner.email, 'clave1234'));
    await login('192.0.2.40', owner.email, 'clave1234').expect(200);
  });

  it('slows a spread attack on one e-mail for new addresses, while the owner’s known address gets in', async () => {
    // The owner logs in from home once: the address is remembered for the account.
    await login('192.0.2.50', owner.email, 'clave1234').expect(200);
    // Thirty guesses, each from a different address: none of them trips a per-address limit.
    for (let i = 1; i <= 30; i += 1) await login(`203.0.113.${100 + i}`, owner.email, `mala${i}1234`).expect(401);

    // New addresses are now refused for this e-mail, whatever the password.
    expectRateLimited(await login('203.0.113.200', owner.email, 'mala12345'));
    expectRateLimited(await login('203.0.113.201', owner.email, 'clave1234'));
    // The owner's known address still gets in, and other accounts are not affected.
    await login('192.0.2.50', owner.email, 'clave1234').expect(200);
    const other = await createAccount(t, 'Parent', 'otra12345');
    await login('203.0.113.202', other.email, 'otra12345').expect(200);
  });

  it('answers a busy server with a 429 BUSY in Spanish instead of an ever longer wait', async () => {
    // A separate app on the same data with no room to queue: one check at a time, none waiting.
    const busy = await startTestApp(
      { TRUST_PROXY: '1', PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0' },
      { databaseUrl: t.databaseUrl },
    );
    // An unknown e-mail is checked against a cost-12 hash (~0.2 s), so parallel attempts overlap.
    const attempt = () =>
      http(busy)
        .post('/api/token/')
        .set('X-Forwarded-For', '192.0.2.60')
        .send({ username: 'nadie.busy@example.com', password: 'mala12345' });
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, attempt));
      const checked = answers.filter((res) => res.status === 400).length;
      const refused = answers.filter((res) => res.status === 429);
      expect(checked).toBeGreaterThanOrEqual(1);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect(checked + refused.length).toBe(6);
      expectErrorShape(refused[0].body);
      expect(refused[0].body).toEqual({ error: PASSWORDS_BUSY_MESSAGE, code: 'BUSY' });
      expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
      // Refused checks were not counted as failures: the address has exactly 10 - checked left.
      for (let i = checked; i < 10; i += 1) await attempt().expect(400);
      expectRateLimited(await attempt());
    } finally {
      await busy.close();
    }
  });
});
