import { legalMinimum, WAGE_MESSAGES, type WageRate, type WageRules } from '@cym/common';
import { Clock } from '../../server/src/common/clock/clock';
import { createAccount, type TestAccount } from '../support/accounts';
import { auditRows, lastAuditId } from '../support/admin';
import { expectErrorShape, http } from '../support/http';
import { useTestApp } from '../support/test-app';

jest.setTimeout(60_000);

const CURRENT = '/api/wages/current/';
const SCALES = '/api/admin/wages/scales/';
const service = (id: number) => `/api/admin/wages/services/${id}/`;

/** A March 2026 scale: the January one plus 10 %. */
function marchRates(): WageRate[] {
  return [
    { category: 1, arrangement: 'con_retiro', hourly: 4285.12, monthly: 534557.2 },
    { category: 1, arrangement: 'sin_retiro', hourly: 4679.46, monthly: 593683.17 },
    { category: 2, arrangement: 'con_retiro', hourly: 4065.77, monthly: 497726.36 },
    { category: 2, arrangement: 'sin_retiro', hourly: 4443.4, monthly: 552311.13 },
    { category: 3, arrangement: 'unica', hourly: 3843.68, monthly: 485987.19 },
    { category: 4, arrangement: 'con_retiro', hourly: 3843.68, monthly: 485987.19 },
    { category: 4, arrangement: 'sin_retiro', hourly: 4283.87, monthly: 539820.12 },
    { category: 5, arrangement: 'con_retiro', hourly: 3575.11, monthly: 438594.35 },
    { category: 5, arrangement: 'sin_retiro', hourly: 3843.68, monthly: 485987.19 },
  ];
}
const MARCH = { effective_from: '2026-03-01', source: 'CNTCP, escala de marzo de 2026 (prueba)', rates: marchRates() };

/**
 * The legal minimum wage: the public read of the scale in force (by the Clock's day in Buenos
 * Aires), the admin's history, new scales and the service → category mapping, each change with its
 * audit row.
 */
describe('wages API', () => {
  const t = useTestApp();
  let admin: TestAccount;
  let worker: TestAccount;
  let employer: TestAccount;
  let clock: Clock;
  const at = (iso: string) => jest.spyOn(clock, 'now').mockReturnValue(new Date(iso));
  const current = async (): Promise<WageRules> => (await http(t).get(CURRENT).expect(200)).body;
  const serviceId = async (key: string): Promise<number> =>
    (await t.dataSource.query(`SELECT id FROM services WHERE title = $1`, [key]))[0].id;

  beforeAll(async () => {
    admin = await createAccount(t, 'admin');
    worker = await createAccount(t, 'Worker');
    employer = await createAccount(t, 'Parent');
    clock = t.app.get(Clock);
  });
  afterEach(() => jest.restoreAllMocks());

  it('answers the seeded January 2026 scale, the mapping and the zone to anyone', async () => {
    at('2026-02-10T12:00:00Z');
    const rules = await current();
    expect(rules.scale).toMatchObject({ effective_from: '2026-01-01', zone_supplement_percent: 30 });
    expect(rules.scale!.source).toMatch(/CNTCP/);
    expect(rules.scale!.rates).toHaveLength(9);
    expect(rules.scale!.rates).toContainEqual({
      category: 4,
      arrangement: 'con_retiro',
      hourly: 3494.25,
      monthly: 441806.54,
    });
    expect(rules.next).toBeNull();
    expect(rules.categories.map((c) => c.name)).toEqual([
      'Supervisor/a',
      'Personal para tareas específicas',
      'Caseros',
      'Asistencia y cuidado de personas',
      'Personal para tareas generales',
    ]);
    const byKey = Object.fromEntries(rules.services.map((s) => [s.key, s.category]));
    expect(byKey).toEqual({
      housemaide: 5,
      babysitter: 4,
      nurse: 4,
      eldercare: 4,
      petcare: 5,
      chef: 2,
      house_pet_sitting: 3,
      au_pair: 4,
      butler: 1,
      commercial_cleaning: null,
    });
    const [liveIn] = await t.dataSource.query(`SELECT id FROM work_arrangements WHERE key = 'live_in'`);
    expect(rules.live_in_arrangements).toEqual([liveIn.id]);
    expect(rules.zone.provinces.sort((a, b) => a - b)).toEqual([26, 42, 58, 62, 78, 94]);
    expect(rules.zone.municipalities).toEqual([6602]);

    // The rule on the answer: babysitting and cleaning in Patagones, live-in.
    const minimum = legalMinimum(rules, {
      services: [await serviceId('babysitter'), await serviceId('housemaide')],
      work_arrangements: [liveIn.id],
      province: 6,
      municipality: 6602,
    });
    expect(minimum).toMatchObject({ category: 4, arrangement: 'sin_retiro', zone: true, monthly: 637969.23 });
    // Before the first scale there is none.
    at('2025-12-31T12:00:00Z');
    expect((await current()).scale).toBeNull();
  });

  it('keeps the admin routes to admins: 401 for visitors, 403 for workers and employers', async () => {
    const id = await serviceId('chef');
    await http(t).get(SCALES).expect(401);
    await http(t).post(SCALES).send(MARCH).expect(401);
    await http(t).put(service(id)).send({ category: 1 }).expect(401);
    for (const account of [worker, employer]) {
      const list = await http(t).get(SCALES).set(account.auth).expect(403);
      expectErrorShape(list.body);
      await http(t).post(SCALES).set(account.auth).send(MARCH).expect(403);
      await http(t).put(service(id)).set(account.auth).send({ category: 1 }).expect(403);
    }
    expect((await current()).services.find((s) => s.key === 'chef')?.category).toBe(2);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM wage_scales`)).toEqual([{ n: 1 }]);
  });

  it('refuses a bad scale with a Spanish 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ ...MARCH, effective_from: '2026-02-30' }, 'effective_from', WAGE_MESSAGES.effectiveFromInvalid],
      [{ ...MARCH, effective_from: '2026-01-01' }, 'effective_from', WAGE_MESSAGES.effectiveFromTaken],
      [{ ...MARCH, source: '  ' }, 'source', WAGE_MESSAGES.sourceInvalid],
      [{ ...MARCH, rates: marchRates().slice(1) }, 'rates', WAGE_MESSAGES.ratesIncomplete],
      [{ ...MARCH, rates: [...marchRates().slice(1), marchRates()[1]] }, 'rates', WAGE_MESSAGES.ratesIncomplete],
      [
        { ...MARCH, rates: marchRates().map((r, i) => (i === 3 ? { ...r, monthly: 0 } : r)) },
        'rates',
        WAGE_MESSAGES.amountInvalid,
      ],
      [
        { ...MARCH, rates: marchRates().map((r, i) => (i === 3 ? { ...r, hourly: -5 } : r)) },
        'rates',
        WAGE_MESSAGES.amountInvalid,
      ],
      [
        { ...MARCH, rates: marchRates().map((r, i) => (i === 0 ? { ...r, arrangement: 'unica' } : r)) },
        'rates',
        WAGE_MESSAGES.ratesIncomplete,
      ],
      [{ ...MARCH, zone_supplement_percent: 150 }, 'zone_supplement_percent', WAGE_MESSAGES.zoneInvalid],
    ];
    for (const [body, field, message] of cases) {
      const res = await http(t).post(SCALES).set(admin.auth).send(body).expect(400);
      expectErrorShape(res.body);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors[field]).toEqual([message]);
    }
    const typed = await http(t).post(SCALES).set(admin.auth).send({ effective_from: 5, rates: 'x' }).expect(400);
    expectErrorShape(typed.body);
    expect(typed.body.error).not.toMatch(/must|should|string/i);
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM wage_scales`)).toEqual([{ n: 1 }]);
  });

  it("adds a scale as 'Próxima', keeps the history, and applies it from its date", async () => {
    at('2026-02-15T12:00:00Z');
    const before = await lastAuditId(t);
    const res = await http(t).post(SCALES).set(admin.auth).send(MARCH).expect(201);
    expect(res.body).toMatchObject({
      effective_from: '2026-03-01',
      status: 'proxima',
      zone_supplement_percent: 30,
      created_by: 'Prueba Apellido',
    });
    expect(res.body.rates).toHaveLength(9);
    const [row] = await auditRows(t, before);
    expect(row).toMatchObject({
      actor_id: admin.userId,
      action: 'wage_scale.create',
      target_type: 'wage_scale',
      target_id: res.body.id,
      after: expect.objectContaining({ effective_from: '2026-03-01', zone_supplement_percent: 30 }),
    });

    let rules = await current();
    expect(rules.scale?.effective_from).toBe('2026-01-01');
    expect(rules.next?.effective_from).toBe('2026-03-01');
    let list = (await http(t).get(SCALES).set(admin.auth).expect(200)).body;
    expect(list.map((s: { effective_from: string; status: string }) => [s.effective_from, s.status])).toEqual([
      ['2026-03-01', 'proxima'],
      ['2026-01-01', 'vigente'],
    ]);

    // 23:59 on Feb 28 in Buenos Aires is still February; 00:00 on March 1 is March.
    at('2026-03-01T02:59:00Z');
    expect((await current()).scale?.effective_from).toBe('2026-01-01');
    at('2026-03-01T03:00:00Z');
    rules = await current();
    expect(rules.scale?.effective_from).toBe('2026-03-01');
    expect(rules.next).toBeNull();
    list = (await http(t).get(SCALES).set(admin.auth).expect(200)).body;
    expect(list.map((s: { status: string }) => s.status)).toEqual(['vigente', 'anterior']);
    // The January scale is untouched.
    expect(list[1].rates).toContainEqual({
      category: 5,
      arrangement: 'con_retiro',
      hourly: 3250.1,
      monthly: 398722.14,
    });

    // The same date again is refused.
    const again = await http(t).post(SCALES).set(admin.auth).send(MARCH).expect(400);
    expect(again.body.errors.effective_from).toEqual([WAGE_MESSAGES.effectiveFromTaken]);
  });

  it('changes a service category (audited) and the public answer follows', async () => {
    const id = await serviceId('commercial_cleaning');
    const before = await lastAuditId(t);
    const res = await http(t).put(service(id)).set(admin.auth).send({ category: 5 }).expect(200);
    expect(res.body).toEqual({ service_id: id, key: 'commercial_cleaning', category: 5 });
    expect((await current()).services.find((s) => s.service_id === id)?.category).toBe(5);
    const [row] = await auditRows(t, before);
    expect(row).toMatchObject({
      actor_id: admin.userId,
      action: 'wage_service.category',
      target_type: 'service',
      target_id: id,
      before: { service: 'commercial_cleaning', category: null },
      after: { service: 'commercial_cleaning', category: 5 },
    });
    // The audit screen names the service in Spanish, not by its code.
    const audit = await http(t)
      .get('/api/admin/audit-log/get-all/')
      .query({ action: 'wage_service.category' })
      .set(admin.auth);
    expect(audit.status).toBe(200);
    expect(audit.body.results[0].target_display).toMatch(/^Servicio «[^»]+»$/);
    expect(audit.body.results[0].target_display).not.toContain('commercial_cleaning');

    await http(t).put(service(id)).set(admin.auth).send({ category: null }).expect(200);
    expect((await current()).services.find((s) => s.service_id === id)?.category).toBeNull();

    for (const body of [{ category: 6 }, { category: 0 }, { category: 'dos' }, { category: 2.5 }]) {
      const bad = await http(t).put(service(id)).set(admin.auth).send(body).expect(400);
      expectErrorShape(bad.body);
    }
    const missing = await http(t).put(service(999999)).set(admin.auth).send({ category: 1 }).expect(404);
    expect(missing.body.error).toBe(WAGE_MESSAGES.serviceNotFound);
    await http(t).put('/api/admin/wages/services/abc/').set(admin.auth).send({ category: 1 }).expect(404);
  });
});
