import { ERROR_CODES, isErrorCode } from './errors';

describe('ERROR_CODES', () => {
  it('lists each code once, in the upper-case snake form clients match on', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it('tells a listed code from anything else', () => {
    expect(isErrorCode('VALIDATION_FAILED')).toBe(true);
    expect(isErrorCode('MEMBERSHIP_REQUIRED')).toBe(true);
    expect(isErrorCode('VALIDATION_FAILD')).toBe(false);
    expect(isErrorCode('validation_failed')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });
});
