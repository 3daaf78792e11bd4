import { randomBytes } from 'node:crypto';
import { recoveryCodeOf, totpCodeOf } from '@cym/common';
import {
  decryptSecret,
  encryptSecret,
  hashRecoveryCode,
  matchingRecoveryHash,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  showRecoveryCode,
  totpCode,
  totpStep,
} from './second-factor';

describe("admins' second factor, without a database", () => {
  // RFC 6238's SHA-1 test key ('12345678901234567890'), in base32.
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  it('computes RFC 6238 codes and accepts one step either side, no further', () => {
    // Appendix B: 59 s → 94287082, of which an app shows the last six digits.
    expect(totpCode(RFC_SECRET, new Date(59_000))).toBe('287082');
    const at = new Date(1_111_111_109_000);
    expect(totpCode(RFC_SECRET, at)).toBe('081804');
    const step = totpStep(at);
    for (const delta of [-1, 0, 1])
      expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(at.getTime() + delta * 30_000)), at)).toBe(
        step + delta,
      );
    for (const delta of [-2, 2])
      expect(matchingStep(RFC_SECRET, totpCode(RFC_SECRET, new Date(at.getTime() + delta * 30_000)), at)).toBeNull();
  });

  it('seals the secret so that only the same key opens it, and no tampering passes', () => {
    const key = randomBytes(32);
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const sealed = encryptSecret(secret, key);
    expect(sealed).not.toContain(secret);
    expect(encryptSecret(secret, key)).not.toBe(sealed);
    expect(decryptSecret(sealed, key)).toBe(secret);
    expect(decryptSecret(sealed, randomBytes(32))).toBeNull();
    const [format, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] ^= 1;
    expect(decryptSecret([format, iv, tag, flipped.toString('base64url')].join('.'), key)).toBeNull();
    expect(decryptSecret('not sealed', key)).toBeNull();
  });

  it('makes ten distinct recovery codes, kept only as salted hashes, found however they are typed', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const stored = codes.map((code) => hashRecoveryCode(code));
    expect(stored.join()).not.toContain(codes[0]);
    // The same code hashes differently under two salts.
    expect(hashRecoveryCode(codes[0]!)).not.toBe(hashRecoveryCode(codes[0]!));
    const typed = showRecoveryCode(codes[3]!).toLowerCase().replace('-', ' ');
    expect(matchingRecoveryHash(stored, recoveryCodeOf(typed)!)).toBe(stored[3]);
    expect(matchingRecoveryHash(stored, 'ABCDEFGHJK')).toBeNull();
  });

  it('reads six digits as a code, with spaces, and nothing else', () => {
    expect(totpCodeOf(' 123 456 ')).toBe('123456');
    for (const typed of ['12345', '1234567', '12a456', '']) expect(totpCodeOf(typed)).toBeNull();
    expect(recoveryCodeOf('abcde-23456')).toBe('ABCDE23456');
    expect(recoveryCodeOf('abcde')).toBeNull();
  });
});
