import { OutageLog, reconnectDelay } from './redis';

describe('reconnectDelay', () => {
  it('doubles from 200 ms, spread by ±20 %, and never waits more than 30 s', () => {
    expect([0, 1, 2, 3].map((retries) => reconnectDelay(retries, () => 0.5))).toEqual([200, 400, 800, 1600]);
    expect(reconnectDelay(0, () => 0)).toBe(160);
    expect(reconnectDelay(0, () => 1)).toBe(240);
    for (const retries of [8, 9, 50, 1e6]) {
      expect(reconnectDelay(retries, () => 0)).toBe(30_000);
      expect(reconnectDelay(retries, () => 1)).toBe(30_000);
    }
  });
});

describe('OutageLog', () => {
  it('logs one warning when the failures start and one line when they end, with their count and length', () => {
    const logger = { warn: jest.fn(), log: jest.fn() };
    let now = 1_000;
    const outage = new OutageLog(logger, 'Doing without Redis', 'Redis again', () => now);
    outage.recovered();
    expect(logger.log).not.toHaveBeenCalled();
    outage.failed(new Error('connect ECONNREFUSED 127.0.0.1:1'));
    now += 1_000;
    outage.failed(new Error('connect ECONNREFUSED 127.0.0.1:1'));
    outage.failed('later');
    expect(logger.warn.mock.calls).toEqual([['Doing without Redis: connect ECONNREFUSED 127.0.0.1:1']]);
    now += 1_500;
    outage.recovered();
    outage.recovered();
    expect(logger.log.mock.calls).toEqual([['Redis again (after 3 s, 3 failures)']]);
    outage.failed(new Error('gone'));
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });
});
