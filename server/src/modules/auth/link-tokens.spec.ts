import { checkLinkToken, decodeUid, encodeUid, LinkSubject, makeLinkToken } from './link-tokens';

const secret = 'a-secret-that-is-long-enough-0123456789';
const subject: LinkSubject = { id: 42, passwordHash: '$2b$12$hash', lastLogin: null, emailVerifiedAt: null };

describe('link tokens', () => {
  const now = Date.UTC(2026, 10, 22, 12);

  it('round-trips the user id through uidb64 and refuses junk', () => {
    expect(decodeUid(encodeUid(42))).toBe(42);
    expect(decodeUid('!!')).toBeNull();
    expect(decodeUid(Buffer.from('0').toString('base64url'))).toBeNull();
    expect(decodeUid(Buffer.from('12abc').toString('base64url'))).toBeNull();
    expect(decodeUid(Buffer.from('99999999999').toString('base64url'))).toBeNull();
  });

  it('accepts a fresh token for its purpose only', () => {
    const token = makeLinkToken(secret, 'reset-password', subject, now);
    expect(checkLinkToken(secret, 'reset-password', subject, token, now + 1000)).toBe(true);
    expect(checkLinkToken(secret, 'verify-email', subject, token, now + 1000)).toBe(false);
    expect(checkLinkToken('another-secret-of-enough-length-000000', 'reset-password', subject, token, now)).toBe(false);
  });

  it('expires reset links after an hour and verification links after three days', () => {
    const reset = makeLinkToken(secret, 'reset-password', subject, now);
    expect(checkLinkToken(secret, 'reset-password', subject, reset, now + 3599_000)).toBe(true);
    expect(checkLinkToken(secret, 'reset-password', subject, reset, now + 3601_000)).toBe(false);
    const verify = makeLinkToken(secret, 'verify-email', subject, now);
    expect(checkLinkToken(secret, 'verify-email', subject, verify, now + 3 * 86400_000 - 1000)).toBe(true);
    expect(checkLinkToken(secret, 'verify-email', subject, verify, now + 3 * 86400_000 + 1000)).toBe(false);
  });

  it('dies when the password, the last login or the verification changes, or when tampered', () => {
    const token = makeLinkToken(secret, 'reset-password', subject, now);
    expect(checkLinkToken(secret, 'reset-password', { ...subject, passwordHash: 'other' }, token, now)).toBe(false);
    expect(checkLinkToken(secret, 'reset-password', { ...subject, lastLogin: new Date(now) }, token, now)).toBe(false);
    expect(checkLinkToken(secret, 'reset-password', { ...subject, emailVerifiedAt: new Date(now) }, token, now)).toBe(
      false,
    );
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(checkLinkToken(secret, 'reset-password', subject, tampered, now)).toBe(false);
    expect(checkLinkToken(secret, 'reset-password', subject, 'garbage', now)).toBe(false);
  });
});
