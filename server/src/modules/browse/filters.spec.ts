import { PAGE_PARAM_MESSAGE } from '@cym/common';
import { AppException } from '../../common/app-exception';
import type { Catalog } from '../catalog/catalog.service';
import { FILTER_KEY_OFFSETS, hasVerifiedCode, parseBrowseQuery, VERIFIED_CODE_ID } from './filters';

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

describe('parseBrowseQuery: the page (GET /api/workers/ and /api/job-offers/)', () => {
  const catalog: Catalog = {
    services: [],
    tasks: [],
    workArrangements: [],
    languages: [],
    shifts: [],
    provinces: [],
    municipalities: [],
    centroids: new Map(),
    educationStatuses: [],
  };

  /** The status and body a refused query answers with, or a failure if it was accepted. */
  function refusal(query: Record<string, unknown>): { status: number; body: unknown } {
    try {
      parseBrowseQuery(query, catalog);
    } catch (error) {
      if (error instanceof AppException) return { status: error.getStatus(), body: error.getResponse() };
      throw error;
    }
    throw new Error(`accepted ${JSON.stringify(query)}`);
  }

  it.each([['0'], ['-1'], ['abc'], ['1.5'], ['9999999']])('refuses page=%s with 400', (page) => {
    expect(refusal({ page })).toEqual({
      status: 400,
      body: { error: PAGE_PARAM_MESSAGE, code: 'VALIDATION_FAILED', errors: { page: [PAGE_PARAM_MESSAGE] } },
    });
  });

  it('reads a plain page number, and the first page when none is given', () => {
    expect(parseBrowseQuery({ page: '2' }, catalog)).toMatchObject({ page: 2, paginated: true });
    expect(parseBrowseQuery({ page: '999999' }, catalog)).toMatchObject({ page: 999999 });
    expect(parseBrowseQuery({}, catalog)).toMatchObject({ page: 1, paginated: false });
  });
});
