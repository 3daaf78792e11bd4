import { CHAT_LIMITS, CHAT_MESSAGES, PRODUCT_NAME } from '@cym/common';
import { Clock } from '../../server/src/common/clock/clock';
import { UnreadMailer } from '../../server/src/modules/chat/unread-mailer';
import { createAccount, TestAccount, visibleWorker } from '../support/accounts';
import { addOffer, catalogIds, insertMembership } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { atOnce, statusCounts } from '../support/race';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

/**
 * The chat over HTTP: who may start and read a conversation, messages saved in order and once per
 * client id, mark-read, the list, the flood limit and the e-mail about a message left unread.
 */
describe('chat API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { poolSize: 10 });
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  /** An employer with an active membership. */
  const member = async () => {
    const a = await createAccount(t, 'Parent');
    await insertMembership(t, a.profileId!);
    return a;
  };
  const start = (a: TestAccount, body: Record<string, unknown>) =>
    http(t).post('/api/chat/conversation/start-chat/').set(a.auth).send(body);
  const pairOf = async (worker: TestAccount, employer: TestAccount): Promise<number> =>
    (await start(employer, { workerId: worker.profileId, parentId: employer.profileId, adminId: null }).expect(201))
      .body.id;
  const send = (a: TestAccount, id: number, content: string, clientId?: string) =>
    http(t)
      .post(`/api/chat/conversations/${id}/messages/`)
      .set(a.auth)
      .send(clientId ? { content, client_id: clientId } : { content });
  const get = (a: TestAccount, id: number) => http(t).get(`/api/chat/conversations/${id}/`).set(a.auth);
  const list = (a: TestAccount, userId = a.userId) =>
    http(t).get(`/api/chat/${userId}/conversations/get-all/`).set(a.auth);
  const markRead = (a: TestAccount, id: number) => http(t).post(`/api/chat/conversations/${id}/mark-read/`).set(a.auth);
  const stored = async (id: number) =>
    (await t.dataSource.query(
      `SELECT id::int, sender_id, content, client_id, is_read FROM messages WHERE conversation_id = $1 ORDER BY id`,
      [id],
    )) as { id: number; sender_id: number; content: string; client_id: string | null; is_read: boolean }[];

  describe('start-chat', () => {
    it('gives the same pair the same conversation, whoever starts it', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const first = await start(employer, {
        workerId: worker.profileId,
        parentId: employer.profileId,
        adminId: null,
      }).expect(201);
      expect(first.body).toMatchObject({
        id: expect.any(Number),
        worker: worker.profileId,
        parent: employer.profileId,
        messages: [],
        last_message: null,
        unread_count: 0,
        partner: { user_id: worker.userId, kind: 'Worker', profile_path: `/worker-profile/${worker.profileId}` },
      });
      const again = await start(employer, { workerId: worker.profileId, parentId: employer.profileId }).expect(200);
      // A worker writes from the employer's public offer.
      await addOffer(t, employer, await catalogIds(t));
      const fromWorker = await start(worker, { workerId: worker.profileId, parentId: employer.profileId }).expect(200);
      expect(again.body.id).toBe(first.body.id);
      expect(fromWorker.body.id).toBe(first.body.id);
      expect(fromWorker.body.partner).toMatchObject({ user_id: employer.userId, kind: 'Parent' });
      const [row] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM conversations WHERE worker_profile_id = $1 AND parent_profile_id = $2`,
        [worker.profileId, employer.profileId],
      );
      expect(row.n).toBe(1);
    });

    it(bothEngines('gives one conversation to a pair that starts it five times at once'), async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const answers = await atOnce(5, () =>
        start(employer, { workerId: worker.profileId, parentId: employer.profileId }),
      );
      expect(statusCounts(answers)).toEqual({ 201: 1, 200: 4 });
      expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
      const [row] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM conversations WHERE worker_profile_id = $1 AND parent_profile_id = $2`,
        [worker.profileId, employer.profileId],
      );
      expect(row.n).toBe(1);
    });

    it('needs exactly two existing parties, the caller being one of them', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const outsider = await member();
      const admin = await createAccount(t, 'admin');
      for (const body of [
        { workerId: worker.profileId },
        { workerId: worker.profileId, parentId: employer.profileId, adminId: admin.userId },
        {},
      ]) {
        const res = await start(employer, body).expect(400);
        expectErrorShape(res.body);
        expect(res.body.code).toBe('INVALID_PARTIES');
      }
      const missing = await start(employer, { workerId: 2_000_000, parentId: employer.profileId }).expect(404);
      expect(missing.body.code).toBe('PARTY_NOT_FOUND');
      // A worker profile id given as an admin id is not an admin.
      await start(worker, { workerId: worker.profileId, adminId: worker.userId }).expect(404);
      // Naming only one's own profile means the team: its first admin answers.
      const team = await start(worker, { workerId: worker.profileId }).expect(201);
      expect(team.body.partner).toMatchObject({ kind: 'admin', first_name: 'Casa y Manos', user_id: null });
      const [teamRow] = await t.dataSource.query(
        `SELECT u.is_admin FROM conversations c JOIN users u ON u.id = c.admin_user_id WHERE c.id = $1`,
        [team.body.id],
      );
      expect(teamRow.is_admin).toBe(true);
      const third = await start(outsider, { workerId: worker.profileId, parentId: employer.profileId }).expect(403);
      expect(third.body.code).toBe('NOT_PARTICIPANT');
      await http(t)
        .post('/api/chat/conversation/start-chat/')
        .send({ workerId: worker.profileId, parentId: employer.profileId })
        .expect(401);
      const none = await t.dataSource.query(`SELECT 1 FROM conversations WHERE parent_profile_id = $1`, [
        employer.profileId,
      ]);
      expect(none).toHaveLength(0);
    });

    it('blocks an employer without membership from starting with a worker and from sending to one', async () => {
      const worker = await visibleWorker(t);
      const employer = await createAccount(t, 'Parent');
      const refused = await start(employer, { workerId: worker.profileId, parentId: employer.profileId }).expect(403);
      expectErrorShape(refused.body);
      expect(refused.body).toMatchObject({ code: 'MEMBERSHIP_REQUIRED', error: CHAT_MESSAGES.membershipRequired });
      // A worker starts from the employer's public offer; when the membership then ends the
      // employer may read but not answer.
      const first = await insertMembership(t, employer.profileId!);
      await addOffer(t, employer, await catalogIds(t));
      const id = (await start(worker, { workerId: worker.profileId, parentId: employer.profileId }).expect(201)).body
        .id;
      await t.dataSource.query(`UPDATE memberships SET status = false WHERE id = $1`, [first]);
      await send(worker, id, 'Hola, vi su oferta').expect(201);
      await get(employer, id).expect(200);
      const blocked = await send(employer, id, 'Hola').expect(403);
      expect(blocked.body.code).toBe('MEMBERSHIP_REQUIRED');
      expect(await stored(id)).toHaveLength(1);
      // An expired membership does not count either; an active one opens the chat.
      await insertMembership(t, employer.profileId!, {
        start: new Date(Date.now() - 60 * 86_400_000),
        end: new Date(Date.now() - 86_400_000),
      });
      await send(employer, id, 'Hola').expect(403);
      await insertMembership(t, employer.profileId!);
      await send(employer, id, 'Hola').expect(201);
    });

    it('lets an admin talk to anyone and shows the team under the product name', async () => {
      const worker = await visibleWorker(t);
      const employer = await createAccount(t, 'Parent');
      const admin = await createAccount(t, 'admin');
      const withWorker = (await start(admin, { workerId: worker.profileId, adminId: admin.userId }).expect(201)).body;
      const withEmployer = (await start(admin, { parentId: employer.profileId, adminId: admin.userId }).expect(201))
        .body;
      expect(withWorker.partner).toMatchObject({ user_id: worker.userId, kind: 'Worker' });
      await send(admin, withWorker.id, 'Bienvenida').expect(201);
      // An employer without membership may talk with the team.
      await send(employer, withEmployer.id, 'Consulta').expect(201);
      const seen = await get(worker, withWorker.id).expect(200);
      expect(seen.body.partner).toEqual(
        expect.objectContaining({ user_id: null, first_name: PRODUCT_NAME, kind: 'admin', profile_path: null }),
      );
      expect((await start(worker, { workerId: worker.profileId, adminId: admin.userId }).expect(200)).body.id).toBe(
        withWorker.id,
      );
    });
  });

  describe('participants only', () => {
    it('refuses a non-participant on every path, an admin included, and a missing conversation with 404', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      await send(worker, id, 'Hola');
      for (const outsider of [await visibleWorker(t), await member(), await createAccount(t, 'admin')]) {
        for (const res of [
          await get(outsider, id),
          await send(outsider, id, 'Me meto'),
          await markRead(outsider, id),
          await list(outsider, worker.userId),
        ]) {
          expect(res.status).toBe(403);
          expectErrorShape(res.body);
        }
      }
      expect(await stored(id)).toEqual([expect.objectContaining({ content: 'Hola', is_read: false })]);
      for (const res of [await get(worker, 2_000_000), await send(worker, 2_000_000, 'x'), await markRead(worker, 9e8)])
        expect(res.body.code).toBe('CONVERSATION_NOT_FOUND');
      await http(t).get(`/api/chat/conversations/${id}/`).expect(401);
      await http(t).post(`/api/chat/conversations/${id}/messages/`).send({ content: 'x' }).expect(401);
      await http(t).post(`/api/chat/conversations/${id}/mark-read/`).expect(401);
      await http(t).get(`/api/chat/${worker.userId}/conversations/get-all/`).expect(401);
    });
  });

  describe('messages', () => {
    it('saves messages in order, trimmed, and a repeated client id once', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      const a = await send(employer, id, '  Hola  ', 'c-1').expect(201);
      expect(a.body).toEqual({
        id: expect.any(Number),
        conversation_id: id,
        content: 'Hola',
        timestamp: expect.any(String),
        is_read: false,
        sender: { id: employer.userId, first_name: 'Prueba', username: employer.email },
        client_id: 'c-1',
        hire_proposal_id: null,
        money_warning: false,
        erased: false,
      });
      const b = await send(worker, id, '¿Cómo está?', 'c-1').expect(201);
      const c = await send(employer, id, 'Bien, gracias', 'c-2').expect(201);
      const again = await send(employer, id, 'Hola otra vez', 'c-1').expect(201);
      expect(again.body).toEqual(a.body);
      expect(await stored(id)).toEqual([
        expect.objectContaining({ id: a.body.id, content: 'Hola', client_id: 'c-1' }),
        expect.objectContaining({ id: b.body.id, sender_id: worker.userId, client_id: 'c-1' }),
        expect.objectContaining({ id: c.body.id, content: 'Bien, gracias' }),
      ]);
      const conversation = await get(worker, id).expect(200);
      expect(conversation.body.messages.map((m: { id: number }) => m.id)).toEqual([a.body.id, b.body.id, c.body.id]);
      expect(conversation.body.last_message.id).toBe(c.body.id);
      // The same client id in another conversation is not a resend of this one.
      const other = await pairOf(await visibleWorker(t), employer);
      expect((await send(employer, other, 'Hola', 'c-2').expect(409)).body.code).toBe('CLIENT_ID_REUSED');
    });

    it('refuses empty, over-long and malformed messages without saving them', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      const empty = await send(worker, id, '   ').expect(400);
      expectErrorShape(empty.body);
      expect(empty.body.error).toBe(CHAT_MESSAGES.empty);
      expect((await send(worker, id, 'x'.repeat(CHAT_LIMITS.messageMax + 1)).expect(400)).body.error).toBe(
        CHAT_MESSAGES.tooLong,
      );
      await http(t).post(`/api/chat/conversations/${id}/messages/`).set(worker.auth).send({}).expect(400);
      await send(worker, id, 'Hola', 'no spaces allowed').expect(400);
      expect(await stored(id)).toEqual([]);
      await send(employer, id, 'x'.repeat(CHAT_LIMITS.messageMax)).expect(201);
    });

    it('answers a flood with 429 RATE_LIMITED, then accepts again', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      const results = await Promise.all(
        Array.from({ length: CHAT_LIMITS.floodPerSecond + 3 }, (_, i) => send(worker, id, `m${i}`)),
      );
      const limited = results.filter((r) => r.status === 429);
      expect(limited.length).toBeGreaterThanOrEqual(3);
      expect(results.filter((r) => r.status === 201).length).toBeLessThanOrEqual(CHAT_LIMITS.floodPerSecond);
      expectErrorShape(limited[0]!.body);
      expect(limited[0]!.body).toMatchObject({ code: 'RATE_LIMITED', error: CHAT_MESSAGES.flood });
      expect(limited[0]!.headers['retry-after']).toBeDefined();
      // Another user is not slowed down.
      await send(employer, id, 'Hola').expect(201);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await send(worker, id, 'Ya puedo').expect(201);
    });
  });

  describe('mark-read and the list', () => {
    it("turns the partner's messages read, answers their ids once, and updates counts", async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      const m1 = (await send(employer, id, 'Uno').expect(201)).body.id;
      const m2 = (await send(employer, id, 'Dos').expect(201)).body.id;
      const own = (await send(worker, id, 'Tres').expect(201)).body.id;
      expect((await get(worker, id)).body.unread_count).toBe(2);
      expect((await http(t).get('/api/chat/unread-count/').set(worker.auth).expect(200)).body).toEqual({ unread: 2 });
      expect((await http(t).get('/api/chat/unread-count/').set(employer.auth).expect(200)).body).toEqual({
        unread: 1,
      });

      expect((await markRead(worker, id).expect(200)).body).toEqual({ message_ids: [m1, m2] });
      expect((await markRead(worker, id).expect(200)).body).toEqual({ message_ids: [] });
      const rows = await stored(id);
      expect(rows.map((r) => [r.id, r.is_read])).toEqual([
        [m1, true],
        [m2, true],
        [own, false],
      ]);
      const readAt = await t.dataSource.query(`SELECT read_at FROM messages WHERE id = $1`, [m1]);
      expect(readAt[0].read_at).toBeInstanceOf(Date);
      expect((await http(t).get('/api/chat/unread-count/').set(worker.auth)).body).toEqual({ unread: 0 });
      // The employer sees its own messages with two checks now.
      const employerView = (await get(employer, id)).body;
      expect(employerView.messages.map((m: { is_read: boolean }) => m.is_read)).toEqual([true, true, false]);
      expect(employerView.unread_count).toBe(1);
    });

    it('lists only own conversations that have messages, newest first, with partner, last message and unread count', async () => {
      const worker = await visibleWorker(t);
      const [e1, e2, e3] = [await member(), await member(), await member()];
      const c1 = await pairOf(worker, e1);
      const c2 = await pairOf(worker, e2);
      await pairOf(worker, e3); // no messages: not listed
      const clock = t.app.get(Clock);
      const base = Date.now();
      jest.spyOn(clock, 'now').mockReturnValue(new Date(base));
      await send(e1, c1, 'Primera').expect(201);
      jest.spyOn(clock, 'now').mockReturnValue(new Date(base + 1000));
      await send(e2, c2, 'Segunda').expect(201);
      jest.spyOn(clock, 'now').mockReturnValue(new Date(base + 2000));
      await send(worker, c1, 'Respuesta a la primera').expect(201);
      jest.restoreAllMocks();

      const res = await list(worker).expect(200);
      expect(res.body.map((c: { id: number }) => c.id)).toEqual([c1, c2]);
      expect(res.body[0]).toEqual({
        id: c1,
        worker: worker.profileId,
        parent: e1.profileId,
        partner: expect.objectContaining({ user_id: e1.userId, first_name: 'Prueba', kind: 'Parent' }),
        last_message: expect.objectContaining({ content: 'Respuesta a la primera', sender: expect.anything() }),
        unread_count: 1,
      });
      expect(res.body[1]).toMatchObject({ id: c2, unread_count: 1, last_message: { content: 'Segunda' } });
      expect((await list(e1).expect(200)).body).toEqual([
        expect.objectContaining({
          id: c1,
          unread_count: 1,
          partner: expect.objectContaining({ user_id: worker.userId }),
        }),
      ]);
      expect((await list(e3).expect(200)).body).toEqual([]);
    });
  });

  describe('unread e-mail', () => {
    const mails = async (email: string) =>
      (
        await t.dataSource.query(
          `SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1 AND subject LIKE 'Tenés un mensaje sin leer%'`,
          [email],
        )
      )[0].n as number;

    it('mails the recipient after 15 minutes, once per conversation until read', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      const mailer = t.app.get(UnreadMailer);
      const clock = t.app.get(Clock);
      const base = Date.now();
      const at = (ms: number) => jest.spyOn(clock, 'now').mockReturnValue(new Date(base + ms));

      at(0);
      await send(employer, id, 'Hola').expect(201);
      at(CHAT_LIMITS.unreadMailAfterMs - 60_000);
      await mailer.run();
      expect(await mails(worker.email)).toBe(0);

      at(CHAT_LIMITS.unreadMailAfterMs + 60_000);
      await mailer.run();
      expect(await mails(worker.email)).toBe(1);
      expect(await mails(employer.email)).toBe(0);
      const [mail] = await t.dataSource.query(
        `SELECT subject, text FROM email_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`,
        [worker.email],
      );
      expect(mail.subject).toContain('Prueba');
      expect(mail.text).toContain(`/conversations/chat/${id}`);

      // More unread messages and later passes: still one e-mail.
      await send(employer, id, '¿Está?').expect(201);
      at(3 * CHAT_LIMITS.unreadMailAfterMs);
      await mailer.run();
      expect(await mails(worker.email)).toBe(1);

      // Read, then a new message left unread: one more e-mail.
      await markRead(worker, id).expect(200);
      await send(employer, id, 'Otra cosa').expect(201);
      at(5 * CHAT_LIMITS.unreadMailAfterMs);
      await mailer.run();
      expect(await mails(worker.email)).toBe(2);
    });

    it('does not mail what was read in time', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      const clock = t.app.get(Clock);
      const base = Date.now();
      jest.spyOn(clock, 'now').mockReturnValue(new Date(base));
      await send(worker, id, 'Hola').expect(201);
      await markRead(employer, id).expect(200);
      jest.spyOn(clock, 'now').mockReturnValue(new Date(base + 2 * CHAT_LIMITS.unreadMailAfterMs));
      await t.app.get(UnreadMailer).run();
      expect(await mails(employer.email)).toBe(0);
    });
  });
});
