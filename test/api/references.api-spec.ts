import { REFERENCE_LIMITS, REFERENCE_MESSAGES } from '@cym/common';
import { Client } from 'pg';
import { Clock } from '../../server/src/common/clock/clock';
import { DEMO_LOGINS, seedDemo } from '../../seed/src/demo-seed';
import { BOTH_WROTE_SQL } from '../../server/src/modules/chat/chat.repository';
import { auditRows, countQueries, lastAuditId } from '../support/admin';
import { createAccount, visibleWorker, type TestAccount } from '../support/accounts';
import { addOffer, catalogIds, insertMembership } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { atOnce, statusCounts } from '../support/race';
import { serverUrl } from '../support/template-db';
import { type TestApp, useTestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(90_000);

/** A conversation between a worker and an employer where `writers` wrote one message each. */
async function converse(t: TestApp, worker: TestAccount, employer: TestAccount, writers: TestAccount[]): Promise<void> {
  const [c] = await t.dataSource.query(
    `INSERT INTO conversations (worker_profile_id, parent_profile_id, pair_key) VALUES ($1, $2, $3) RETURNING id`,
    [worker.profileId, employer.profileId, `w${worker.profileId}-p${employer.profileId}`],
  );
  for (const writer of writers)
    await t.dataSource.query(`INSERT INTO messages (conversation_id, sender_id, content) VALUES ($1, $2, 'Hola')`, [
      c.id,
      writer.userId,
    ]);
}

const TEXT = 'Muy responsable y cariñosa con los chicos, la recomiendo.';

describe('references', () => {
  // Several connections on PostgreSQL, so that writes sent at once really race.
  const t = useTestApp({ DIRECTORY_CACHE_SECONDS: '0' }, { poolSize: 10 });
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await createAccount(t, 'admin');
  });

  afterEach(() => jest.restoreAllMocks());

  const write = (author: TestAccount, subject: TestAccount, body: Record<string, unknown> = {}) =>
    http(t)
      .post('/api/references/')
      .set(author.auth)
      .send({ subject_user_id: subject.userId, stars: 5, text: TEXT, ...body });

  const workerCard = async (worker: TestAccount) => {
    const res = await http(t).get('/api/workers/').query({ page: '1', page_size: '100' }).expect(200);
    return (res.body.results as { id: number; rating: unknown }[]).find((c) => c.id === worker.profileId);
  };

  it('lets an employer review a worker only after a conversation where both wrote', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');

    // No conversation.
    let res = await write(employer, worker).expect(403);
    expectErrorShape(res.body);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.notEligible);
    let eligibility = await http(t).get(`/api/references/eligibility/${worker.userId}/`).set(employer.auth).expect(200);
    expect(eligibility.body).toMatchObject({ can_write: false, reason: REFERENCE_MESSAGES.notEligible });

    // A conversation where only the employer wrote.
    await converse(t, worker, employer, [employer]);
    res = await write(employer, worker).expect(403);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.notEligible);

    // Both wrote.
    await t.dataSource.query(
      `INSERT INTO messages (conversation_id, sender_id, content)
       SELECT id, $1, 'Buenas' FROM conversations WHERE worker_profile_id = $2`,
      [worker.userId, worker.profileId],
    );
    eligibility = await http(t).get(`/api/references/eligibility/${worker.userId}/`).set(employer.auth).expect(200);
    expect(eligibility.body).toEqual({ can_write: true, reason: null, reference: null, can_edit: false });
    res = await write(employer, worker, { text: `   ${TEXT}   ` }).expect(201);
    expect(res.body).toMatchObject({
      author: { user_id: employer.userId, first_name: 'Prueba' },
      subject_user_id: worker.userId,
      stars: 5,
      text: TEXT,
      reply: null,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/last_name|email|phone/);

    // One each.
    res = await write(employer, worker).expect(409);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.alreadyLeft);
    eligibility = await http(t).get(`/api/references/eligibility/${worker.userId}/`).set(employer.auth).expect(200);
    expect(eligibility.body).toMatchObject({ can_write: false, can_edit: true, reference: { stars: 5 } });

    // The worker rates the employer the same way.
    res = await write(worker, employer, { stars: 4 }).expect(201);
    expect(res.body.subject_user_id).toBe(employer.userId);
    await write(worker, employer).expect(409);
  });

  it('refuses admins, oneself, two employers and unknown people', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    const other = await createAccount(t, 'Parent');
    await converse(t, worker, employer, [worker, employer]);
    let res = await write(admin, worker).expect(403);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.adminCannot);
    res = await write(employer, employer).expect(403);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.self);
    res = await write(employer, other).expect(403);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.wrongParties);
    res = await write(employer, admin).expect(403);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.wrongParties);
    res = await http(t)
      .post('/api/references/')
      .set(employer.auth)
      .send({ subject_user_id: 99999999, stars: 5, text: TEXT })
      .expect(404);
    expectErrorShape(res.body);
    await http(t).post('/api/references/').send({ subject_user_id: worker.userId, stars: 5, text: TEXT }).expect(401);
    await http(t).get(`/api/references/eligibility/${worker.userId}/`).expect(401);
  });

  it('checks the stars and the text’s length, trimmed', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await converse(t, worker, employer, [worker, employer]);
    for (const stars of [0, 6, 2.5]) {
      const res = await write(employer, worker, { stars }).expect(400);
      expectErrorShape(res.body);
      expect(res.body.error).toBe(REFERENCE_MESSAGES.stars);
    }
    for (const text of ['x'.repeat(19), `  ${'x'.repeat(19)}  `, 'x'.repeat(701)]) {
      const res = await write(employer, worker, { text }).expect(400);
      expect(res.body.error).toBe(REFERENCE_MESSAGES.text);
    }
    await write(employer, worker, { text: 'x'.repeat(REFERENCE_LIMITS.minText), stars: 1 }).expect(201);
  });

  it('lets the author edit for 30 days and refuses after (the Clock)', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    const stranger = await createAccount(t, 'Parent');
    await converse(t, worker, employer, [worker, employer]);
    const clock = t.app.get(Clock);
    const base = Date.now();
    jest.spyOn(clock, 'now').mockReturnValue(new Date(base));
    const { id } = (await write(employer, worker, { stars: 3 }).expect(201)).body;

    jest.spyOn(clock, 'now').mockReturnValue(new Date(base + 29 * 86_400_000));
    let res = await http(t)
      .patch(`/api/references/${id}/`)
      .set(employer.auth)
      .send({ stars: 4, text: 'Cambió para bien, ahora la recomiendo más.' })
      .expect(200);
    expect(res.body).toMatchObject({ stars: 4, text: 'Cambió para bien, ahora la recomiendo más.' });
    await http(t).patch(`/api/references/${id}/`).set(employer.auth).send({ stars: 6 }).expect(400);
    res = await http(t).patch(`/api/references/${id}/`).set(stranger.auth).send({ stars: 1 }).expect(403);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.notYours);
    await http(t).patch(`/api/references/${id}/`).set(worker.auth).send({ stars: 1 }).expect(403);

    jest.spyOn(clock, 'now').mockReturnValue(new Date(base + 30 * 86_400_000 + 1000));
    res = await http(t).patch(`/api/references/${id}/`).set(employer.auth).send({ stars: 5 }).expect(403);
    expectErrorShape(res.body);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.editExpired);
    const eligibility = await http(t).get(`/api/references/eligibility/${worker.userId}/`).set(employer.auth);
    expect(eligibility.body).toMatchObject({ can_write: false, can_edit: false });
    await http(t).patch('/api/references/99999999/').set(employer.auth).send({ stars: 5 }).expect(404);
  });

  it('lets only the subject reply, once, publicly', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await converse(t, worker, employer, [worker, employer]);
    const { id } = (await write(employer, worker).expect(201)).body;
    let res = await http(t)
      .post(`/api/references/${id}/reply/`)
      .set(employer.auth)
      .send({ text: 'Gracias' })
      .expect(403);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.onlySubjectReplies);
    res = await http(t).post(`/api/references/${id}/reply/`).set(worker.auth).send({ text: '   ' }).expect(400);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.reply);
    await http(t)
      .post(`/api/references/${id}/reply/`)
      .set(worker.auth)
      .send({ text: 'x'.repeat(701) })
      .expect(400);
    res = await http(t)
      .post(`/api/references/${id}/reply/`)
      .set(worker.auth)
      .send({ text: '¡Gracias por la confianza!' })
      .expect(200);
    expect(res.body).toMatchObject({ reply: '¡Gracias por la confianza!', reply_at: expect.any(String) });
    res = await http(t).post(`/api/references/${id}/reply/`).set(worker.auth).send({ text: 'Otra vez' }).expect(409);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.alreadyReplied);
    const page = await http(t).get(`/api/references/workers/${worker.profileId}/`).expect(200);
    expect(page.body.results[0]).toMatchObject({ id, reply: '¡Gracias por la confianza!' });
  });

  it(
    bothEngines('keeps one reference per pair, one reply and one report each when they are sent at once'),
    async () => {
      const worker = await visibleWorker(t);
      const employer = await createAccount(t, 'Parent');
      await converse(t, worker, employer, [worker, employer]);
      const refusals = (answers: { status: number; body: { error: string } }[]) =>
        answers.filter((r) => r.status === 409).map((r) => r.body.error);

      const writes = await atOnce(5, () => write(employer, worker));
      expect(statusCounts(writes)).toEqual({ 201: 1, 409: 4 });
      expect(refusals(writes)).toEqual(Array(4).fill(REFERENCE_MESSAGES.alreadyLeft));
      const { id } = writes.find((r) => r.status === 201)!.body;

      const replies = await atOnce(5, (i) =>
        http(t)
          .post(`/api/references/${id}/reply/`)
          .set(worker.auth)
          .send({ text: `Gracias ${i}` }),
      );
      expect(statusCounts(replies)).toEqual({ 200: 1, 409: 4 });
      expect(refusals(replies)).toEqual(Array(4).fill(REFERENCE_MESSAGES.alreadyReplied));

      const reports = await atOnce(5, () =>
        http(t)
          .post(`/api/references/${id}/report/`)
          .set(worker.auth)
          .send({ reason: 'No trabajé nunca con esta familia.' }),
      );
      expect(statusCounts(reports)).toEqual({ 204: 1, 409: 4 });
      expect(refusals(reports)).toEqual(Array(4).fill(REFERENCE_MESSAGES.alreadyReported));

      const [row] = await t.dataSource.query(
        `SELECT (SELECT count(*)::int FROM "references" WHERE author_user_id = $1 AND subject_user_id = $2) AS refs,
              (SELECT count(*)::int FROM reference_reports WHERE reference_id = $3) AS reports`,
        [employer.userId, worker.userId, id],
      );
      expect(row).toEqual({ refs: 1, reports: 1 });
    },
  );

  // Two sessions interleaved by hand: only a PostgreSQL server has more than one.
  (serverUrl() ? it : it.skip)(
    bothEngines('keeps the rating aggregate exact when two people review one worker at once'),
    async () => {
      const worker = await visibleWorker(t);
      const [a, b] = [await createAccount(t, 'Parent'), await createAccount(t, 'Parent')];
      const sessions = [
        new Client({ connectionString: t.databaseUrl }),
        new Client({ connectionString: t.databaseUrl }),
      ];
      await Promise.all(sessions.map((c) => c.connect()));
      try {
        const review = (c: Client, author: TestAccount, stars: number) =>
          c.query(`INSERT INTO "references" (author_user_id, subject_user_id, stars, text) VALUES ($1, $2, $3, $4)`, [
            author.userId,
            worker.userId,
            stars,
            TEXT,
          ]);
        await sessions[0].query('BEGIN');
        await review(sessions[0], a, 5);
        await sessions[1].query('BEGIN');
        // The second recount waits for the first writer (it would otherwise count without its row).
        const second = review(sessions[1], b, 2).then(() => sessions[1].query('COMMIT'));
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sessions[0].query('COMMIT');
        await second;
      } finally {
        await Promise.all(sessions.map((c) => c.end()));
      }
      const [row] = await t.dataSource.query(`SELECT stars_sum, count FROM reference_ratings WHERE user_id = $1`, [
        worker.userId,
      ]);
      expect(row).toEqual({ stars_sum: 7, count: 2 });
    },
  );

  it('lists newest first, paged, with the average on the profile, the cards and the offers', async () => {
    const worker = await visibleWorker(t);
    const authors: TestAccount[] = [];
    for (let i = 0; i < 12; i += 1) {
      const employer = await createAccount(t, 'Parent');
      await converse(t, worker, employer, [worker, employer]);
      authors.push(employer);
    }
    expect((await workerCard(worker))?.rating).toBeNull();
    for (const [i, employer] of authors.entries()) await write(employer, worker, { stars: i < 9 ? 5 : 4 }).expect(201);

    const first = await http(t).get(`/api/references/workers/${worker.profileId}/`).expect(200);
    expect(first.body).toMatchObject({
      subject_user_id: worker.userId,
      rating: { average: 4.8, count: 12 },
      count: 12,
      page: 1,
      page_size: 10,
    });
    expect(first.body.results).toHaveLength(10);
    expect(first.body.results[0].author.user_id).toBe(authors[11].userId);
    const second = await http(t).get(`/api/references/workers/${worker.profileId}/`).query({ page: '2' }).expect(200);
    expect(second.body.results.map((r: { author: { user_id: number } }) => r.author.user_id)).toEqual([
      authors[1].userId,
      authors[0].userId,
    ]);
    // Every refused page is in parsePage's unit test (server/src/modules/references/references.service.spec.ts).
    const refused = await http(t).get(`/api/references/workers/${worker.profileId}/`).query({ page: '0' }).expect(400);
    expectErrorShape(refused.body);
    expect(refused.body.errors).toEqual({ page: [REFERENCE_MESSAGES.page] });
    await http(t).get('/api/references/workers/99999999/').expect(404);

    expect((await workerCard(worker))?.rating).toEqual({ average: 4.8, count: 12, hired: 0 });

    // The employer's average on their public offers.
    const employer = authors[0];
    await write(worker, employer, { stars: 4 }).expect(201);
    await insertMembership(t, employer.profileId!);
    const ids = await catalogIds(t);
    const offer = await addOffer(t, employer, ids);
    const single = await http(t).get(`/api/job-offer/${offer.id}/get/`).expect(200);
    expect(single.body.parent_profile.rating).toEqual({ average: 4, count: 1, hired: 0 });
    const offers = await http(t).get('/api/job-offers/').query({ page: '1', page_size: '100' }).expect(200);
    const card = offers.body.results.find((o: { id: number }) => o.id === offer.id);
    expect(card.parent_profile.rating).toEqual({ average: 4, count: 1, hired: 0 });
    const parentPage = await http(t).get(`/api/references/parents/${employer.profileId}/`).expect(200);
    expect(parentPage.body).toMatchObject({ rating: { average: 4, count: 1 }, count: 1 });
  });

  it('takes reports from the subject and admins only, once each', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await converse(t, worker, employer, [worker, employer]);
    const { id } = (await write(employer, worker).expect(201)).body;
    const reason = { reason: 'No trabajé nunca con esta familia.' };
    let res = await http(t).post(`/api/references/${id}/report/`).set(employer.auth).send(reason).expect(403);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.onlySubjectReports);
    const stranger = await createAccount(t, 'Worker');
    await http(t).post(`/api/references/${id}/report/`).set(stranger.auth).send(reason).expect(403);
    res = await http(t).post(`/api/references/${id}/report/`).set(worker.auth).send({ reason: 'no' }).expect(400);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.reason);
    await http(t).post(`/api/references/${id}/report/`).set(worker.auth).send(reason).expect(204);
    res = await http(t).post(`/api/references/${id}/report/`).set(worker.auth).send(reason).expect(409);
    expect(res.body.error).toBe(REFERENCE_MESSAGES.alreadyReported);
    await http(t).post(`/api/references/${id}/report/`).set(admin.auth).send(reason).expect(204);
    await http(t).post(`/api/references/${id}/report/`).send(reason).expect(401);

    const list = await http(t).get('/api/admin/references/').set(admin.auth).expect(200);
    expect(list.body.results[0]).toMatchObject({ id, reports: [expect.any(Object), expect.any(Object)] });
    expect(list.body.results[0].reports.map((r: { reason: string }) => r.reason)).toEqual([
      reason.reason,
      reason.reason,
    ]);
    await http(t).get('/api/admin/references/').set(worker.auth).expect(403);
    await http(t).get('/api/admin/references/').query({ filter: 'nada' }).set(admin.auth).expect(400);
    const reported = await http(t).get('/api/admin/references/').query({ filter: 'reported' }).set(admin.auth);
    expect(reported.body.results.every((r: { reports: unknown[] }) => r.reports.length > 0)).toBe(true);
  });

  it('lets an admin hide and restore, with audit rows; hidden ones count nowhere', async () => {
    const worker = await visibleWorker(t);
    const a = await createAccount(t, 'Parent');
    const b = await createAccount(t, 'Parent');
    await converse(t, worker, a, [worker, a]);
    await converse(t, worker, b, [worker, b]);
    const { id } = (await write(a, worker, { stars: 1 }).expect(201)).body;
    await write(b, worker, { stars: 5 }).expect(201);
    expect((await workerCard(worker))?.rating).toEqual({ average: 3, count: 2, hired: 0 });

    const reason = { reason: 'Texto ofensivo, fuera de las reglas.' };
    await http(t).post(`/api/admin/references/${id}/hide/`).set(worker.auth).send(reason).expect(403);
    await http(t).post(`/api/admin/references/${id}/hide/`).set(admin.auth).send({ reason: '' }).expect(400);
    const before = await lastAuditId(t);
    await http(t).post(`/api/admin/references/${id}/hide/`).set(admin.auth).send(reason).expect(204);
    await http(t).post(`/api/admin/references/${id}/hide/`).set(admin.auth).send(reason).expect(409);
    let rows = await auditRows(t, before);
    expect(rows).toEqual([
      expect.objectContaining({
        actor_id: admin.userId,
        action: 'reference.hide',
        target_type: 'reference',
        target_id: id,
        after: { hidden: true, reason: reason.reason },
      }),
    ]);

    expect((await workerCard(worker))?.rating).toEqual({ average: 5, count: 1, hired: 0 });
    const page = await http(t).get(`/api/references/workers/${worker.profileId}/`).expect(200);
    expect(page.body).toMatchObject({ rating: { average: 5, count: 1 }, count: 1 });
    expect(page.body.results.map((r: { id: number }) => r.id)).not.toContain(id);
    // The subject can neither reply to nor report a hidden one; it is not there for them.
    await http(t).post(`/api/references/${id}/reply/`).set(worker.auth).send({ text: 'Hola' }).expect(404);
    const hidden = await http(t).get('/api/admin/references/').query({ filter: 'hidden' }).set(admin.auth);
    expect(hidden.body.results).toEqual([
      expect.objectContaining({ id, hidden_reason: reason.reason, hidden_at: expect.any(String) }),
    ]);

    const beforeRestore = await lastAuditId(t);
    await http(t).post(`/api/admin/references/${id}/restore/`).set(admin.auth).expect(204);
    await http(t).post(`/api/admin/references/${id}/restore/`).set(admin.auth).expect(409);
    rows = await auditRows(t, beforeRestore);
    expect(rows).toEqual([expect.objectContaining({ action: 'reference.restore', target_id: id })]);
    expect((await workerCard(worker))?.rating).toEqual({ average: 3, count: 2, hired: 0 });
    await http(t).post('/api/admin/references/99999999/restore/').set(admin.auth).expect(404);
  });

  it('reads the directory in a constant number of queries whatever the ratings', async () => {
    const read = () => http(t).get('/api/workers/').query({ page: '1', page_size: '50' }).expect(200);
    const offers = () => http(t).get('/api/job-offers/').query({ page: '1', page_size: '50' }).expect(200);
    const before = await countQueries(t, read);
    const beforeOffers = await countQueries(t, offers);
    for (let i = 0; i < 3; i += 1) {
      const worker = await visibleWorker(t);
      const employer = await createAccount(t, 'Parent');
      await converse(t, worker, employer, [worker, employer]);
      await write(employer, worker).expect(201);
      await write(worker, employer).expect(201);
    }
    expect(await countQueries(t, read)).toBe(before);
    expect(await countQueries(t, offers)).toBe(beforeOffers);
    const worker = await visibleWorker(t);
    const one = await countQueries(t, () => http(t).get(`/api/references/workers/${worker.profileId}/`).expect(200));
    expect(one).toBeLessThanOrEqual(2);
  });
});

describe('the demo’s references', () => {
  const t = useTestApp();

  it('rates demo workers and employers who chatted, the demo logins too, with one report for the admin', async () => {
    await seedDemo(t.dataSource, { workers: 40, employers: 12, seed: 4 });
    const rows: { author: string; subject: string; stars: number; both_wrote: boolean }[] = await t.dataSource.query(
      `SELECT a.email AS author, s.email AS subject, r.stars,
              EXISTS (${BOTH_WROTE_SQL.replace(/\$1/g, 'r.author_user_id').replace(/\$2/g, 'r.subject_user_id')}) AS both_wrote
         FROM "references" r JOIN users a ON a.id = r.author_user_id JOIN users s ON s.id = r.subject_user_id`,
    );
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.every((r) => r.both_wrote)).toBe(true);
    const worker = DEMO_LOGINS.find((l) => l.role === 'worker')!.email;
    const employer = DEMO_LOGINS.find((l) => l.role === 'employer')!.email;
    expect(rows.filter((r) => r.author === employer)).toEqual([
      expect.objectContaining({ subject: worker, stars: 5, both_wrote: true }),
    ]);
    // The demo employer can still rate the other workers he talked with.
    const [{ open }] = await t.dataSource.query(
      `SELECT count(*)::int AS open FROM conversations c
         JOIN parent_profiles p ON p.id = c.parent_profile_id JOIN users pu ON pu.id = p.user_id
         JOIN worker_profiles w ON w.id = c.worker_profile_id
        WHERE pu.email = $1
          AND (SELECT count(DISTINCT sender_id) FROM messages m WHERE m.conversation_id = c.id) = 2
          AND NOT EXISTS (SELECT 1 FROM "references" r WHERE r.author_user_id = pu.id AND r.subject_user_id = w.user_id)`,
      [employer],
    );
    expect(open).toBeGreaterThanOrEqual(1);
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM reference_reports`);
    expect(n).toBe(1);
    // The aggregate the cards read agrees with the references.
    const ratings = await t.dataSource.query(
      `SELECT subject_user_id, sum(stars)::int AS s, count(*)::int AS c FROM "references"
        WHERE hidden_at IS NULL GROUP BY subject_user_id
       EXCEPT SELECT user_id, stars_sum, count FROM reference_ratings`,
    );
    expect(ratings).toEqual([]);
  });
});
