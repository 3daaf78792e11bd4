import { EMAIL_MAX_LENGTH, isEmail, normalizeEmail } from './validation';

describe('e-mail addresses', () => {
  it('takes something@something.tld up to 254 characters', () => {
    const at254 = `${'a'.repeat(EMAIL_MAX_LENGTH - '@example.com'.length)}@example.com`;
    expect(at254).toHaveLength(254);
    expect(isEmail(at254)).toBe(true);
    expect(isEmail(`a${at254}`)).toBe(false);
    expect(isEmail('ana@example.com')).toBe(true);
  });

  it('refuses spaces, a missing part and anything after the address', () => {
    for (const value of [
      'ana@example',
      'ana@@example.com',
      'ana @example.com',
      'ana@example.com extra',
      'x ana@example.com',
      '@example.com',
    ])
      expect([value, isEmail(value)]).toEqual([value, false]);
  });

  it('compares addresses trimmed and in lower case', () => {
    expect(normalizeEmail('  Ana.Paz@Example.COM ')).toBe('ana.paz@example.com');
  });
});
