import { REFERENCE_MESSAGES } from '@cym/common';
import { AppException } from '../../common/app-exception';
import { parsePage } from './references.service';

/** The status and body a refused page answers with, or a failure if it was accepted. */
function refusal(raw: unknown): { status: number; body: unknown } {
  try {
    parsePage(raw);
  } catch (error) {
    if (error instanceof AppException) return { status: error.getStatus(), body: error.getResponse() };
    throw error;
  }
  throw new Error(`accepted ${JSON.stringify(raw)}`);
}

describe('parsePage (the references lists: a worker, an employer, the admin list)', () => {
  it.each([['0'], ['-1'], ['abc'], ['1.5'], ['9999999']])('refuses page=%s with 400', (page) => {
    expect(refusal(page)).toEqual({
      status: 400,
      body: {
        error: REFERENCE_MESSAGES.page,
        code: 'VALIDATION_FAILED',
        errors: { page: [REFERENCE_MESSAGES.page] },
      },
    });
  });

  it('reads a plain page number up to 999999, and the first page when none is given', () => {
    expect(parsePage('2')).toBe(2);
    expect(parsePage('999999')).toBe(999999);
    expect(parsePage(undefined)).toBe(1);
    expect(parsePage('')).toBe(1);
  });
});
