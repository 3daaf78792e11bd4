import type { DataSourceOptions } from 'typeorm';
import { timedQuery, withQueryTiming } from './query-timing';

describe('timedQuery', () => {
  const observed: number[] = [];
  const observe = (seconds: number) => observed.push(seconds);
  beforeEach(() => observed.splice(0));

  it('times a query answered by a promise, once it settles, and answers what the driver answers', async () => {
    let settle!: (rows: unknown) => void;
    const run = jest.fn(() => new Promise((resolve) => (settle = resolve)));
    const answer = timedQuery(run, observe)('SELECT 1', [2]) as Promise<unknown>;
    expect(run).toHaveBeenCalledWith('SELECT 1', [2]);
    expect(observed).toEqual([]);
    settle({ rows: [1] });
    await expect(answer).resolves.toEqual({ rows: [1] });
    expect(observed).toHaveLength(1);
    expect(observed[0]).toBeGreaterThanOrEqual(0);
  });

  it('times a failed query and leaves its error to the caller', async () => {
    const failure = new Error('relation does not exist');
    const answer = timedQuery(() => Promise.reject(failure), observe)('SELECT * FROM nada');
    await expect(answer).rejects.toBe(failure);
    expect(observed).toHaveLength(1);
  });

  it('times a query answered through a callback, before the callback runs', () => {
    const callback = jest.fn(() => expect(observed).toHaveLength(1));
    let answer!: (error: Error | null, result?: unknown) => void;
    const run = jest.fn((_text: unknown, _values: unknown, done: unknown) => {
      answer = done as typeof answer;
      return undefined;
    });
    timedQuery(run, observe)('SELECT 1', [], callback);
    expect(callback).not.toHaveBeenCalled();
    answer(null, { rows: [] });
    expect(callback).toHaveBeenCalledWith(null, { rows: [] });
  });

  it('passes a submittable (a cursor) through untimed', () => {
    const cursor = { submit: () => undefined };
    const run = jest.fn(() => cursor);
    expect(timedQuery(run, observe)(cursor)).toBe(cursor);
    expect(observed).toEqual([]);
  });
});

describe('withQueryTiming', () => {
  it("keeps the data source's options and adds the timed client class to the pool's", () => {
    const options = { type: 'postgres', url: 'postgres://x', extra: { max: 3 } } as DataSourceOptions;
    const timed = withQueryTiming(options, () => undefined);
    const extra = timed.extra as { max: number; Client: new () => { query: unknown } };
    expect(extra.max).toBe(3);
    expect(typeof extra.Client).toBe('function');
    expect((options.extra as Record<string, unknown>).Client).toBeUndefined();
  });
});
