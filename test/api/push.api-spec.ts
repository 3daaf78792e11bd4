import { CHAT_LIMITS, PUSH_LIMITS, PUSH_MESSAGES, type PushPayload } from '@cym/common';
import { createECDH, randomBytes } from 'node:crypto';
import { Clock } from '../../server/src/common/clock/clock';
import { UnreadMailer } from '../../server/src/modules/chat/unread-mailer';
import { JobQueue } from '../../server/src/modules/jobs/job-queue';
import { PUSH_JOB, type PushJobData } from '../../server/src/modules/push/push-jobs';
import { PushService } from '../../server/src/modules/push/push.service';
import { createAccount, TestAccount, visibleWorker } from '../support/accounts';
import { tokenOf, useChatSockets } from '../support/chat-sockets';
import { insertMembership } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { atOnce, statusCounts } from '../support/race';
import { useTestApp } from '../support/test-app';
import { WebPushReceiver, type TestSubscription } from '../support/web-push-receiver';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

/**
 * Web Push: subscriptions (validation, ownership, the per-person limit), the notification
 * preferences, and the sender against a stand-in push service on the loopback that decrypts each
 * message with the subscription's own keys and checks its VAPID signature.
 */
describe('push notifications', () => {
  const t = useTestApp({ TRUST_PROXY: '1' }, { listen: true, poolSize: 10 });
  const receiver = new WebPushReceiver();
  const sockets = useChatSockets();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());
  afterEach(() => jest.restoreAllMocks());

  const push = () => t.app.get(PushService);
  const subscribe = (a: TestAccount, body: object) => http(t).post('/api/push/subscriptions').set(a.auth).send(body);
  const stored = async (userId: number) =>
    (await t.dataSource.query(
      `SELECT id, endpoint, p256dh, auth, user_agent, last_success_at FROM push_subscriptions WHERE user_id = $1 ORDER BY id`,
      [userId],
    )) as {
      id: number;
      endpoint: string;
      p256dh: string;
      auth: string;
      user_agent: string | null;
      last_success_at: Date | null;
    }[];
  const subscribed = async (a: TestAccount): Promise<TestSubscription> => {
    const subscription = receiver.subscription();
    await subscribe(a, { endpoint: subscription.endpoint, keys: subscription.keys, expirationTime: null }).expect(204);
    return subscription;
  };
  const payload: PushPayload = { title: 'Hola', body: 'Tenés novedades', url: '/conversations', tag: 'test' };

  describe('key and subscriptions', () => {
    it('gives the VAPID public key to anyone', async () => {
      const res = await http(t).get('/api/push/key').expect(200);
      expect(res.body.public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(Buffer.from(res.body.public_key, 'base64url')[0]).toBe(4);
      expect(res.body.public_key).toBe(t.config.push.vapid!.publicKey);
    });

    it('stores a valid subscription for the signed-in person only', async () => {
      const worker = await createAccount(t, 'Worker');
      const s = receiver.subscription();
      const body = { endpoint: s.endpoint, keys: s.keys };
      const anonymous = await http(t).post('/api/push/subscriptions').send(body).expect(401);
      expectErrorShape(anonymous.body);
      await subscribe(worker, body).set('User-Agent', 'Prueba/1.0').expect(204);
      expect(await stored(worker.userId)).toEqual([
        expect.objectContaining({
          endpoint: s.endpoint,
          p256dh: s.keys.p256dh,
          auth: s.keys.auth,
          user_agent: 'Prueba/1.0',
        }),
      ]);
      // Subscribing again is the same row.
      await subscribe(worker, body).expect(204);
      expect(await stored(worker.userId)).toHaveLength(1);
    });

    it('refuses endpoints that are not https, and keys of the wrong size, in Spanish', async () => {
      const worker = await createAccount(t, 'Worker');
      const s = receiver.subscription();
      const p256dh = createECDH('prime256v1');
      p256dh.generateKeys();
      const good = { p256dh: p256dh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') };
      const cases: [object, string][] = [
        [{ endpoint: 'http://push.example.com/x', keys: good }, PUSH_MESSAGES.insecureEndpoint],
        [{ endpoint: 'http://10.0.0.1/x', keys: good }, PUSH_MESSAGES.insecureEndpoint],
        [{ endpoint: 'ftp://push.example.com/x', keys: good }, PUSH_MESSAGES.insecureEndpoint],
        [{ endpoint: 'no es una dirección', keys: good }, PUSH_MESSAGES.invalidSubscription],
        [{ endpoint: 'https://user:pw@push.example.com/x', keys: good }, PUSH_MESSAGES.invalidSubscription],
        // Only the browsers' push services: the server never posts to an address of the caller's choosing.
        [{ endpoint: 'https://push.example.com/x', keys: good }, PUSH_MESSAGES.unknownService],
        [{ endpoint: 'https://169.254.169.254/latest', keys: good }, PUSH_MESSAGES.unknownService],
        [{ endpoint: 'https://fcm.googleapis.com.evil.example/x', keys: good }, PUSH_MESSAGES.unknownService],
        [
          { endpoint: s.endpoint, keys: { ...good, auth: randomBytes(15).toString('base64url') } },
          PUSH_MESSAGES.invalidSubscription,
        ],
        [
          { endpoint: s.endpoint, keys: { ...good, p256dh: randomBytes(65).toString('base64url') } },
          PUSH_MESSAGES.invalidSubscription,
        ],
        [
          { endpoint: s.endpoint, keys: { ...good, p256dh: good.p256dh.slice(0, 40) } },
          PUSH_MESSAGES.invalidSubscription,
        ],
        [{ endpoint: s.endpoint, keys: { ...good, auth: '***' } }, PUSH_MESSAGES.invalidSubscription],
        [{ endpoint: s.endpoint }, PUSH_MESSAGES.invalidSubscription],
        [{ endpoint: s.endpoint, keys: 'x' }, PUSH_MESSAGES.invalidSubscription],
        [{ endpoint: `https://fcm.googleapis.com/${'x'.repeat(1100)}`, keys: good }, PUSH_MESSAGES.invalidSubscription],
      ];
      for (const [body, message] of cases) {
        const res = await subscribe(worker, body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expectErrorShape(res.body);
        expect(res.body.error).toBe(message);
      }
      expect(await stored(worker.userId)).toEqual([]);
      // https to a push service is what browsers give.
      await subscribe(worker, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: good }).expect(204);
    });

    it('moves an endpoint to whoever subscribes with it last, and deletes only the caller’s own', async () => {
      const first = await createAccount(t, 'Worker');
      const second = await createAccount(t, 'Parent');
      const s = await subscribed(first);
      await subscribe(second, { endpoint: s.endpoint, keys: s.keys }).expect(204);
      expect(await stored(first.userId)).toEqual([]);
      expect(await stored(second.userId)).toHaveLength(1);
      // The first person cannot remove what is now the second's.
      await http(t).delete('/api/push/subscriptions').set(first.auth).send({ endpoint: s.endpoint }).expect(204);
      expect(await stored(second.userId)).toHaveLength(1);
      await http(t).delete('/api/push/subscriptions').set(second.auth).send({ endpoint: s.endpoint }).expect(204);
      expect(await stored(second.userId)).toEqual([]);
      const bad = await http(t).delete('/api/push/subscriptions').set(second.auth).send({});
      expect(bad.status).toBe(400);
      expectErrorShape(bad.body);
    });

    it('keeps the newest ten subscriptions of a person', async () => {
      const worker = await createAccount(t, 'Worker');
      const all: TestSubscription[] = [];
      for (let i = 0; i < 12; i += 1) all.push(await subscribed(worker));
      const kept = (await stored(worker.userId)).map((row) => row.endpoint).sort();
      expect(kept).toEqual(
        all
          .slice(2)
          .map((s) => s.endpoint)
          .sort(),
      );
    });

    it(bothEngines('keeps ten subscriptions when thirty browsers subscribe at once'), async () => {
      const worker = await createAccount(t, 'Worker');
      const older = Array.from({ length: PUSH_LIMITS.perUser }, () => receiver.subscription());
      await t.dataSource.query(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
         SELECT $1, endpoint, $3, $4, now() - interval '1 day' FROM unnest($2::text[]) AS endpoint`,
        [worker.userId, older.map((s) => s.endpoint), older[0]!.keys.p256dh, older[0]!.keys.auth],
      );
      const newer = Array.from({ length: 30 }, () => receiver.subscription());
      const answers = await atOnce(30, (i) =>
        subscribe(worker, { endpoint: newer[i]!.endpoint, keys: newer[i]!.keys }),
      );
      expect(statusCounts(answers)).toEqual({ 204: 30 });
      const kept = (await stored(worker.userId)).map((row) => row.endpoint);
      expect(kept).toHaveLength(PUSH_LIMITS.perUser);
      expect(newer.map((s) => s.endpoint)).toEqual(expect.arrayContaining(kept));
    });
  });

  describe('preferences', () => {
    const path = '/api/user/notification-preferences';

    it('starts with everything on and keeps what the person chooses', async () => {
      const worker = await createAccount(t, 'Worker');
      expect((await http(t).get(path).set(worker.auth).expect(200)).body).toEqual({
        message: { email: true, push: true },
        alert: { email: true, push: true },
      });
      const chosen = { message: { email: false, push: true }, alert: { email: true, push: false } };
      expect((await http(t).put(path).set(worker.auth).send(chosen).expect(200)).body).toEqual(chosen);
      expect((await http(t).get(path).set(worker.auth).expect(200)).body).toEqual(chosen);
      const other = await createAccount(t, 'Parent');
      expect((await http(t).get(path).set(other.auth).expect(200)).body.message.email).toBe(true);
      expectErrorShape((await http(t).get(path).expect(401)).body);
    });

    it('refuses an incomplete choice in Spanish', async () => {
      const worker = await createAccount(t, 'Worker');
      for (const body of [
        {},
        { message: { email: true, push: true } },
        { message: { email: 'sí', push: true }, alert: { email: true, push: true } },
      ]) {
        const res = await http(t).put(path).set(worker.auth).send(body).expect(400);
        expectErrorShape(res.body);
        expect(res.body.error).toBe(PUSH_MESSAGES.invalidPreferences);
      }
    });
  });

  describe('sender', () => {
    it('sends an encrypted, VAPID-signed message that decrypts with the subscription’s keys', async () => {
      const worker = await createAccount(t, 'Worker');
      const s = await subscribed(worker);
      expect(await push().notify(worker.userId, 'message', { ...payload, tag: 'conv-7' })).toBe(1);
      await push().deliverDue();
      const [got] = receiver.for(s.id);
      expect(got.problem).toBeUndefined();
      expect(JSON.parse(got.text!)).toEqual({ ...payload, tag: 'conv-7' });
      expect(got.vapid!.publicKey).toBe(t.config.push.vapid!.publicKey);
      expect(got.vapid!.claims.sub).toBe(t.config.push.vapid!.subject);
      expect(got.headers.ttl).toBe('86400');
      expect(got.headers.urgency).toBe('high');
      expect(got.headers.topic).toBe('conv-7');
      expect(Number(got.headers['content-length'])).toBeLessThan(3072);
      expect((await stored(worker.userId))[0].last_success_at).not.toBeNull();
      // An alert is not urgent.
      await push().notify(worker.userId, 'alert', payload);
      await push().deliverDue();
      expect(receiver.for(s.id)[1].headers.urgency).toBe('normal');
    });

    it('cuts long texts and keeps the url inside the site', async () => {
      const worker = await createAccount(t, 'Worker');
      const s = await subscribed(worker);
      await push().notify(worker.userId, 'alert', {
        title: 'T'.repeat(200),
        body: 'B'.repeat(500),
        url: 'https://elsewhere.example.com/',
        tag: 'x',
      });
      await push().deliverDue();
      const shown = JSON.parse(receiver.for(s.id)[0].text!) as PushPayload;
      expect(shown.title.length).toBeLessThanOrEqual(80);
      expect(shown.body.length).toBeLessThanOrEqual(120);
      expect(shown.url).toBe('/');
    });

    it('removes a subscription the push service says is gone (410, 404)', async () => {
      const worker = await createAccount(t, 'Worker');
      const gone = await subscribed(worker);
      const missing = await subscribed(worker);
      const alive = await subscribed(worker);
      receiver.answer(gone.id, 410);
      receiver.answer(missing.id, 404);
      expect(await push().notify(worker.userId, 'message', payload)).toBe(3);
      await push().deliverDue();
      expect((await stored(worker.userId)).map((row) => row.endpoint)).toEqual([alive.endpoint]);
    });

    it('retries when the push service fails (500)', async () => {
      const worker = await createAccount(t, 'Worker');
      const s = await subscribed(worker);
      receiver.answer(s.id, 500);
      await push().notify(worker.userId, 'message', payload);
      await push().deliverDue();
      expect(receiver.for(s.id).map((p) => p.status)).toEqual([500]);
      const [job] = await t.dataSource.query(
        `SELECT state, retry_count FROM pgboss.job WHERE name = 'push-send' AND data->>'subscriptionId' = $1`,
        [String((await stored(worker.userId))[0].id)],
      );
      expect(job).toMatchObject({ state: 'retry' });
      // The retry's time comes: delivered, and the subscription stays.
      await t.dataSource.query(
        `UPDATE pgboss.job SET start_after = now() WHERE name = 'push-send' AND state = 'retry'`,
      );
      await push().deliverDue();
      expect(receiver.for(s.id).map((p) => p.status)).toEqual([500, 201]);
      expect(await stored(worker.userId)).toHaveLength(1);
    });

    it('sends nothing to a person who turned push off for that kind, even when queued before', async () => {
      const worker = await createAccount(t, 'Worker');
      const s = await subscribed(worker);
      const choose = (message: boolean, alert: boolean) =>
        http(t)
          .put('/api/user/notification-preferences')
          .set(worker.auth)
          .send({ message: { email: true, push: message }, alert: { email: true, push: alert } })
          .expect(200);
      await choose(false, true);
      expect(await push().notify(worker.userId, 'message', payload)).toBe(0);
      // A job queued while it was on, sent after it was turned off: checked at send time.
      await choose(true, false);
      const [row] = await stored(worker.userId);
      await t.app.get(JobQueue).send<PushJobData>(PUSH_JOB, { subscriptionId: row.id, kind: 'alert', payload });
      await push().deliverDue();
      expect(receiver.for(s.id)).toEqual([]);
    });
  });

  describe('chat', () => {
    const member = async () => {
      const a = await createAccount(t, 'Parent');
      await insertMembership(t, a.profileId!);
      return a;
    };
    const pairOf = async (worker: TestAccount, employer: TestAccount): Promise<number> =>
      (
        await http(t)
          .post('/api/chat/conversation/start-chat/')
          .set(employer.auth)
          .send({ workerId: worker.profileId, parentId: employer.profileId })
          .expect(201)
      ).body.id;
    const send = (a: TestAccount, id: number, content: string) =>
      http(t).post(`/api/chat/conversations/${id}/messages/`).set(a.auth).send({ content }).expect(201);

    it('pushes a new message to a receiver with no socket open, not to one who has the site open', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      const workerDevice = await subscribed(worker);
      const employerDevice = await subscribed(employer);

      await send(employer, id, `Hola, ¿podés el lunes? ${'Detalles. '.repeat(30)}`);
      await push().deliverDue();
      const [got] = receiver.for(workerDevice.id);
      const shown = JSON.parse(got.text!) as PushPayload;
      expect(shown).toMatchObject({
        title: 'Nuevo mensaje de Prueba',
        url: `/conversations/chat/${id}`,
        tag: `conv-${id}`,
      });
      expect(shown.body.startsWith('Hola, ¿podés el lunes?')).toBe(true);
      expect(shown.body.length).toBeLessThanOrEqual(120);
      // The sender hears nothing of their own message.
      expect(receiver.for(employerDevice.id)).toEqual([]);

      // The worker opens the site (a socket): no push for the next one.
      await sockets.connect(t, tokenOf(worker));
      await send(employer, id, 'Otra cosa');
      await push().deliverDue();
      expect(receiver.for(workerDevice.id)).toHaveLength(1);
    });

    it('does not e-mail the unread message to a person who turned message e-mails off', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      await http(t)
        .put('/api/user/notification-preferences')
        .set(worker.auth)
        .send({ message: { email: false, push: true }, alert: { email: true, push: true } })
        .expect(200);
      const clock = t.app.get(Clock);
      const base = Date.now();
      jest.spyOn(clock, 'now').mockReturnValue(new Date(base));
      await send(employer, id, 'Hola');
      await send(worker, id, 'Hola, ¿qué tal?');
      jest.spyOn(clock, 'now').mockReturnValue(new Date(base + 2 * CHAT_LIMITS.unreadMailAfterMs));
      await t.app.get(UnreadMailer).run();
      const mails = async (email: string) =>
        (
          await t.dataSource.query(
            `SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Tenés un mensaje sin leer%'`,
            [email],
          )
        )[0].n as number;
      expect(await mails(worker.email)).toBe(0);
      // The other side did not: they get theirs.
      expect(await mails(employer.email)).toBe(1);
    });
  });
});
