import { connect, createServer, type Server, type Socket } from 'node:net';

export const REDIS_HOST = '127.0.0.1';
export const REDIS_PORT = 6379;
export const REDIS_URL = `redis://${REDIS_HOST}:${REDIS_PORT}`;

/** Whether something answers at Redis's address (the CI machine has one); suites skip, saying so, otherwise. */
export function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: REDIS_HOST, port: REDIS_PORT, timeout: 1000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * A TCP relay to the test Redis on a port of the test's choosing: nothing answers there until
 * `listen`, so an app pointed at it starts with Redis down and sees it come up.
 */
export class RedisRelay {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  async listen(port: number): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect({ host: REDIS_HOST, port: REDIS_PORT });
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          this.sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, REDIS_HOST, resolve);
    });
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}
