import { connect } from 'node:net';

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
