import { CHAT_MESSAGES, COMMON_MESSAGES } from '@cym/common';
import { HOSTILE_INPUT_MESSAGES } from '../../server/src/common/hostile-input';
import { createAccount } from '../support/accounts';
import { addOffer, catalogIds, CatalogIds, insertMembership, signWebhook, webhook } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

const SECRET = 'webhook-secret-for-tests';

/**
 * What an attacker tried on our own instances, each as a test — a spoofed client address, NUL bytes
 * and deep JSON, chat reaching people it should not, odd ids, stale webhooks and English framework
 * messages.
 */
describe('production safety', () => {
  let t: TestApp;
  let ids: CatalogIds;

  beforeAll(async () => {
    t = await startTestApp({
      TRUST_PROXY: '1',
      CONTACT_RATE_LIMIT: '3',
      MERCADOPAGO_WEBHOOK_SECRET: SECRET,
    });
    ids = await catalogIds(t);
  });
  afterAll(() => t.close());

  describe('behind one proxy (TRUST_PROXY=1)', () => {
    const contact = (forwardedFor: string) =>
      http(t)
        .post('/api/contact-form/')
        .set('X-Forwarded-For', forwardedFor)
        .send({ name: 'Ana', email: 'ana@example.com', message: 'Quisiera saber cómo funciona.' });

    it('keys the limit on the address the proxy saw, whatever the client wrote before it', async () => {
      // The proxy appends the address it saw (198.51.100.7); the client wrote the rest.
      for (let n = 1; n <= 3; n += 1) await contact(`203.0.113.${n}, 198.51.100.7`).expect(201);
      const refused = await contact('203.0.113.99, 198.51.100.7').expect(429);
      expectErrorShape(refused.body);
      expect(refused.headers['retry-after']).toBeDefined();
      // Another client behind the same proxy is counted apart.
      await contact('198.51.100.8').expect(201);
    });
  });

  describe('bytes no route can use', () => {
    const deepArray = '['.repeat(5000) + ']'.repeat(5000);
    const deepObject = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);

    it('answers a NUL in any body field with 400 before any handler, login and sign-up included', async () => {
      const bodies: [string, Record<string, unknown>][] = [
        ['/api/token/', { username: 'a\u0000b@example.com', password: 'clave1234' }],
        [
          '/api/sign-up/',
          {
            firstName: 'Ana\u0000',
            lastName: 'Pérez',
            email: 'ana.nul@example.com',
            phone: '1155550000',
            password: 'clave1234',
            confirmPassword: 'clave1234',
            profileType: 'Worker',
            acceptedTerms: true,
          },
        ],
        ['/api/contact-form/', { name: 'Ana', email: 'ana@example.com', message: 'hola\u0000' }],
        ['/api/contact-form/', { 'na\u0000me': 'Ana' }],
      ];
      for (const [path, body] of bodies) {
        const res = await http(t).post(path).set('X-Forwarded-For', '198.51.100.30').send(body);
        expect([path, res.status, res.body]).toEqual([
          path,
          400,
          { error: HOSTILE_INPUT_MESSAGES.nul, code: 'INVALID_CHARACTERS' },
        ]);
      }
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM users WHERE email = 'ana.nul@example.com'`,
      );
      expect(n).toBe(0);
    });

    it('answers a NUL in the path or the query string with 400', async () => {
      for (const path of ['/api/worker-profile/1%00/get-info/', '/api/workers/?page=1%00', '/api/workers/?q=%00']) {
        const res = await http(t).get(path);
        expect([path, res.status, res.body.code]).toEqual([path, 400, 'INVALID_CHARACTERS']);
      }
    });

    it('answers JSON nested 5,000 levels with 400 on every kind of route', async () => {
      const worker = await createAccount(t, 'Worker');
      const routes: ['post' | 'put', string, Record<string, string>][] = [
        ['post', '/api/token/', {}],
        ['post', '/api/contact-form/', {}],
        ['put', `/api/worker-profile/${worker.profileId}/info/update/`, worker.auth],
        ['post', '/api/chat/conversation/start-chat/', worker.auth],
      ];
      for (const [method, path, headers] of routes)
        for (const body of [deepArray, deepObject]) {
          const request = method === 'post' ? http(t).post(path) : http(t).put(path);
          const res = await request.set(headers).set('content-type', 'application/json').send(body);
          expect([path, res.status, res.body]).toEqual([
            path,
            400,
            { error: HOSTILE_INPUT_MESSAGES.tooDeep, code: 'BODY_TOO_DEEP' },
          ]);
        }
    });

    it('answers a body of the wrong kind in Spanish, never with a framework message in English', async () => {
      const array = await http(t).post('/api/token/').set('content-type', 'application/json').send('[1,2]');
      expect(array.status).toBe(400);
      expect(array.body.error).toBe(COMMON_MESSAGES.invalidBody);
      const text = await http(t).post('/api/token/').set('content-type', 'text/plain').send('hola');
      expect(text.status).toBe(415);
      expectErrorShape(text.body);
      expect(text.body.error).toBe('El formato del contenido no es compatible.');
      for (const res of [array, text]) expect(JSON.stringify(res.body)).not.toMatch(/Validation failed|expected/i);
    });
  });

  describe('ids', () => {
    it('takes only plain decimal ids: 01, 0x1, 1e0 and +1 name nothing', async () => {
      const worker = await createAccount(t, 'Worker');
      const id = String(worker.profileId);
      await http(t).get(`/api/worker-profile/${id}/get-info/`).set(worker.auth).expect(200);
      for (const odd of [`0${id}`, `0x${Number(id).toString(16)}`, `${id}e0`, `+${id}`, `${id}.0`, ` ${id}`]) {
        const res = await http(t)
          .get(`/api/worker-profile/${encodeURIComponent(odd)}/get-info/`)
          .set(worker.auth);
        expect([odd, res.status]).toEqual([odd, 404]);
        expectErrorShape(res.body);
      }
      await http(t).get('/api/workers/?page=01').expect(400);
    });
  });

  describe('webhook timestamps', () => {
    it('refuses a correctly signed notification whose ts is more than 10 minutes away', async () => {
      for (const offsetSeconds of [-11 * 60, 11 * 60]) {
        const ts = Math.floor(Date.now() / 1000) + offsetSeconds;
        const requestId = `req-stale-${offsetSeconds}`;
        const res = await webhook(t, '123456', { signature: signWebhook(SECRET, '123456', requestId, ts), requestId });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('INVALID_SIGNATURE');
      }
      // Within the window, in seconds or in milliseconds, it is taken.
      for (const ts of [Math.floor(Date.now() / 1000) - 60, Date.now()]) {
        const requestId = `req-fresh-${ts}`;
        await webhook(t, '123457', { signature: signWebhook(SECRET, '123457', requestId, ts), requestId }).expect(200);
      }
    });
  });

  describe('chat reaches only who it should', () => {
    const startChat = (auth: Record<string, string>, body: Record<string, unknown>) =>
      http(t).post('/api/chat/conversation/start-chat/').set(auth).send(body);

    it('a hidden worker cannot be reached: 404, and nothing about her is answered', async () => {
      const hidden = await createAccount(t, 'Worker');
      const member = await createAccount(t, 'Parent');
      await insertMembership(t, member.profileId!);
      const res = await startChat(member.auth, { workerId: hidden.profileId, parentId: member.profileId });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: CHAT_MESSAGES.partyNotFound, code: 'PARTY_NOT_FOUND' });
      expect(JSON.stringify(res.body)).not.toContain('Prueba');
      // Once her profile is visible the same employer reaches her; an admin reaches her anyway.
      await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [
        hidden.profileId,
      ]);
      await startChat(member.auth, { workerId: hidden.profileId, parentId: member.profileId }).expect(201);
      await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = false WHERE id = $1`, [
        hidden.profileId,
      ]);
      const admin = await createAccount(t, 'admin');
      await startChat(admin.auth, { workerId: hidden.profileId, adminId: admin.userId }).expect(201);
    });

    it('a worker starts a chat only with an employer who has a public offer', async () => {
      const worker = await createAccount(t, 'Worker');
      const idle = await createAccount(t, 'Parent');
      const refused = await startChat(worker.auth, { workerId: worker.profileId, parentId: idle.profileId });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: CHAT_MESSAGES.employerNotPublishing, code: 'EMPLOYER_NOT_PUBLISHING' });
      // An offer that is not public (no membership) is not enough either.
      await addOffer(t, idle, ids);
      await startChat(worker.auth, { workerId: worker.profileId, parentId: idle.profileId }).expect(403);
      await insertMembership(t, idle.profileId!);
      await startChat(worker.auth, { workerId: worker.profileId, parentId: idle.profileId }).expect(201);
    });

    it('tells the worker when the employer cannot answer, and only the worker', async () => {
      const worker = await createAccount(t, 'Worker');
      const employer = await createAccount(t, 'Parent');
      const membership = await insertMembership(t, employer.profileId!);
      await addOffer(t, employer, ids);
      const started = await startChat(worker.auth, { workerId: worker.profileId, parentId: employer.profileId });
      expect(started.status).toBe(201);
      expect(started.body.partner_can_reply).toBe(true);
      await t.dataSource.query(`UPDATE memberships SET status = false WHERE id = $1`, [membership]);
      const asWorker = await http(t).get(`/api/chat/conversations/${started.body.id}/`).set(worker.auth).expect(200);
      expect(asWorker.body.partner_can_reply).toBe(false);
      const asEmployer = await http(t)
        .get(`/api/chat/conversations/${started.body.id}/`)
        .set(employer.auth)
        .expect(200);
      expect(asEmployer.body.partner_can_reply).toBe(true);
    });
  });
});
