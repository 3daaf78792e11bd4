import { BoundedQueue } from './bounded-queue';

class Refused extends Error {
  constructor(readonly retryAfter: number) {
    super('refused');
  }
}

describe('BoundedQueue', () => {
  it('runs a few at once, lets a few wait in order and refuses the rest with a Retry-After', async () => {
    const queue = new BoundedQueue({
      concurrency: 2,
      maxWaiting: 1,
      typicalMs: 1500,
      refuse: (seconds) => new Refused(seconds),
    });
    const releases: Array<() => void> = [];
    const started: number[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        started.push(n);
        releases.push(() => resolve(n));
      });
    const runs = [1, 2, 3].map((n) => queue.run(task(n)));
    const refused = queue.run(task(4)).catch((error: unknown) => error);
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    expect(queue.full).toBe(true);
    // Two waiting drawings' worth (1.5 s each) over two slots: 1.5 s, rounded up.
    expect(await refused).toEqual(new Refused(2));
    expect(started).toEqual([1, 2]);

    releases[0]!();
    expect(await runs[0]).toBe(1);
    expect(started).toEqual([1, 2, 3]);
    releases[1]!();
    releases[2]!();
    expect(await Promise.all(runs)).toEqual([1, 2, 3]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    expect(queue.full).toBe(false);
  });
});
