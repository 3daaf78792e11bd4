import { FILTER_KEY_OFFSETS, hasVerifiedCode, VERIFIED_CODE_ID } from './filters';

describe('hasVerifiedCode', () => {
  const verified = FILTER_KEY_OFFSETS.verified + VERIFIED_CODE_ID;

  it("finds 'Solo verificados' among a read model row's codes, as PostgreSQL writes int[] text", () => {
    expect(hasVerifiedCode(`{10000006,30000002,${verified}}`)).toBe(true);
    expect(hasVerifiedCode(`{${verified}}`)).toBe(true);
  });

  it('is false without the code, for another kind with the same id, and for no row', () => {
    expect(hasVerifiedCode('{10000006,30000002}')).toBe(false);
    expect(hasVerifiedCode(`{${FILTER_KEY_OFFSETS.province + VERIFIED_CODE_ID}}`)).toBe(false);
    expect(hasVerifiedCode('{}')).toBe(false);
    expect(hasVerifiedCode(null)).toBe(false);
  });
});
