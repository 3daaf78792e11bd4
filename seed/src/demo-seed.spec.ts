import { MUNICIPALITIES } from '../../migrations/data/argentina';
import {
  LANGUAGES,
  SERVICES,
  SHIFT_DAYS,
  SHIFT_PERIODS,
  TASKS,
  WORK_ARRANGEMENTS,
} from '../../migrations/data/catalog';
import { argentinaToday, CHAT_LIMITS, chatMessageProblem } from '@cym/common';
import { execFileSync } from 'node:child_process';
import { avataaarsOptions, pickFace } from './demo-faces';
import type { DemoJobOffer, DemoPlan, DemoUser, DemoWorker } from './demo-plan';
import { mulberry32, Rng } from './demo-random';
import {
  buildInsertStatements,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  DemoCatalog,
  generateDemoPlan,
  MAX_PARAMETERS_PER_STATEMENT,
  slug,
  summarizePlan,
  transferReference,
} from './demo-seed';
import { fitSentences } from './demo-shared';

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

  it('makes valid users: unique lower-case e-mails, names within 30, phones in E.164, plausible dates', () => {
    const users = allUsers(plan);
    const emails = users.map((u) => u.email);
    expect(new Set(emails).size).toBe(emails.length);
    for (const user of users) {
      expect(user.email).toBe(user.email.toLowerCase());
      expect(user.email).toMatch(/^[a-z.0-9]+@demo\.casaymanos\.ar$/);
      expect(user.firstName.length).toBeGreaterThanOrEqual(2);
      expect(user.firstName.length).toBeLessThanOrEqual(30);
      expect(user.lastName.length).toBeLessThanOrEqual(30);
      // Stored in E.164, an Argentine mobile (+549 and ten digits).
      if (user.phone !== null) expect(user.phone).toMatch(/^\+549[1-8]\d{9}$/);
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
        // The reference carries the Argentine calendar day of the payment.
        const day = argentinaToday(new Date(payment.createdAt)).replace(/-/g, '');
        expect(payment.transactionId.slice(4, 12)).toBe(day);
        expect(payment.providerPaymentId).toBeNull();
      }
      if (payment.status === 'pending') expect(payment.method).toBe('bank_transfer');
    }
  });

  it('dates a transfer reference by the Argentine calendar day', () => {
    // 22:30 on 25/11 in Buenos Aires is already the 26th in UTC.
    expect(transferReference(new Date('2026-11-26T01:30:00Z'), 13)).toBe('TRF-20261125-0013');
    expect(transferReference(new Date('2026-11-26T03:00:00Z'), 7)).toBe('TRF-20261126-0007');
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

  it('writes introductions that all differ, with no sentence in more than 15% of them', () => {
    const intros = plan.workers.flatMap((w) => (w.introduction ? [w.introduction] : []));
    expect(intros.length).toBeGreaterThan(250);
    expect(new Set(intros).size).toBe(intros.length);
    const seen = new Map<string, number>();
    for (const intro of intros)
      for (const sentence of new Set(intro.split(/(?<=[.!?])\s+/))) seen.set(sentence, (seen.get(sentence) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count / intros.length > 0.15)).toEqual([]);
    // Built from pools, not a template: they differ in length and in how many sentences they have.
    const sentenceCounts = new Set(intros.map((intro) => intro.split(/(?<=[.!?])\s+/).length));
    expect(sentenceCounts.size).toBeGreaterThanOrEqual(4);
    expect(intros.filter((intro) => /\bde el\b|\ba el\b/.test(intro))).toEqual([]);
  });

  it('tells past jobs in many different ways', () => {
    const descriptions = plan.workers.flatMap((w) => w.experiences.map((e) => e.description));
    const counts = new Map<string, number>();
    for (const d of descriptions) counts.set(d, (counts.get(d) ?? 0) + 1);
    expect(counts.size / descriptions.length).toBeGreaterThan(0.85);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(4);
  });

  it("dates every offer and payment within its author's visits: never after their last seen", () => {
    for (const employer of plan.employers) {
      const { user } = employer;
      const activity = [
        ...employer.jobOffers.map((o) => o.createdAt),
        ...(employer.membership ? [employer.membership.payment.createdAt] : []),
      ].map((date) => new Date(date).getTime());
      if (activity.length === 0) continue;
      // Someone who published or paid has logged in, and was last seen at or after the latest of it.
      expect(user.lastSeen).not.toBeNull();
      expect(user.lastLogin).not.toBeNull();
      const lastSeen = new Date(user.lastSeen!).getTime();
      expect(Math.max(...activity)).toBeLessThanOrEqual(lastSeen);
      expect(new Date(user.lastLogin!).getTime()).toBeLessThanOrEqual(lastSeen);
      expect(lastSeen).toBeLessThanOrEqual(NOW.getTime());
      for (const offer of employer.jobOffers)
        expect(new Date(offer.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(user.emailVerifiedAt).getTime());
    }
    for (const offer of plan.adminJobOffers)
      expect(new Date(offer.createdAt).getTime()).toBeLessThanOrEqual(new Date(plan.admin.lastSeen!).getTime());
    const withOffers = plan.employers.filter((e) => e.jobOffers.length > 0);
    expect(withOffers.length).toBeGreaterThan(plan.employers.length / 2);
  });

  it('gives most workers a face, the demo logins where it makes sense, and no two alike', () => {
    const share = plan.workers.filter((w) => w.user.face).length / plan.workers.length;
    expect(share).toBeGreaterThan(0.78);
    expect(share).toBeLessThan(0.93);
    expect(plan.workers[0].user.face).not.toBeNull();
    expect(plan.employers[0].user.face).not.toBeNull();
    // The employer without membership keeps the placeholder (and shows the upload); the team has no face.
    expect(plan.employers[1].user.face).toBeNull();
    expect(plan.admin.face).toBeNull();
    const employerShare = plan.employers.filter((e) => e.user.face).length / plan.employers.length;
    expect(employerShare).toBeGreaterThan(0.3);
    expect(employerShare).toBeLessThan(0.75);
    const faces = allUsers(plan).flatMap((u) => (u.face ? [u.face] : []));
    // Seeded by the e-mail: the same account always gets the same face.
    expect(allUsers(plan).every((u) => u.face === null || u.face.seed === u.email)).toBe(true);
    const looks = faces.map(({ seed: _seed, ...look }) => JSON.stringify(look));
    expect(new Set(looks).size).toBe(looks.length);
    // Diverse: every skin tone and many hair styles show up.
    expect(new Set(faces.map((f) => f.skinColor)).size).toBe(5);
    expect(new Set(faces.map((f) => f.top)).size).toBeGreaterThanOrEqual(15);
  });

  it('summarises the plan it made', () => {
    const summary = summarizePlan(plan, NOW);
    expect(summary).toMatchObject({ users: 341, workers: 300, employers: 40 });
    expect(summary.photos).toBe(allUsers(plan).filter((u) => u.face).length);
    expect(summary.conversations).toBe(plan.conversations.length);
    expect(summary.visibleWorkers).toBe(plan.workers.filter((w) => w.visible).length);
    expect(summary.jobOffers).toBe(allOffers(plan).length);
    expect(summary.payments).toBe(plan.employers.filter((e) => e.membership).length);
    expect(summary.activeMemberships).toBeGreaterThan(0);
    expect(summary.activeMemberships).toBeLessThanOrEqual(summary.payments);
  });
});

describe('demo faces', () => {
  it('are drawn by DiceBear exactly as picked (its ES modules run in a child process, outside Jest)', () => {
    const face = pickFace(new Rng(8), {
      seed: 'x@demo.casaymanos.ar',
      gender: 'female',
      age: 40,
      nationality: 'Paraguay',
    });
    const script = `const { createAvatar } = require('@dicebear/core');
      const style = require('@dicebear/avataaars');
      process.stdout.write(createAvatar(style, JSON.parse(process.argv[1])).toString());`;
    const svg = execFileSync(process.execPath, ['-e', script, JSON.stringify(avataaarsOptions(face))], {
      cwd: __dirname,
      encoding: 'utf8',
    });
    expect(svg).toMatch(/^<svg[^>]* width="512" height="512"/);
    expect(svg.toLowerCase()).toContain(`#${face.skinColor}`);
    expect(svg.toLowerCase()).toContain(`#${face.backgroundColor}`);
    expect(svg.toLowerCase()).toContain(`#${face.clothesColor}`);
  });

  it('draw hair that fits the person and fix every feature for DiceBear', () => {
    const rng = new Rng(3);
    const women = Array.from({ length: 200 }, (_, i) =>
      pickFace(rng, { seed: `w${i}`, gender: 'female', age: 30, nationality: 'Argentina' }),
    );
    expect(women.every((f) => f.top !== null && f.facialHair === null)).toBe(true);
    const older = Array.from({ length: 200 }, (_, i) =>
      pickFace(rng, { seed: `o${i}`, gender: 'male', age: 68, nationality: 'Bolivia' }),
    );
    expect(older.filter((f) => ['e8e1e1', 'ecdcbf'].includes(f.hairColor)).length).toBeGreaterThan(90);
    const options = avataaarsOptions(older.find((f) => f.top === null)!);
    expect(options).toMatchObject({ size: 512, topProbability: 0 });
    const full = avataaarsOptions(women[0]);
    for (const key of ['skinColor', 'top', 'hairColor', 'eyes', 'eyebrows', 'mouth', 'clothing', 'backgroundColor'])
      expect((full as Record<string, unknown>)[key]).toHaveLength(1);
  });
});

/**
 * The chat's rules (ChatService) and the people's times, checked on a plan: who may write to
 * whom and when, and read exactly when the recipient has been seen since.
 */
function expectLawfulConversations(plan: DemoPlan, now: Date): void {
  const pairs = new Set<string>();
  const time = (iso: string | null) => (iso === null ? NaN : new Date(iso).getTime());
  for (const c of plan.conversations) {
    const worker = plan.workers[c.workerIndex];
    const employer = plan.employers[c.employerIndex];
    const users = { worker: worker.user, employer: employer.user };
    expect(pairs.has(`${c.workerIndex}:${c.employerIndex}`)).toBe(false);
    pairs.add(`${c.workerIndex}:${c.employerIndex}`);
    // Only a visible worker can be reached; the employer holds an active membership throughout.
    expect(worker.visible).toBe(true);
    const membership = employer.membership!;
    expect(membership.status).toBe(true);
    expect(time(membership.endDate)).toBeGreaterThan(now.getTime());
    expect(c.messages.length).toBeGreaterThanOrEqual(4);
    expect(c.messages[0].from).toBe(c.startedBy);
    expect(new Set(c.messages.map((m) => m.from))).toEqual(new Set(['worker', 'employer']));
    const start = time(c.messages[0].createdAt);
    expect(start).toBeGreaterThanOrEqual(time(membership.startDate));
    if (c.startedBy === 'worker') {
      // A worker writes first only about a public offer, already published then.
      const offer = employer.jobOffers[c.offerIndex!];
      expect(offer.status).toBe(true);
      expect(time(offer.createdAt)).toBeLessThanOrEqual(start);
    }
    let previous = 0;
    c.messages.forEach((m, i) => {
      const at = time(m.createdAt);
      const sender = users[m.from];
      const recipient = users[m.from === 'worker' ? 'employer' : 'worker'];
      expect(chatMessageProblem(m.content)).toBeNull();
      expect(m.content).not.toMatch(/[{}]/);
      expect(at).toBeGreaterThan(previous);
      previous = at;
      expect(at).toBeLessThanOrEqual(now.getTime() - CHAT_LIMITS.unreadMailAfterMs);
      expect(at).toBeGreaterThan(time(worker.user.emailVerifiedAt));
      expect(at).toBeGreaterThan(time(employer.user.emailVerifiedAt));
      // Whoever wrote has logged in and was seen at or after it.
      expect(time(sender.lastLogin)).toBeLessThanOrEqual(time(sender.lastSeen));
      expect(time(sender.lastSeen)).toBeGreaterThanOrEqual(at);
      // Read exactly when the recipient has been seen since, and always before answering.
      const seen = time(recipient.lastSeen);
      expect(m.readAt !== null).toBe(seen >= at);
      if (m.readAt !== null) {
        expect(time(m.readAt)).toBeGreaterThanOrEqual(at);
        expect(time(m.readAt)).toBeLessThanOrEqual(seen);
      }
      const answered = c.messages.slice(i + 1).some((later) => later.from !== m.from);
      if (answered) expect(m.readAt).not.toBeNull();
    });
  }
}

describe('demo conversations', () => {
  const plan = generateDemoPlan(catalog, { now: NOW });
  const mine = (who: 'worker' | 'employer', index: number) =>
    plan.conversations.filter((c) => (who === 'worker' ? c.workerIndex : c.employerIndex) === index);

  it("follow the chat rules and agree with everyone's last seen", () => {
    expect(plan.conversations.length).toBeGreaterThanOrEqual(8);
    expectLawfulConversations(plan, NOW);
  });

  it('give each demo login three conversations, both sides writing, with unread messages waiting', () => {
    for (const [who, index] of [
      ['worker', 0],
      ['employer', 0],
    ] as const) {
      const conversations = mine(who, index);
      expect(conversations.length).toBeGreaterThanOrEqual(3);
      for (const c of conversations) {
        expect(c.messages.filter((m) => m.from === who).length).toBeGreaterThanOrEqual(2);
        expect(c.messages.filter((m) => m.from !== who).length).toBeGreaterThanOrEqual(2);
      }
      const unread = conversations.flatMap((c) => c.messages.filter((m) => m.from !== who && m.readAt === null));
      expect(unread.length).toBeGreaterThanOrEqual(1);
      // A living chat: something in the last two days.
      const newest = Math.max(...conversations.flatMap((c) => c.messages.map((m) => Date.parse(m.createdAt))));
      expect(NOW.getTime() - newest).toBeLessThan(2 * DAY_MS);
    }
    // The two demo logins talk to each other, and the one without membership cannot write to workers.
    expect(plan.conversations.some((c) => c.workerIndex === 0 && c.employerIndex === 0)).toBe(true);
    expect(mine('employer', 1)).toEqual([]);
  });

  it('keep to the rules in small plans and other seeds too', () => {
    for (const options of [
      { workers: 5, employers: 4 },
      { workers: 10, employers: 40, seed: 5 },
      { workers: 120, employers: 4, seed: 7 },
      { seed: 99 },
    ]) {
      const other = generateDemoPlan(catalog, { now: NOW, ...options });
      expectLawfulConversations(other, NOW);
    }
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
