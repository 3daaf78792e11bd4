import { MODERATION_LIMITS, MODERATION_MESSAGES, JOB_OFFER_MESSAGES } from '@cym/common';
import type { Socket } from 'socket.io-client';
import { auditRows, lastAuditId } from '../support/admin';
import { createAccount, visibleWorker, type TestAccount } from '../support/accounts';
import { tokenOf, useChatSockets } from '../support/chat-sockets';
import { addOffer, catalogIds, insertMembership } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

jest.setTimeout(90_000);

/**
 * Reports and the team's decisions: who may report what, once while open and at most ten an
 * hour; every decision closes the target's open reports, does its effect, writes its audit row
 * and e-mails, and its undo restores the effect and reopens them. A suspension ends the account's
 * sessions and sockets at once and keeps it out of login and the public pages.
 */
describe('reports and moderation', () => {
  let t: TestApp;
  const sockets = useChatSockets();
  let admin: TestAccount;

  beforeAll(async () => {
    t = await startTestApp({ DIRECTORY_CACHE_SECONDS: '0' }, { listen: true });
    admin = await createAccount(t, 'admin');
  });
  afterAll(() => t.close());

  /** A conversation between the worker and the employer, with one message from each; answers the ids. */
  async function converse(worker: TestAccount, employer: TestAccount, employerText = 'Hola, ¿podés el lunes?') {
    const [c] = await t.dataSource.query(
      `INSERT INTO conversations (worker_profile_id, parent_profile_id, pair_key) VALUES ($1, $2, $3) RETURNING id`,
      [worker.profileId, employer.profileId, `w${worker.profileId}-p${employer.profileId}`],
    );
    const ids: number[] = [];
    for (const [sender, text] of [
      [worker.userId, 'Hola'],
      [employer.userId, employerText],
    ] as const) {
      const [m] = await t.dataSource.query(
        `INSERT INTO messages (conversation_id, sender_id, content) VALUES ($1, $2, $3) RETURNING id`,
        [c.id, sender, text],
      );
      ids.push(Number(m.id));
    }
    return { conversationId: c.id as number, workerMessage: ids[0], employerMessage: ids[1] };
  }

  const report = (who: TestAccount, body: Record<string, unknown>) =>
    http(t).post('/api/reports/').set(who.auth).send(body);
  const act = (type: string, id: number, body: Record<string, unknown>) =>
    http(t).post(`/api/admin/reports/${type}/${id}/actions/`).set(admin.auth).send(body);
  const mails = (to: string) =>
    t.dataSource.query(`SELECT subject, text FROM email_outbox WHERE to_address = $1 ORDER BY id`, [to]) as Promise<
      { subject: string; text: string }[]
    >;

  it('takes a report once while open, refuses oneself, the team, unknown and unseen targets', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    const outsider = await createAccount(t, 'Parent');
    const { employerMessage, workerMessage } = await converse(worker, employer);

    let res = await report(worker, { target_type: 'message', target_id: employerMessage, reason: 'scam' }).expect(201);
    expect(res.body.message).toBe(MODERATION_MESSAGES.sent);
    res = await report(worker, { target_type: 'message', target_id: employerMessage, reason: 'other' }).expect(409);
    expectErrorShape(res.body);
    expect(res.body.error).toBe(MODERATION_MESSAGES.alreadyReported);

    // Someone outside the conversation cannot see the message: as if it did not exist.
    res = await report(outsider, { target_type: 'message', target_id: employerMessage, reason: 'scam' }).expect(404);
    expect(res.body.error).toBe(MODERATION_MESSAGES.target);
    res = await report(worker, { target_type: 'message', target_id: workerMessage, reason: 'scam' }).expect(403);
    expect(res.body.error).toBe(MODERATION_MESSAGES.self);
    await report(worker, { target_type: 'worker_profile', target_id: 99_999_999, reason: 'fake' }).expect(404);
    res = await report(worker, { target_type: 'nope', target_id: 1, reason: 'fake' }).expect(400);
    expect(res.body.errors.target_type).toEqual([MODERATION_MESSAGES.target]);
    res = await report(worker, { target_type: 'worker_profile', target_id: worker.profileId, reason: 'bad' }).expect(
      400,
    );
    expect(res.body.errors.reason).toEqual([MODERATION_MESSAGES.reason]);
    res = await report(employer, {
      target_type: 'worker_profile',
      target_id: worker.profileId,
      reason: 'fake',
      details: 'x'.repeat(MODERATION_LIMITS.maxDetails + 1),
    }).expect(400);
    expect(res.body.errors.details).toEqual([MODERATION_MESSAGES.details]);

    // The team's messages are not reported.
    const [teamChat] = await t.dataSource.query(
      `INSERT INTO conversations (worker_profile_id, admin_user_id, pair_key) VALUES ($1, $2, $3) RETURNING id`,
      [worker.profileId, admin.userId, `w${worker.profileId}-a${admin.userId}`],
    );
    const [teamMessage] = await t.dataSource.query(
      `INSERT INTO messages (conversation_id, sender_id, content) VALUES ($1, $2, 'Hola, somos el equipo') RETURNING id`,
      [teamChat.id, admin.userId],
    );
    res = await report(worker, { target_type: 'message', target_id: Number(teamMessage.id), reason: 'other' }).expect(
      403,
    );
    expect(res.body.error).toBe(MODERATION_MESSAGES.team);

    // Visitors cannot report.
    await http(t)
      .post('/api/reports/')
      .send({ target_type: 'worker_profile', target_id: 1, reason: 'fake' })
      .expect(401);
  });

  it('limits reports to ten an hour per person', async () => {
    const reporter = await createAccount(t, 'Parent');
    const workers = await Promise.all(
      Array.from({ length: MODERATION_LIMITS.reportsPerHour + 1 }, () => visibleWorker(t)),
    );
    const statuses: number[] = [];
    for (const w of workers)
      statuses.push(
        (await report(reporter, { target_type: 'worker_profile', target_id: w.profileId, reason: 'fake' })).status,
      );
    expect(statuses.filter((s) => s === 201)).toHaveLength(MODERATION_LIMITS.reportsPerHour);
    expect(statuses[statuses.length - 1]).toBe(429);
  });

  it('lists open reports grouped, the most reported first, with the message in its context', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    const { employerMessage } = await converse(worker, employer, 'Mandame una transferencia y te reservo el puesto');
    const reporters = [await createAccount(t, 'Parent'), await createAccount(t, 'Parent'), employer];
    for (const r of reporters)
      await report(r, { target_type: 'worker_profile', target_id: worker.profileId, reason: 'fake' }).expect(201);
    await report(worker, {
      target_type: 'message',
      target_id: employerMessage,
      reason: 'scam',
      details: 'Me pidió plata',
    }).expect(201);

    const list = await http(t).get('/api/admin/reports/').set(admin.auth).expect(200);
    const groups = list.body.results as { target_type: string; target_id: number; open_count: number }[];
    const profileAt = groups.findIndex((g) => g.target_type === 'worker_profile' && g.target_id === worker.profileId);
    const messageAt = groups.findIndex((g) => g.target_type === 'message' && g.target_id === employerMessage);
    expect(groups[profileAt].open_count).toBe(3);
    expect(profileAt).toBeLessThan(messageAt);
    expect(groups[messageAt]).toMatchObject({
      open_count: 1,
      reasons: ['scam'],
      label: 'Mandame una transferencia y te reservo el puesto',
      person: { user_id: employer.userId, suspended: false },
    });

    const detail = await http(t).get(`/api/admin/reports/message/${employerMessage}/`).set(admin.auth).expect(200);
    expect(detail.body.context.map((m: { content: string; reported: boolean }) => [m.content, m.reported])).toEqual([
      ['Hola', false],
      ['Mandame una transferencia y te reservo el puesto', true],
    ]);
    expect(detail.body.reports).toEqual([
      expect.objectContaining({ reason: 'scam', details: 'Me pidió plata', open: true, reporter_id: worker.userId }),
    ]);
    // Not for anyone but admins; an unknown kind is no address.
    await http(t).get(`/api/admin/reports/message/${employerMessage}/`).set(worker.auth).expect(403);
    await http(t).get(`/api/admin/reports/people/1/`).set(admin.auth).expect(404);
  });

  it('dismisses, warns and undoes: reports close and reopen, reporters are told, the audit keeps each', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await report(employer, { target_type: 'worker_profile', target_id: worker.profileId, reason: 'harassment' }).expect(
      201,
    );
    const before = await lastAuditId(t);

    let res = await act('worker_profile', worker.profileId!, { action: 'warn' }).expect(400);
    expect(res.body.errors.reason).toEqual([MODERATION_MESSAGES.actionReason]);
    res = await act('worker_profile', worker.profileId!, {
      action: 'warn',
      reason: 'Tratá con respeto a los empleadores.',
    }).expect(200);
    expect(res.body.reports[0].open).toBe(false);
    expect(res.body.actions[0]).toMatchObject({ action: 'warn', undone_at: null, report_count: 1 });
    expect((await mails(worker.email)).map((m) => m.subject)).toContain('Una advertencia sobre tu cuenta');
    const told = await mails(employer.email);
    expect(told.map((m) => m.subject)).toContain('Revisamos tu denuncia');
    // The reporter never learns what was done.
    expect(told.find((m) => m.subject === 'Revisamos tu denuncia')!.text).not.toMatch(/advert/i);
    // Nothing open any more.
    res = await act('worker_profile', worker.profileId!, { action: 'dismiss' }).expect(409);
    expect(res.body.error).toBe(MODERATION_MESSAGES.nothingOpen);

    // Undo reopens the report; a second undo is refused.
    const actionId = (await http(t).get(`/api/admin/reports/worker_profile/${worker.profileId}/`).set(admin.auth)).body
      .actions[0].id;
    res = await http(t).post(`/api/admin/moderation-actions/${actionId}/undo/`).set(admin.auth).expect(200);
    expect(res.body.reports[0].open).toBe(true);
    expect(res.body.actions[0].undone_at).not.toBeNull();
    await http(t).post(`/api/admin/moderation-actions/${actionId}/undo/`).set(admin.auth).expect(409);
    await http(t).post(`/api/admin/moderation-actions/99999999/undo/`).set(admin.auth).expect(404);
    res = await act('worker_profile', worker.profileId!, { action: 'dismiss' }).expect(200);
    expect(res.body.actions[0].action).toBe('dismiss');

    const audit = (await auditRows(t, before)).map((r) => r.action);
    expect(audit).toEqual(['moderation.warn', 'moderation.undo', 'moderation.dismiss']);
  });

  it('hides a profile and an offer, which the owner cannot switch on, and shows them again on undo', async () => {
    const ids = await catalogIds(t);
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!, { status: true });
    const offer = await addOffer(t, employer, ids);
    await report(worker, { target_type: 'job_offer', target_id: offer.id, reason: 'scam' }).expect(201);
    await report(employer, { target_type: 'worker_profile', target_id: worker.profileId, reason: 'fake' }).expect(201);

    let res = await act('message', 1, { action: 'hide' }).expect(400);
    expect(res.body.error).toBe(MODERATION_MESSAGES.hideNotMessage);

    res = await act('job_offer', offer.id, { action: 'hide' }).expect(200);
    expect(res.body.hidden).toBe(true);
    await http(t).get(`/api/job-offer/${offer.id}/get/`).expect(404);
    const switchOn = await http(t)
      .patch(`/api/parent-profile/${employer.profileId}/job-offer/${offer.id}/update-status/`)
      .set(employer.auth)
      .send({ status: true });
    expect(switchOn.status).toBe(403);
    expect(switchOn.body.error).toBe(JOB_OFFER_MESSAGES.hiddenByTeam);

    await act('worker_profile', worker.profileId!, { action: 'hide' }).expect(200);
    await http(t).get(`/api/worker-profile/${worker.profileId}/get-info/`).expect(404);

    for (const [type, id] of [
      ['job_offer', offer.id],
      ['worker_profile', worker.profileId!],
    ] as const) {
      const actionId = (await http(t).get(`/api/admin/reports/${type}/${id}/`).set(admin.auth)).body.actions[0].id;
      res = await http(t).post(`/api/admin/moderation-actions/${actionId}/undo/`).set(admin.auth).expect(200);
      expect(res.body.hidden).toBe(false);
    }
    await http(t).get(`/api/job-offer/${offer.id}/get/`).expect(200);
    await http(t).get(`/api/worker-profile/${worker.profileId}/get-info/`).expect(200);
  });

  it('suspends: sessions and sockets end at once, login says why, public pages 404, the other side sees the messages', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    const { conversationId, employerMessage } = await converse(worker, employer);
    await report(employer, { target_type: 'worker_profile', target_id: worker.profileId, reason: 'harassment' }).expect(
      201,
    );
    await report(employer, { target_type: 'message', target_id: employerMessage - 1, reason: 'harassment' }).expect(
      201,
    );
    const socket: Socket = await sockets.connect(t, tokenOf(worker));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

    let res = await act('worker_profile', worker.profileId!, {
      action: 'suspend',
      reason: 'Insultos a empleadores.',
    }).expect(200);
    expect(res.body.person.suspended).toBe(true);
    expect(res.body.suspension_reason).toBe('Insultos a empleadores.');
    expect(await closed).toBe('io server disconnect');
    await http(t).get('/api/user/get-data/').set(worker.auth).expect(401);
    res = await http(t)
      .post('/api/token/')
      .set('X-Forwarded-For', '198.51.100.77')
      .send({ username: worker.email, password: 'clave1234' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED', error: MODERATION_MESSAGES.suspendedLogin });
    // A wrong password learns nothing about the suspension.
    res = await http(t)
      .post('/api/token/')
      .set('X-Forwarded-For', '198.51.100.78')
      .send({ username: worker.email, password: 'otra12345' });
    expect(res.body.code).toBe('WRONG_PASSWORD');
    await http(t).get(`/api/worker-profile/${worker.profileId}/get-info/`).expect(404);
    expect((await mails(worker.email)).map((m) => m.subject)).toContain('Suspendimos tu cuenta');
    // Suspended twice: refused, since the message report is on the same person.
    res = await act('message', employerMessage - 1, { action: 'suspend', reason: 'Otra vez insultos.' }).expect(409);
    expect(res.body.error).toBe(MODERATION_MESSAGES.alreadySuspended);
    // The employer still reads the conversation.
    const conversation = await http(t).get(`/api/chat/conversations/${conversationId}/`).set(employer.auth).expect(200);
    expect(conversation.body.messages).toHaveLength(2);

    // Undo: the account logs in again and is told by e-mail.
    const actionId = (await http(t).get(`/api/admin/reports/worker_profile/${worker.profileId}/`).set(admin.auth)).body
      .actions[0].id;
    await http(t).post(`/api/admin/moderation-actions/${actionId}/undo/`).set(admin.auth).expect(200);
    await http(t)
      .post('/api/token/')
      .set('X-Forwarded-For', '198.51.100.79')
      .send({ username: worker.email, password: 'clave1234' })
      .expect(200);
    await http(t).get(`/api/worker-profile/${worker.profileId}/get-info/`).expect(200);
    expect((await mails(worker.email)).map((m) => m.subject)).toContain('Tu cuenta está activa de nuevo');
    // Admins are never suspended.
    const [adminRow] = await t.dataSource.query(`SELECT is_admin FROM users WHERE id = $1`, [admin.userId]);
    expect(adminRow.is_admin).toBe(true);
  });

  it('warns on money talk from accounts whose identity is not verified, with words the team keeps', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!, { status: true });
    const { conversationId } = await converse(worker, employer, 'Para reservarte el puesto necesito una TRANSFERENCIA');
    const sent = await http(t)
      .post(`/api/chat/conversations/${conversationId}/messages/`)
      .set(employer.auth)
      .send({ content: 'Pasame tu CBU' })
      .expect(201);
    expect(sent.body.money_warning).toBe(true);
    let read = await http(t).get(`/api/chat/conversations/${conversationId}/`).set(worker.auth).expect(200);
    expect(read.body.messages.map((m: { money_warning: boolean }) => m.money_warning)).toEqual([false, true, true]);

    // A verified identity carries no warning.
    await t.dataSource.query(
      `INSERT INTO verification_documents (user_id, kind, status, storage_key, content_type, size_bytes, uploaded_at)
       VALUES ($1, 'dni', 'approved', 'k', 'image/jpeg', 1, now())`,
      [employer.userId],
    );
    read = await http(t).get(`/api/chat/conversations/${conversationId}/`).set(worker.auth).expect(200);
    expect(read.body.messages.map((m: { money_warning: boolean }) => m.money_warning)).toEqual([false, false, false]);

    // The team's words: added folded, once; removed.
    const before = await lastAuditId(t);
    let res = await http(t).post('/api/admin/safety-words/').set(admin.auth).send({ word: '  Señá ' }).expect(201);
    const added = (res.body as { id: number; word: string }[]).find((w) => w.word === 'sena')!;
    expect(added).toBeDefined();
    res = await http(t).post('/api/admin/safety-words/').set(admin.auth).send({ word: 'SEÑA' }).expect(409);
    expect(res.body.error).toBe(MODERATION_MESSAGES.wordExists);
    res = await http(t).post('/api/admin/safety-words/').set(admin.auth).send({ word: 'ab' }).expect(400);
    expect(res.body.errors.word).toEqual([MODERATION_MESSAGES.word]);
    await http(t).delete(`/api/admin/safety-words/${added.id}/`).set(admin.auth).expect(200);
    await http(t).delete(`/api/admin/safety-words/${added.id}/`).set(admin.auth).expect(404);
    await http(t).get('/api/admin/safety-words/').set(worker.auth).expect(403);
    expect((await auditRows(t, before)).map((r) => r.action)).toEqual(['safety_word.add', 'safety_word.remove']);
  });
});
