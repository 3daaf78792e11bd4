import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('writes what arrives in one turn together, in order, and answers each its own result', async () => {
    const batches: number[][] = [];
    const commit = new GroupCommit<number, string>(async (items) => {
      batches.push(items);
      return items.map((n) => `saved ${n}`);
    });
    const answers = await Promise.all([1, 2, 3].map((n) => commit.submit(n)));
    expect(answers).toEqual(['saved 1', 'saved 2', 'saved 3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('groups what arrives while a batch is being written into the next one', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const commit = new GroupCommit<number, number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await first;
      return items;
    });
    const a = commit.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const rest = [2, 3].map((n) => commit.submit(n));
    release();
    expect(await Promise.all([a, ...rest])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('retries a failed batch one by one: only the bad item fails', async () => {
    const calls: number[][] = [];
    const commit = new GroupCommit<number, number>(async (items) => {
      calls.push(items);
      if (items.includes(2)) throw new Error('bad row');
      return items.map((n) => n * 10);
    });
    const answers = await Promise.allSettled([1, 2, 3].map((n) => commit.submit(n)));
    expect(answers).toEqual([
      { status: 'fulfilled', value: 10 },
      { status: 'rejected', reason: new Error('bad row') },
      { status: 'fulfilled', value: 30 },
    ]);
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('cuts a long queue into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const commit = new GroupCommit<number, number>(async (items) => {
      sizes.push(items.length);
      return items;
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => commit.submit(n)));
    expect(sizes).toEqual([2, 2, 1]);
  });
});
