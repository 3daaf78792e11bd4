import { REFRESH_RETRY_WAITS_MS, refreshEndsSession } from './session-refresh';

describe('refreshEndsSession', () => {
  it("ends the session on the server's refusal of the token", () => {
    for (const status of [400, 401, 403]) expect(refreshEndsSession(status)).toBe(true);
  });

  it('keeps it when no verdict came: no answer, a server or gateway error, a timeout, a rate limit', () => {
    for (const status of [null, 408, 429, 500, 502, 503]) expect(refreshEndsSession(status)).toBe(false);
  });
});

describe('REFRESH_RETRY_WAITS_MS', () => {
  it("asks again only within the server's 30-second grace for a spent token", () => {
    const total = REFRESH_RETRY_WAITS_MS.reduce((sum, wait) => sum + wait, 0);
    expect(total).toBeLessThan(30_000);
  });
});
