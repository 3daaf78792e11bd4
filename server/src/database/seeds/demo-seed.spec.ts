import { MUNICIPALITIES } from '../../../migrations/data/argentina';
import {
  LANGUAGES,
  SERVICES,
  SHIFT_DAYS,
  SHIFT_PERIODS,
  TASKS,
  WORK_ARRANGEMENTS,
} from '../../../migrations/data/catalog';
import {
  buildInsertStatements,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  DemoCatalog,
  DemoJobOffer,
  DemoPlan,
  DemoUser,
  DemoWorker,
  fitSentences,
  generateDemoPlan,
  MAX_PARAMETERS_PER_STATEMENT,
  mulberry32,
  Rng,
  slug,
  summarizePlan,
} from './demo-seed';

const NOW = new Date('2025-11-22T12:00:00Z');
const DAY_MS = 86_400_000;

/** The real catalog, with ids deliberately far from 1 so nothing can lean on assumed ids. */
function catalogFixture(): DemoCatalog {
  const keyed = (rows: ReadonlyArray<readonly [string, string]>, base: number) =>
    rows.map(([key], i) => ({ id: base + i, key }));
  return {
    services: keyed(SERVICES, 101),
    tasks: keyed(TASKS, 201),
    workArrangements: keyed(WORK_ARRANGEMENTS, 301),
    languages: keyed(LANGUAGES, 401),
    shifts: SHIFT_DAYS.flatMap((day, d) => SHIFT_PERIODS.map((shift, s) => ({ id: 501 + d * 3 + s, day, shift }))),
    places: MUNICIPALITIES.map(([code, name, , province]) => ({
      municipalityId: Number(code),
      provinceId: Number(province),
      municipalityName: name,
    })),
    membershipType: { id: 7, price: 40000, durationDays: 30 },
  };
}

const catalog = catalogFixture();
const provinceOf = new Map(catalog.places.map((p) => [p.municipalityId, p.provinceId]));
const shiftIds = new Set(catalog.shifts.map((s) => s.id));
const idSet = (rows: Array<{ id: number }>) => new Set(rows.map((r) => r.id));

function ageAt(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number);
  const birthdayPassed = now.getUTCMonth() + 1 > month || (now.getUTCMonth() + 1 === month && now.getUTCDate() >= day);
  return now.getUTCFullYear() - year - (birthdayPassed ? 0 : 1);
}

function allUsers(plan: DemoPlan): DemoUser[] {
  return [plan.admin, ...plan.workers.map((w) => w.user), ...plan.employers.map((e) => e.user)];
}

function allOffers(plan: DemoPlan): DemoJobOffer[] {
  return [...plan.employers.flatMap((e) => e.jobOffers), ...plan.adminJobOffers];
}

function expectSubset(ids: number[], allowed: Set<number>): void {
  expect(ids.filter((id) => !allowed.has(id))).toEqual([]);
  expect(new Set(ids).size).toBe(ids.length);
}

describe('mulberry32 and Rng', () => {
  it('repeats the same sequence for the same seed and stays within [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(first[0]);
  });

  it('draws integers within both bounds and samples distinct items', () => {
    const rng = new Rng(1);
    const ints = Array.from({ length: 2000 }, () => rng.int(3, 6));
    expect(new Set(ints)).toEqual(new Set([3, 4, 5, 6]));
    const sample = rng.sample([1, 2, 3, 4, 5], 3);
    expect(new Set(sample).size).toBe(3);
    expect(rng.sample([1, 2], 5)).toHaveLength(2);
  });

  it('honours weights, never drawing a zero-weight entry', () => {
    const rng = new Rng(2);
    const draws = Array.from({ length: 1000 }, () =>
      rng.weighted([
        ['a', 9],
        ['b', 1],
        ['never', 0],
      ] as const),
    );
    expect(draws).not.toContain('never');
    expect(draws.filter((d) => d === 'a').length).toBeGreaterThan(800);
  });
});

describe('generateDemoPlan', () => {
  let plan: DemoPlan;

  beforeAll(() => {
    plan = generateDemoPlan(catalog, { now: NOW });
  });

  it('is deterministic for a seed and clock, and differs for another seed', () => {
    expect(generateDemoPlan(catalog, { now: NOW })).toEqual(plan);
    const other = generateDemoPlan(catalog, { now: NOW, seed: 7 });
    expect(other.workers.map((w) => w.user.email)).not.toEqual(plan.workers.map((w) => w.user.email));
  });

  it('makes 300 workers, 40 employers and 3 admin offers by default, and honours other sizes', () => {
    expect(plan.workers).toHaveLength(300);
    expect(plan.employers).toHaveLength(40);
    expect(plan.adminJobOffers).toHaveLength(3);
    const small = generateDemoPlan(catalog, { now: NOW, workers: 5, employers: 4 });
    expect(small.workers).toHaveLength(5);
    expect(small.employers).toHaveLength(4);
  });

  it('starts with the fixed demo accounts, all sharing the demo password', () => {
    expect(DEMO_LOGINS.map((l) => l.email)).toEqual([
      'admin@demo.casaymanos.ar',
      'trabajadora@demo.casaymanos.ar',
      'empleador@demo.casaymanos.ar',
      'empleador.sin.membresia@demo.casaymanos.ar',
    ]);
    expect(DEMO_LOGINS.every((l) => l.password === DEMO_PASSWORD && l.password === 'demo1234')).toBe(true);
    expect(plan.admin).toMatchObject({
      email: 'admin@demo.casaymanos.ar',
      isAdmin: true,
      profileType: null,
      firstName: 'Equipo',
      lastName: 'Casa y Manos',
    });
    expect(plan.workers[0].user.email).toBe('trabajadora@demo.casaymanos.ar');
    expect(plan.employers[0].user.email).toBe('empleador@demo.casaymanos.ar');
    expect(plan.employers[1].user.email).toBe('empleador.sin.membresia@demo.casaymanos.ar');
  });

  it('gives the demo worker a complete, visible profile with every section filled', () => {
    const worker = plan.workers[0];
    expect(worker.visible).toBe(true);
    expect(worker.introduction).toBeTruthy();
    expect(worker.hourPrice).not.toBeNull();
    for (const list of [
      worker.serviceIds,
      worker.taskIds,
      worker.workArrangementIds,
      worker.languageIds,
      worker.shiftIds,
      worker.experiences,
      worker.educations,
    ]) {
      expect(list.length).toBeGreaterThan(0);
    }
  });

  it('gives the demo employers an active membership with 2 offers, and none with 1 offer', () => {
    const [paying, notPaying] = plan.employers;
    expect(paying.membership?.status).toBe(true);
    expect(paying.membership?.payment.status).toBe('approved');
    expect(new Date(paying.membership?.endDate ?? 0).getTime()).toBeGreaterThan(NOW.getTime());
    expect(paying.jobOffers).toHaveLength(2);
    expect(notPaying.membership).toBeNull();
    expect(notPaying.jobOffers).toHaveLength(1);
    expect(notPaying.jobOffers[0].status).toBe(true);
  });

  it('makes valid users: unique lower-case e-mails, names within 30, phone digits, plausible dates', () => {
    const users = allUsers(plan);
    const emails = users.map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const user of users) {
      expect(user.email).toBe(user.email.toLowerCase());
      expect(user.email).toMatch(/^[a-z.0-9]+@demo\.casaymanos\.ar$/);
      expect(user.firstName.length).toBeGreaterThanOrEqual(2);
      expect(user.firstName.length).toBeLessThanOrEqual(30);
      expect(user.lastName.length).toBeLessThanOrEqual(30);
      if (user.phone !== null) expect(user.phone).toMatch(/^\d{10,13}$/);
      const created = new Date(user.createdAt).getTime();
      expect(created).toBeLessThanOrEqual(NOW.getTime());
      expect(created).toBeGreaterThanOrEqual(NOW.getTime() - 18 * 31 * DAY_MS);
      expect(new Date(user.emailVerifiedAt).getTime()).toBeGreaterThanOrEqual(created);
      if (user.lastLogin !== null) {
        const login = new Date(user.lastLogin).getTime();
        expect(login).toBeGreaterThanOrEqual(NOW.getTime() - 30 * DAY_MS);
        expect(login).toBeGreaterThanOrEqual(new Date(user.emailVerifiedAt).getTime());
        expect(new Date(user.lastSeen ?? 0).getTime()).toBeGreaterThanOrEqual(login);
      }
    }
    expect(plan.workers.every((w) => w.user.profileType === 'Worker')).toBe(true);
    expect(plan.employers.every((e) => e.user.profileType === 'Parent')).toBe(true);
    const neverLoggedIn = users.filter((u) => u.lastLogin === null).length;
    expect(neverLoggedIn).toBeGreaterThan(0);
    expect(neverLoggedIn).toBeLessThan(users.length * 0.25);
  });

  it('fills every worker within the limits of the schema and the screens', () => {
    const services = idSet(catalog.services);
    const tasks = idSet(catalog.tasks);
    const arrangements = idSet(catalog.workArrangements);
    const languages = idSet(catalog.languages);
    for (const worker of plan.workers) {
      expect(ageAt(worker.dateOfBirth, NOW)).toBeGreaterThanOrEqual(18);
      expect(ageAt(worker.dateOfBirth, NOW)).toBeLessThanOrEqual(70);
      expect(['female', 'male']).toContain(worker.gender);
      expect(worker.nationality.length).toBeGreaterThanOrEqual(3);
      expect(provinceOf.get(worker.location.municipalityId)).toBe(worker.location.provinceId);
      expect(worker.location.neighborhood.length).toBeGreaterThanOrEqual(3);
      expect(worker.location.neighborhood.length).toBeLessThanOrEqual(100);
      if (worker.introduction !== null) {
        expect(worker.introduction.length).toBeGreaterThanOrEqual(15);
        expect(worker.introduction.length).toBeLessThanOrEqual(499);
      }
      if (worker.hourPrice !== null) {
        expect(Number.isInteger(worker.hourPrice)).toBe(true);
        expect(worker.hourPrice).toBeGreaterThanOrEqual(3500);
        expect(worker.hourPrice).toBeLessThanOrEqual(12000);
      }
      expectSubset(worker.serviceIds, services);
      expect(worker.serviceIds.length).toBeLessThanOrEqual(4);
      expectSubset(worker.taskIds, tasks);
      expect(worker.taskIds.length).toBeGreaterThanOrEqual(2);
      expect(worker.taskIds.length).toBeLessThanOrEqual(6);
      expectSubset(worker.workArrangementIds, arrangements);
      expect(worker.workArrangementIds.length).toBeGreaterThanOrEqual(1);
      expect(worker.workArrangementIds.length).toBeLessThanOrEqual(3);
      expectSubset(worker.languageIds, languages);
      expect(worker.languageIds.length).toBeGreaterThanOrEqual(1);
      expect(worker.languageIds.length).toBeLessThanOrEqual(3);
      expect(worker.languageIds).toContain(worker.nativeLanguageId);
      expectSubset(worker.shiftIds, shiftIds);
      expect(worker.shiftIds.length).toBeGreaterThanOrEqual(3);
      expect(worker.shiftIds.length).toBeLessThanOrEqual(15);
      expectValidHistory(worker);
    }
  });

  it('makes about 90% of workers complete and visible, and only complete ones visible', () => {
    const isComplete = (w: DemoWorker) =>
      w.introduction !== null && w.serviceIds.length > 0 && w.workArrangementIds.length > 0;
    for (const worker of plan.workers) expect(worker.visible).toBe(isComplete(worker));
    const visibleShare = plan.workers.filter((w) => w.visible).length / plan.workers.length;
    expect(visibleShare).toBeGreaterThan(0.82);
    expect(visibleShare).toBeLessThan(0.97);
  });

  it('spreads people over many provinces, weighted toward Buenos Aires and CABA', () => {
    const provinces = plan.workers.map((w) => w.location.provinceId);
    expect(new Set(provinces).size).toBeGreaterThanOrEqual(12);
    const metro = provinces.filter((id) => id === 2 || id === 6).length;
    expect(metro / provinces.length).toBeGreaterThan(0.4);
    expect(metro / provinces.length).toBeLessThan(0.8);
    const nationalities = plan.workers.map((w) => w.nationality);
    expect(nationalities.filter((n) => n === 'Argentina').length / nationalities.length).toBeGreaterThan(0.5);
    expect(new Set(nationalities).size).toBeGreaterThanOrEqual(5);
  });

  it('gives employers plausible ages and memberships paid at the catalog price', () => {
    const { price, durationDays, id } = catalog.membershipType;
    const providerIds = new Set<string>();
    for (const employer of plan.employers) {
      expect(ageAt(employer.dateOfBirth, NOW)).toBeGreaterThanOrEqual(25);
      expect(ageAt(employer.dateOfBirth, NOW)).toBeLessThanOrEqual(75);
      expect(employer.jobOffers.length).toBeLessThanOrEqual(2);
      const membership = employer.membership;
      if (!membership) continue;
      const { payment } = membership;
      expect(membership.membershipTypeId).toBe(id);
      expect(payment.amount).toBe(price);
      const start = new Date(membership.startDate).getTime();
      expect(new Date(membership.endDate).getTime() - start).toBe(durationDays * DAY_MS);
      expect(start).toBeGreaterThanOrEqual(new Date(employer.user.createdAt).getTime());
      expect(membership.status).toBe(payment.status === 'approved');
      if (payment.method === 'mercadopago') {
        expect(payment.transactionId).toBe(`MP-${payment.providerPaymentId}`);
        expect(providerIds.has(payment.providerPaymentId ?? '')).toBe(false);
        providerIds.add(payment.providerPaymentId ?? '');
      } else {
        expect(payment.transactionId).toMatch(/^TRF-\d{8}-\d{4}$/);
        expect(payment.providerPaymentId).toBeNull();
      }
      if (payment.status === 'pending') expect(payment.method).toBe('bank_transfer');
    }
  });

  it('mixes active, expired and pending memberships, with about 60% of employers paying', () => {
    const memberships = plan.employers.flatMap((e) => (e.membership ? [e.membership] : []));
    const active = memberships.filter((m) => m.status && new Date(m.endDate) > NOW);
    const expired = memberships.filter((m) => m.status && new Date(m.endDate) <= NOW);
    const pending = memberships.filter((m) => m.payment.status === 'pending');
    for (const m of active) expect(new Date(m.startDate).getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 25 * DAY_MS);
    expect(expired.length).toBeGreaterThanOrEqual(1);
    expect(pending.length).toBeGreaterThanOrEqual(1);
    expect(memberships.length / plan.employers.length).toBeGreaterThan(0.5);
    expect(memberships.length / plan.employers.length).toBeLessThan(0.75);
    expect(active.length).toBeGreaterThan(memberships.length / 2);
  });

  it('writes job offers within the wizard limits, with consistent places and languages', () => {
    const offers = allOffers(plan);
    for (const offer of offers) {
      expect(offer.title.length).toBeGreaterThan(0);
      expect(offer.title.length).toBeLessThanOrEqual(35);
      expect(offer.description.length).toBeGreaterThan(0);
      expect(offer.description.length).toBeLessThanOrEqual(500);
      expect(provinceOf.get(offer.location.municipalityId)).toBe(offer.location.provinceId);
      if (offer.monthlyPrice !== null) {
        expect(offer.monthlyPrice).toBeGreaterThanOrEqual(250_000);
        expect(offer.monthlyPrice).toBeLessThanOrEqual(900_000);
      }
      if (offer.languageIds.length === 0) expect(offer.nativeLanguageId).toBeNull();
      else expect(offer.languageIds).toContain(offer.nativeLanguageId);
      expect(offer.serviceIds.length).toBeGreaterThanOrEqual(1);
      expect(offer.serviceIds.length).toBeLessThanOrEqual(3);
      expect(offer.taskIds.length).toBeLessThanOrEqual(4);
      expect(offer.workArrangementIds.length).toBeGreaterThanOrEqual(1);
      expect(offer.workArrangementIds.length).toBeLessThanOrEqual(2);
      expect(offer.languageIds.length).toBeLessThanOrEqual(2);
      expectSubset(offer.shiftIds, shiftIds);
      expect(offer.shiftIds.length).toBeGreaterThanOrEqual(3);
      expect(offer.shiftIds.length).toBeLessThanOrEqual(15);
      expect(new Date(offer.createdAt).getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(offers.filter((o) => o.status).length / offers.length).toBeGreaterThan(0.75);
    expect(plan.adminJobOffers.every((o) => o.status)).toBe(true);
  });

  it('leaves no unfilled {placeholder} in any generated text', () => {
    const texts = [
      ...plan.workers.flatMap((w) => [
        w.introduction ?? '',
        ...w.experiences.flatMap((e) => [e.title, e.description]),
        ...w.educations.flatMap((e) => [e.title, e.place]),
      ]),
      ...allOffers(plan).flatMap((o) => [o.title, o.description]),
    ];
    expect(texts.filter((text) => /[{}]/.test(text))).toEqual([]);
  });

  it('summarises the plan it made', () => {
    const summary = summarizePlan(plan, NOW);
    expect(summary).toMatchObject({ users: 341, workers: 300, employers: 40 });
    expect(summary.visibleWorkers).toBe(plan.workers.filter((w) => w.visible).length);
    expect(summary.jobOffers).toBe(allOffers(plan).length);
    expect(summary.payments).toBe(plan.employers.filter((e) => e.membership).length);
    expect(summary.activeMemberships).toBeGreaterThan(0);
    expect(summary.activeMemberships).toBeLessThanOrEqual(summary.payments);
  });
});

function expectValidHistory(worker: DemoWorker): void {
  expect(worker.experiences.length).toBeLessThanOrEqual(3);
  expect(worker.experiences.filter((e) => e.currentlyWorking).length).toBeLessThanOrEqual(1);
  for (const experience of worker.experiences) {
    expect(experience.title.length).toBeGreaterThanOrEqual(3);
    expect(experience.title.length).toBeLessThanOrEqual(80);
    expect(experience.description.length).toBeGreaterThanOrEqual(10);
    expect(experience.description.length).toBeLessThanOrEqual(400);
  }
  expect(worker.educations.length).toBeLessThanOrEqual(2);
  for (const education of worker.educations) {
    expect(education.title.length).toBeGreaterThanOrEqual(3);
    expect(education.title.length).toBeLessThanOrEqual(80);
    expect(education.place.length).toBeGreaterThanOrEqual(2);
    expect(education.place.length).toBeLessThanOrEqual(50);
    expect(['en_curso', 'completo', 'incompleto']).toContain(education.status);
  }
}

describe('text helpers', () => {
  it('fits whole sentences under a limit, skipping any that would overflow', () => {
    expect(fitSentences(['Hola.', 'x'.repeat(20), 'Chau.'], 12)).toBe('Hola. Chau.');
    expect(fitSentences(['Una frase.', 'Otra.'], 100)).toBe('Una frase. Otra.');
  });

  it('turns names into plain ASCII for e-mail addresses', () => {
    expect(slug('María José')).toBe('mariajose');
    expect(slug('Da Silva')).toBe('dasilva');
    expect(slug('Núñez')).toBe('nunez');
  });
});

describe('buildInsertStatements', () => {
  it('numbers the placeholders of one multi-row statement and can ask for the ids back', () => {
    const [statement, ...rest] = buildInsertStatements(
      'things',
      ['a', 'b'],
      [
        [1, 'x'],
        [2, null],
      ],
      'id',
    );
    expect(rest).toEqual([]);
    expect(statement.sql).toBe('INSERT INTO things (a, b) VALUES ($1, $2), ($3, $4) RETURNING id');
    expect(statement.params).toEqual([1, 'x', 2, null]);
  });

  it('splits large inserts so no statement exceeds the parameter limit', () => {
    const columns = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const rows = Array.from({ length: 20_000 }, (_, i) => columns.map(() => i));
    const statements = buildInsertStatements('big', columns, rows);
    expect(statements.length).toBeGreaterThan(1);
    expect(statements.every((s) => s.params.length <= MAX_PARAMETERS_PER_STATEMENT)).toBe(true);
    expect(statements.reduce((sum, s) => sum + s.params.length, 0)).toBe(rows.length * columns.length);
    expect(statements[1].sql).toContain('VALUES ($1, $2');
  });

  it('refuses a row whose width does not match the columns', () => {
    expect(() => buildInsertStatements('t', ['a', 'b'], [[1]])).toThrow('t: row has 1 values, not 2');
  });
});
