import { AUTH_MESSAGES } from '@cym/common';
import { JwtService } from '@nestjs/jwt';
import type { Socket } from 'socket.io-client';
import { Clock } from '../../server/src/common/clock/clock';
import { encodeUid, makeLinkToken } from '../../server/src/modules/auth/link-tokens';
import { User } from '../../server/src/modules/users/entities/user.entity';
import { createAccount, TestAccount } from '../support/accounts';
import { tokenOf, useChatSockets } from '../support/chat-sockets';
import { http } from '../support/http';
import { redisReachable, REDIS_URL } from '../support/redis';
import { startTestApp, TestApp } from '../support/test-app';

/** Forges tokens as an outsider would: no defaults, the secret and every option given at each call. */
const jwt = new JwtService();

jest.setTimeout(60_000);

/**
 * A chat socket lives no longer than the session that opened it. The access token's expiry closes
 * it; logout, a password reset, the reuse-revocation of a refresh family and an admin's deletion
 * close it at once, and the ended session's token opens no new one (nor passes on HTTP). With
 * Redis, a session ended through one process closes sockets on another.
 */
describe('chat sockets end with their session', () => {
  let t: TestApp;
  const sockets = useChatSockets();

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { listen: true, poolSize: 5 });
  });
  afterAll(() => t.close());

  const connect = (app: TestApp, token: string) => sockets.connect(app, token);
  /** Resolves with the reason when the server closes the socket. */
  const closed = (socket: Socket): Promise<string> =>
    new Promise((resolve) => {
      if (!socket.connected) return resolve('already closed');
      socket.once('disconnect', (reason) => resolve(reason));
    });
  /** A login of the account through the real endpoint: a second, independent session. */
  const logIn = async (account: TestAccount): Promise<{ access: string; refresh: string }> =>
    (
      await http(t)
        .post('/api/token/')
        .set('X-Forwarded-For', '198.51.100.20')
        .send({ username: account.email, password: 'clave1234' })
        .expect(200)
    ).body;

  it('closes the socket when its access token expires', async () => {
    const worker = await createAccount(t, 'Worker');
    const claims = jwt.decode(tokenOf(worker)) as Record<string, unknown>;
    const shortLived = jwt.sign(
      { ...claims, exp: Math.floor(Date.now() / 1000) + 2 },
      { secret: t.config.jwtSecret, algorithm: 'HS256' },
    );
    const socket = await connect(t, shortLived);
    expect(await closed(socket)).toBe('io server disconnect');
    await expect(connect(t, shortLived)).rejects.toThrow(AUTH_MESSAGES.sessionExpired);
    // The same login with a fresh token connects again.
    await expect(connect(t, tokenOf(worker))).resolves.toBeDefined();
  });

  it('logout closes every socket of the user, and the old token opens nothing', async () => {
    const worker = await createAccount(t, 'Worker');
    const other = await logIn(worker);
    const first = await connect(t, tokenOf(worker));
    const second = await connect(t, other.access);
    const closings = [closed(first), closed(second)];
    await http(t).post('/api/logout/').set(worker.auth).expect(200);
    expect(await Promise.all(closings)).toEqual(['io server disconnect', 'io server disconnect']);
    await expect(connect(t, tokenOf(worker))).rejects.toThrow(AUTH_MESSAGES.sessionExpired);
    await http(t).get('/api/user/get-data/').set(worker.auth).expect(401);
    await http(t).get('/api/user/get-data/').set('Authorization', `Bearer ${other.access}`).expect(401);
  });

  it('a reused refresh token ends that login and its sockets, not the other logins', async () => {
    const employer = await createAccount(t, 'Parent');
    const stolen = await logIn(employer);
    const victim = await connect(t, stolen.access);
    const bystander = await connect(t, tokenOf(employer));
    const victimClosed = closed(victim);
    await http(t).post('/api/token/refresh/').send({ refresh: stolen.refresh }).expect(200);
    // Reused after the grace a spent token keeps (the app's clock a minute on): a theft's.
    const clock = jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 60_000));
    try {
      await http(t).post('/api/token/refresh/').send({ refresh: stolen.refresh }).expect(401);
    } finally {
      clock.mockRestore();
    }
    expect(await victimClosed).toBe('io server disconnect');
    await expect(connect(t, stolen.access)).rejects.toThrow(AUTH_MESSAGES.sessionExpired);
    // The employer's first login is another family: it stays.
    expect(bystander.connected).toBe(true);
    await http(t).get('/api/user/get-data/').set(employer.auth).expect(200);
  });

  it('a password reset closes the sockets', async () => {
    const worker = await createAccount(t, 'Worker');
    const socket = await connect(t, tokenOf(worker));
    const user = await t.dataSource.manager.findOneByOrFail(User, { id: worker.userId });
    const token = makeLinkToken(t.config.jwtSecret, 'reset-password', user);
    const socketClosed = closed(socket);
    await http(t)
      .post(`/api/reset/${encodeUid(worker.userId)}/${token}/`)
      .send({ password: 'nueva12345' })
      .expect(200);
    expect(await socketClosed).toBe('io server disconnect');
    await expect(connect(t, tokenOf(worker))).rejects.toThrow(AUTH_MESSAGES.sessionExpired);
  });

  it("an admin's deletion closes the account's socket before it can write again", async () => {
    const admin = await createAccount(t, 'admin');
    const worker = await createAccount(t, 'Worker');
    const socket = await connect(t, tokenOf(worker));
    const socketClosed = closed(socket);
    await http(t).delete(`/api/admin/user/${worker.userId}/delete/`).set(admin.auth).expect(204);
    expect(await socketClosed).toBe('io server disconnect');
    await expect(connect(t, tokenOf(worker))).rejects.toThrow(AUTH_MESSAGES.sessionExpired);
  });

  describe('across two processes joined by Redis', () => {
    let available = false;
    let a: TestApp;
    let b: TestApp;

    beforeAll(async () => {
      available = await redisReachable();
      if (!available) return console.warn(`SKIPPED: no Redis reachable at ${REDIS_URL}`);
      const env = { TRUST_PROXY: '1', REDIS_URL };
      a = await startTestApp(env, { listen: true, poolSize: 5 });
      b = await startTestApp(env, { listen: true, poolSize: 5, databaseUrl: a.databaseUrl });
    });
    afterAll(async () => {
      sockets.disconnectAll();
      if (b) await b.close();
      if (a) await a.close();
    });

    it('logout through one process closes the socket held by the other', async () => {
      if (!available) return;
      const worker = await createAccount(a, 'Worker');
      const socket = await connect(b, tokenOf(worker));
      const socketClosed = closed(socket);
      await http(a).post('/api/logout/').set(worker.auth).expect(200);
      expect(await socketClosed).toBe('io server disconnect');
    });
  });
});
