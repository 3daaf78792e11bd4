import { Clock } from '../../server/src/common/clock/clock';
import { HireReminders } from '../../server/src/modules/hires/hire-reminders';
import { argentinaToday, HIRE_CHAT_TEXTS, HIRE_MESSAGES, LABOR_PARAMETER_MESSAGES } from '@cym/common';
import { auditRows, lastAuditId } from '../support/admin';
import { createAccount, type TestAccount } from '../support/accounts';
import { catalogIds, insertMembership, type CatalogIds } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { cleaningRate, conversationBetween, dayAfter, hiredThroughApi, TWENTY_HOURS } from '../support/hires';
import { atOnce, statusCounts } from '../support/race';
import { bothEngines } from '../support/engines';
import { useTestApp } from '../support/test-app';

jest.setTimeout(90_000);

describe('hires', () => {
  // Several connections on PostgreSQL, so that requests sent at once really race.
  const t = useTestApp({}, { poolSize: 10 });
  let ids: CatalogIds;
  /** A service of category 5 and its con-retiro hourly minimum in the scale in force. */
  let cleaning: number;
  let hourly: number;
  let outside: number;
  let admin: TestAccount;

  beforeAll(async () => {
    ids = await catalogIds(t);
    ({ cleaning, hourly } = await cleaningRate(t));
    const rules = (await http(t).get('/api/wages/current').expect(200)).body;
    outside = rules.services.find((s: { category: number | null }) => s.category === null).service_id;
    admin = await createAccount(t, 'admin');
  });

  async function pair() {
    const worker = await createAccount(t, 'Worker');
    const employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!);
    const conversationId = await conversationBetween(t, worker, employer);
    return { worker, employer, conversationId };
  }

  const body = (conversationId: number, overrides: Record<string, unknown> = {}) => ({
    conversation_id: conversationId,
    start_date: dayAfter(7),
    services: [cleaning],
    arrangement: 'con_retiro',
    schedule: TWENTY_HOURS,
    pay_basis: 'hourly',
    pay_amount: hourly,
    municipality_id: ids.municipalities[0],
    ...overrides,
  });

  const propose = (who: TestAccount, payload: Record<string, unknown>) =>
    http(t).post('/api/hires/proposals').set(who.auth).send(payload);

  it('lets an employer with a membership propose in their own conversation, shown as a card in the chat', async () => {
    const { worker, employer, conversationId } = await pair();
    const res = await propose(employer, body(conversationId)).expect(201);
    expect(res.body).toMatchObject({
      conversation_id: conversationId,
      status: 'pending',
      status_label: 'Esperando respuesta',
      can_answer: false,
      can_withdraw: true,
      employment_id: null,
      terms: {
        category: 5,
        arrangement: 'con_retiro',
        weekly_hours: 20,
        pay_basis: 'hourly',
        minimum: { basis: 'hourly', weekly_hours: 20 },
        schedule_text: expect.stringContaining('Lunes de 08:00 a 12:00'),
      },
    });
    expect(res.body.terms.minimum.amount).toBeCloseTo((hourly * 20 * 52) / 12, 2);
    expect(res.body.sources.map((s: { key: string }) => s.key)).toContain('trial_period');

    const chat = await http(t).get(`/api/chat/conversations/${conversationId}/`).set(worker.auth).expect(200);
    const card = chat.body.messages.at(-1);
    expect(card).toMatchObject({ content: HIRE_CHAT_TEXTS.proposed, hire_proposal_id: res.body.id });
    const seen = await http(t).get(`/api/hires/proposals/${res.body.id}`).set(worker.auth).expect(200);
    expect(seen.body).toMatchObject({ can_answer: true, can_withdraw: false });
    const mails = await t.dataSource.query(`SELECT subject FROM email_outbox WHERE to_address = $1`, [worker.email]);
    expect(mails).toEqual([{ subject: 'Te propusieron una contratación' }]);
  });

  it('refuses proposals from workers, employers without a membership and outsiders', async () => {
    const { worker, employer, conversationId } = await pair();
    let res = await propose(worker, body(conversationId)).expect(403);
    expectErrorShape(res.body);
    const broke = await createAccount(t, 'Parent');
    res = await propose(broke, body(conversationId)).expect(403);
    expect(res.body.code).toBe('MEMBERSHIP_REQUIRED');
    const stranger = await createAccount(t, 'Parent');
    await insertMembership(t, stranger.profileId!);
    res = await propose(stranger, body(conversationId)).expect(404);
    expect(res.body.error).toBe(HIRE_MESSAGES.conversationNotFound);
    // An employer's conversation with the team is not one with a worker.
    const [team] = await t.dataSource.query(
      `INSERT INTO conversations (parent_profile_id, admin_user_id, pair_key) VALUES ($1, $2, $3) RETURNING id`,
      [employer.profileId, admin.userId, `p${employer.profileId}-a${admin.userId}`],
    );
    res = await propose(employer, body(team.id)).expect(403);
    expect(res.body.error).toBe(HIRE_MESSAGES.notYourConversation);
  });

  it('checks each field, and the pay against the legal minimum of the schedule', async () => {
    const { employer, conversationId } = await pair();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ start_date: dayAfter(-1) }, 'start_date', HIRE_MESSAGES.startInvalid],
      [{ start_date: dayAfter(400) }, 'start_date', HIRE_MESSAGES.startInvalid],
      [{ services: [] }, 'services', HIRE_MESSAGES.servicesInvalid],
      [{ services: [outside] }, 'services', HIRE_MESSAGES.servicesOutside],
      [{ arrangement: 'medio' }, 'arrangement', HIRE_MESSAGES.arrangementInvalid],
      [{ schedule: [] }, 'schedule', ''],
      [{ schedule: [{ day: 1, from: '12:00', to: '08:00' }] }, 'schedule', ''],
      [{ pay_amount: -5 }, 'pay_amount', HIRE_MESSAGES.payInvalid],
      [{ pay_amount: hourly - 1 }, 'pay_amount', 'El sueldo queda por debajo del mínimo legal'],
      [{ pay_basis: 'monthly', pay_amount: 1000 }, 'pay_amount', 'El sueldo queda por debajo del mínimo legal'],
      [{ municipality_id: 999_999_999 }, 'municipality_id', HIRE_MESSAGES.municipalityInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await propose(employer, body(conversationId, overrides)).expect(400);
      expectErrorShape(res.body);
      expect(res.body.errors[field]?.[0] ?? '').toContain(message);
    }
    expect(
      await t.dataSource.query(`SELECT id FROM hire_proposals WHERE conversation_id = $1`, [conversationId]),
    ).toEqual([]);
  });

  it('keeps one open proposal per pair; the employer withdraws it, the worker declines or accepts', async () => {
    const { worker, employer, conversationId } = await pair();
    const first = (await propose(employer, body(conversationId)).expect(201)).body;
    const again = await propose(employer, body(conversationId)).expect(409);
    expect(again.body.error).toBe(HIRE_MESSAGES.openProposal);

    // Only the worker answers; only the employer withdraws.
    expect(
      (await http(t).post(`/api/hires/proposals/${first.id}/accept`).set(employer.auth).expect(403)).body.error,
    ).toBe(HIRE_MESSAGES.onlyWorkerAnswers);
    expect(
      (await http(t).post(`/api/hires/proposals/${first.id}/withdraw`).set(worker.auth).expect(403)).body.error,
    ).toBe(HIRE_MESSAGES.onlyEmployerWithdraws);
    const outsider = await createAccount(t, 'Worker');
    await http(t).get(`/api/hires/proposals/${first.id}`).set(outsider.auth).expect(404);
    await http(t).post(`/api/hires/proposals/${first.id}/accept`).set(outsider.auth).expect(404);

    const withdrawn = await http(t).post(`/api/hires/proposals/${first.id}/withdraw`).set(employer.auth).expect(200);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn', can_withdraw: false });
    const late = await http(t).post(`/api/hires/proposals/${first.id}/accept`).set(worker.auth).expect(409);
    expect(late.body.error).toBe(HIRE_MESSAGES.proposalAnswered);

    const second = (await propose(employer, body(conversationId)).expect(201)).body;
    await http(t).post(`/api/hires/proposals/${second.id}/decline`).set(worker.auth).expect(200);
    const third = (await propose(employer, body(conversationId)).expect(201)).body;
    const accepted = await http(t).post(`/api/hires/proposals/${third.id}/accept`).set(worker.auth).expect(200);
    expect(accepted.body.status).toBe('accepted');
    expect(accepted.body.employment_id).toEqual(expect.any(Number));
    const texts = (
      await http(t).get(`/api/chat/conversations/${conversationId}/`).set(employer.auth).expect(200)
    ).body.messages.map((m: { content: string }) => m.content);
    expect(texts).toEqual([
      HIRE_CHAT_TEXTS.proposed,
      HIRE_CHAT_TEXTS.withdrawn,
      HIRE_CHAT_TEXTS.proposed,
      HIRE_CHAT_TEXTS.declined,
      HIRE_CHAT_TEXTS.proposed,
      HIRE_CHAT_TEXTS.accepted,
    ]);
    // An open relationship: no new proposal.
    expect((await propose(employer, body(conversationId)).expect(409)).body.error).toBe(HIRE_MESSAGES.openEmployment);
  });

  it(bothEngines('keeps one open proposal and one answer when requests come at once'), async () => {
    const { worker, employer, conversationId } = await pair();
    const proposals = await atOnce(8, () => propose(employer, body(conversationId)));
    expect(statusCounts(proposals)).toEqual({ 201: 1, 409: 7 });
    const id = proposals.find((r) => r.status === 201)!.body.id;
    const answers = await atOnce(6, (i) =>
      http(t)
        .post(`/api/hires/proposals/${id}/${i % 2 === 0 ? 'accept' : 'decline'}`)
        .set(worker.auth),
    );
    expect(statusCounts(answers)).toEqual({ 200: 1, 409: 5 });
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM employments WHERE proposal_id = $1`, [id]);
    expect(n).toBe(answers.find((r) => r.status === 200)!.body.status === 'accepted' ? 1 : 0);
  });

  it('makes an accepted proposal a relationship only its parties and admins read', async () => {
    const { worker, employer, conversationId } = await pair();
    const proposal = (await propose(employer, body(conversationId)).expect(201)).body;
    const { employment_id: id } = (
      await http(t).post(`/api/hires/proposals/${proposal.id}/accept`).set(worker.auth).expect(200)
    ).body;
    const today = argentinaToday(new Date());

    const mine = await http(t).get('/api/hires').set(worker.auth).expect(200);
    expect(mine.body).toEqual([
      expect.objectContaining({ id, role: 'worker', status: 'trial', status_label: 'En período de prueba' }),
    ]);
    expect((await http(t).get('/api/hires').set(employer.auth).expect(200)).body[0]).toMatchObject({
      id,
      role: 'employer',
    });

    const detail = await http(t).get(`/api/hires/${id}`).set(employer.auth).expect(200);
    expect(detail.body).toMatchObject({
      status: 'trial',
      private: { worker_cuil: null, employer_cuit: null, work_address: null },
      history: [expect.objectContaining({ kind: 'hired' })],
    });
    // The page cites what its terms and its money sections use.
    expect(detail.body.sources.map((v: { key: string }) => v.key)).toEqual(
      expect.arrayContaining(['trial_period', 'contribution_brackets', 'vacation_divisor']),
    );
    // Under the law in force since 2026-03-06 the trial period lasts six months.
    expect(detail.body.trial_ends_on > today).toBe(true);
    await http(t).get(`/api/hires/${id}`).set(admin.auth).expect(200);
    const outsider = await createAccount(t, 'Parent');
    await http(t).get(`/api/hires/${id}`).set(outsider.auth).expect(404);
    expect((await http(t).get('/api/hires').set(outsider.auth).expect(200)).body).toEqual([]);

    const subjects = await t.dataSource.query(
      `SELECT to_address, subject FROM email_outbox WHERE to_address = ANY($1) AND subject = 'Contratación confirmada'`,
      [[worker.email, employer.email]],
    );
    expect(subjects).toHaveLength(2);
  });

  it('lets the worker enter her CUIL and the employer his CUIT and address, each checked', async () => {
    const { worker, employer, conversationId } = await pair();
    const proposal = (await propose(employer, body(conversationId)).expect(201)).body;
    const { employment_id: id } = (
      await http(t).post(`/api/hires/proposals/${proposal.id}/accept`).set(worker.auth).expect(200)
    ).body;

    let res = await http(t)
      .put(`/api/hires/${id}/worker-cuil`)
      .set(worker.auth)
      .send({ cuil: '27-12345678-1' })
      .expect(400);
    expect(res.body.errors.cuil).toEqual([HIRE_MESSAGES.cuilInvalid]);
    res = await http(t)
      .put(`/api/hires/${id}/worker-cuil`)
      .set(employer.auth)
      .send({ cuil: '20-12345678-6' })
      .expect(403);
    expect(res.body.error).toBe(HIRE_MESSAGES.onlyWorkerCuil);
    res = await http(t).put(`/api/hires/${id}/worker-cuil`).set(worker.auth).send({ cuil: '27123456780' }).expect(200);
    expect(res.body.private.worker_cuil).toBe('27-12345678-0');

    res = await http(t)
      .put(`/api/hires/${id}/employer-data`)
      .set(employer.auth)
      .send({ cuit: '20-12345678-6', work_address: 'Av. Corrientes 1234, 3.º B' })
      .expect(200);
    expect(res.body.private).toEqual({
      worker_cuil: '27-12345678-0',
      employer_cuit: '20-12345678-6',
      work_address: 'Av. Corrientes 1234, 3.º B',
    });
    await http(t)
      .put(`/api/hires/${id}/employer-data`)
      .set(worker.auth)
      .send({ cuit: '20-12345678-6', work_address: 'Av. Corrientes 1234' })
      .expect(403);
    const outsider = await createAccount(t, 'Worker');
    await http(t).put(`/api/hires/${id}/worker-cuil`).set(outsider.auth).send({ cuil: '27123456780' }).expect(404);

    await http(t)
      .post(`/api/hires/${id}/registration`)
      .set(employer.auth)
      .send({ registered_on: dayAfter(3) })
      .expect(400);
    res = await http(t)
      .post(`/api/hires/${id}/registration`)
      .set(employer.auth)
      .send({ registered_on: argentinaToday(new Date()) })
      .expect(200);
    expect(res.body.history.map((e: { kind: string }) => e.kind)).toEqual([
      'hired',
      'worker_cuil',
      'employer_data',
      'registered',
    ]);
  });

  it("marks a reference written after the hire 'Trabajó con …' and counts it in the rating", async () => {
    const { worker, employer, conversationId } = await pair();
    const proposal = (await propose(employer, body(conversationId)).expect(201)).body;
    await http(t).post(`/api/hires/proposals/${proposal.id}/accept`).set(worker.auth).expect(200);
    // The proposal's and the answer's messages are one from each side: both may write.
    const written = await http(t)
      .post('/api/references/')
      .set(employer.auth)
      .send({ subject_user_id: worker.userId, stars: 5, text: 'Trabajó con nosotros seis meses, muy responsable.' })
      .expect(201);
    expect(written.body.hired).toBe(true);
    const page = (await http(t).get(`/api/references/workers/${worker.profileId}`).set(worker.auth).expect(200)).body;
    expect(page.rating).toEqual({ average: 5, count: 1, hired: 1 });
    const back = await http(t)
      .post('/api/references/')
      .set(worker.auth)
      .send({ subject_user_id: employer.userId, stars: 4, text: 'Buen trato y pagos en fecha, lo recomiendo.' })
      .expect(201);
    expect(back.body.hired).toBe(true);
  });

  it('counts proposals, hires, conversations and active relationships on the stats', async () => {
    const stats = async () => (await http(t).get('/api/admin/stats/get-all/').set(admin.auth).expect(200)).body;
    const before = await stats();
    const { worker, employer, conversationId } = await pair();
    const first = (await propose(employer, body(conversationId)).expect(201)).body;
    await http(t).post(`/api/hires/proposals/${first.id}/decline`).set(worker.auth).expect(200);
    const second = (await propose(employer, body(conversationId)).expect(201)).body;
    await http(t).post(`/api/hires/proposals/${second.id}/accept`).set(worker.auth).expect(200);
    const after = await stats();
    expect({
      hire_proposals: after.hire_proposals - before.hire_proposals,
      hires: after.hires - before.hires,
      worker_conversations: after.worker_conversations - before.worker_conversations,
      active_hires: after.active_hires - before.active_hires,
    }).toEqual({ hire_proposals: 2, hires: 1, worker_conversations: 1, active_hires: 1 });
  });

  describe('labor parameters (admins)', () => {
    it('lists each parameter with its history, and adds a value from a future date with an audit row', async () => {
      const list = (await http(t).get('/api/admin/wages/parameters').set(admin.auth).expect(200)).body;
      const trial = list.filter((p: { key: string }) => p.key === 'trial_period');
      expect(trial.map((p: { effective_from: string; status: string }) => [p.effective_from, p.status])).toEqual([
        ['2026-03-06', 'vigente'],
        ['2013-04-12', 'anterior'],
      ]);
      const since = await lastAuditId(t);
      const from = dayAfter(30);
      const res = await http(t)
        .post('/api/admin/wages/parameters')
        .set(admin.auth)
        .send({ key: 'vacation_divisor', effective_from: from, value: 25, source: 'Criterio de prueba del equipo' })
        .expect(201);
      expect(res.body).toMatchObject({ key: 'vacation_divisor', value: 25, status: 'proxima', unconfirmed: false });
      expect(await auditRows(t, since)).toEqual([
        expect.objectContaining({ action: 'labor_parameter.create', target_type: 'labor_parameter' }),
      ]);

      const taken = await http(t)
        .post('/api/admin/wages/parameters')
        .set(admin.auth)
        .send({ key: 'vacation_divisor', effective_from: from, value: 30, source: 'Otra vez la misma fecha' })
        .expect(400);
      expect(taken.body.errors.effective_from).toEqual([LABOR_PARAMETER_MESSAGES.effectiveFromTaken]);
      const past = await http(t)
        .post('/api/admin/wages/parameters')
        .set(admin.auth)
        .send({ key: 'vacation_divisor', effective_from: '2026-01-01', value: 30, source: 'Una fecha ya pasada' })
        .expect(400);
      expect(past.body.errors.effective_from).toEqual([LABOR_PARAMETER_MESSAGES.effectiveFromPast]);
      const bad = await http(t)
        .post('/api/admin/wages/parameters')
        .set(admin.auth)
        .send({
          key: 'contribution_brackets',
          effective_from: from,
          value: [{ from_hours: 0 }],
          source: 'Tabla incompleta',
        })
        .expect(400);
      expect(bad.body.errors.value).toEqual([LABOR_PARAMETER_MESSAGES.valueInvalid]);
    });
  });
});

describe('hires: pay, ARCA payments and the end', () => {
  const t = useTestApp();
  let ids: CatalogIds;

  beforeAll(async () => {
    ids = await catalogIds(t);
  });

  /** A relationship of 20 hours a week at the hourly minimum, started on `start`. */
  async function hired(start: string) {
    const worker = await createAccount(t, 'Worker');
    const employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!);
    const id = await hiredThroughApi(t, worker, employer, ids.municipalities[0], start);
    return { worker, employer, id };
  }

  const month = (offset: number) => {
    const d = new Date();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
  };

  it('lists every month with its payslip, ARCA payment and due date, newest first', async () => {
    const start = `${month(-2)}-01`;
    const { worker, id } = await hired(start);
    const pay = (await http(t).get(`/api/hires/${id}/pay`).set(worker.auth).expect(200)).body;
    expect(pay.payslips.map((p: { period: string }) => p.period)).toEqual([month(0), month(-1), month(-2)]);
    expect(pay.payslips[2]).toMatchObject({ state: 'pendiente', state_label: 'Pendiente' });
    // 20 hours a week: the bracket from 16 hours.
    expect(pay.contributions[2]).toMatchObject({ period: month(-2), bracket: '16 h semanales o más', paid_on: null });
    expect(pay.contributions[2].due_date).toBe(`${month(-1)}-10`);
    expect(pay.settlement).toBeNull();
  });

  it('lets the employer save overtime, confirm with the payment date; the worker acknowledges once', async () => {
    const { worker, employer, id } = await hired(`${month(-1)}-01`);
    const period = month(-1);
    const url = `/api/hires/${id}/payslips/${period}`;
    const draft = (await http(t).get(url).set(employer.auth).expect(200)).body;
    expect(draft).toMatchObject({ state: 'pendiente', can_edit: true, can_acknowledge: false, basis: 'hourly' });
    expect(draft.lines[0]).toMatchObject({ key: 'basic', formula: expect.any(String) });

    await http(t)
      .put(url)
      .set(worker.auth)
      .send({ overtime_ordinary_hours: 2, overtime_rest_hours: 0, holiday_hours: 0 })
      .expect(403);
    const bad = await http(t)
      .put(url)
      .set(employer.auth)
      .send({ overtime_ordinary_hours: -1, overtime_rest_hours: 0, holiday_hours: 0 })
      .expect(400);
    expect(bad.body.errors.overtime_ordinary_hours).toEqual([HIRE_MESSAGES.hoursInvalid]);
    const saved = (
      await http(t)
        .put(url)
        .set(employer.auth)
        .send({ overtime_ordinary_hours: 2, overtime_rest_hours: 1, holiday_hours: 0 })
        .expect(200)
    ).body;
    expect(saved.state).toBe('borrador');
    expect(saved.gross).toBeGreaterThan(draft.gross);
    expect(saved.lines.map((l: { key: string }) => l.key)).toEqual(
      expect.arrayContaining(['overtime_ordinary', 'overtime_rest']),
    );

    await http(t).post(`${url}/acknowledge`).set(worker.auth).expect(409);
    await http(t).get(`${url}/pdf`).set(worker.auth).expect(409);
    const late = await http(t)
      .post(`${url}/confirm`)
      .set(employer.auth)
      .send({ paid_on: dayAfter(2) })
      .expect(400);
    expect(late.body.errors.paid_on).toEqual([HIRE_MESSAGES.paidOnInvalid]);
    const confirmed = (
      await http(t)
        .post(`${url}/confirm`)
        .set(employer.auth)
        .send({ paid_on: `${month(0)}-01` })
        .expect(200)
    ).body;
    expect(confirmed).toMatchObject({ state: 'confirmado', paid_on: `${month(0)}-01`, can_edit: false });
    expect(confirmed.gross).toBe(saved.gross);
    await http(t)
      .put(url)
      .set(employer.auth)
      .send({ overtime_ordinary_hours: 9, overtime_rest_hours: 0, holiday_hours: 0 })
      .expect(409);

    const seen = (await http(t).get(url).set(worker.auth).expect(200)).body;
    expect(seen.can_acknowledge).toBe(true);
    await http(t).post(`${url}/acknowledge`).set(employer.auth).expect(403);
    const ack = (await http(t).post(`${url}/acknowledge`).set(worker.auth).expect(200)).body;
    expect(ack).toMatchObject({ state: 'recibido', state_label: 'Recibí conforme', can_acknowledge: false });
    expect((await http(t).post(`${url}/acknowledge`).set(worker.auth).expect(409)).body.error).toBe(
      HIRE_MESSAGES.payslipAcknowledged,
    );

    const pdf = await http(t).get(`${url}/pdf`).set(worker.auth).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-');
    const outsider = await createAccount(t, 'Worker');
    await http(t).get(`${url}/pdf`).set(outsider.auth).expect(404);
    await http(t)
      .get(`/api/hires/${id}/payslips/${month(1)}`)
      .set(employer.auth)
      .expect(404);
    await http(t).get(`/api/hires/${id}/payslips/2026-13`).set(employer.auth).expect(404);
  });

  it('marks a month paid to ARCA, the employer only', async () => {
    const { worker, employer, id } = await hired(`${month(-1)}-01`);
    const url = `/api/hires/${id}/contributions/${month(-1)}`;
    await http(t)
      .put(url)
      .set(worker.auth)
      .send({ paid_on: `${month(0)}-01` })
      .expect(403);
    const pay = (
      await http(t)
        .put(url)
        .set(employer.auth)
        .send({ paid_on: `${month(0)}-01` })
        .expect(200)
    ).body;
    expect(pay.contributions.find((c: { period: string }) => c.period === month(-1)).paid_on).toBe(`${month(0)}-01`);
  });

  it('ends with a cause of the ending side, keeps the settlement and refuses a second end', async () => {
    // The first scale entered is January 2026's.
    const { worker, employer, id } = await hired('2026-01-15');
    const end = (who: TestAccount, body: Record<string, unknown>) =>
      http(t)
        .post(`/api/hires/${id}/end`)
        .set(who.auth)
        .send({ notice_given: false, vacation_days_taken: 0, end_date: dayAfter(0), ...body });
    expect((await end(employer, { cause: 'renuncia' }).expect(400)).body.errors.cause).toEqual([
      HIRE_MESSAGES.causeNotYours,
    ]);
    expect((await end(worker, { cause: 'periodo_de_prueba' }).expect(400)).body.errors.cause).toEqual([
      HIRE_MESSAGES.trialOver,
    ]);
    expect(
      (await end(employer, { cause: 'despido_sin_causa', end_date: '2020-01-01' }).expect(400)).body.errors,
    ).toHaveProperty('end_date');
    const pay = (await end(employer, { cause: 'despido_sin_causa' }).expect(200)).body;
    const keys = pay.settlement.lines.map((l: { key: string }) => l.key);
    expect(keys).toEqual(expect.arrayContaining(['notice', 'severance']));
    expect(pay.settlement.total).toBeCloseTo(
      pay.settlement.lines.reduce((sum: number, l: { amount: number }) => sum + l.amount, 0),
      2,
    );
    await end(worker, { cause: 'renuncia' }).expect(409);
    const pdf = await http(t).get(`/api/hires/${id}/settlement/pdf`).set(worker.auth).buffer(true).expect(200);
    expect(Buffer.from(pdf.body).subarray(0, 5).toString()).toBe('%PDF-');
    const detail = (await http(t).get(`/api/hires/${id}`).set(worker.auth).expect(200)).body;
    expect(detail.end_cause).toBe('despido_sin_causa');
    // The history says it in words, never the event's name.
    const [y, m, d] = dayAfter(0).split('-');
    expect(detail.history.at(-1)).toMatchObject({
      kind: 'ended',
      text: `Fin de la relación laboral: Despido sin causa, último día trabajado el ${d}/${m}/${y}.`,
    });
  });

  it('reminds the employer of an unpaid ARCA month three days before day 10, once, and not once it is paid', async () => {
    const { employer, worker } = await hired('2026-01-05');
    const other = await hired('2026-01-05');
    // The other relationship's January is paid: no reminder for it.
    await http(t)
      .put(`/api/hires/${other.id}/contributions/2026-01`)
      .set(other.employer.auth)
      .send({ paid_on: '2026-02-09' })
      .expect(200);
    const reminders = t.app.get(HireReminders);
    const clock = jest.spyOn(t.app.get(Clock), 'now');
    const subjects = async (who: TestAccount) =>
      (await t.dataSource.query(`SELECT subject FROM email_outbox WHERE to_address = $1 ORDER BY id`, [who.email])).map(
        (r: { subject: string }) => r.subject,
      );
    try {
      clock.mockReturnValue(new Date('2026-02-06T13:00:00Z'));
      await reminders.sendDue();
      expect(await subjects(employer)).not.toContain('Vence el pago a ARCA de enero de 2026');
      clock.mockReturnValue(new Date('2026-02-07T13:00:00Z'));
      await reminders.sendDue();
      await reminders.sendDue();
      expect(
        (await subjects(employer)).filter((s: string) => s === 'Vence el pago a ARCA de enero de 2026'),
      ).toHaveLength(1);
      expect(await subjects(worker)).not.toContain('Vence el pago a ARCA de enero de 2026');
      expect(await subjects(other.employer)).not.toContain('Vence el pago a ARCA de enero de 2026');
      // Aguinaldo: both parties, ten days before 30 June.
      clock.mockReturnValue(new Date('2026-06-22T13:00:00Z'));
      await reminders.sendDue();
      expect(await subjects(worker)).toContain('Se acerca el pago del aguinaldo');
      expect(await subjects(employer)).toContain('Se acerca el pago del aguinaldo');
    } finally {
      clock.mockRestore();
    }
  });
});
