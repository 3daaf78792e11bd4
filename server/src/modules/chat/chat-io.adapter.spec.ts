import { coalesceWrites } from './chat-io.adapter';

describe('coalesceWrites', () => {
  it('flushes a connection once per event-loop turn, with its TCP socket corked', async () => {
    const calls: string[] = [];
    const raw = { cork: () => calls.push('cork'), uncork: () => calls.push('uncork') };
    const connection = {
      transport: { socket: { _socket: raw } },
      flush(this: unknown) {
        calls.push(this === connection ? 'flush' : 'flush on another object');
      },
    };
    coalesceWrites(connection);
    connection.flush();
    connection.flush();
    connection.flush();
    expect(calls).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['cork', 'flush', 'uncork']);
    connection.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['cork', 'flush', 'uncork', 'cork', 'flush', 'uncork']);
  });

  it('flushes without corking a transport that has no TCP socket of its own (polling)', async () => {
    let flushed = 0;
    const connection = { transport: {}, flush: () => void (flushed += 1) };
    coalesceWrites(connection);
    connection.flush();
    connection.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushed).toBe(1);
  });
});
