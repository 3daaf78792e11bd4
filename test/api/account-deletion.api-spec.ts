import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ACCOUNT_DELETION_MESSAGES, DELETED_USER_NAME } from '@cym/common';
import { Clock } from '../../server/src/common/clock/clock';
import { ACCOUNT_ERASURE_JOB } from '../../server/src/modules/account-deletion/account-erasure';
import { JobQueue } from '../../server/src/modules/jobs/job-queue';
import { createAccount, TestAccount, visibleWorker } from '../support/accounts';
import {
  CatalogIds,
  catalogIds,
  addOffer,
  insertMembership,
  membershipTypeId,
  publicOfferIds,
} from '../support/employer';
import { hiredThroughApi } from '../support/hires';
import { expectErrorShape, http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(120_000);

const DAY = 86_400_000;
const PASSWORD = 'clave1234';

interface Outbox {
  to_address: string;
  subject: string;
  text: string;
}

/** A plain generated card, never a real document. */
function cardPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 560, channels: 3, background: { r: 180, g: 200, b: 230 } } })
    .jpeg()
    .toBuffer();
}

describe('account deletion', () => {
  // A data folder of its own: the documents' files are checked gone.
  const dataDir = mkdtempSync(join(tmpdir(), 'cym-deletion-'));
  const t = useTestApp({ DATA_DIR: dataDir, DIRECTORY_CACHE_SECONDS: '0' });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let ids: CatalogIds;

  beforeAll(async () => {
    ids = await catalogIds(t);
  });

  afterEach(() => jest.restoreAllMocks());

  const deleteOwn = (account: TestAccount, body: Record<string, unknown>) =>
    http(t).post('/api/account/delete').set(account.auth).send(body);

  const mails = (to: string): Promise<Outbox[]> =>
    t.dataSource.query('SELECT to_address, subject, text FROM email_outbox WHERE to_address = $1 ORDER BY id', [to]);

  const userRow = async (userId: number) =>
    (
      await t.dataSource.query(
        `SELECT email, first_name, last_name, phone, is_active, deleted_at, erased_at, deleted_email_digest
           FROM users WHERE id = $1`,
        [userId],
      )
    )[0];

  /** The Clock `days` after now, for the erasure job. */
  const clockIn = (days: number) =>
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + days * DAY));

  /** The cron's tick, as the schedule sends it, run now. */
  const runErasure = async () => {
    const jobs = t.app.get(JobQueue);
    await jobs.send(ACCOUNT_ERASURE_JOB, {});
    expect(await jobs.runDue(ACCOUNT_ERASURE_JOB)).toBe(1);
  };

  it('asks for the password, refuses a wrong one on the field and counts it, and refuses admins', async () => {
    const worker = await createAccount(t, 'Worker');
    let res = await deleteOwn(worker, {}).expect(400);
    expectErrorShape(res.body);
    expect(res.body).toEqual({
      error: ACCOUNT_DELETION_MESSAGES.passwordRequired,
      code: 'VALIDATION_FAILED',
      errors: { password: [ACCOUNT_DELETION_MESSAGES.passwordRequired] },
    });
    res = await deleteOwn(worker, { password: 'otra-clave' }).expect(400);
    expect(res.body).toEqual({
      error: ACCOUNT_DELETION_MESSAGES.wrongPassword,
      code: 'WRONG_PASSWORD',
      errors: { password: [ACCOUNT_DELETION_MESSAGES.wrongPassword] },
    });
    expect(await userRow(worker.userId)).toMatchObject({ is_active: true, deleted_at: null });
    // The wrong password counted as a failed login of the address: ten from one place lock it.
    for (let i = 0; i < 9; i += 1) await deleteOwn(worker, { password: 'otra-clave' }).expect(400);
    res = await deleteOwn(worker, { password: PASSWORD }).expect(429);
    expectErrorShape(res.body);
    expect(await userRow(worker.userId)).toMatchObject({ is_active: true, deleted_at: null });

    const admin = await createAccount(t, 'admin');
    res = await deleteOwn(admin, { password: PASSWORD }).expect(403);
    expect(res.body).toEqual({ error: ACCOUNT_DELETION_MESSAGES.adminRefused, code: 'CANNOT_DELETE_ADMIN' });
    expect(await userRow(admin.userId)).toMatchObject({ is_active: true, deleted_at: null });

    await http(t).post('/api/account/delete').send({ password: PASSWORD }).expect(401);
  });

  it('deletes at once: login, profile, offers, saved items and documents go; the chat says who left', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!);
    const offer = await addOffer(t, employer, ids);
    expect(await publicOfferIds(t)).toContain(offer.id);

    // The worker's saved offer, saved search, document; a conversation with the employer.
    await http(t).put(`/api/shortlist/job-offers/${offer.id}`).set(worker.auth).expect(204);
    await http(t)
      .post('/api/saved-searches/')
      .set(worker.auth)
      .send({ kind: 'job-offers', name: 'Cerca', query: {}, email_frequency: 'never' })
      .expect(201);
    const upload = await http(t)
      .post('/api/verifications/mine/dni')
      .set(worker.auth)
      .attach('file', await cardPhoto(), 'dni.jpg')
      .expect(200);
    const [{ storage_key: storageKey }] = await t.dataSource.query(
      `SELECT storage_key FROM verification_documents WHERE id = $1`,
      [upload.body.id],
    );
    const documentFile = join(dataDir, 'private-documents', storageKey);
    expect(existsSync(documentFile)).toBe(true);
    const chat = await http(t)
      .post('/api/chat/conversation/start-chat/')
      .set(employer.auth)
      .send({ workerId: worker.profileId, parentId: employer.profileId })
      .expect((r) => expect([200, 201]).toContain(r.status));
    const conversationId = chat.body.id as number;
    await http(t)
      .post(`/api/chat/conversations/${conversationId}/messages/`)
      .set(worker.auth)
      .send({ content: 'Hola, me interesa el trabajo.' })
      .expect((r) => expect([200, 201]).toContain(r.status));

    await http(t).get(`/api/worker-profile/${worker.profileId}/get-info/`).expect(200);
    await deleteOwn(worker, { password: PASSWORD }).expect(204);

    // Signed out everywhere, and no login with the old address.
    await http(t).get('/api/user/get-data').set(worker.auth).expect(401);
    const login = await http(t).post('/api/token/').send({ username: worker.email, password: PASSWORD });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
    // The public profile is gone.
    await http(t).get(`/api/worker-profile/${worker.profileId}/get-info/`).expect(404);
    // Saved items, searches and documents, with the document's file.
    const counts = await t.dataSource.query(
      `SELECT (SELECT count(*)::int FROM shortlist_entries WHERE user_id = $1) AS saved,
              (SELECT count(*)::int FROM saved_searches WHERE user_id = $1) AS searches,
              (SELECT count(*)::int FROM verification_documents WHERE user_id = $1) AS documents`,
      [worker.userId],
    );
    expect(counts).toEqual([{ saved: 0, searches: 0, documents: 0 }]);
    expect(existsSync(documentFile)).toBe(false);
    // The tombstone: no personal data, the address freed.
    expect(await userRow(worker.userId)).toMatchObject({
      email: `eliminado-${worker.userId}@cuentas-eliminadas.invalid`,
      first_name: 'Usuario',
      last_name: 'eliminado',
      phone: null,
      is_active: false,
      erased_at: null,
    });
    // The confirmation went to the address it had, saying what goes, what is erased and what is kept.
    const [mail] = await mails(worker.email);
    expect(mail.subject).toBe('Eliminamos tu cuenta');
    expect(mail.text).toContain('Dentro de 30 días');
    expect(mail.text).toContain('tus pagos');
    expect(mail.text).toContain('/privacy-policy');

    // The employer's side of the conversation.
    const list = await http(t)
      .get(`/api/chat/${employer.userId}/conversations/get-all/`)
      .set(employer.auth)
      .expect(200);
    const summary = (list.body as { id: number; partner: Record<string, unknown> }[]).find(
      (c) => c.id === conversationId,
    )!;
    expect(summary.partner).toMatchObject({
      first_name: DELETED_USER_NAME,
      status: 'deleted',
      profile_image: null,
      profile_path: null,
    });
    const thread = await http(t).get(`/api/chat/conversations/${conversationId}/`).set(employer.auth).expect(200);
    expect(thread.body.partner.status).toBe('deleted');
    expect(thread.body.messages[0]).toMatchObject({ content: 'Hola, me interesa el trabajo.', erased: false });

    // An employer's deletion takes the offers out of the directory.
    await deleteOwn(employer, { password: PASSWORD }).expect(204);
    expect(await publicOfferIds(t)).not.toContain(offer.id);
  });

  it('erases the rest 30 days later by the Clock, keeping payments without contact data', async () => {
    const worker = await visibleWorker(t);
    const employer = await createAccount(t, 'Parent');
    const admin = await createAccount(t, 'admin');
    await insertMembership(t, employer.profileId!);
    const [payment] = await t.dataSource.query(
      `INSERT INTO payments (parent_profile_id, membership_type_id, amount, payment_method, status)
       VALUES ($1, $2, 9000, 'bank_transfer', 'approved') RETURNING id`,
      [employer.profileId, await membershipTypeId(t)],
    );
    const employmentId = await hiredThroughApi(t, worker, employer, ids.municipalities[0], '2026-02-01');
    await t.dataSource.query(
      `UPDATE employments SET worker_cuil = '27-12345678-3', employer_cuit = '20-23456789-4', work_address = 'Calle 123'
        WHERE id = $1`,
      [employmentId],
    );
    const [conversation] = await t.dataSource.query(`SELECT conversation_id FROM employments WHERE id = $1`, [
      employmentId,
    ]);
    await t.dataSource.query(
      `INSERT INTO messages (conversation_id, sender_id, content) VALUES ($1, $2, 'Mi DNI es 1')`,
      [conversation.conversation_id, employer.userId],
    );
    // References both ways.
    await t.dataSource.query(
      `INSERT INTO "references" (author_user_id, subject_user_id, stars, text)
       VALUES ($1, $2, 5, 'Muy responsable y cariñosa con los chicos.'), ($2, $1, 4, 'Muy buena familia, muy claros.')`,
      [employer.userId, worker.userId],
    );

    // The admin deletes the employer: the same path, with its audit row.
    await http(t).delete(`/api/admin/user/${employer.userId}/delete/`).set(admin.auth).expect(204);
    const [audit] = await t.dataSource.query(
      `SELECT id, actor_id, action, before, after, created_at FROM admin_audit_log
        WHERE target_type = 'user' AND target_id = $1 AND action = 'user.delete'`,
      [employer.userId],
    );
    expect(audit.before).toMatchObject({ email: employer.email, first_name: 'Prueba' });
    const sent = await mails(employer.email);
    expect(sent.map((m) => m.subject)).toEqual(['Contratación confirmada', 'Eliminamos tu cuenta']);
    expect(await userRow(employer.userId)).toMatchObject({ is_active: false, erased_at: null });
    await http(t)
      .post('/api/token/')
      .send({ username: employer.email, password: PASSWORD })
      .expect((r) => expect(r.status).toBe(400));

    // 29 days on: nothing is erased yet.
    clockIn(29);
    await runErasure();
    expect(await userRow(employer.userId)).toMatchObject({ erased_at: null });
    expect(await mails(employer.email)).toHaveLength(2);

    // 30 days on: erased, once.
    clockIn(30.01);
    await runErasure();
    const erased = await userRow(employer.userId);
    expect(erased.erased_at).toBeInstanceOf(Date);
    expect(erased.deleted_email_digest).toBeNull();
    const [message] = await t.dataSource.query(
      `SELECT content, erased_at FROM messages WHERE sender_id = $1 AND hire_proposal_id IS NULL`,
      [employer.userId],
    );
    expect(message).toEqual({ content: '', erased_at: expect.any(Date) });
    const thread = await http(t)
      .get(`/api/chat/conversations/${conversation.conversation_id}/`)
      .set(worker.auth)
      .expect(200);
    expect(thread.body.partner).toMatchObject({ first_name: DELETED_USER_NAME, status: 'deleted' });
    expect(thread.body.messages.filter((m: { erased: boolean }) => m.erased).length).toBeGreaterThan(0);
    expect(
      await t.dataSource.query(
        `SELECT count(*)::int AS n FROM "references" WHERE author_user_id = $1 OR subject_user_id = $1`,
        [employer.userId],
      ),
    ).toEqual([{ n: 0 }]);
    expect(await mails(employer.email)).toEqual([]);
    const [employment] = await t.dataSource.query(
      `SELECT worker_cuil, employer_cuit, work_address, pay_amount FROM employments WHERE id = $1`,
      [employmentId],
    );
    expect(employment).toEqual({
      worker_cuil: null,
      employer_cuit: null,
      work_address: null,
      pay_amount: expect.any(String),
    });
    const [redacted] = await t.dataSource.query(
      `SELECT actor_id, action, before, after, created_at FROM admin_audit_log WHERE id = $1`,
      [audit.id],
    );
    expect(redacted).toEqual({
      actor_id: admin.userId,
      action: 'user.delete',
      before: {
        email: 'Dato eliminado',
        first_name: 'Dato eliminado',
        last_name: 'Dato eliminado',
        phone: 'Dato eliminado',
        profile_type: 'Parent',
      },
      after: { deleted: true },
      created_at: audit.created_at,
    });
    // The payment stays: amount, method, date; its owner a tombstone with no contact data.
    const [kept] = await t.dataSource.query(
      `SELECT p.amount, p.payment_method, p.created_at, u.email, u.phone, u.first_name
         FROM payments p JOIN parent_profiles pp ON pp.id = p.parent_profile_id JOIN users u ON u.id = pp.user_id
        WHERE p.id = $1`,
      [payment.id],
    );
    expect(kept).toEqual({
      amount: 9000,
      payment_method: 'bank_transfer',
      created_at: expect.any(Date),
      email: `eliminado-${employer.userId}@cuentas-eliminadas.invalid`,
      phone: null,
      first_name: 'Usuario',
    });

    // A second run finds nothing to do.
    const before = await userRow(employer.userId);
    await runErasure();
    expect(await userRow(employer.userId)).toEqual(before);
  });

  it('refuses an admin deletion of an admin and of an account already deleted', async () => {
    const admin = await createAccount(t, 'admin');
    const other = await createAccount(t, 'admin');
    await http(t).delete(`/api/admin/user/${other.userId}/delete/`).set(admin.auth).expect(403);
    const worker = await createAccount(t, 'Worker');
    await deleteOwn(worker, { password: PASSWORD }).expect(204);
    await http(t).delete(`/api/admin/user/${worker.userId}/delete/`).set(admin.auth).expect(404);
  });
});
