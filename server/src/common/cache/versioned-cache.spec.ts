import { VersionedCache } from './versioned-cache';

const cache = (maxEntryBytes = 100, maxTotalBytes = 250) =>
  new VersionedCache<{ size: number; n: number }>({
    name: 'TestCache',
    ttlMs: 10_000,
    sizeOf: (value) => value.size,
    maxEntryBytes,
    maxTotalBytes,
  });

describe('VersionedCache', () => {
  it('serves a value above maxEntryBytes without keeping it', async () => {
    const c = cache();
    const read = jest.fn(async () => ({ size: 101, n: 1 }));
    await c.get('big', read);
    await c.get('big', read);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('lets the oldest values go beyond maxTotalBytes', async () => {
    const c = cache();
    const reads: string[] = [];
    const read = (key: string) => async () => {
      reads.push(key);
      return { size: 100, n: reads.length };
    };
    for (const key of ['a', 'b', 'c']) await c.get(key, read(key)); // 300 bytes: 'a' goes
    await c.get('b', read('b'));
    await c.get('c', read('c'));
    await c.get('a', read('a'));
    expect(reads).toEqual(['a', 'b', 'c', 'a']);
  });
});
