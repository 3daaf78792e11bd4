import { BLOCK_LIMITS, BLOCK_MESSAGES } from '@cym/common';
import { SavedSearchAlerts } from '../../server/src/modules/saved-searches/saved-search-alerts';
import { createAccount, visibleWorker, type TestAccount } from '../support/accounts';
import { record, tokenOf, useChatSockets, waitUntil } from '../support/chat-sockets';
import { addOffer, catalogIds, insertMembership, type CatalogIds } from '../support/employer';
import { cleaningRate, dayAfter, TWENTY_HOURS } from '../support/hires';
import { expectErrorShape, http } from '../support/http';
import { atOnce, statusCounts } from '../support/race';
import { useTestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(90_000);

interface Card {
  id: number;
  parent_profile: { id: number; user: { id: number } } | null;
}

/**
 * Blocking: the list and its limits, writes across a block refused both ways (chat over HTTP and
 * the socket, hire proposals), and the blocker no longer seeing the blocked person in the
 * directories, shortlists and alerts, while everyone else's answers stay as they were.
 */
describe('blocks', () => {
  // Several connections on PostgreSQL, so that blocks sent at once really race.
  const t = useTestApp({}, { listen: true, poolSize: 10 });
  const sockets = useChatSockets();
  let ids: CatalogIds;

  beforeAll(async () => {
    ids = await catalogIds(t);
  });

  const member = async () => {
    const a = await createAccount(t, 'Parent');
    await insertMembership(t, a.profileId!);
    return a;
  };
  const block = (by: TestAccount, who: number) => http(t).post('/api/blocks/').set(by.auth).send({ user_id: who });
  const unblock = (by: TestAccount, who: number) => http(t).delete(`/api/blocks/${who}/`).set(by.auth);
  const start = (by: TestAccount, worker: TestAccount, employer: TestAccount) =>
    http(t)
      .post('/api/chat/conversation/start-chat/')
      .set(by.auth)
      .send({ workerId: worker.profileId, parentId: employer.profileId });
  const send = (by: TestAccount, id: number, content = 'Hola') =>
    http(t).post(`/api/chat/conversations/${id}/messages/`).set(by.auth).send({ content });
  const messages = async (id: number): Promise<number> =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM messages WHERE conversation_id = $1`, [id]))[0].n;

  it('blocks once, lists the person as the public sees them, and unblocks', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await t.dataSource.query(`UPDATE users SET first_name = 'Ana', last_name = 'Secreta' WHERE id = $1`, [
      employer.userId,
    ]);
    expect((await http(t).get('/api/blocks/').set(worker.auth).expect(200)).body).toEqual([]);
    await block(worker, employer.userId).expect(204);
    await block(worker, employer.userId).expect(204);
    const list = (await http(t).get('/api/blocks/').set(worker.auth).expect(200)).body;
    expect(list).toEqual([
      {
        user_id: employer.userId,
        first_name: 'Ana',
        profile_image: null,
        profile_type: 'Parent',
        blocked_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
    expect(JSON.stringify(list)).not.toMatch(/Secreta|email|phone/);
    // The other side's list is their own.
    expect((await http(t).get('/api/blocks/').set(employer.auth).expect(200)).body).toEqual([]);
    await unblock(worker, employer.userId).expect(204);
    await unblock(worker, employer.userId).expect(204);
    expect((await http(t).get('/api/blocks/').set(worker.auth).expect(200)).body).toEqual([]);
    await http(t).get('/api/blocks/').expect(401);
  });

  it('refuses unknown people, oneself, the team, admins blocking and malformed bodies, in Spanish', async () => {
    const worker = await visibleWorker(t);
    const admin = await createAccount(t, 'admin');
    const cases: [TestAccount, object, number, string][] = [
      [worker, { user_id: 2_000_000_000 }, 404, BLOCK_MESSAGES.userNotFound],
      [worker, { user_id: worker.userId }, 400, BLOCK_MESSAGES.self],
      [worker, { user_id: admin.userId }, 400, BLOCK_MESSAGES.team],
      [admin, { user_id: worker.userId }, 403, BLOCK_MESSAGES.adminCannotBlock],
      [worker, { user_id: 'x' }, 400, BLOCK_MESSAGES.invalidUser],
      [worker, {}, 400, BLOCK_MESSAGES.invalidUser],
    ];
    for (const [by, body, status, message] of cases) {
      const res = await http(t).post('/api/blocks/').set(by.auth).send(body).expect(status);
      expectErrorShape(res.body);
      expect(res.body.error).toBe(message);
    }
    const rows = await t.dataSource.query(`SELECT 1 FROM blocks WHERE blocker_id IN ($1, $2)`, [
      worker.userId,
      admin.userId,
    ]);
    expect(rows).toEqual([]);
  });

  it('caps the people one blocks, counted in the database', async () => {
    const worker = await visibleWorker(t);
    const another = await createAccount(t, 'Parent');
    // The limit's worth of people, blocked straight in the database.
    await t.dataSource.query(
      `WITH people AS (
         INSERT INTO users (email, password_hash, first_name, last_name, profile_type, is_admin)
         SELECT 'blocked' || g || '.' || $1 || '@example.com', 'x', 'Gente', 'Apellido', 'Parent', false
           FROM generate_series(1, $2::int) g
         RETURNING id)
       INSERT INTO blocks (blocker_id, blocked_id) SELECT $1::int, id FROM people`,
      [worker.userId, BLOCK_LIMITS.maxBlocked],
    );
    const res = await block(worker, another.userId).expect(400);
    expect(res.body).toEqual({ error: BLOCK_MESSAGES.full, code: 'LIMIT_REACHED' });
    // Blocking someone already blocked is still answered as done.
    const [{ id }] = await t.dataSource.query(`SELECT blocked_id AS id FROM blocks WHERE blocker_id = $1 LIMIT 1`, [
      worker.userId,
    ]);
    await block(worker, id).expect(204);
  });

  it(bothEngines('keeps the limit when ten people are blocked at once'), async () => {
    const worker = await visibleWorker(t);
    const room = 3;
    await t.dataSource.query(
      `WITH people AS (
         INSERT INTO users (email, password_hash, first_name, last_name, profile_type, is_admin)
         SELECT 'race' || g || '.' || $1 || '@example.com', 'x', 'Gente', 'Apellido', 'Parent', false
           FROM generate_series(1, $2::int) g
         RETURNING id)
       INSERT INTO blocks (blocker_id, blocked_id) SELECT $1::int, id FROM people`,
      [worker.userId, BLOCK_LIMITS.maxBlocked - room],
    );
    const others: number[] = (
      await t.dataSource.query(
        `INSERT INTO users (email, password_hash, first_name, last_name, profile_type, is_admin)
         SELECT 'racer' || g || '.' || $1 || '@example.com', 'x', 'Otra', 'Apellido', 'Parent', false
           FROM generate_series(1, 10) g RETURNING id`,
        [worker.userId],
      )
    ).map((u: { id: number }) => u.id);
    const answers = await atOnce(10, (i) => block(worker, others[i]!));
    expect(statusCounts(answers)).toEqual({ 204: room, 400: 10 - room });
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM blocks WHERE blocker_id = $1`, [
      worker.userId,
    ]);
    expect(n).toBe(BLOCK_LIMITS.maxBlocked);
  });

  describe('the chat across a block', () => {
    const connectAs = (a: TestAccount) => sockets.connect(t, tokenOf(a));
    const byMe = { error: BLOCK_MESSAGES.blockedByMe, code: 'CANNOT_WRITE' };
    const cannot = { error: BLOCK_MESSAGES.cannotWrite, code: 'CANNOT_WRITE' };

    it('refuses to start a conversation either way, and tells each side its own words', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      await addOffer(t, employer, ids);
      await block(worker, employer.userId).expect(204);
      expect((await start(employer, worker, employer).expect(403)).body).toEqual(cannot);
      expect((await start(worker, worker, employer).expect(403)).body).toEqual(byMe);
      expect(
        await t.dataSource.query(`SELECT 1 FROM conversations WHERE worker_profile_id = $1`, [worker.profileId]),
      ).toEqual([]);
      await unblock(worker, employer.userId).expect(204);
      await start(employer, worker, employer).expect(201);
    });

    it('refuses messages either way over HTTP and the socket, and says whether the composer is closed', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = (await start(employer, worker, employer).expect(201)).body.id as number;
      await send(employer, id, 'Antes').expect(201);
      const before = await messages(id);

      await block(employer, worker.userId).expect(204);
      expect((await send(worker, id).expect(403)).body).toEqual(cannot);
      expect((await send(employer, id).expect(403)).body).toEqual(byMe);
      expect((await http(t).get(`/api/chat/conversations/${id}/`).set(employer.auth).expect(200)).body.block).toBe(
        'by_me',
      );
      const seen = (await http(t).get(`/api/chat/conversations/${id}/`).set(worker.auth).expect(200)).body;
      expect(seen.block).toBe('cannot_write');
      // The history stays readable.
      expect(seen.messages.map((m: { content: string }) => m.content)).toEqual(['Antes']);

      const workerSocket = await connectAs(worker);
      const employerSocket = await connectAs(employer);
      const heard = record(employerSocket, 'message');
      await employerSocket.emitWithAck('join', { conversation_id: id });
      expect(await workerSocket.emitWithAck('send_message', { conversation_id: id, content: 'Por el socket' })).toEqual(
        cannot,
      );
      expect(await employerSocket.emitWithAck('send_message', { conversation_id: id, content: 'Yo tampoco' })).toEqual(
        byMe,
      );
      expect(await messages(id)).toBe(before);
      expect(heard).toEqual([]);

      await unblock(employer, worker.userId).expect(204);
      expect((await http(t).get(`/api/chat/conversations/${id}/`).set(worker.auth).expect(200)).body.block).toBeNull();
      const ack = await workerSocket.emitWithAck('send_message', { conversation_id: id, content: 'Ahora sí' });
      expect(ack).toMatchObject({ message: { content: 'Ahora sí' } });
      await waitUntil(() => heard.length === 1, 3000, 'the message');
    });

    it('never closes a conversation with the team', async () => {
      const worker = await visibleWorker(t);
      const admin = await createAccount(t, 'admin');
      const id = (
        await http(t)
          .post('/api/chat/conversation/start-chat/')
          .set(admin.auth)
          .send({ workerId: worker.profileId, adminId: admin.userId })
          .expect(201)
      ).body.id as number;
      await block(worker, admin.userId).expect(400);
      await send(worker, id, 'Consulta').expect(201);
      expect((await http(t).get(`/api/chat/conversations/${id}/`).set(worker.auth).expect(200)).body.block).toBeNull();
    });

    it('refuses a hire proposal across a block, and its acceptance', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const id = (await start(employer, worker, employer).expect(201)).body.id as number;
      const { cleaning, hourly } = await cleaningRate(t);
      const proposal = () =>
        http(t)
          .post('/api/hires/proposals')
          .set(employer.auth)
          .send({
            conversation_id: id,
            start_date: dayAfter(3),
            services: [cleaning],
            arrangement: 'con_retiro',
            schedule: TWENTY_HOURS,
            pay_basis: 'hourly',
            pay_amount: hourly,
            municipality_id: ids.municipalities[0],
          });
      await block(worker, employer.userId).expect(204);
      expect((await proposal().expect(403)).body).toEqual(cannot);
      expect(await t.dataSource.query(`SELECT 1 FROM hire_proposals WHERE conversation_id = $1`, [id])).toEqual([]);
      expect(await messages(id)).toBe(0);

      await unblock(worker, employer.userId).expect(204);
      const made = (await proposal().expect(201)).body.id as number;
      await block(worker, employer.userId).expect(204);
      expect((await http(t).post(`/api/hires/proposals/${made}/accept`).set(worker.auth).expect(403)).body).toEqual(
        byMe,
      );
      // Declining ends what is pending, blocked or not.
      await http(t).post(`/api/hires/proposals/${made}/decline`).set(worker.auth).expect(200);
    });
  });

  describe('what the blocker no longer sees', () => {
    it('leaves the blocked worker out of the directory for the blocker only; the public answer is unchanged', async () => {
      const worker = await visibleWorker(t);
      const employer = await createAccount(t, 'Parent');
      const path = '/api/workers/?page=1&page_size=100';
      const anonymous = await http(t).get(path).expect(200);
      const ids = (body: { results: Card[] }) => body.results.map((c) => c.id);
      expect(ids(anonymous.body)).toContain(worker.profileId);

      await block(employer, worker.userId).expect(204);
      const mine = await http(t).get(path).set(employer.auth).expect(200);
      expect(ids(mine.body)).not.toContain(worker.profileId);
      expect(mine.body.results).toHaveLength(anonymous.body.results.length - 1);
      expect(mine.body.count).toBe(anonymous.body.count - 1);
      const plain = await http(t).get('/api/workers/').set(employer.auth).expect(200);
      expect(plain.body.map((c: Card) => c.id)).not.toContain(worker.profileId);

      // Everyone else gets the kept bytes: the same ETag, 304 on revalidation.
      const again = await http(t).get(path).expect(200);
      expect(again.headers.etag).toBe(anonymous.headers.etag);
      expect(again.text).toBe(anonymous.text);
      await http(t).get(path).set('If-None-Match', anonymous.headers.etag!).expect(304);
      const other = await createAccount(t, 'Parent');
      expect((await http(t).get(path).set(other.auth).expect(200)).headers.etag).toBe(anonymous.headers.etag);
      expect(mine.headers.etag).not.toBe(anonymous.headers.etag);
    });

    it("leaves the blocked employer's offers out of the offers directory, which names the employer's user", async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const offer = await addOffer(t, employer, ids);
      const path = '/api/job-offers/?page=1&page_size=100';
      const before = (await http(t).get(path).set(worker.auth).expect(200)).body;
      const card = before.results.find((c: Card) => c.id === offer.id);
      expect(card.parent_profile.user.id).toBe(employer.userId);
      await block(worker, employer.userId).expect(204);
      const after = (await http(t).get(path).set(worker.auth).expect(200)).body;
      expect(after.results.map((c: Card) => c.id)).not.toContain(offer.id);
      expect(after.count).toBe(before.count - 1);
      expect((await http(t).get(path).expect(200)).body.results.map((c: Card) => c.id)).toContain(offer.id);
    });

    it('leaves blocked people out of the shortlists', async () => {
      const worker = await visibleWorker(t);
      const employer = await member();
      const offer = await addOffer(t, employer, ids);
      await http(t).put(`/api/shortlist/workers/${worker.profileId}/`).set(employer.auth).expect(204);
      await http(t).put(`/api/shortlist/job-offers/${offer.id}/`).set(worker.auth).expect(204);

      await block(employer, worker.userId).expect(204);
      expect((await http(t).get('/api/shortlist/workers/').set(employer.auth).expect(200)).body).toEqual([]);
      // Blocking is one-way: the blocked worker's list is theirs.
      expect((await http(t).get('/api/shortlist/job-offers/').set(worker.auth).expect(200)).body).toHaveLength(1);

      await block(worker, employer.userId).expect(204);
      expect((await http(t).get('/api/shortlist/job-offers/').set(worker.auth).expect(200)).body).toEqual([]);
      await unblock(employer, worker.userId).expect(204);
      expect((await http(t).get('/api/shortlist/workers/').set(employer.auth).expect(200)).body).toHaveLength(1);
    });

    it('never matches a saved search with an item of someone its owner blocked', async () => {
      const employer = await member();
      const blocker = await visibleWorker(t);
      const bystander = await visibleWorker(t);
      for (const w of [blocker, bystander])
        await http(t)
          .post('/api/saved-searches/')
          .set(w.auth)
          .send({ kind: 'job-offers', name: 'Todas', query: {} })
          .expect(201);
      await block(blocker, employer.userId).expect(204);
      const offer = await addOffer(t, employer, ids);
      await t.app.get(SavedSearchAlerts).runDue();
      const matched: { user_id: number }[] = await t.dataSource.query(
        `SELECT ss.user_id FROM saved_search_matches m JOIN saved_searches ss ON ss.id = m.saved_search_id
          WHERE m.item_id = $1 AND ss.user_id IN ($2, $3)`,
        [offer.id, blocker.userId, bystander.userId],
      );
      expect(matched.map((m) => m.user_id)).toEqual([bystander.userId]);
    });

    it('leaves out of the daily e-mail a match found before its owner blocked the person', async () => {
      const employer = await member();
      const worker = await visibleWorker(t);
      await http(t)
        .post('/api/saved-searches/')
        .set(worker.auth)
        .send({ kind: 'job-offers', name: 'Diarias', query: {}, email_frequency: 'daily' })
        .expect(201);
      await addOffer(t, employer, ids, { title: 'Oferta de quien bloqueo' });
      await t.app.get(SavedSearchAlerts).runDue();
      await block(worker, employer.userId).expect(204);
      await t.app.get(SavedSearchAlerts).mailDue();
      const mails: { text: string }[] = await t.dataSource.query(
        `SELECT text FROM email_outbox WHERE to_address = $1`,
        [worker.email],
      );
      expect(mails.map((m) => m.text).join('\n')).not.toContain('Oferta de quien bloqueo');
    });
  });
});
