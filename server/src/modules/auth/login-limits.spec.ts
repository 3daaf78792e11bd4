import { RateLimitedException, RateLimiter } from '../../common/rate-limit/rate-limiter';
import { addressKey, LOGIN_RULES, LoginLimits } from './login-limits';

describe('LoginLimits', () => {
  let now: number;
  let limits: LoginLimits;
  beforeEach(() => {
    now = 1_000_000;
    const clock = () => now;
    limits = new LoginLimits(new RateLimiter(clock), clock);
  });
  const fail = (email: string, ip: string) => limits.begin(email, ip); // a failure is simply not given back
  const refused = async (email: string, ip: string) => {
    try {
      await (await limits.begin(email, ip)).cancelled();
      return false;
    } catch (error) {
      if (error instanceof RateLimitedException) return true;
      throw error;
    }
  };

  it('counts only failures: right passwords and cancelled attempts are given back', async () => {
    for (let i = 0; i < 50; i += 1) await (await limits.begin('ana@example.com', '10.0.0.1')).succeeded();
    for (let i = 0; i < 50; i += 1) await (await limits.begin('ana@example.com', '10.0.0.1')).cancelled();
    expect(await refused('ana@example.com', '10.0.0.1')).toBe(false);
  });

  it("blocks one address's guesses at one e-mail after 10 failures, not the owner elsewhere", async () => {
    for (let i = 0; i < LOGIN_RULES.accountAddress.limit; i += 1) await fail('ana@example.com', '10.0.0.1');
    expect(await refused('ana@example.com', '10.0.0.1')).toBe(true);
    expect(await refused('ana@example.com', '10.0.0.2')).toBe(false);
    now += LOGIN_RULES.accountAddress.windowMs;
    expect(await refused('ana@example.com', '10.0.0.1')).toBe(false);
  });

  it('counts attempts in flight, so parallel guesses cannot overtake the count', async () => {
    const inFlight = await Promise.all(
      Array.from({ length: LOGIN_RULES.accountAddress.limit }, () => limits.begin('ana@example.com', '10.0.0.1')),
    );
    expect(await refused('ana@example.com', '10.0.0.1')).toBe(true);
    await inFlight[0].succeeded();
    expect(await refused('ana@example.com', '10.0.0.1')).toBe(false);
  });

  it('forgets the owner’s typos once they get it right', async () => {
    for (let i = 0; i < LOGIN_RULES.accountAddress.limit - 1; i += 1) await fail('ana@example.com', '10.0.0.1');
    await (await limits.begin('ana@example.com', '10.0.0.1')).succeeded();
    for (let i = 0; i < LOGIN_RULES.accountAddress.limit - 1; i += 1) await fail('ana@example.com', '10.0.0.1');
    expect(await refused('ana@example.com', '10.0.0.1')).toBe(false);
  });

  it('blocks one address trying many e-mails after 30 failures', async () => {
    for (let i = 0; i < LOGIN_RULES.address.limit; i += 1) await fail(`u${i}@example.com`, '10.0.0.9');
    expect(await refused('nueva@example.com', '10.0.0.9')).toBe(true);
    expect(await refused('nueva@example.com', '10.0.0.8')).toBe(false);
  });

  it('slows a spread attack on one e-mail for new addresses but lets the known address in', async () => {
    await (await limits.begin('ana@example.com', '192.0.2.7')).succeeded();
    for (let i = 0; i < LOGIN_RULES.account.limit; i += 1) await fail('ana@example.com', `198.51.100.${i}`);
    expect(await refused('ana@example.com', '203.0.113.50')).toBe(true);
    expect(await refused('ana@example.com', '192.0.2.7')).toBe(false);
    // Another account is not affected.
    expect(await refused('otra@example.com', '203.0.113.50')).toBe(false);
  });

  it('stops knowing an address after 30 days', async () => {
    await (await limits.begin('ana@example.com', '192.0.2.7')).succeeded();
    now += 31 * 24 * 3_600_000;
    for (let i = 0; i < LOGIN_RULES.account.limit; i += 1) await fail('ana@example.com', `198.51.100.${i}`);
    expect(await refused('ana@example.com', '192.0.2.7')).toBe(true);
  });

  it('counts IPv6 by /64 and IPv4-mapped addresses as IPv4', async () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressKey('10.1.2.3')).toBe('10.1.2.3');
    for (let i = 0; i < LOGIN_RULES.accountAddress.limit; i += 1)
      await fail('ana@example.com', `2001:db8:1:2::${i + 1}`);
    expect(await refused('ana@example.com', '2001:db8:1:2:ffff::9')).toBe(true);
  });
});
