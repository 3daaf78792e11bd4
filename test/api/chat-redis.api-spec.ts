import { createAccount, TestAccount, visibleWorker } from '../support/accounts';
import { record, tokenOf, useChatSockets, waitUntil } from '../support/chat-sockets';
import { insertMembership } from '../support/employer';
import { http } from '../support/http';
import { redisReachable, REDIS_URL } from '../support/redis';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

/**
 * Two application instances on one database, joined by the Redis adapter: two server processes
 * behind one address deliver to each other's clients. Skipped, and said so, only when no Redis is
 * reachable.
 */
describe('chat gateway across two instances (Redis adapter)', () => {
  let available = false;
  let a: TestApp;
  let b: TestApp;
  const sockets = useChatSockets();

  beforeAll(async () => {
    available = await redisReachable();
    if (!available) {
      console.warn(`SKIPPED chat-redis: no Redis reachable at ${REDIS_URL}`);
      return;
    }
    const env = { TRUST_PROXY: '1', REDIS_URL };
    a = await startTestApp(env, { listen: true, poolSize: 5 });
    b = await startTestApp(env, { listen: true, poolSize: 5, databaseUrl: a.databaseUrl });
  });
  afterAll(async () => {
    if (b) await b.close();
    if (a) await a.close();
  });

  const connectTo = (t: TestApp, account: TestAccount) => sockets.connect(t, tokenOf(account));
  const waitFor = (check: () => boolean) => waitUntil(check, 5000, 'an event from the other instance');

  /** A worker and an employer with membership in one conversation. */
  const conversation = async () => {
    const worker = await visibleWorker(a);
    const employer = await createAccount(a, 'Parent');
    await insertMembership(a, employer.profileId!);
    const res = await http(a)
      .post('/api/chat/conversation/start-chat/')
      .set(employer.auth)
      .send({ workerId: worker.profileId, parentId: employer.profileId })
      .expect(201);
    return { worker, employer, id: res.body.id as number };
  };

  it('delivers messages, conversation updates and read receipts between clients of different instances', async () => {
    if (!available) return;
    const { worker, employer, id } = await conversation();
    const onA = await connectTo(a, employer);
    const onB = await connectTo(b, worker);
    expect(await onA.emitWithAck('join', { conversation_id: id })).toEqual({ ok: true });
    expect(await onB.emitWithAck('join', { conversation_id: id })).toEqual({ ok: true });
    const heardOnB = record<{ id: number; content: string }>(onB, 'message');
    const updatesOnB = record(onB, 'conversation_updated');
    const heardOnA = record<{ id: number; content: string }>(onA, 'message');
    const receiptsOnA = record(onA, 'read');

    const ack = await onA.emitWithAck('send_message', { conversation_id: id, content: 'Desde A', client_id: 'r1' });
    expect(ack).toMatchObject({ duplicate: false, message: { content: 'Desde A' } });
    await waitFor(() => heardOnB.length === 1 && updatesOnB.length === 1);
    expect(heardOnB[0]).toEqual(ack.message);
    expect(updatesOnB[0]).toEqual({ conversation_id: id, last_message: ack.message });

    const reply = await onB.emitWithAck('send_message', { conversation_id: id, content: 'Desde B' });
    await waitFor(() => heardOnA.some((m) => m.id === reply.message.id));

    // Over HTTP on instance B, pushed to the client on instance A.
    const viaHttp = await http(b)
      .post(`/api/chat/conversations/${id}/messages/`)
      .set(worker.auth)
      .send({ content: 'Por HTTP en B' })
      .expect(201);
    await waitFor(() => heardOnA.some((m) => m.id === viaHttp.body.id));

    expect(await onB.emitWithAck('read', { conversation_id: id })).toEqual({ message_ids: [ack.message.id] });
    await waitFor(() => receiptsOnA.length === 1);
    expect(receiptsOnA[0]).toEqual({ conversation_id: id, reader_id: worker.userId, message_ids: [ack.message.id] });

    // A resend through the other instance is the same message (the database decides).
    const resent = await onB.emitWithAck('send_message', { conversation_id: id, content: 'otra', client_id: 'x' });
    const again = await (
      await connectTo(a, worker)
    ).emitWithAck('send_message', {
      conversation_id: id,
      content: 'otra',
      client_id: 'x',
    });
    expect(again).toEqual({ duplicate: true, message: resent.message });
  });

  it("reaches a participant's personal room on the other instance without joining the conversation", async () => {
    if (!available) return;
    const { worker, employer, id } = await conversation();
    const idleOnB = await connectTo(b, worker);
    const updates = record(idleOnB, 'conversation_updated');
    const messages = record(idleOnB, 'message');
    const onA = await connectTo(a, employer);
    const ack = await onA.emitWithAck('send_message', { conversation_id: id, content: 'Hola' });
    await waitFor(() => updates.length === 1);
    expect(updates[0]).toEqual({ conversation_id: id, last_message: ack.message });
    expect(messages).toEqual([]);
  });
});
