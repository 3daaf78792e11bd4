import { AUTH_MESSAGES, CHAT_LIMITS, CHAT_MESSAGES } from '@cym/common';
import { JwtService } from '@nestjs/jwt';
import { createAccount, TestAccount, visibleWorker } from '../support/accounts';
import { record, tokenOf, useChatSockets, waitUntil } from '../support/chat-sockets';
import { addOffer, catalogIds, insertMembership } from '../support/employer';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

/** Forges tokens as an outsider would: no defaults, the secret and every option given at each call. */
const jwt = new JwtService();

jest.setTimeout(60_000);

/**
 * The live channel: socket.io namespace /chat with the access token in the handshake, rooms per
 * conversation and per user, save-then-acknowledge-then-broadcast, read receipts, heartbeats and
 * the per-user flood limit.
 */
describe('chat gateway (socket.io)', () => {
  let t: TestApp;
  const sockets = useChatSockets();

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { listen: true, poolSize: 10 });
  });
  afterAll(() => t.close());

  /** A socket for a token; resolves once connected, rejects with the refusal. */
  const connect = (token: string | undefined) => sockets.connect(t, token);
  const connectAs = (a: TestAccount) => connect(tokenOf(a));
  const waitFor = (check: () => boolean) => waitUntil(check, 3000, 'an event');
  /** Lets in-flight events arrive before asserting that something did not. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

  const member = async () => {
    const a = await createAccount(t, 'Parent');
    await insertMembership(t, a.profileId!);
    return a;
  };
  /** The worker–employer conversation, started by the employer unless told otherwise. */
  const pairOf = async (worker: TestAccount, employer: TestAccount, starter = employer): Promise<number> =>
    (
      await http(t)
        .post('/api/chat/conversation/start-chat/')
        .set(starter.auth)
        .send({ workerId: worker.profileId, parentId: employer.profileId })
        .expect(201)
    ).body.id;
  const stored = async (id: number) =>
    (await t.dataSource.query(
      `SELECT id::int, sender_id, content, client_id FROM messages WHERE conversation_id = $1 ORDER BY id`,
      [id],
    )) as { id: number; sender_id: number; content: string; client_id: string | null }[];

  describe('handshake', () => {
    it('connects with a valid access token', async () => {
      const worker = await visibleWorker(t);
      const socket = await connectAs(worker);
      expect(socket.connected).toBe(true);
      // {type: 'heartbeat', timestamp} → a heartbeat_ack event with the same timestamp.
      const acks = record(socket, 'heartbeat_ack');
      const timestamp = '2026-11-23T20:00:00.000Z';
      expect(await socket.emitWithAck('heartbeat', { type: 'heartbeat', timestamp })).toEqual({
        type: 'heartbeat_ack',
        timestamp,
      });
      await waitFor(() => acks.length === 1);
      expect(acks[0]).toEqual({ type: 'heartbeat_ack', timestamp });
      // Without a timestamp the server answers with its own.
      expect(await socket.emitWithAck('heartbeat', {})).toEqual({
        type: 'heartbeat_ack',
        timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
      const [row] = await t.dataSource.query(`SELECT last_seen FROM users WHERE id = $1`, [worker.userId]);
      expect(row.last_seen).toBeInstanceOf(Date);
    });

    it('refuses a missing, malformed, expired or foreign-signed token and a deactivated user', async () => {
      const worker = await visibleWorker(t);
      // The worker's own login (sid): a token signed with our secret for a live session.
      const { sid } = jwt.decode(worker.auth.Authorization.slice('Bearer '.length)) as { sid: string };
      const claims = {
        id: worker.userId,
        email: worker.email,
        profile_type: 'Worker',
        is_admin: false,
        typ: 'access',
        sid,
      };
      const sign = (secret: string, expiresIn: number) =>
        jwt.sign(claims, {
          secret,
          algorithm: 'HS256',
          expiresIn,
          issuer: 'casa-y-manos',
          audience: 'casa-y-manos-web',
        });
      const expired = jwt.sign(
        { ...claims, exp: Math.floor(Date.now() / 1000) - 60 },
        {
          secret: t.config.jwtSecret,
          algorithm: 'HS256',
          issuer: 'casa-y-manos',
          audience: 'casa-y-manos-web',
        },
      );
      // The forged token is accepted when it is not expired: the refusal below is about expiry.
      await expect(connect(sign(t.config.jwtSecret, 60))).resolves.toBeDefined();
      const withoutSession = jwt.sign(
        { ...claims, sid: undefined },
        {
          secret: t.config.jwtSecret,
          algorithm: 'HS256',
          expiresIn: 60,
          issuer: 'casa-y-manos',
          audience: 'casa-y-manos-web',
        },
      );
      for (const token of [
        undefined,
        '',
        'not-a-jwt',
        expired,
        withoutSession,
        sign('another-secret-that-is-long-enough-0123456789', 60),
      ])
        await expect(connect(token)).rejects.toThrow(AUTH_MESSAGES.sessionExpired);

      await t.dataSource.query(`UPDATE users SET is_active = false WHERE id = $1`, [worker.userId]);
      await expect(connectAs(worker)).rejects.toThrow(AUTH_MESSAGES.sessionExpired);
    });
  });

  describe('rooms and participants', () => {
    it('refuses join, send_message and read to a non-participant, who hears nothing of the conversation', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      for (const outsider of [await visibleWorker(t), await member(), await createAccount(t, 'admin')]) {
        const socket = await connectAs(outsider);
        const errors = record(socket, 'chat_error');
        const heard = record(socket, 'message');
        const updates = record(socket, 'conversation_updated');
        const refusal = { error: CHAT_MESSAGES.notParticipant, code: 'NOT_PARTICIPANT' };
        expect(await socket.emitWithAck('join', { conversation_id: id })).toEqual(refusal);
        expect(
          await socket.emitWithAck('send_message', { conversation_id: id, content: 'Me meto', client_id: 'x1' }),
        ).toEqual(refusal);
        expect(await socket.emitWithAck('read', { conversation_id: id })).toEqual(refusal);
        await waitFor(() => errors.length === 3);
        expect(errors).toEqual([refusal, refusal, refusal]);

        const sender = await connectAs(employer);
        await sender.emitWithAck('send_message', { conversation_id: id, content: 'Privado' });
        await settle();
        expect(heard).toEqual([]);
        expect(updates).toEqual([]);
        expect(socket.connected).toBe(true);
      }
      expect((await stored(id)).map((m) => m.content)).toEqual(['Privado', 'Privado', 'Privado']);
    });

    it('answers a missing conversation and malformed requests with an error, never a crash', async () => {
      const worker = await visibleWorker(t);
      const socket = await connectAs(worker);
      const notFound = { error: CHAT_MESSAGES.notFound, code: 'CONVERSATION_NOT_FOUND' };
      expect(await socket.emitWithAck('join', { conversation_id: 2_000_000 })).toEqual(notFound);
      expect(await socket.emitWithAck('join', { conversation_id: 'abc' })).toEqual(notFound);
      expect(await socket.emitWithAck('join', null)).toEqual(notFound);
      expect(await socket.emitWithAck('send_message', { content: 'Hola' })).toEqual(notFound);
      expect(await socket.emitWithAck('read', 'nada')).toEqual(notFound);
      const id = await pairOf(worker, await member());
      expect(await socket.emitWithAck('send_message', { conversation_id: id, content: '   ' })).toEqual({
        error: CHAT_MESSAGES.empty,
        code: 'VALIDATION_FAILED',
      });
      expect(await socket.emitWithAck('send_message', { conversation_id: id, content: 42 })).toEqual(
        expect.objectContaining({ code: 'VALIDATION_FAILED' }),
      );
      expect(await stored(id)).toEqual([]);
      expect(await socket.emitWithAck('heartbeat', {})).toMatchObject({ type: 'heartbeat_ack' });
    });

    it('blocks an employer without membership from sending to a worker', async () => {
      const worker = await visibleWorker(t);
      const employer = await createAccount(t, 'Parent');
      // The worker wrote from the employer's public offer; then the membership ended.
      const membership = await insertMembership(t, employer.profileId!);
      await addOffer(t, employer, await catalogIds(t));
      const id = await pairOf(worker, employer, worker);
      await t.dataSource.query(`UPDATE memberships SET status = false WHERE id = $1`, [membership]);
      const socket = await connectAs(employer);
      const errors = record(socket, 'chat_error');
      expect(await socket.emitWithAck('join', { conversation_id: id })).toEqual({ ok: true });
      const refusal = { error: CHAT_MESSAGES.membershipRequired, code: 'MEMBERSHIP_REQUIRED' };
      expect(await socket.emitWithAck('send_message', { conversation_id: id, content: 'Hola' })).toEqual(refusal);
      await waitFor(() => errors.length === 1);
      expect(errors[0]).toEqual(refusal);
      expect(await stored(id)).toEqual([]);
    });
  });

  describe('messages', () => {
    it('saves before acknowledging, then broadcasts to the room and each personal room', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      const sender = await connectAs(employer);
      const receiver = await connectAs(worker);
      const idle = await connectAs(worker); // the worker's second tab, not in the conversation
      expect(await sender.emitWithAck('join', { conversation_id: id })).toEqual({ ok: true });
      expect(await receiver.emitWithAck('join', { conversation_id: id })).toEqual({ ok: true });
      const received = record(receiver, 'message');
      const idleMessages = record(idle, 'message');
      const idleUpdates = record(idle, 'conversation_updated');
      const senderUpdates = record(sender, 'conversation_updated');
      // What the receiver holds when its event arrives is already in the database.
      const inDatabaseOnArrival: boolean[] = [];
      receiver.on('message', (m: { id: number }) => {
        void t.dataSource
          .query(`SELECT 1 FROM messages WHERE id = $1`, [m.id])
          .then((rows: unknown[]) => inDatabaseOnArrival.push(rows.length === 1));
      });

      const ack = await sender.emitWithAck('send_message', { conversation_id: id, content: ' Hola ', client_id: 'k1' });
      expect(ack).toEqual({
        duplicate: false,
        message: {
          id: expect.any(Number),
          conversation_id: id,
          content: 'Hola',
          timestamp: expect.any(String),
          is_read: false,
          sender: { id: employer.userId, first_name: 'Prueba', username: employer.email },
          client_id: 'k1',
          hire_proposal_id: null,
          money_warning: false,
          erased: false,
        },
      });
      expect(await stored(id)).toEqual([expect.objectContaining({ id: ack.message.id, content: 'Hola' })]);
      await waitFor(() => received.length === 1 && idleUpdates.length === 1 && senderUpdates.length === 1);
      expect(received[0]).toEqual(ack.message);
      expect(idleUpdates[0]).toEqual({ conversation_id: id, last_message: ack.message });
      expect(senderUpdates[0]).toEqual({ conversation_id: id, last_message: ack.message });
      await waitFor(() => inDatabaseOnArrival.length === 1);
      expect(inDatabaseOnArrival).toEqual([true]);
      await settle();
      expect(idleMessages).toEqual([]);

      // A message sent over HTTP is pushed the same way.
      const viaHttp = await http(t)
        .post(`/api/chat/conversations/${id}/messages/`)
        .set(worker.auth)
        .send({ content: 'Por HTTP' })
        .expect(201);
      await waitFor(() => received.length === 2);
      expect(received[1]).toEqual(viaHttp.body);
    });

    it('keeps the order and saves a repeated client id once, without a second broadcast', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      const sender = await connectAs(worker);
      const receiver = await connectAs(employer);
      await receiver.emitWithAck('join', { conversation_id: id });
      const received = record<{ id: number; content: string }>(receiver, 'message');

      const acks = [];
      for (const [content, clientId] of [
        ['uno', 'a'],
        ['dos', 'b'],
        ['tres', 'c'],
      ] as const)
        acks.push(await sender.emitWithAck('send_message', { conversation_id: id, content, client_id: clientId }));
      const resent = await sender.emitWithAck('send_message', { conversation_id: id, content: 'dos', client_id: 'b' });
      expect(resent).toEqual({ duplicate: true, message: acks[1].message });

      await waitFor(() => received.length >= 3);
      await settle();
      expect(received.map((m) => m.content)).toEqual(['uno', 'dos', 'tres']);
      const ids = received.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect((await stored(id)).map((m) => [m.content, m.client_id])).toEqual([
        ['uno', 'a'],
        ['dos', 'b'],
        ['tres', 'c'],
      ]);
    });

    it(
      bothEngines(
        'saves sends arriving together in one go, each answered alone, and echoes to the sender’s other tabs only',
      ),
      async () => {
        const worker = await visibleWorker(t);
        const employer = await member();
        const lapsed = await member();
        const id = await pairOf(worker, employer);
        const other = await pairOf(worker, lapsed);
        // The lapsed employer's membership ended: their send is refused, the others' are saved.
        await t.dataSource.query(`UPDATE memberships SET status = false WHERE parent_profile_id = $1`, [
          lapsed.profileId,
        ]);
        const sender = await connectAs(employer);
        const senderTab = await connectAs(employer); // the employer's second tab, same conversation open
        const receiver = await connectAs(worker);
        const outsider = await connectAs(lapsed);
        for (const socket of [sender, senderTab, receiver]) await socket.emitWithAck('join', { conversation_id: id });
        const echoed = record<{ id: number }>(sender, 'message');
        const onTab = record<{ id: number }>(senderTab, 'message');
        const received = record<{ id: number; content: string }>(receiver, 'message');

        const [a, b, again, refused, c] = await Promise.all([
          sender.emitWithAck('send_message', { conversation_id: id, content: 'a', client_id: 'g1' }),
          receiver.emitWithAck('send_message', { conversation_id: id, content: 'b', client_id: 'g1' }),
          sender.emitWithAck('send_message', { conversation_id: id, content: 'a', client_id: 'g1' }),
          outsider.emitWithAck('send_message', { conversation_id: other, content: 'x' }),
          sender.emitWithAck('send_message', { conversation_id: id, content: 'c' }),
        ]);
        expect(refused).toEqual({ error: CHAT_MESSAGES.membershipRequired, code: 'MEMBERSHIP_REQUIRED' });
        expect(a).toMatchObject({ duplicate: false, message: { content: 'a', sender: { id: employer.userId } } });
        expect(b).toMatchObject({ duplicate: false, message: { content: 'b', sender: { id: worker.userId } } });
        expect(again).toEqual({ duplicate: true, message: a.message });
        expect(c).toMatchObject({ duplicate: false, message: { content: 'c', client_id: null } });
        // Each saved once, with the id it was answered with; one sender's messages in the order sent.
        const saved = [a, b, c].map((x) => [x.message.id, x.message.content]).sort((x, y) => x[0] - y[0]);
        expect((await stored(id)).map((m) => [m.id, m.content])).toEqual(saved);
        expect(a.message.id).toBeLessThan(c.message.id);
        expect((await stored(other)).length).toBe(0);
        await waitFor(() => received.length === 2 && onTab.length === 3);
        expect(received.map((m) => m.content)).toEqual(['a', 'c']);
        expect(onTab.map((m) => m.id)).toEqual(saved.map(([messageId]) => messageId));
        await settle();
        // The sending socket has its message in the acknowledgement: it hears only the partner's.
        expect(echoed.map((m) => m.id)).toEqual([b.message.id]);
      },
    );

    it('pushes read receipts to the sender and clears the reader’s unread count', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      const sender = await connectAs(employer);
      await sender.emitWithAck('join', { conversation_id: id });
      const m1 = (await sender.emitWithAck('send_message', { conversation_id: id, content: 'Uno' })).message;
      const m2 = (await sender.emitWithAck('send_message', { conversation_id: id, content: 'Dos' })).message;
      const receipts = record(sender, 'read');
      const senderUpdates = record<{ read?: unknown }>(sender, 'conversation_updated');

      const reader = await connectAs(worker);
      expect(await reader.emitWithAck('join', { conversation_id: id })).toEqual({ ok: true });
      expect(await reader.emitWithAck('read', { conversation_id: id })).toEqual({ message_ids: [m1.id, m2.id] });
      const receipt = { conversation_id: id, reader_id: worker.userId, message_ids: [m1.id, m2.id] };
      await waitFor(() => receipts.length === 1 && senderUpdates.some((u) => u.read));
      expect(receipts[0]).toEqual(receipt);
      expect(senderUpdates.find((u) => u.read)).toEqual({ conversation_id: id, read: receipt });
      // Nothing new to read: no second receipt.
      expect(await reader.emitWithAck('read', {})).toEqual({ message_ids: [] });
      await settle();
      expect(receipts).toHaveLength(1);
      expect((await http(t).get('/api/chat/unread-count/').set(worker.auth).expect(200)).body).toEqual({ unread: 0 });
      const view = await http(t).get(`/api/chat/conversations/${id}/`).set(employer.auth).expect(200);
      expect(view.body.messages.map((m: { is_read: boolean }) => m.is_read)).toEqual([true, true]);
    });

    it('answers a flood with RATE_LIMITED in the ack and a chat_error event, and keeps the socket', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = await pairOf(worker, employer);
      const socket = await connectAs(worker);
      const errors = record(socket, 'chat_error');
      const acks = await Promise.all(
        Array.from({ length: CHAT_LIMITS.floodPerSecond + 5 }, (_, i) =>
          socket.emitWithAck('send_message', { conversation_id: id, content: `m${i}`, client_id: `f${i}` }),
        ),
      );
      const limited = acks.filter((a) => a.code === 'RATE_LIMITED');
      expect(limited.length).toBeGreaterThanOrEqual(5);
      expect(limited[0]).toEqual({ error: CHAT_MESSAGES.flood, code: 'RATE_LIMITED' });
      expect(acks.filter((a) => a.message).length).toBeLessThanOrEqual(CHAT_LIMITS.floodPerSecond);
      await waitFor(() => errors.length === limited.length);
      expect(errors[0]).toEqual({ error: CHAT_MESSAGES.flood, code: 'RATE_LIMITED' });
      expect((await stored(id)).length).toBe(acks.filter((a) => a.message).length);
      expect(socket.connected).toBe(true);
      expect(await socket.emitWithAck('heartbeat', {})).toMatchObject({ type: 'heartbeat_ack' });
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await socket.emitWithAck('send_message', { conversation_id: id, content: 'Ya' })).toMatchObject({
        duplicate: false,
      });
    });
  });
});
