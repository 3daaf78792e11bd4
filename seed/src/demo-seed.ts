/**
 * Demo data for an empty database: an admin, a few fixed demo accounts and a few hundred
 * generated workers and employers with memberships, payments and job offers, so every screen
 * has something real-looking to show.
 *
 * The generator is pure (catalog + seed + clock in, plan out) and deterministic: the same seed
 * and clock always give the same rows, which keeps screenshots and bug reports reproducible.
 * Writing the plan is a separate step of a few bulk INSERTs in one transaction.
 */
import { argentinaToday, CHAT_LIMITS, normalizeArgentineMobile } from '@cym/common';
import { DataSource } from 'typeorm';
import type { DataSourceOptions, EntityManager } from 'typeorm';
import { PasswordHasher } from '@cym/server/modules/auth/password-hasher';
import type { ImageStorage } from '@cym/server/modules/media/image-storage';
import { planConversations } from './demo-chats';
import { seedDemoDocuments } from './demo-documents';
import { type DemoPhotoOptions, type FaceJob, pickFace, storeDemoFaces } from './demo-faces';
import type {
  DemoConversation,
  DemoEducation,
  DemoEmployer,
  DemoExperience,
  DemoJobOffer,
  DemoLocation,
  DemoMembership,
  DemoPayment,
  DemoPlan,
  DemoUser,
  DemoWorker,
  EducationStatus,
  Gender,
} from './demo-plan';
import { Rng, type Weighted } from './demo-random';
import { User } from '@cym/server/modules/users/entities/user.entity';
import { markHiredReferences, writeDemoHires } from './demo-hires';
import { writeDemoModeration } from './demo-moderation';
import { writeDemoReferences } from './demo-references';
import { writeDemoSaved } from './demo-saved';
import { demoSecondFactorLines, enrolDemoAdmin } from './demo-second-factor';
import {
  DAY_MS,
  fill,
  fitSentences,
  forGender,
  type Gendered,
  HOUR_MS,
  joinSpanish,
  markOnline,
  MINUTE_MS,
} from './demo-shared';

// ─── Public surface ──────────────────────────────────────────────────────────────────────────

export interface SeedIo {
  log: (line: string) => void;
}

export interface DemoSummary {
  users: number;
  workers: number;
  visibleWorkers: number;
  employers: number;
  activeMemberships: number;
  jobOffers: number;
  payments: number;
  /** Profile photos: planned ones in a plan's summary, stored ones after seeding. */
  photos: number;
  conversations: number;
  messages: number;
}

export interface SeedDemoOptions {
  /** Worker accounts in total, the fixed demo worker included. */
  workers?: number;
  /** Employer accounts in total, the two fixed demo employers included. */
  employers?: number;
  seed?: number;
  /**
   * Draw the planned faces and store them as profile photos (the CLI does; suites
   * that only need rows leave it out and stay fast).
   */
  photos?: DemoPhotoOptions;
  /** Where the demo's verification documents go: the private document storage; rows only without it. */
  documents?: ImageStorage;
  /**
   * The server's key of TOTP secrets (AppConfig.totpKey): with it the demo admin is enrolled in
   * the second factor with DEMO_ADMIN_TOTP_SECRET, printed with the logins; without it the demo
   * admin enrols at the first login, as any admin.
   */
  totpKey?: Buffer;
}

/** Every demo account shares this password; it is printed after seeding. */
export const DEMO_PASSWORD = 'demo1234';
export const DEFAULT_DEMO_SEED = 20_251_122;
const DEFAULT_WORKERS = 300;
const DEFAULT_EMPLOYERS = 40;
const ADMIN_OFFERS = 3;
/** Share of the generated workers and employers with a face as profile photo. */
const WORKER_PHOTO_SHARE = 0.86;
const EMPLOYER_PHOTO_SHARE = 0.5;
/** Conversations among generated people, besides the demo logins' own. */
const OTHER_CONVERSATIONS = 8;
/** The bcrypt cost the server uses (BCRYPT_COST's default), so demo logins behave like real ones. */
const BCRYPT_COST = 12;
const DEMO_DOMAIN = 'demo.casaymanos.ar';

const FIXED_EMAILS = {
  admin: `admin@${DEMO_DOMAIN}`,
  worker: `trabajadora@${DEMO_DOMAIN}`,
  employer: `empleador@${DEMO_DOMAIN}`,
  employerWithoutMembership: `empleador.sin.membresia@${DEMO_DOMAIN}`,
} as const;

export const DEMO_LOGINS: { role: string; email: string; password: string }[] = [
  { role: 'admin', email: FIXED_EMAILS.admin, password: DEMO_PASSWORD },
  { role: 'worker', email: FIXED_EMAILS.worker, password: DEMO_PASSWORD },
  { role: 'employer', email: FIXED_EMAILS.employer, password: DEMO_PASSWORD },
  { role: 'employer_without_membership', email: FIXED_EMAILS.employerWithoutMembership, password: DEMO_PASSWORD },
];

const ROLE_LABELS: Record<string, string> = {
  admin: 'Administración / admin',
  worker: 'Trabajadora con perfil completo / worker',
  employer: 'Empleador con membresía activa / employer',
  employer_without_membership: 'Empleador sin membresía / employer without membership',
};

/**
 * Seeds when the users table is empty and answers whether it did. Used by the CLI (seed-demo.ts:
 * `npm run seed:demo`, and `npm start` before the server), which has already migrated the database. With `photos`, the demo
 * people get their faces as profile photos in that storage: the one the media module serves
 * (`createImageStorage`: DATA_DIR/uploads, or the S3_BUCKET).
 */
export async function seedDemoIfEmpty(
  options: DataSourceOptions,
  io: SeedIo,
  where: { photos?: ImageStorage; documents?: ImageStorage; totpKey?: Buffer } = {},
): Promise<boolean> {
  // The faces are stored through the media and users services, which read and write `users` through its entity.
  const dataSource = new DataSource({ ...options, entities: [User] });
  await dataSource.initialize();
  try {
    if (await hasUsers(dataSource)) return false;
    const started = Date.now();
    const photos = where.photos ? { storage: where.photos } : undefined;
    const summary = await seedDemo(dataSource, { photos, documents: where.documents, totpKey: where.totpKey });
    summaryLines(summary, Date.now() - started).forEach((line) => io.log(line));
    return true;
  } finally {
    await dataSource.destroy();
  }
}

export interface SeededDemo extends DemoSummary {
  /** Time spent on the faces, included in the whole; and the first failure, if any face failed. */
  photosMs?: number;
  photosFailed?: number;
  photoError?: string;
  /** The demo admin was enrolled with the development TOTP secret. */
  adminSecondFactor?: boolean;
}

/**
 * Generates and writes the demo data in one transaction, so a failure leaves nothing behind;
 * then, when asked, stores the faces through the upload pipeline (files cannot roll back).
 */
export async function seedDemo(dataSource: DataSource, opts: SeedDemoOptions = {}): Promise<SeededDemo> {
  // One hash for everyone: bcrypt at cost 12 takes a quarter of a second per call.
  const passwordHash = await new PasswordHasher({ cost: BCRYPT_COST }).hash(DEMO_PASSWORD);
  const now = new Date();
  const { plan, userIds } = await dataSource.transaction(async (manager) => {
    const catalog = await loadCatalog(manager);
    const plan = generateDemoPlan(catalog, { ...opts, now });
    const userIds = await writePlan(manager, plan, passwordHash, now);
    // The admin is written first (planUsers).
    if (opts.totpKey) await enrolDemoAdmin(manager, userIds[0], opts.totpKey);
    return { plan, userIds };
  });
  const summary = { ...summarizePlan(plan, now), adminSecondFactor: opts.totpKey !== undefined };
  await seedDemoDocuments(
    dataSource,
    { admin: FIXED_EMAILS.admin, worker: FIXED_EMAILS.worker, employer: FIXED_EMAILS.employer },
    now,
    opts.documents,
  );
  // Last: the suspended account had its photo and documents like anyone before.
  const moderate = () => dataSource.transaction((m) => writeDemoModeration(m, FIXED_EMAILS, now));
  if (!opts.photos) {
    await moderate();
    return { ...summary, photos: 0 };
  }
  const photos = await storeDemoFaces(dataSource, faceJobs(plan, userIds), opts.photos);
  await moderate();
  return {
    ...summary,
    photos: photos.stored,
    photosMs: photos.elapsedMs,
    photosFailed: photos.failed,
    photoError: photos.error,
  };
}

/** Every planned face with the id its owner got. */
function faceJobs(plan: DemoPlan, userIds: number[]): FaceJob[] {
  return planUsers(plan).flatMap((user, i) =>
    user.face ? [{ userId: userIds[i], email: user.email, profileType: user.profileType, face: user.face }] : [],
  );
}

/** The users in the order they are written: admin, workers, employers. */
function planUsers(plan: DemoPlan): DemoUser[] {
  return [plan.admin, ...plan.workers.map((w) => w.user), ...plan.employers.map((e) => e.user)];
}

async function hasUsers(dataSource: DataSource): Promise<boolean> {
  const rows = await dataSource.query<Array<{ found: boolean }>>('SELECT EXISTS (SELECT 1 FROM users) AS found');
  return rows[0]?.found === true;
}

function summaryLines(summary: SeededDemo, elapsedMs: number): string[] {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const photoTime = summary.photosMs !== undefined ? ` (${seconds(summary.photosMs)} en fotos/on photos)` : '';
  return [
    `Datos de demostración cargados / demo data loaded in ${seconds(elapsedMs)}${photoTime}: ` +
      `${summary.users} usuarios/users, ${summary.workers} trabajadores/workers ` +
      `(${summary.visibleWorkers} visibles/visible), ${summary.employers} empleadores/employers, ` +
      `${summary.activeMemberships} membresías activas/active memberships, ` +
      `${summary.jobOffers} ofertas/job offers, ${summary.payments} pagos/payments, ` +
      `${summary.photos} fotos/photos, ${summary.conversations} conversaciones/conversations ` +
      `(${summary.messages} mensajes/messages).`,
    ...(summary.photosFailed
      ? [`No se pudieron generar ${summary.photosFailed} fotos / photos failed: ${summary.photoError ?? ''}`]
      : []),
    `Cuentas de demostración / demo logins (contraseña/password: ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((login) => `  ${ROLE_LABELS[login.role] ?? login.role}: ${login.email} / ${login.password}`),
    ...(summary.adminSecondFactor ? demoSecondFactorLines(FIXED_EMAILS.admin) : []),
  ];
}

// ─── Catalog ─────────────────────────────────────────────────────────────────────────────────

export interface KeyedRow {
  id: number;
  key: string;
}

export interface Place {
  provinceId: number;
  municipalityId: number;
  municipalityName: string;
}

/** What the generator needs from the database; ids are always read, never assumed. */
export interface DemoCatalog {
  services: KeyedRow[];
  tasks: KeyedRow[];
  workArrangements: KeyedRow[];
  languages: KeyedRow[];
  shifts: Array<{ id: number; day: string; shift: string }>;
  places: Place[];
  membershipType: { id: number; price: number; durationDays: number };
}

async function loadCatalog(manager: EntityManager): Promise<DemoCatalog> {
  const keyed = (sql: string) => manager.query<KeyedRow[]>(sql);
  const services = await keyed('SELECT id, title AS key FROM services ORDER BY sort_order, id');
  const tasks = await keyed('SELECT id, key FROM tasks ORDER BY sort_order, id');
  const workArrangements = await keyed('SELECT id, key FROM work_arrangements ORDER BY sort_order, id');
  const languages = await keyed('SELECT id, key FROM languages ORDER BY sort_order, id');
  const shifts = await manager.query<DemoCatalog['shifts']>(
    'SELECT id, day, shift FROM shifts ORDER BY sort_order, id',
  );
  const places = await manager.query<Place[]>(
    `SELECT id AS "municipalityId", province_id AS "provinceId", name AS "municipalityName"
       FROM municipalities ORDER BY id`,
  );
  const types = await manager.query<Array<DemoCatalog['membershipType']>>(
    `SELECT id, price, duration_days AS "durationDays" FROM membership_types WHERE is_active ORDER BY id LIMIT 1`,
  );
  const missing = Object.entries({ services, tasks, workArrangements, languages, shifts, places, types })
    .filter(([, rows]) => rows.length === 0)
    .map(([name]) => name);
  if (missing.length > 0) throw new Error(`Demo seed needs the catalog migration; empty: ${missing.join(', ')}`);
  return { services, tasks, workArrangements, languages, shifts, places, membershipType: types[0] };
}

// ─── The plan ────────────────────────────────────────────────────────────────────────────────

export interface GenerateOptions extends SeedDemoOptions {
  now?: Date;
}

export function generateDemoPlan(catalog: DemoCatalog, options: GenerateOptions = {}): DemoPlan {
  const ctx = createContext(catalog, options.seed ?? DEFAULT_DEMO_SEED, options.now ?? new Date());
  const workerCount = Math.max(1, options.workers ?? DEFAULT_WORKERS);
  const employerCount = Math.max(2, options.employers ?? DEFAULT_EMPLOYERS);
  const admin = adminUser(ctx);
  const workers = [showcaseWorker(ctx), ...repeat(workerCount - 1, () => generateWorker(ctx, workerKind(ctx)))];
  const employers = [...fixedEmployers(ctx), ...generatedEmployers(ctx, employerCount - 2)];
  const adminJobOffers = adminOfferBriefs(ctx, ADMIN_OFFERS).map((brief) =>
    generateJobOffer(ctx, brief, randomLocation(ctx), daysAgo(ctx.now, 200), new Date(admin.lastSeen!)),
  );
  // Streams of their own, so faces and chats can change without reshuffling everything else.
  const conversations = planConversations({
    rng: new Rng(ctx.seed ^ 0x0c4a7),
    now: ctx.now,
    workers,
    employers,
    serviceKey: (id) => ctx.catalog.services.find((s) => s.id === id)?.key,
    demoWorker: 0,
    demoEmployer: 0,
    others: Math.min(OTHER_CONVERSATIONS, Math.floor(employerCount / 4)),
  });
  assignFaces(ctx, new Rng(ctx.seed ^ 0xfacade), workers, employers);
  return { admin, workers, employers, adminJobOffers, conversations };
}

/** Most workers (the demo one always) and about half the employers (the paying demo one too). */
function assignFaces(ctx: GenerationContext, rng: Rng, workers: DemoWorker[], employers: DemoEmployer[]): void {
  const face = (user: DemoUser, person: { gender: Gender; dateOfBirth: string; nationality: string }) => {
    const age = Math.floor((ctx.now.getTime() - Date.parse(person.dateOfBirth)) / (365.25 * DAY_MS));
    return pickFace(rng, { seed: user.email, gender: person.gender, age, nationality: person.nationality });
  };
  workers.forEach((worker, i) => {
    const wanted = i === 0 || rng.chance(WORKER_PHOTO_SHARE);
    worker.user.face = wanted ? face(worker.user, worker) : null;
  });
  employers.forEach((employer, i) => {
    // The demo employer without membership keeps the placeholder, to show it and the upload.
    const wanted = i === 0 || (i > 1 && rng.chance(EMPLOYER_PHOTO_SHARE));
    employer.user.face = wanted ? face(employer.user, employer) : null;
  });
}

export function summarizePlan(plan: DemoPlan, now: Date): DemoSummary {
  const memberships = plan.employers.flatMap((employer) => (employer.membership ? [employer.membership] : []));
  return {
    photos: planUsers(plan).filter((user) => user.face !== null).length,
    conversations: plan.conversations.length,
    messages: plan.conversations.reduce((sum, c) => sum + c.messages.length, 0),
    users: 1 + plan.workers.length + plan.employers.length,
    workers: plan.workers.length,
    visibleWorkers: plan.workers.filter((worker) => worker.visible).length,
    employers: plan.employers.length,
    activeMemberships: memberships.filter((m) => m.status && new Date(m.endDate) > now).length,
    jobOffers: plan.adminJobOffers.length + plan.employers.reduce((sum, e) => sum + e.jobOffers.length, 0),
    payments: memberships.length,
  };
}

// ─── Generation context ──────────────────────────────────────────────────────────────────────

interface GenerationContext {
  seed: number;
  rng: Rng;
  now: Date;
  catalog: DemoCatalog;
  places: PlacePicker;
  placesById: Map<number, Place>;
  shiftIds: Map<string, number>;
  spanishId: number;
  /** Numbers the generated e-mail addresses, which keeps them unique without a lookup. */
  nextUserNumber: () => number;
  nextPaymentNumber: () => number;
}

function createContext(catalog: DemoCatalog, seed: number, now: Date): GenerationContext {
  let users = 0;
  let payments = 0;
  return {
    seed,
    rng: new Rng(seed),
    now,
    catalog,
    places: new PlacePicker(catalog.places),
    placesById: new Map(catalog.places.map((place) => [place.municipalityId, place])),
    shiftIds: new Map(catalog.shifts.map((s) => [shiftKey(s.day, s.shift), s.id])),
    spanishId: (catalog.languages.find((l) => l.key === 'es') ?? catalog.languages[0]).id,
    nextUserNumber: () => ++users,
    nextPaymentNumber: () => ++payments,
  };
}

function repeat<T>(count: number, make: (index: number) => T): T[] {
  return Array.from({ length: Math.max(0, count) }, (_, index) => make(index));
}

// ─── Places ──────────────────────────────────────────────────────────────────────────────────

const CABA_ID = 2;
const BUENOS_AIRES_ID = 6;

/** Most demand sits in the Buenos Aires metropolitan area; the rest of the country still shows up. */
const PROVINCE_WEIGHTS = new Map<number, number>([
  [CABA_ID, 22],
  [BUENOS_AIRES_ID, 38],
  [14, 6], // Córdoba
  [82, 6], // Santa Fe
  [50, 4], // Mendoza
  [90, 3], // Tucumán
  [66, 2], // Salta
  [30, 2], // Entre Ríos
  [58, 2], // Neuquén
]);
/** Municipalities with named neighbourhoods below are the big cities and the conurbano. */
const BIG_CITY_WEIGHT = 5;

class PlacePicker {
  private readonly provinces: Weighted<Weighted<Place>>;

  constructor(places: readonly Place[]) {
    const byProvince = new Map<number, Array<readonly [Place, number]>>();
    for (const place of places) {
      const weight = localitiesOf(place) ? BIG_CITY_WEIGHT : 1;
      byProvince.set(place.provinceId, [...(byProvince.get(place.provinceId) ?? []), [place, weight]]);
    }
    this.provinces = [...byProvince.entries()].map(([id, entries]) => [entries, PROVINCE_WEIGHTS.get(id) ?? 1]);
  }

  pick(rng: Rng): Place {
    return rng.weighted(rng.weighted(this.provinces));
  }
}

function localitiesOf(place: Place): readonly string[] | undefined {
  return NEIGHBORHOODS_BY_MUNICIPALITY[`${place.provinceId}:${place.municipalityName}`];
}

function randomLocation(ctx: GenerationContext, place = ctx.places.pick(ctx.rng)): DemoLocation {
  const neighborhood = ctx.rng.pick(localitiesOf(place) ?? GENERIC_NEIGHBORHOODS);
  return { provinceId: place.provinceId, municipalityId: place.municipalityId, neighborhood };
}

/** A named place for the fixed accounts, falling back to any place of the province (or any at all). */
function fixedLocation(ctx: GenerationContext, provinceId: number, municipalityName: string): DemoLocation {
  const inProvince = ctx.catalog.places.filter((p) => p.provinceId === provinceId);
  const place =
    inProvince.find((p) => p.municipalityName === municipalityName) ?? inProvince[0] ?? ctx.catalog.places[0];
  return randomLocation(ctx, place);
}

/** Mobile area codes by province; the city of Buenos Aires and the conurbano share 11. */
// prettier-ignore
const AREA_CODES = new Map<number, string>([
  [2, '11'], [6, '11'], [10, '383'], [14, '351'], [18, '379'], [22, '362'], [26, '280'], [30, '343'], [34, '370'],
  [38, '388'], [42, '2954'], [46, '380'], [50, '261'], [54, '376'], [58, '299'], [62, '2920'], [66, '387'],
  [70, '264'], [74, '266'], [78, '2966'], [82, '341'], [86, '385'], [90, '381'], [94, '2901'],
]);

/** Big cities of Buenos Aires province outside the conurbano, and codes for the rest of its interior. */
const BUENOS_AIRES_CITY_CODES: Record<string, string> = {
  'La Plata': '221',
  'General Pueyrredón': '223',
  'Bahía Blanca': '291',
};
const BUENOS_AIRES_INTERIOR_CODES = ['2284', '2314', '2346', '2477', '2266', '249'];

function areaCode(rng: Rng, place: Place | undefined): string {
  if (place?.provinceId !== BUENOS_AIRES_ID) return AREA_CODES.get(place?.provinceId ?? CABA_ID) ?? '11';
  const cityCode = BUENOS_AIRES_CITY_CODES[place.municipalityName];
  if (cityCode) return cityCode;
  return localitiesOf(place) ? '11' : rng.pick(BUENOS_AIRES_INTERIOR_CODES);
}

/**
 * An Argentine mobile number, stored as the product stores every phone: E.164 (+549 + area +
 * number), whichever way its owner typed it (mostly the local ten digits, some with 54).
 */
function mobilePhone(ctx: GenerationContext, location: DemoLocation): string {
  const { rng } = ctx;
  const area = areaCode(rng, ctx.placesById.get(location.municipalityId));
  const subscriber = String(rng.int(2, 9)) + digits(rng, 10 - area.length - 1);
  // As people type them: mostly the local ten digits, some with the country code.
  const typed = rng.chance(0.75) ? `${area}${subscriber}` : `54${area}${subscriber}`;
  return normalizeArgentineMobile(typed) ?? typed;
}

function digits(rng: Rng, count: number): string {
  return repeat(count, () => String(rng.int(0, 9))).join('');
}

// ─── Time ────────────────────────────────────────────────────────────────────────────────────

function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

function later(from: Date, ms: number): Date {
  return new Date(from.getTime() + ms);
}

function minDate(a: Date, b: Date): Date {
  return a < b ? a : b;
}

function maxDate(a: Date, b: Date): Date {
  return a > b ? a : b;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A birth date that makes the person exactly `age` years old at `now`. */
function birthDateForAge(rng: Rng, now: Date, age: number): string {
  const anniversary = Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate());
  return isoDate(new Date(anniversary - rng.int(1, 360) * DAY_MS));
}

/** Ages cluster in the middle of the range, as they do in real sign-ups. */
function middleHeavyAge(rng: Rng, min: number, max: number): number {
  return Math.round(min + ((rng.float() + rng.float()) / 2) * (max - min));
}

interface AccountTimes {
  createdAt: Date;
  emailVerifiedAt: Date;
  lastLogin: Date | null;
  lastSeen: Date | null;
}

/**
 * Sign-ups over the last 18 months, verified minutes later; logins over the last 30 days,
 * never before verification (unverified accounts cannot log in). A few never came back.
 */
function accountTimes(ctx: GenerationContext, options: { minDaysAgo?: number; active?: boolean } = {}): AccountTimes {
  const { rng, now } = ctx;
  const createdAt = daysAgo(now, rng.float(options.minDaysAgo ?? 0.2, 540));
  const emailVerifiedAt = later(createdAt, rng.int(2, 180) * MINUTE_MS);
  if (!options.active && rng.chance(0.1)) return { createdAt, emailVerifiedAt, lastLogin: null, lastSeen: null };
  const earliest = maxDate(emailVerifiedAt, daysAgo(now, 30));
  const lastLogin = new Date(rng.float(earliest.getTime(), now.getTime()));
  const lastSeen = minDate(now, later(lastLogin, rng.int(1, 240) * MINUTE_MS));
  return { createdAt, emailVerifiedAt, lastLogin, lastSeen };
}

/**
 * The demo logins' times: long-standing accounts, last seen a few hours ago (`seenHoursAgo`), so
 * their conversations have room before it and messages waiting after it.
 */
function demoLoginTimes(ctx: GenerationContext, createdDaysAgo: number, seenHoursAgo: [number, number]): AccountTimes {
  const { rng, now } = ctx;
  const createdAt = daysAgo(now, createdDaysAgo + rng.float(0, 20));
  const emailVerifiedAt = later(createdAt, rng.int(2, 30) * MINUTE_MS);
  const lastSeen = new Date(now.getTime() - rng.float(...seenHoursAgo) * HOUR_MS);
  const lastLogin = new Date(lastSeen.getTime() - rng.int(15, 80) * MINUTE_MS);
  return { createdAt, emailVerifiedAt, lastLogin, lastSeen };
}

// ─── People ──────────────────────────────────────────────────────────────────────────────────

interface Person {
  firstName: string;
  lastName: string;
  gender: Gender;
  nationality: Nationality;
}

function makeUser(
  ctx: GenerationContext,
  person: Pick<Person, 'firstName' | 'lastName'>,
  profileType: DemoUser['profileType'],
  times: AccountTimes,
  phone: string | null,
  email = generatedEmail(ctx, person),
): DemoUser {
  return {
    email,
    firstName: person.firstName,
    lastName: person.lastName,
    phone,
    profileType,
    isAdmin: false,
    createdAt: times.createdAt.toISOString(),
    emailVerifiedAt: times.emailVerifiedAt.toISOString(),
    lastLogin: times.lastLogin?.toISOString() ?? null,
    lastSeen: times.lastSeen?.toISOString() ?? null,
    face: null,
  };
}

function generatedEmail(ctx: GenerationContext, person: Pick<Person, 'firstName' | 'lastName'>): string {
  return `${slug(person.firstName)}.${slug(person.lastName)}.${ctx.nextUserNumber()}@${DEMO_DOMAIN}`;
}

/** 'María José' → 'mariajose', 'Da Silva' → 'dasilva': plain ASCII for the e-mail's local part. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

function randomPerson(ctx: GenerationContext, weights: Weighted<Nationality>, femaleShare: number): Person {
  const { rng } = ctx;
  const nationality = rng.weighted(weights);
  const gender: Gender = rng.chance(femaleShare) ? 'female' : 'male';
  const localFemale = nationality.femaleNames ?? [];
  const firstName =
    gender === 'female'
      ? rng.pick(localFemale.length > 0 && rng.chance(0.4) ? localFemale : FEMALE_NAMES)
      : rng.pick(MALE_NAMES);
  return { firstName, lastName: randomLastName(rng, nationality), gender, nationality };
}

function randomLastName(rng: Rng, nationality: Nationality): string {
  const pool = nationality.lastNames && rng.chance(0.7) ? nationality.lastNames : LAST_NAMES;
  const first = rng.pick(pool);
  // Some people go by both surnames; the column holds 30 characters.
  const second = rng.pick(pool);
  const double = `${first} ${second}`;
  return rng.chance(0.1) && second !== first && double.length <= 30 ? double : first;
}

// ─── Admin ───────────────────────────────────────────────────────────────────────────────────

function adminUser(ctx: GenerationContext): DemoUser {
  const createdAt = daysAgo(ctx.now, 540);
  const lastLogin = daysAgo(ctx.now, 1);
  return {
    email: FIXED_EMAILS.admin,
    firstName: 'Equipo',
    lastName: 'Casa y Manos',
    phone: null,
    profileType: null,
    isAdmin: true,
    createdAt: createdAt.toISOString(),
    emailVerifiedAt: createdAt.toISOString(),
    lastLogin: lastLogin.toISOString(),
    lastSeen: later(lastLogin, 45 * MINUTE_MS).toISOString(),
    face: null,
  };
}

// ─── Workers ─────────────────────────────────────────────────────────────────────────────────

/** showcase: every section filled; complete: visible; incomplete: missing a required part, hidden. */
type WorkerKind = 'showcase' | 'complete' | 'incomplete';

function workerKind(ctx: GenerationContext): WorkerKind {
  return ctx.rng.chance(0.1) ? 'incomplete' : 'complete';
}

function showcaseWorker(ctx: GenerationContext): DemoWorker {
  const person: Person = { firstName: 'Lucía', lastName: 'Fernández', gender: 'female', nationality: ARGENTINA };
  return generateWorker(ctx, 'showcase', {
    person,
    age: 34,
    location: fixedLocation(ctx, CABA_ID, 'Comuna 6'),
    email: FIXED_EMAILS.worker,
    serviceKeys: ['babysitter', 'housemaide'],
  });
}

interface WorkerOverrides {
  person: Person;
  age: number;
  location: DemoLocation;
  email: string;
  serviceKeys: string[];
}

function generateWorker(ctx: GenerationContext, kind: WorkerKind, fixed?: WorkerOverrides): DemoWorker {
  const { rng } = ctx;
  // Household work in Argentina is overwhelmingly done by women.
  const person = fixed?.person ?? randomPerson(ctx, WORKER_NATIONALITIES, 0.86);
  const age = fixed?.age ?? middleHeavyAge(rng, 18, 70);
  const location = fixed?.location ?? randomLocation(ctx);
  const times = kind === 'showcase' ? demoLoginTimes(ctx, 200, [20, 30]) : accountTimes(ctx);
  const user = makeUser(ctx, person, 'Worker', times, mobilePhone(ctx, location), fixed?.email);
  const serviceKeys = fixed?.serviceKeys ?? workerServiceKeys(ctx);
  const missing = kind === 'incomplete' ? rng.pick(['introduction', 'services'] as const) : null;
  const experienceYears = rng.int(1, Math.max(1, Math.min(30, age - 17)));
  const arrangementKeys = arrangementKeysFor(
    ctx,
    rng.weighted(WORKER_ARRANGEMENT_COUNTS),
    requiredArrangement(serviceKeys),
  );
  const languages = workerLanguages(ctx, person.nationality, kind === 'showcase');
  const introduction = workerIntroduction(rng, {
    person,
    age,
    years: experienceYears,
    location,
    serviceKeys,
    arrangementKeys,
  });
  return {
    user,
    dateOfBirth: birthDateForAge(rng, ctx.now, age),
    gender: person.gender,
    nationality: person.nationality.name,
    location,
    introduction: missing === 'introduction' ? null : introduction,
    hourPrice: kind === 'showcase' || rng.chance(0.88) ? hourPrice(rng, serviceKeys[0]) : null,
    nativeLanguageId: languages.nativeId,
    visible: kind !== 'incomplete',
    serviceIds: missing === 'services' ? [] : idsOf(ctx.catalog.services, serviceKeys),
    taskIds: idsOf(ctx.catalog.tasks, taskKeysFor(ctx, serviceKeys, rng.int(2, 6))),
    workArrangementIds: idsOf(ctx.catalog.workArrangements, arrangementKeys),
    languageIds: languages.ids,
    shiftIds: shiftIdsFor(ctx, arrangementKeys),
    experiences: workerExperiences(ctx, person.gender, serviceKeys, kind === 'showcase'),
    educations: workerEducations(ctx, serviceKeys, kind === 'showcase'),
  };
}

// prettier-ignore
const WORKER_SERVICE_COUNTS: Weighted<number> = [[1, 40], [2, 35], [3, 18], [4, 7]];
// prettier-ignore
const WORKER_ARRANGEMENT_COUNTS: Weighted<number> = [[1, 45], [2, 40], [3, 15]];

function workerServiceKeys(ctx: GenerationContext): string[] {
  return withRelatedServices(ctx, mainServiceKey(ctx), ctx.rng.weighted(WORKER_SERVICE_COUNTS));
}

function mainServiceKey(ctx: GenerationContext): string {
  return ctx.rng.weighted(ctx.catalog.services.map((s) => [s.key, SERVICE_WEIGHTS[s.key] ?? 1] as const));
}

/** The main service, then related ones before the rest (a nanny often also cleans). */
function withRelatedServices(ctx: GenerationContext, main: string, count: number): string[] {
  const { rng } = ctx;
  const keys = ctx.catalog.services.map((s) => s.key);
  const related = rng.shuffle((RELATED_SERVICES[main] ?? []).filter((key) => keys.includes(key)));
  const others = rng.shuffle(keys.filter((key) => key !== main && !related.includes(key)));
  return [main, ...related, ...others].slice(0, count);
}

/** Catalog ids for keys, skipping keys the catalog does not have; sorted and distinct. */
function idsOf(rows: readonly KeyedRow[], keys: readonly string[]): number[] {
  const byKey = new Map(rows.map((row) => [row.key, row.id]));
  const ids = keys.map((key) => byKey.get(key)).filter((id): id is number => id !== undefined);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Tasks that go with the services, topped up with any others when the services suggest too few. */
function taskKeysFor(ctx: GenerationContext, serviceKeys: readonly string[], count: number): string[] {
  const { rng } = ctx;
  const all = ctx.catalog.tasks.map((t) => t.key);
  const suggested = new Set(serviceKeys.flatMap((key) => TASKS_BY_SERVICE[key] ?? []));
  const fitting = all.filter((key) => suggested.has(key));
  const rest = all.filter((key) => !suggested.has(key));
  return [...rng.shuffle(fitting), ...rng.shuffle(rest)].slice(0, count);
}

/** `count` arrangements by popularity; `required` (when the catalog has it) comes first. */
function arrangementKeysFor(ctx: GenerationContext, count: number, required?: string): string[] {
  const keys = ctx.catalog.workArrangements.map((w) => w.key);
  const chosen = ctx.rng.weightedSample(
    keys.map((key) => [key, ARRANGEMENT_WEIGHTS[key] ?? 1] as const),
    count,
  );
  if (!required || !keys.includes(required)) return chosen;
  return [required, ...chosen.filter((key) => key !== required)].slice(0, count);
}

/** An au pair lives in by definition. */
function requiredArrangement(serviceKeys: readonly string[]): string | undefined {
  return serviceKeys.includes('au_pair') ? 'live_in' : undefined;
}

const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes'];

/**
 * Availability that matches the arrangement: hourly work is a morning or an afternoon on a few
 * weekdays, full time is both, live-in is around the clock; weekends add Saturday and Sunday.
 * Always 3 to 15 (day, period) slots.
 */
function shiftIdsFor(ctx: GenerationContext, arrangementKeys: readonly string[]): number[] {
  const { rng } = ctx;
  const days = rng.sample(WEEKDAYS, rng.int(2, 5));
  if (arrangementKeys.includes('weekends') || rng.chance(0.2)) days.push('sábado');
  if (arrangementKeys.includes('weekends') && rng.chance(0.6)) days.push('domingo');
  const periods = [...new Set(periodsFor(rng, arrangementKeys))];
  const wanted = days.flatMap((day) => periods.map((period) => ctx.shiftIds.get(shiftKey(day, period))));
  const ids = [...new Set(wanted.filter((id): id is number => id !== undefined))];
  const others = rng.shuffle(ctx.catalog.shifts.map((s) => s.id).filter((id) => !ids.includes(id)));
  const padded = ids.length >= 3 ? ids : [...ids, ...others.slice(0, 3 - ids.length)];
  return rng.sample(padded, 15).sort((a, b) => a - b);
}

function periodsFor(rng: Rng, arrangementKeys: readonly string[]): string[] {
  if (arrangementKeys.includes('live_in')) return ['mañana', 'tarde', 'noche'];
  if (arrangementKeys.includes('live_out_full_time')) return ['mañana', 'tarde'];
  // Mornings and afternoons are asked for far more often than nights.
  return rng.sample(['mañana', 'tarde', 'mañana', 'tarde', 'noche'], rng.int(1, 2));
}

function shiftKey(day: string, shift: string): string {
  return `${day}|${shift}`;
}

/** Hourly rates in pesos by the main service, rounded to 100 as people quote them. */
function hourPrice(rng: Rng, mainService: string | undefined): number {
  const [min, max] = HOUR_PRICE_RANGES[mainService ?? ''] ?? [3500, 8000];
  return Math.round(rng.int(min, max) / 100) * 100;
}

// prettier-ignore
const EXTRA_LANGUAGE_COUNTS: Weighted<number> = [[0, 55], [1, 35], [2, 10]];

/** The mother tongue plus up to two more, the native one always among them. */
function workerLanguages(
  ctx: GenerationContext,
  nationality: Nationality,
  rich: boolean,
): { nativeId: number; ids: number[] } {
  const { rng } = ctx;
  const languageId = (key: string) => ctx.catalog.languages.find((l) => l.key === key)?.id;
  const nativeId = languageId(rng.weighted(nationality.nativeLanguages ?? SPANISH_ONLY)) ?? ctx.spanishId;
  const candidates = [ctx.spanishId, ...rng.shuffle(nationality.otherLanguages ?? []).map(languageId)];
  const others = [...new Set(candidates.filter((id): id is number => id !== undefined && id !== nativeId))];
  // Someone whose mother tongue is Guaraní or Quechua also speaks Spanish here.
  const minimum = nativeId === ctx.spanishId ? 0 : 1;
  const extraCount = Math.max(minimum, rich ? 1 : rng.weighted(EXTRA_LANGUAGE_COUNTS));
  const ids = [nativeId, ...others.slice(0, Math.min(2, extraCount))];
  return { nativeId, ids: ids.sort((a, b) => a - b) };
}

const SPANISH_ONLY: Weighted<string> = [['es', 1]];

// ─── Worker texts ────────────────────────────────────────────────────────────────────────────

function yearsText(years: number): string {
  return years === 1 ? 'un año' : `${years} años`;
}

interface IntroFacts {
  person: Person;
  age: number;
  years: number;
  location: DemoLocation;
  serviceKeys: readonly string[];
  arrangementKeys: readonly string[];
}

/**
 * A first-person introduction composed from independent pools, each drawn on its own: who they
 * are, where they live, their experience, what they do (the services' tasks and lines), what
 * they are like, references, availability, what they enjoy and a closing. Most parts are optional
 * and several carry their own variables, so no two workers read alike; under 500 characters.
 */
function workerIntroduction(rng: Rng, facts: IntroFacts): string {
  const { person } = facts;
  const [main, second] = facts.serviceKeys;
  const origin = NATIONALITY_ADJECTIVES[person.nationality.name];
  const yearsHere = Math.max(2, Math.min(25, facts.age - 18 - rng.int(0, 5)));
  const opener = origin && rng.chance(0.45) ? rng.pick(INTRO_MIGRANT_OPENERS) : rng.pick(INTRO_OPENERS);
  const saysWhere = /\{neighborhood\}/.test(forGender(opener, person.gender));
  const arrangement =
    ARRANGEMENT_PHRASES[rng.pick(facts.arrangementKeys.length > 0 ? facts.arrangementKeys : ['none'])];
  const values = {
    name: person.firstName,
    age: facts.age,
    experience: yearsText(facts.years),
    neighborhood: facts.location.neighborhood,
    origin: origin ? forGender(origin, person.gender) : '',
    yearsHere,
    tasks: joinSpanish(rng.sample(INTRO_TASKS[main] ?? INTRO_TASKS.housemaide, rng.int(2, 3))),
    traits: joinSpanish(rng.sample(INTRO_TRAITS, 3)),
    families: rng.int(2, 5),
    transport: rng.pick(INTRO_TRANSPORT),
    arrangement: arrangement ? rng.pick(arrangement) : '',
    start: rng.pick(INTRO_START),
    hobbies: joinSpanish(rng.sample(INTRO_HOBBIES, 2)),
  };
  const maybe = (chance: number, pool: readonly Gendered[]) => (rng.chance(chance) ? [rng.pick(pool)] : []);
  const sentences: Gendered[] = [
    opener,
    ...(saysWhere ? [] : maybe(0.45, INTRO_WHERE)),
    ...maybe(0.8, INTRO_EXPERIENCE),
    ...maybe(0.75, INTRO_TASK_LINES),
    ...rng.sample(INTRO_BY_SERVICE[main] ?? [], rng.int(0, 1)),
    ...(second && rng.chance(0.35) ? rng.sample(INTRO_BY_SERVICE[second] ?? [], 1) : []),
    ...maybe(0.7, INTRO_TRAIT_LINES),
    ...maybe(0.45, INTRO_REFERENCES),
    ...(arrangement ? maybe(0.6, INTRO_AVAILABILITY) : []),
    ...maybe(0.4, INTRO_HOBBY_LINES),
    ...maybe(0.75, INTRO_CLOSERS),
  ];
  return fitSentences(
    sentences.map((s) => contract(fill(forGender(s, person.gender), values))),
    499,
  );
}

/** Spanish contracts "de el" and "a el" once the blanks are filled. */
function contract(text: string): string {
  return text.replace(/\b([Dd])e el\b/g, '$1el').replace(/\b([Aa]) el\b/g, '$1l');
}

// prettier-ignore
const EXPERIENCE_COUNTS: Weighted<number> = [[0, 20], [1, 35], [2, 30], [3, 15]];

function workerExperiences(
  ctx: GenerationContext,
  gender: Gender,
  serviceKeys: readonly string[],
  rich: boolean,
): DemoExperience[] {
  const { rng } = ctx;
  const count = rich ? 2 : rng.weighted(EXPERIENCE_COUNTS);
  // Only the most recent job (listed first) can be the current one.
  const current = rng.chance(0.3);
  const candidates = serviceKeys.flatMap((key) => EXPERIENCES_BY_SERVICE[key] ?? []);
  const jobs = rng.sample(candidates.length > 0 ? candidates : EXPERIENCES_BY_SERVICE.housemaide, count);
  return jobs.map((job, index) => {
    const currentlyWorking = current && index === 0;
    // How it went or how it ended, so two workers with the same kind of job still tell it differently.
    const ending = rng.chance(0.8) ? [rng.pick(currentlyWorking ? EXPERIENCE_NOW : EXPERIENCE_ENDINGS)] : [];
    const values = {
      duration: rng.pick(DURATIONS),
      neighborhood: rng.pick(EXPERIENCE_NEIGHBORHOODS),
      days: rng.int(2, 4),
    };
    return {
      title: forGender(job.title, gender),
      description: fitSentences(
        [job.description, ...ending].map((text) => fill(forGender(text, gender), values)),
        400,
      ),
      currentlyWorking,
    };
  });
}

const EXPERIENCE_ENDINGS: readonly Gendered[] = [
  'Dejé el trabajo porque la familia se mudó a otra ciudad.',
  'Terminó cuando la familia se fue a vivir al exterior.',
  'Me fui en buenos términos y tengo su referencia.',
  'La familia puede dar referencias de mi trabajo.',
  'Lo dejé para trabajar más cerca de mi casa.',
  'Terminó cuando cambiaron los horarios de la familia.',
  'Aprendí muchísimo y todavía mantengo el contacto.',
  'Me fui cuando me ofrecieron más horas en otro lado.',
  'Cuando terminé, me dieron una carta de recomendación.',
  'Dejé cuando nació mi hijo y retomé después.',
];

/** For the job someone still has (the sentences before it may tell its start in the past). */
const EXPERIENCE_NOW: readonly Gendered[] = [
  'Hoy sigo con ellos {days} días por semana.',
  'Sigo trabajando ahí y busco sumar horas.',
  'Todavía sigo, y la familia puede darte referencias.',
  'Sigo en este trabajo por las mañanas.',
];

// prettier-ignore
const EDUCATION_COUNTS: Weighted<number> = [[0, 35], [1, 45], [2, 20]];

function workerEducations(ctx: GenerationContext, serviceKeys: readonly string[], rich: boolean): DemoEducation[] {
  const { rng } = ctx;
  const count = rich ? 2 : rng.weighted(EDUCATION_COUNTS);
  const fitting = EDUCATIONS.filter((e) => !e.services || e.services.some((s) => serviceKeys.includes(s)));
  return rng.sample(fitting, count).map((education) => ({
    title: education.title,
    place: fill(rng.pick(education.places), { n: rng.int(1, 60) }),
    status: rng.weighted(EDUCATION_STATUSES),
  }));
}

// ─── Employers and memberships ───────────────────────────────────────────────────────────────

type MembershipKind = 'active' | 'expired' | 'pending' | 'none';

function fixedEmployers(ctx: GenerationContext): DemoEmployer[] {
  const withMembership: Person = { firstName: 'Martín', lastName: 'Rodríguez', gender: 'male', nationality: ARGENTINA };
  const without: Person = { firstName: 'Carolina', lastName: 'Gómez', gender: 'female', nationality: ARGENTINA };
  return [
    generateEmployer(ctx, 'active', {
      person: withMembership,
      email: FIXED_EMAILS.employer,
      location: fixedLocation(ctx, CABA_ID, 'Comuna 14'),
      offers: 2,
      method: 'mercadopago',
    }),
    generateEmployer(ctx, 'none', {
      person: without,
      email: FIXED_EMAILS.employerWithoutMembership,
      location: fixedLocation(ctx, BUENOS_AIRES_ID, 'Vicente López'),
      offers: 1,
    }),
  ];
}

/**
 * A fixed mix rather than a coin per employer, so even a small seed has a few expired
 * memberships and a couple of pending bank transfers to show in the admin screens.
 */
function generatedEmployers(ctx: GenerationContext, count: number): DemoEmployer[] {
  const expired = Math.min(count, Math.max(1, Math.round(count * 0.08)));
  const pending = Math.min(count - expired, Math.max(1, Math.round(count * 0.05)));
  const active = Math.min(count - expired - pending, Math.round(count * 0.55));
  const kinds: MembershipKind[] = [
    ...repeat(expired, (): MembershipKind => 'expired'),
    ...repeat(pending, (): MembershipKind => 'pending'),
    ...repeat(active, (): MembershipKind => 'active'),
    ...repeat(count - expired - pending - active, (): MembershipKind => 'none'),
  ];
  return ctx.rng.shuffle(kinds).map((kind) => generateEmployer(ctx, kind));
}

interface EmployerOverrides {
  person: Person;
  email: string;
  location: DemoLocation;
  offers: number;
  method?: DemoPayment['method'];
}

/** Paying employers publish more; the spec caps everyone at two offers. */
// prettier-ignore
const OFFER_COUNTS: Record<MembershipKind, Weighted<number>> = {
  active: [[0, 10], [1, 45], [2, 45]],
  expired: [[0, 30], [1, 50], [2, 20]],
  pending: [[0, 20], [1, 60], [2, 20]],
  none: [[0, 55], [1, 35], [2, 10]],
};

function generateEmployer(ctx: GenerationContext, kind: MembershipKind, fixed?: EmployerOverrides): DemoEmployer {
  const { rng, now } = ctx;
  const person = fixed?.person ?? randomPerson(ctx, EMPLOYER_NATIONALITIES, 0.65);
  const demoLogin = fixed !== undefined;
  // Whoever paid has logged in; an expired membership needs an account older than one period.
  const times =
    demoLogin && kind === 'active'
      ? demoLoginTimes(ctx, 300, [2, 5])
      : accountTimes(ctx, { minDaysAgo: kind === 'expired' ? 70 : 0.2, active: demoLogin || kind !== 'none' });
  // Both offers of an employer are for the same home.
  const location = fixed?.location ?? randomLocation(ctx);
  const phone = demoLogin || rng.chance(0.85) ? mobilePhone(ctx, location) : null;
  const user = makeUser(ctx, person, 'Parent', times, phone, fixed?.email);
  const membership = kind === 'none' ? null : generateMembership(ctx, kind, times.createdAt, fixed?.method, demoLogin);
  // Paying takes a visit: the payer was online then.
  if (membership) markOnline(rng, user, new Date(membership.payment.createdAt), now);
  // Offers are published while logged in, so before the last visit; someone who never came back has none.
  const lastSeen = user.lastSeen === null ? null : new Date(user.lastSeen);
  const offerCount = lastSeen === null ? 0 : (fixed?.offers ?? rng.weighted(OFFER_COUNTS[kind]));
  // The paying demo employer published before the demo worker answered (conversations need the offer).
  const publishedBy = lastSeen && demoLogin && membership ? minDate(lastSeen, daysAgo(now, 12)) : lastSeen;
  return {
    user,
    dateOfBirth: birthDateForAge(rng, ctx.now, middleHeavyAge(rng, 25, 75)),
    gender: person.gender,
    nationality: person.nationality.name,
    membership,
    jobOffers: repeat(offerCount, () =>
      generateJobOffer(
        ctx,
        employerOfferBrief(ctx, person.gender),
        location,
        times.emailVerifiedAt,
        publishedBy!,
        demoLogin,
      ),
    ),
  };
}

function generateMembership(
  ctx: GenerationContext,
  kind: Exclude<MembershipKind, 'none'>,
  accountCreated: Date,
  fixedMethod?: DemoPayment['method'],
  demoLogin = false,
): DemoMembership {
  const { rng, catalog } = ctx;
  const type = catalog.membershipType;
  // The demo login's membership has run a few weeks: room for its conversations.
  const start =
    demoLogin && kind === 'active'
      ? daysAgo(ctx.now, rng.float(0.6, 0.8) * type.durationDays)
      : membershipStart(ctx, kind, accountCreated, type.durationDays);
  // A pending payment is always a bank transfer waiting for an admin to see the money.
  const method = kind === 'pending' ? 'bank_transfer' : (fixedMethod ?? paymentMethod(rng));
  return {
    membershipTypeId: type.id,
    payment: paymentFor(ctx, method, kind === 'pending' ? 'pending' : 'approved', type.price, start),
    status: kind !== 'pending',
    startDate: start.toISOString(),
    endDate: later(start, type.durationDays * DAY_MS).toISOString(),
  };
}

function paymentMethod(rng: Rng): DemoPayment['method'] {
  return rng.chance(0.85) ? 'mercadopago' : 'bank_transfer';
}

/** Active: bought in the last 25 days. Expired: ran out at least a few days ago. Pending: just asked. */
function membershipStart(
  ctx: GenerationContext,
  kind: Exclude<MembershipKind, 'none'>,
  accountCreated: Date,
  durationDays: number,
): Date {
  const { rng, now } = ctx;
  const earliest = later(accountCreated, 30 * MINUTE_MS);
  if (kind === 'pending') return maxDate(earliest, daysAgo(now, rng.float(0, 4)));
  if (kind === 'active') return maxDate(earliest, daysAgo(now, rng.float(0, 25)));
  const accountAgeDays = (now.getTime() - earliest.getTime()) / DAY_MS;
  return daysAgo(now, rng.float(durationDays + 3, Math.max(durationDays + 4, Math.min(300, accountAgeDays))));
}

/**
 * A demo bank transfer's reference: TRF, the Argentine calendar day of the payment (not UTC's: a
 * payment at 22:00 on the 25th is the 25th's) and the serial.
 */
export function transferReference(at: Date, serial: number): string {
  return `TRF-${argentinaToday(at).replace(/-/g, '')}-${String(serial).padStart(4, '0')}`;
}

function paymentFor(
  ctx: GenerationContext,
  method: DemoPayment['method'],
  status: DemoPayment['status'],
  amount: number,
  at: Date,
): DemoPayment {
  const serial = ctx.nextPaymentNumber();
  // Provider ids must be unique; the serial in the high digits guarantees it.
  const providerId = String(1_330_000_000 + serial * 1000 + ctx.rng.int(0, 999));
  const transferId = transferReference(at, serial);
  return {
    amount,
    method,
    status,
    transactionId: method === 'mercadopago' ? `MP-${providerId}` : transferId,
    providerPaymentId: method === 'mercadopago' ? providerId : null,
    createdAt: at.toISOString(),
  };
}

// ─── Job offers ──────────────────────────────────────────────────────────────────────────────

/**
 * One coherent situation behind an offer: titles that fit it, the sentences that tell it (in
 * reading order, so pronouns follow what they refer to) and the arrangement the title promises.
 */
interface OfferScenario {
  titles: readonly string[];
  /** The first is always used; later ones may be left out. */
  needs: readonly Gendered[];
  /** Replaces the generic family openers, e.g. for a company or a parent introducing the children. */
  openers?: readonly Gendered[];
  arrangement?: string;
}

type OfferAuthor = { kind: 'employer'; gender: Gender } | { kind: 'admin' };

interface OfferBrief {
  author: OfferAuthor;
  serviceKey: string;
  scenario: OfferScenario;
}

function employerOfferBrief(ctx: GenerationContext, gender: Gender): OfferBrief {
  const serviceKey = mainServiceKey(ctx);
  const scenarios = OFFER_SCENARIOS[serviceKey] ?? OFFER_SCENARIOS.housemaide;
  return { author: { kind: 'employer', gender }, serviceKey, scenario: ctx.rng.pick(scenarios) };
}

/** The team's own offers, each a different situation told in the third person. */
function adminOfferBriefs(ctx: GenerationContext, count: number): OfferBrief[] {
  return ctx.rng
    .sample(ADMIN_OFFER_SCENARIOS, count)
    .map(({ serviceKey, ...scenario }) => ({ author: { kind: 'admin' }, serviceKey, scenario }));
}

// prettier-ignore
const OFFER_SERVICE_COUNTS: Weighted<number> = [[1, 55], [2, 35], [3, 10]];
// prettier-ignore
const OFFER_ARRANGEMENT_COUNTS: Weighted<number> = [[1, 70], [2, 30]];

function generateJobOffer(
  ctx: GenerationContext,
  brief: OfferBrief,
  location: DemoLocation,
  notBefore: Date,
  /** The author's last visit: nobody publishes while away. */
  notAfter: Date,
  forceVisible = false,
): DemoJobOffer {
  const { rng, now } = ctx;
  const serviceKeys = withRelatedServices(ctx, brief.serviceKey, rng.weighted(OFFER_SERVICE_COUNTS));
  const required = brief.scenario.arrangement ?? requiredArrangement(serviceKeys);
  const arrangementKeys = arrangementKeysFor(ctx, rng.weighted(OFFER_ARRANGEMENT_COUNTS), required);
  const languageIds = offerLanguageIds(ctx);
  const created = new Date(
    rng.float(minDate(maxDate(notBefore, daysAgo(now, 120)), notAfter).getTime(), notAfter.getTime()),
  );
  return {
    title: rng.pick(brief.scenario.titles),
    description: offerDescription(rng, brief, arrangementKeys[0], location),
    status: brief.author.kind === 'admin' || forceVisible || rng.chance(0.9),
    location,
    monthlyPrice: rng.chance(0.85) ? monthlyPrice(rng, arrangementKeys) : null,
    nativeLanguageId: languageIds.length > 0 ? ctx.spanishId : null,
    serviceIds: idsOf(ctx.catalog.services, serviceKeys),
    taskIds: idsOf(ctx.catalog.tasks, taskKeysFor(ctx, serviceKeys, rng.int(0, 4))),
    workArrangementIds: idsOf(ctx.catalog.workArrangements, arrangementKeys),
    languageIds,
    shiftIds: shiftIdsFor(ctx, arrangementKeys),
    createdAt: created.toISOString(),
  };
}

// prettier-ignore
const OFFER_LANGUAGE_COUNTS: Weighted<number> = [[0, 35], [1, 45], [2, 20]];

/** Spanish when any language is asked for (the native language must be one of them), maybe one more. */
function offerLanguageIds(ctx: GenerationContext): number[] {
  const { rng } = ctx;
  const count = rng.weighted(OFFER_LANGUAGE_COUNTS);
  if (count === 0) return [];
  const second = ctx.catalog.languages.find((l) => l.key === rng.pick(['en', 'en', 'pt', 'it', 'gn']));
  const ids = count === 2 && second ? [ctx.spanishId, second.id] : [ctx.spanishId];
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Full-time and live-in jobs pay more than a few hours a week. */
function monthlyPrice(rng: Rng, arrangementKeys: readonly string[]): number {
  const fullTime = arrangementKeys.some((key) => key === 'live_in' || key === 'live_out_full_time');
  const [min, max] = fullTime ? [500_000, 900_000] : [250_000, 550_000];
  return Math.round(rng.int(min, max) / 5000) * 5000;
}

/** Opener, the scenario's story, the schedule its arrangement implies, one requirement, a closing. */
function offerDescription(
  rng: Rng,
  brief: OfferBrief,
  mainArrangement: string | undefined,
  location: DemoLocation,
): string {
  const { author, scenario } = brief;
  const gender: Gender = author.kind === 'employer' ? author.gender : 'female';
  const openers = author.kind === 'admin' ? ADMIN_OFFER_OPENERS : (scenario.openers ?? FAMILY_OPENERS);
  const [firstNeed, ...moreNeeds] = scenario.needs;
  const schedule = SCHEDULE_LINES[mainArrangement ?? ''];
  const sentences = [
    rng.pick(openers),
    firstNeed,
    ...moreNeeds.filter(() => rng.chance(0.7)),
    ...(schedule ? [rng.pick(schedule)] : []),
    rng.pick(OFFER_REQUIREMENTS),
    rng.pick(OFFER_CLOSERS),
  ];
  return fitSentences(
    sentences.map((s) => fill(forGender(s, gender), { neighborhood: location.neighborhood })),
    500,
  );
}

// ─── Writing ─────────────────────────────────────────────────────────────────────────────────

type SqlValue = string | number | boolean | null;

/** Postgres allows 65535 bind parameters per statement; stay well under it. */
export const MAX_PARAMETERS_PER_STATEMENT = 60_000;

export interface InsertStatement {
  sql: string;
  params: SqlValue[];
}

/** Multi-row parameterised INSERTs, as many rows per statement as the parameter limit allows. */
export function buildInsertStatements(
  table: string,
  columns: readonly string[],
  rows: readonly SqlValue[][],
  returning?: string,
): InsertStatement[] {
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMETERS_PER_STATEMENT / columns.length));
  const statements: InsertStatement[] = [];
  for (let start = 0; start < rows.length; start += rowsPerStatement) {
    const params: SqlValue[] = [];
    const tuples = rows.slice(start, start + rowsPerStatement).map((row) => {
      if (row.length !== columns.length) {
        throw new Error(`${table}: row has ${row.length} values, not ${columns.length}`);
      }
      return `(${row.map((value) => `$${params.push(value)}`).join(', ')})`;
    });
    const tail = returning ? ` RETURNING ${returning}` : '';
    statements.push({ sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${tail}`, params });
  }
  return statements;
}

async function insertRows(
  manager: EntityManager,
  table: string,
  columns: readonly string[],
  rows: readonly SqlValue[][],
): Promise<void> {
  for (const { sql, params } of buildInsertStatements(table, columns, rows)) await manager.query(sql, params);
}

/**
 * Inserts and answers the new ids in row order. Postgres returns the RETURNING rows of a plain
 * INSERT ... VALUES in the order of the VALUES list (the bulk inserts of ORMs rely on the same).
 */
async function insertReturningIds(
  manager: EntityManager,
  table: string,
  columns: readonly string[],
  rows: readonly SqlValue[][],
): Promise<number[]> {
  const ids: number[] = [];
  for (const { sql, params } of buildInsertStatements(table, columns, rows, 'id')) {
    const returned = await manager.query<Array<{ id: number }>>(sql, params);
    ids.push(...returned.map((row) => row.id));
  }
  if (ids.length !== rows.length) throw new Error(`${table}: inserted ${ids.length} of ${rows.length} rows`);
  return ids;
}

/** (owner id, item id) pairs for a link table. */
function links(ownerIds: readonly number[], lists: ReadonlyArray<readonly number[]>): SqlValue[][] {
  return lists.flatMap((items, index) => items.map((item) => [ownerIds[index], item]));
}

/** Writes the plan and answers the users' ids, in planUsers order. */
async function writePlan(manager: EntityManager, plan: DemoPlan, passwordHash: string, now: Date): Promise<number[]> {
  // The search read model's triggers wait until the end of this transaction (SearchReadModel).
  await manager.query(`SELECT set_config('cym.search_deferred', 'on', true)`);
  const userIds = await insertReturningIds(
    manager,
    'users',
    USER_COLUMNS,
    planUsers(plan).map((user) => userRow(user, passwordHash)),
  );
  const workerUserIds = userIds.slice(1, 1 + plan.workers.length);
  const employerUserIds = userIds.slice(1 + plan.workers.length);
  const workerIds = await writeWorkers(manager, plan.workers, workerUserIds);
  const parentIds = await writeEmployers(manager, plan.employers, employerUserIds);
  const offers = [
    ...plan.employers.flatMap((employer, i) => employer.jobOffers.map((offer) => ({ parentId: parentIds[i], offer }))),
    ...plan.adminJobOffers.map((offer) => ({ parentId: null, offer })),
  ];
  await writeJobOffers(manager, offers);
  await writeConversations(manager, plan.conversations, {
    workerIds,
    parentIds,
    workerUserIds,
    employerUserIds,
    now,
  });
  // One bulk write, like a migration's: 100,000 workers take longer than a request's time limit.
  await manager.query(
    `SELECT set_config('cym.search_deferred', 'off', true), set_config('statement_timeout', '0', true)`,
  );
  await manager.query(SEARCH_MODEL_REFRESH);
  await writeDemoSaved(manager, FIXED_EMAILS, now);
  await writeDemoHires(manager, FIXED_EMAILS, now);
  await writeDemoReferences(manager, FIXED_EMAILS, now);
  await markHiredReferences(manager);
  return userIds;
}

/** Every row of the search read model written once, from the tables as they now are. */
const SEARCH_MODEL_REFRESH = `SELECT public.cym_worker_search_refresh(ARRAY(SELECT id FROM worker_profiles)),
  public.cym_offer_search_refresh(ARRAY(SELECT id FROM job_offers))`;

/**
 * Conversations as the chat stores them: one per pair (pair_key as ChatService builds it), the
 * messages in time order (the chat orders by id). A recipient with
 * unread messages older than the unread e-mail's delay is recorded as already e-mailed, as the
 * mailer would have done, so starting the demo sends no mail to its made-up addresses.
 */
async function writeConversations(
  manager: EntityManager,
  conversations: readonly DemoConversation[],
  ids: { workerIds: number[]; parentIds: number[]; workerUserIds: number[]; employerUserIds: number[]; now: Date },
): Promise<void> {
  if (conversations.length === 0) return;
  const conversationIds = await insertReturningIds(
    manager,
    'conversations',
    ['worker_profile_id', 'parent_profile_id', 'pair_key', 'created_at'],
    conversations.map((c) => {
      const workerId = ids.workerIds[c.workerIndex];
      const parentId = ids.parentIds[c.employerIndex];
      return [workerId, parentId, `w${workerId}-p${parentId}`, c.messages[0].createdAt];
    }),
  );
  const sender = (c: DemoConversation, from: 'worker' | 'employer') =>
    from === 'worker' ? ids.workerUserIds[c.workerIndex] : ids.employerUserIds[c.employerIndex];
  await insertRows(
    manager,
    'messages',
    ['conversation_id', 'sender_id', 'content', 'is_read', 'read_at', 'created_at'],
    conversations.flatMap((c, i) =>
      c.messages.map((m) => [
        conversationIds[i],
        sender(c, m.from),
        m.content,
        m.readAt !== null,
        m.readAt,
        m.createdAt,
      ]),
    ),
  );
  const notices = conversations.flatMap((c, i) => {
    const recipients = new Map<number, number>();
    for (const m of c.messages) {
      const recipient = sender(c, m.from === 'worker' ? 'employer' : 'worker');
      if (m.readAt === null && !recipients.has(recipient)) recipients.set(recipient, Date.parse(m.createdAt));
    }
    return [...recipients].map(([userId, firstUnread]) => {
      const sentAt = Math.min(ids.now.getTime(), firstUnread + CHAT_LIMITS.unreadMailAfterMs);
      return [conversationIds[i], userId, new Date(sentAt).toISOString()];
    });
  });
  await insertRows(manager, 'chat_unread_notices', ['conversation_id', 'user_id', 'sent_at'], notices);
}

// prettier-ignore
const USER_COLUMNS = [
  'email', 'password_hash', 'first_name', 'last_name', 'phone', 'profile_type', 'is_admin', 'is_active',
  'email_verified_at', 'last_login', 'last_seen', 'created_at', 'updated_at',
];

// prettier-ignore
function userRow(user: DemoUser, passwordHash: string): SqlValue[] {
  return [
    user.email, passwordHash, user.firstName, user.lastName, user.phone, user.profileType, user.isAdmin, true,
    user.emailVerifiedAt, user.lastLogin, user.lastSeen, user.createdAt, user.lastSeen ?? user.createdAt,
  ];
}

// prettier-ignore
const WORKER_PROFILE_COLUMNS = [
  'user_id', 'date_of_birth', 'gender', 'nationality', 'neighborhood', 'province_id', 'municipality_id',
  'introduction', 'hour_price', 'native_language_id', 'profile_visibility', 'created_at', 'updated_at',
];

// prettier-ignore
function workerProfileRow(worker: DemoWorker, userId: number): SqlValue[] {
  const { location, user } = worker;
  return [
    userId, worker.dateOfBirth, worker.gender, worker.nationality, location.neighborhood, location.provinceId,
    location.municipalityId, worker.introduction, worker.hourPrice, worker.nativeLanguageId, worker.visible,
    user.createdAt, user.lastSeen ?? user.createdAt,
  ];
}

async function writeWorkers(manager: EntityManager, workers: DemoWorker[], userIds: number[]): Promise<number[]> {
  const profileIds = await insertReturningIds(
    manager,
    'worker_profiles',
    WORKER_PROFILE_COLUMNS,
    workers.map((worker, i) => workerProfileRow(worker, userIds[i])),
  );
  const link = (table: string, column: string, pick: (worker: DemoWorker) => number[]) =>
    insertRows(manager, table, ['worker_profile_id', column], links(profileIds, workers.map(pick)));
  await link('worker_services', 'service_id', (w) => w.serviceIds);
  await link('worker_tasks', 'task_id', (w) => w.taskIds);
  await link('worker_work_arrangements', 'work_arrangement_id', (w) => w.workArrangementIds);
  await link('worker_languages', 'language_id', (w) => w.languageIds);
  await link('worker_shifts', 'shift_id', (w) => w.shiftIds);
  await insertRows(
    manager,
    'experiences',
    ['worker_profile_id', 'title', 'description', 'currently_working', 'created_at'],
    workers.flatMap((w, i) =>
      w.experiences.map((e) => [profileIds[i], e.title, e.description, e.currentlyWorking, w.user.createdAt]),
    ),
  );
  await insertRows(
    manager,
    'educations',
    ['worker_profile_id', 'title', 'place', 'status', 'created_at'],
    workers.flatMap((w, i) => w.educations.map((e) => [profileIds[i], e.title, e.place, e.status, w.user.createdAt])),
  );
  return profileIds;
}

// prettier-ignore
const PAYMENT_COLUMNS = [
  'parent_profile_id', 'membership_type_id', 'amount', 'payment_method', 'status', 'transaction_id',
  'provider_payment_id', 'created_at', 'updated_at',
];

// prettier-ignore
const MEMBERSHIP_COLUMNS = [
  'parent_profile_id', 'membership_type_id', 'payment_id', 'status', 'start_date', 'end_date', 'created_at',
];

// prettier-ignore
function paymentRow(membership: DemoMembership, parentId: number): SqlValue[] {
  const p = membership.payment;
  return [
    parentId, membership.membershipTypeId, p.amount, p.method, p.status, p.transactionId, p.providerPaymentId,
    p.createdAt, p.createdAt,
  ];
}

// prettier-ignore
function membershipRow(membership: DemoMembership, parentId: number, paymentId: number): SqlValue[] {
  const m = membership;
  return [parentId, m.membershipTypeId, paymentId, m.status, m.startDate, m.endDate, m.payment.createdAt];
}

async function writeEmployers(manager: EntityManager, employers: DemoEmployer[], userIds: number[]): Promise<number[]> {
  const parentIds = await insertReturningIds(
    manager,
    'parent_profiles',
    ['user_id', 'date_of_birth', 'gender', 'nationality', 'created_at', 'updated_at'],
    employers.map((e, i) => [userIds[i], e.dateOfBirth, e.gender, e.nationality, e.user.createdAt, e.user.createdAt]),
  );
  const paid = employers.flatMap((e, i) =>
    e.membership ? [{ parentId: parentIds[i], membership: e.membership }] : [],
  );
  const paymentIds = await insertReturningIds(
    manager,
    'payments',
    PAYMENT_COLUMNS,
    paid.map(({ parentId, membership }) => paymentRow(membership, parentId)),
  );
  await insertRows(
    manager,
    'memberships',
    MEMBERSHIP_COLUMNS,
    paid.map(({ parentId, membership }, i) => membershipRow(membership, parentId, paymentIds[i])),
  );
  return parentIds;
}

// prettier-ignore
const JOB_OFFER_COLUMNS = [
  'parent_profile_id', 'title', 'description', 'status', 'neighborhood', 'province_id', 'municipality_id',
  'monthly_price', 'native_language_id', 'created_at', 'updated_at',
];

// prettier-ignore
function jobOfferRow(offer: DemoJobOffer, parentId: number | null): SqlValue[] {
  const { location } = offer;
  return [
    parentId, offer.title, offer.description, offer.status, location.neighborhood, location.provinceId,
    location.municipalityId, offer.monthlyPrice, offer.nativeLanguageId, offer.createdAt, offer.createdAt,
  ];
}

async function writeJobOffers(
  manager: EntityManager,
  offers: Array<{ parentId: number | null; offer: DemoJobOffer }>,
): Promise<void> {
  const offerIds = await insertReturningIds(
    manager,
    'job_offers',
    JOB_OFFER_COLUMNS,
    offers.map(({ parentId, offer }) => jobOfferRow(offer, parentId)),
  );
  const link = (table: string, column: string, pick: (offer: DemoJobOffer) => number[]) => {
    const lists = offers.map(({ offer }) => pick(offer));
    return insertRows(manager, table, ['job_offer_id', column], links(offerIds, lists));
  };
  await link('job_offer_services', 'service_id', (o) => o.serviceIds);
  await link('job_offer_tasks', 'task_id', (o) => o.taskIds);
  await link('job_offer_work_arrangements', 'work_arrangement_id', (o) => o.workArrangementIds);
  await link('job_offer_languages', 'language_id', (o) => o.languageIds);
  await link('job_offer_shifts', 'shift_id', (o) => o.shiftIds);
}

// ─── Vocabulary ──────────────────────────────────────────────────────────────────────────────

interface Nationality {
  name: string;
  lastNames?: readonly string[];
  femaleNames?: readonly string[];
  /** Mother tongues by weight, as language keys. */
  nativeLanguages?: Weighted<string>;
  /** Second languages people of this origin commonly add. */
  otherLanguages?: readonly string[];
}

const ARGENTINA: Nationality = { name: 'Argentina', otherLanguages: ['en', 'en', 'pt', 'it'] };
// prettier-ignore
const PARAGUAY: Nationality = {
  name: 'Paraguay',
  lastNames: [
    'Benítez', 'Giménez', 'Acosta', 'Ortiz', 'Cáceres', 'Villalba', 'Báez', 'Ayala', 'Duarte', 'Insfrán', 'Espínola',
    'Galeano', 'Aquino', 'Cabañas', 'Riquelme', 'Amarilla', 'Zaracho', 'Ocampo',
  ],
  femaleNames: ['Liz', 'Fátima', 'Nilda', 'Ramona', 'Perla', 'Mirna', 'Lourdes'],
  nativeLanguages: [['es', 70], ['gn', 30]],
  otherLanguages: ['gn', 'gn', 'pt'],
};
// prettier-ignore
const BOLIVIA: Nationality = {
  name: 'Bolivia',
  lastNames: [
    'Mamani', 'Quispe', 'Condori', 'Choque', 'Flores', 'Vargas', 'Huanca', 'Apaza', 'Limachi', 'Copa', 'Ticona',
  ],
  femaleNames: ['Juana', 'Ruth', 'Marisol', 'Elizabeth', 'Lidia', 'Nancy'],
  nativeLanguages: [['es', 80], ['qu', 12], ['ay', 8]],
  otherLanguages: ['qu', 'ay'],
};
// prettier-ignore
const PERU: Nationality = {
  name: 'Perú',
  lastNames: ['Quispe', 'Huamán', 'Rojas', 'Chávez', 'Ramos', 'Mendoza', 'Vásquez', 'Paredes', 'Salazar', 'Castillo'],
  femaleNames: ['Flor', 'Yesenia', 'Maribel', 'Giovanna', 'Rosa', 'Milagros'],
  nativeLanguages: [['es', 88], ['qu', 12]],
  otherLanguages: ['qu', 'en'],
};
// prettier-ignore
const VENEZUELA: Nationality = {
  name: 'Venezuela',
  lastNames: ['Rodríguez', 'Hernández', 'Pérez', 'Rivas', 'Guerrero', 'Contreras', 'Briceño', 'Marcano', 'Useche'],
  femaleNames: ['Génesis', 'Oriana', 'Andreína', 'Yusmary', 'Yorgelis', 'Daniela'],
  otherLanguages: ['en', 'en', 'pt'],
};
// prettier-ignore
const URUGUAY: Nationality = {
  name: 'Uruguay',
  lastNames: ['Pereira', 'Da Silva', 'Sosa', 'Techera', 'Olivera', 'Píriz', 'Cabrera'],
  otherLanguages: ['pt', 'en'],
};
// prettier-ignore
const COLOMBIA: Nationality = {
  name: 'Colombia',
  lastNames: ['Restrepo', 'Ospina', 'Cárdenas', 'Castaño', 'Londoño', 'Valencia', 'Zapata', 'Montoya'],
  femaleNames: ['Yuliana', 'Leidy', 'Natalia', 'Paola'],
  otherLanguages: ['en'],
};
// prettier-ignore
const CHILE: Nationality = {
  name: 'Chile',
  lastNames: ['Muñoz', 'Soto', 'Contreras', 'Sepúlveda', 'Fuentes', 'Araya', 'Valenzuela'],
  otherLanguages: ['en'],
};

/** Roughly the origin mix of household workers in the Buenos Aires area. */
// prettier-ignore
const WORKER_NATIONALITIES: Weighted<Nationality> = [
  [ARGENTINA, 68], [PARAGUAY, 14], [BOLIVIA, 6], [PERU, 5], [VENEZUELA, 4], [URUGUAY, 1.5], [COLOMBIA, 1],
  [CHILE, 0.5],
];
// prettier-ignore
const EMPLOYER_NATIONALITIES: Weighted<Nationality> = [
  [ARGENTINA, 90], [VENEZUELA, 2], [URUGUAY, 2], [COLOMBIA, 2], [CHILE, 1], [PERU, 1], [PARAGUAY, 1], [BOLIVIA, 1],
];

// prettier-ignore
const FEMALE_NAMES = [
  'María', 'Ana', 'Laura', 'Claudia', 'Silvia', 'Patricia', 'Gabriela', 'Andrea', 'Mónica', 'Graciela', 'Sandra',
  'Marcela', 'Carolina', 'Florencia', 'Valeria', 'Natalia', 'Lorena', 'Romina', 'Verónica', 'Paula', 'Lucía', 'Sofía',
  'Camila', 'Julieta', 'Agustina', 'Micaela', 'Milagros', 'Rocío', 'Daiana', 'Noelia', 'Soledad', 'Vanesa', 'Mariela',
  'Liliana', 'Susana', 'Norma', 'Rosa', 'Elena', 'Beatriz', 'Alejandra', 'Cecilia', 'Daniela', 'Fernanda', 'Victoria',
  'Belén', 'Antonella', 'Brenda', 'Ayelén', 'Yanina', 'Celeste', 'Luciana', 'Estela', 'Teresa', 'Miriam', 'Karina',
  'Roxana', 'Mariana', 'Jésica', 'Marta', 'Carla', 'María José', 'María Laura', 'Ana Paula', 'María Eugenia',
];

// prettier-ignore
const MALE_NAMES = [
  'Juan', 'Carlos', 'Jorge', 'Luis', 'Miguel', 'José', 'Daniel', 'Marcelo', 'Diego', 'Pablo', 'Martín', 'Sebastián',
  'Alejandro', 'Gustavo', 'Fernando', 'Hernán', 'Matías', 'Nicolás', 'Facundo', 'Lucas', 'Gonzalo', 'Federico',
  'Ezequiel', 'Leandro', 'Maximiliano', 'Ramón', 'Héctor', 'Rubén', 'Oscar', 'Raúl', 'Cristian', 'Damián', 'Emiliano',
  'Franco', 'Tomás', 'Santiago', 'Julián', 'Mariano', 'Gabriel', 'Juan Pablo', 'Juan Manuel', 'José Luis',
];

// prettier-ignore
const LAST_NAMES = [
  'González', 'Rodríguez', 'Gómez', 'Fernández', 'López', 'Díaz', 'Martínez', 'Pérez', 'García', 'Sánchez', 'Romero',
  'Sosa', 'Álvarez', 'Torres', 'Ruiz', 'Ramírez', 'Flores', 'Acosta', 'Benítez', 'Medina', 'Suárez', 'Herrera',
  'Aguirre', 'Pereyra', 'Gutiérrez', 'Giménez', 'Molina', 'Silva', 'Castro', 'Rojas', 'Ortiz', 'Núñez', 'Luna',
  'Juárez', 'Cabrera', 'Ríos', 'Morales', 'Godoy', 'Moreno', 'Ferreyra', 'Domínguez', 'Carrizo', 'Peralta',
  'Castillo', 'Ledesma', 'Quiroga', 'Vega', 'Vera', 'Muñoz', 'Ojeda', 'Ponce', 'Villalba', 'Cardozo', 'Navarro',
  'Coronel', 'Vázquez', 'Ramos', 'Figueroa', 'Correa', 'Cáceres', 'Vallejos', 'Paz', 'Bustos', 'Arias', 'Rossi',
  'Russo', 'Ferrari', 'Bianchi', 'Romano', 'Costa', 'Fontana', 'Colombo', 'Greco', 'Bruno', 'Lombardi', 'Marino',
  'Iglesias', 'Blanco', 'Méndez', 'Mansilla', 'Maidana', 'Toledo', 'Ibáñez',
];

/** CABA barrios by comuna and localities of the conurbano and other big cities, keyed 'province:municipality'. */
const NEIGHBORHOODS_BY_MUNICIPALITY: Record<string, readonly string[]> = {
  '2:Comuna 1': ['Retiro', 'San Nicolás', 'Puerto Madero', 'San Telmo', 'Monserrat', 'Constitución'],
  '2:Comuna 2': ['Recoleta'],
  '2:Comuna 3': ['Balvanera', 'San Cristóbal'],
  '2:Comuna 4': ['La Boca', 'Barracas', 'Parque Patricios', 'Nueva Pompeya'],
  '2:Comuna 5': ['Almagro', 'Boedo'],
  '2:Comuna 6': ['Caballito'],
  '2:Comuna 7': ['Flores', 'Parque Chacabuco'],
  '2:Comuna 8': ['Villa Soldati', 'Villa Riachuelo', 'Villa Lugano'],
  '2:Comuna 9': ['Liniers', 'Mataderos', 'Parque Avellaneda'],
  '2:Comuna 10': ['Villa Real', 'Monte Castro', 'Versalles', 'Floresta', 'Vélez Sarsfield', 'Villa Luro'],
  '2:Comuna 11': ['Villa General Mitre', 'Villa Devoto', 'Villa del Parque', 'Villa Santa Rita'],
  '2:Comuna 12': ['Coghlan', 'Saavedra', 'Villa Urquiza', 'Villa Pueyrredón'],
  '2:Comuna 13': ['Núñez', 'Belgrano', 'Colegiales'],
  '2:Comuna 14': ['Palermo'],
  '2:Comuna 15': ['Chacarita', 'Villa Crespo', 'La Paternal', 'Villa Ortúzar', 'Agronomía', 'Parque Chas'],
  '6:La Matanza': ['San Justo', 'Ramos Mejía', 'Isidro Casanova', 'González Catán', 'Gregorio de Laferrere'],
  '6:Lomas de Zamora': ['Banfield', 'Temperley', 'Lomas de Zamora Centro', 'Turdera', 'Llavallol'],
  '6:Quilmes': ['Bernal', 'Quilmes Oeste', 'Ezpeleta', 'Don Bosco', 'San Francisco Solano'],
  '6:Almirante Brown': ['Adrogué', 'Burzaco', 'Longchamps', 'José Mármol', 'Rafael Calzada'],
  '6:Lanús': ['Lanús Este', 'Lanús Oeste', 'Remedios de Escalada', 'Valentín Alsina', 'Gerli'],
  '6:Avellaneda': ['Wilde', 'Sarandí', 'Dock Sud', 'Piñeyro', 'Villa Domínico'],
  '6:Vicente López': ['Olivos', 'Florida', 'Munro', 'La Lucila', 'Villa Martelli'],
  '6:San Isidro': ['Martínez', 'Boulogne', 'Acassuso', 'Beccar', 'Villa Adelina'],
  '6:Tigre': ['Don Torcuato', 'General Pacheco', 'Nordelta', 'Benavídez', 'El Talar'],
  '6:San Fernando': ['Victoria', 'Virreyes', 'San Fernando Centro'],
  '6:General San Martín': ['Villa Ballester', 'San Andrés', 'Villa Maipú', 'José León Suárez'],
  '6:Tres de Febrero': ['Caseros', 'Ciudadela', 'Santos Lugares', 'Villa Bosch', 'Martín Coronado'],
  '6:Morón': ['Castelar', 'Haedo', 'El Palomar', 'Villa Sarmiento', 'Morón Centro'],
  '6:Hurlingham': ['Villa Tesei', 'William C. Morris', 'Hurlingham Centro'],
  '6:Ituzaingó': ['Villa Udaondo', 'Ituzaingó Sur', 'Parque Leloir'],
  '6:Merlo': ['Parque San Martín', 'Libertad', 'San Antonio de Padua', 'Pontevedra'],
  '6:Moreno': ['Paso del Rey', 'La Reja', 'Francisco Álvarez', 'Trujui'],
  '6:San Miguel': ['Bella Vista', 'Muñiz', 'Santa María'],
  '6:José C. Paz': ['Barrio Vucetich', 'Sol y Verde', 'José C. Paz Centro'],
  '6:Malvinas Argentinas': ['Grand Bourg', 'Los Polvorines', 'Pablo Nogués', 'Villa de Mayo'],
  '6:Pilar': ['Del Viso', 'Villa Rosa', 'Presidente Derqui', 'Pilar Centro'],
  '6:Escobar': ['Belén de Escobar', 'Garín', 'Ingeniero Maschwitz'],
  '6:Esteban Echeverría': ['Monte Grande', 'Luis Guillón', 'El Jagüel', '9 de Abril'],
  '6:Ezeiza': ['Tristán Suárez', 'Canning', 'La Unión'],
  '6:Florencio Varela': ['Bosques', 'Zeballos', 'Villa Vatteone', 'Florencio Varela Centro'],
  '6:Berazategui': ['Hudson', 'Ranelagh', 'Plátanos', 'Berazategui Centro'],
  '6:La Plata': ['City Bell', 'Tolosa', 'Los Hornos', 'Gonnet', 'Villa Elisa', 'La Plata Centro'],
  '6:General Pueyrredón': ['La Perla', 'Punta Mogotes', 'Los Troncos', 'Playa Grande', 'Mar del Plata Centro'],
  '6:Bahía Blanca': ['Villa Mitre', 'Barrio Universitario', 'Bahía Blanca Centro'],
  '14:Capital': ['Nueva Córdoba', 'Alta Córdoba', 'General Paz', 'Cerro de las Rosas', 'Alberdi', 'Villa Belgrano'],
  '82:Rosario': ['Fisherton', 'Echesortu', 'Pichincha', 'Abasto', 'Alberdi', 'Arroyito'],
  '82:La Capital': ['Candioti', 'Guadalupe', 'Barrio Sur', 'Sargento Cabral'],
  '50:Capital': ['Quinta Sección', 'Cuarta Sección', 'Barrio Bombal', 'Sexta Sección'],
  '50:Godoy Cruz': ['Trapiche', 'Villa Hipódromo', 'Godoy Cruz Centro'],
  '90:Capital': ['Barrio Norte', 'Barrio Sur', 'Villa Luján', 'Barrio Oeste II'],
  '66:Capital': ['Tres Cerritos', 'Grand Bourg', 'Villa San Lorenzo', 'Barrio Hernando de Lerma'],
};

// prettier-ignore
const GENERIC_NEIGHBORHOODS = [
  'Centro', 'Barrio Norte', 'Villa del Parque', 'Barrio San Martín', 'Los Álamos', 'Barrio Parque', 'San José',
  'Las Flores', 'Barrio Jardín', 'El Progreso', 'Santa Rita', 'Villa Nueva', 'Barrio Obrero', 'Los Pinos', 'La Loma',
  'Barrio Güemes', 'San Vicente', 'Barrio Sarmiento', 'Barrio Rivadavia', 'Villa Italia', 'Barrio Ferroviario',
  'San Cayetano', 'Los Aromos', 'Barrio Alberdi', 'Villa Belgrano', 'Barrio Centenario',
];

// prettier-ignore
const EXPERIENCE_NEIGHBORHOODS = [
  'Palermo', 'Belgrano', 'Caballito', 'Recoleta', 'Villa Urquiza', 'Olivos', 'Martínez', 'San Isidro', 'Banfield',
  'Adrogué', 'Castelar', 'Ramos Mejía', 'Nueva Córdoba', 'Fisherton', 'City Bell', 'Nordelta', 'Villa Devoto',
];

// prettier-ignore
const SERVICE_WEIGHTS: Record<string, number> = {
  housemaide: 30, babysitter: 22, eldercare: 14, nurse: 5, petcare: 6, chef: 7, house_pet_sitting: 4, au_pair: 3,
  butler: 2, commercial_cleaning: 7,
};

const RELATED_SERVICES: Record<string, readonly string[]> = {
  housemaide: ['chef', 'babysitter', 'commercial_cleaning', 'house_pet_sitting'],
  babysitter: ['housemaide', 'nurse', 'au_pair'],
  nurse: ['babysitter', 'eldercare'],
  eldercare: ['housemaide', 'chef', 'nurse'],
  petcare: ['house_pet_sitting'],
  chef: ['housemaide', 'butler'],
  house_pet_sitting: ['petcare', 'housemaide'],
  au_pair: ['babysitter', 'housemaide'],
  butler: ['housemaide', 'chef'],
  commercial_cleaning: ['housemaide'],
};

const TASKS_BY_SERVICE: Record<string, readonly string[]> = {
  housemaide: [
    'general_cleaning',
    'deep_cleaning',
    'laundry_ironing',
    'daily_cooking',
    'shopping',
    'home_organization',
    'window_cleaning',
  ],
  babysitter: ['childcare', 'school_pickup', 'homework_help', 'daily_cooking', 'laundry_ironing'],
  nurse: ['newborn_care', 'childcare', 'laundry_ironing'],
  eldercare: ['elder_company', 'medication', 'personal_hygiene', 'daily_cooking', 'shopping'],
  petcare: ['dog_walking', 'pet_feeding'],
  chef: ['daily_cooking', 'meal_prep', 'shopping'],
  house_pet_sitting: ['pet_feeding', 'dog_walking', 'gardening', 'general_cleaning'],
  au_pair: ['childcare', 'school_pickup', 'homework_help', 'daily_cooking'],
  butler: ['home_organization', 'shopping', 'daily_cooking', 'laundry_ironing', 'minor_maintenance'],
  commercial_cleaning: ['office_cleaning', 'general_cleaning', 'deep_cleaning', 'window_cleaning', 'minor_maintenance'],
};

// prettier-ignore
const ARRANGEMENT_WEIGHTS: Record<string, number> = {
  live_out_hourly: 35, live_out_part_time: 25, live_out_full_time: 20, live_in: 8, weekends: 7, replacements: 10,
};

// prettier-ignore
const HOUR_PRICE_RANGES: Record<string, readonly [number, number]> = {
  housemaide: [3500, 6500], babysitter: [3800, 7000], nurse: [6000, 11000], eldercare: [4500, 8500],
  petcare: [3500, 6000], chef: [5500, 12000], house_pet_sitting: [3500, 6500], au_pair: [4000, 7000],
  butler: [7000, 12000], commercial_cleaning: [4000, 7500],
};

/** Who they are; the name (and often the age or the place) makes each one their own. */
const INTRO_OPENERS: readonly Gendered[] = [
  'Hola, soy {name} y tengo {age} años.',
  '¡Hola, me llamo {name}!',
  'Mi nombre es {name} y tengo {age} años.',
  'Soy {name}, tengo {age} años y vivo en {neighborhood}.',
  'Hola, mi nombre es {name}.',
  'Me presento: soy {name}, de {age} años.',
  '¡Buenas, soy {name}!',
  'Soy {name} y vivo en {neighborhood}.',
  [
    'Me llamo {name}, tengo {age} años y soy mamá de dos chicos.',
    'Me llamo {name}, tengo {age} años y soy papá de dos chicos.',
  ],
  'Hola, soy {name}, de {neighborhood}.',
];

const INTRO_MIGRANT_OPENERS: readonly Gendered[] = [
  'Soy {name}, soy {origin} y vivo en Argentina hace {yearsHere} años.',
  'Hola, me llamo {name}; soy {origin} y hace {yearsHere} años que estoy en el país.',
  'Mi nombre es {name}, tengo {age} años y soy {origin}.',
];

/** [female, male] adjectives of origin, for the people who came from abroad. */
const NATIONALITY_ADJECTIVES: Record<string, Gendered> = {
  Paraguay: ['paraguaya', 'paraguayo'],
  Bolivia: ['boliviana', 'boliviano'],
  Perú: ['peruana', 'peruano'],
  Venezuela: ['venezolana', 'venezolano'],
  Uruguay: ['uruguaya', 'uruguayo'],
  Colombia: ['colombiana', 'colombiano'],
  Chile: ['chilena', 'chileno'],
};

const INTRO_WHERE: readonly Gendered[] = [
  'Vivo en {neighborhood} y me muevo bien en {transport}.',
  'Vivo en {neighborhood}, así que me queda cómodo trabajar por la zona.',
  'Soy de {neighborhood} y puedo viajar a barrios cercanos.',
  'Vivo en {neighborhood}, cerca de la estación, y llego rápido en {transport}.',
];

const INTRO_TRANSPORT = ['colectivo', 'tren', 'subte', 'colectivo y tren', 'bici', 'tren y subte'];

const INTRO_EXPERIENCE: readonly Gendered[] = [
  'Hace {experience} que trabajo en casas de familia.',
  'Tengo {experience} de experiencia en el rubro.',
  'Trabajo en esto desde hace {experience}.',
  'Arranqué en este trabajo hace {experience} y me sigue gustando.',
  'Llevo {experience} trabajando con familias.',
  'Cuento con {experience} de experiencia comprobable.',
];

/** Sentences around the tasks of the main service ({tasks}: two or three of them). */
const INTRO_TASK_LINES: readonly Gendered[] = [
  'Me ocupo de {tasks}.',
  'En mis trabajos anteriores me encargaba de {tasks}.',
  'Puedo ayudarte con {tasks}.',
  'Sé hacer de todo un poco: {tasks}.',
  'Tengo experiencia en {tasks}.',
];

const INTRO_TASKS: Record<string, readonly string[]> = {
  housemaide: [
    'la limpieza general',
    'el lavado y planchado',
    'la limpieza profunda de cocina y baños',
    'el orden de placares',
    'las compras del barrio',
    'la limpieza de vidrios',
    'preparar el almuerzo',
    'regar las plantas',
  ],
  babysitter: [
    'llevar y traer a los chicos del colegio',
    'preparar meriendas',
    'acompañar con la tarea',
    'los baños y la cena',
    'armar juegos y salidas a la plaza',
    'la rutina de sueño',
    'cuidar bebés',
  ],
  nurse: [
    'el baño del bebé',
    'preparar mamaderas',
    'las rutinas de sueño',
    'acompañar a la mamá en el puerperio',
    'el cuidado de recién nacidos',
    'el registro de tomas y pañales',
  ],
  eldercare: [
    'acompañar a turnos médicos',
    'la medicación indicada',
    'la higiene personal',
    'preparar comidas livianas',
    'los paseos diarios',
    'las compras de la farmacia',
    'la charla y la compañía',
  ],
  petcare: [
    'los paseos diarios',
    'la comida y el agua',
    'dar la medicación a las mascotas',
    'cuidar cachorros',
    'llevarlos al veterinario',
  ],
  chef: [
    'la comida casera',
    'las viandas de la semana',
    'la pastelería',
    'las compras del súper',
    'la cocina sin TACC',
    'planificar el menú',
  ],
  house_pet_sitting: [
    'el cuidado de la casa',
    'regar el jardín',
    'recibir la correspondencia',
    'darles de comer a las mascotas',
    'ventilar y limpiar la casa',
  ],
  au_pair: [
    'el cuidado de los chicos',
    'la ayuda con la tarea',
    'las comidas',
    'el orden de los cuartos',
    'las actividades',
  ],
  butler: [
    'coordinar al personal',
    'las compras y los proveedores',
    'organizar eventos',
    'el mantenimiento de la casa',
    'la agenda de la familia',
  ],
  commercial_cleaning: [
    'la limpieza de oficinas',
    'la desinfección de consultorios',
    'la limpieza de vidrios y pisos',
    'el mantenimiento menor',
    'la reposición de insumos',
  ],
};

const INTRO_TRAIT_LINES: readonly Gendered[] = [
  'Me considero una persona {traits}.',
  'Quienes me conocen dicen que soy una persona {traits}.',
  'Soy una persona {traits}.',
  'Me describiría como una persona {traits}.',
];

/** Feminine, agreeing with "persona". */
// prettier-ignore
const INTRO_TRAITS = [
  'responsable', 'puntual', 'paciente', 'prolija', 'organizada', 'alegre', 'tranquila', 'respetuosa', 'discreta',
  'cariñosa', 'detallista', 'proactiva', 'honesta', 'dedicada', 'amable', 'ordenada', 'práctica', 'confiable',
];

const INTRO_REFERENCES: readonly Gendered[] = [
  'Tengo referencias comprobables de mis trabajos anteriores.',
  'Puedo pasarte referencias de las familias con las que trabajé.',
  'Tengo buenas referencias de mi último trabajo.',
  'Las familias con las que trabajé pueden darte referencias.',
  'Cuento con referencias de {families} familias.',
  'Tengo certificado de antecedentes y referencias al día.',
  'Si necesitás referencias, te las paso sin problema.',
];

const INTRO_AVAILABILITY: readonly Gendered[] = [
  'Busco trabajo {arrangement}.',
  'Tengo disponibilidad para trabajar {arrangement}.',
  'Prefiero trabajar {arrangement}, pero escucho propuestas.',
  'Estoy disponible {arrangement} y puedo empezar {start}.',
];

const ARRANGEMENT_PHRASES: Record<string, readonly string[]> = {
  live_out_hourly: ['por horas', 'algunas horas por semana'],
  live_out_part_time: ['media jornada', 'con retiro, media jornada'],
  live_out_full_time: ['jornada completa con retiro', 'de lunes a viernes, jornada completa'],
  live_in: ['cama adentro', 'sin retiro'],
  weekends: ['los fines de semana', 'sábados y domingos'],
  replacements: ['en reemplazos', 'en reemplazos por vacaciones o licencias'],
};

const INTRO_START = ['ya', 'la semana que viene', 'a partir del mes que viene', 'cuando lo necesites'];

const INTRO_HOBBY_LINES: readonly Gendered[] = [
  'En mi tiempo libre me gusta {hobbies}.',
  'Fuera del trabajo disfruto {hobbies}.',
  'Me encanta {hobbies}.',
];

// prettier-ignore
const INTRO_HOBBIES = [
  'cocinar', 'tejer', 'leer', 'salir a caminar', 'hacer jardinería', 'escuchar música', 'bailar folklore', 'mirar series',
  'hacer pastelería', 'ver fútbol', 'coser', 'hacer crochet', 'andar en bici', 'cuidar mis plantas', 'pasear a mi perro',
  'compartir unos mates con mi familia', 'ir a la feria del barrio',
];

const INTRO_BY_SERVICE: Record<string, readonly Gendered[]> = {
  housemaide: [
    'Trabajé en casas y departamentos de todos los tamaños, con y sin mascotas.',
    'Me gusta que la casa quede impecable y respeto la forma de trabajar de cada familia.',
    'Sé usar los productos adecuados para cada superficie y cuido mucho los objetos de la casa.',
    [
      'Me organizo sola con la rutina de la casa, sin que me tengan que estar diciendo.',
      'Me organizo solo con la rutina de la casa, sin que me tengan que estar diciendo.',
    ],
    'Limpio a fondo una vez por semana y mantengo el orden el resto de los días.',
  ],
  babysitter: [
    'Me encantan los chicos: juego con ellos, los ayudo con la tarea y preparo meriendas ricas y sanas.',
    'Cuidé chicos de todas las edades, desde bebés de pocos meses hasta preadolescentes.',
    'Puedo llevarlos y traerlos del colegio y acompañarlos a sus actividades.',
    'Propongo juegos, lectura y actividades al aire libre, y limito las pantallas si la familia lo pide.',
    'Tengo mucha paciencia y me gusta generar un vínculo de confianza con los chicos y con los padres.',
  ],
  nurse: [
    'Tengo experiencia con recién nacidos: baño, alimentación, cambiado y rutinas de sueño.',
    'Hice cursos de cuidado neonatal y de primeros auxilios pediátricos.',
    'Acompaño a la mamá en las primeras semanas para que pueda descansar tranquila.',
    'Sé preparar mamaderas, esterilizar y llevar el registro de tomas y pañales.',
  ],
  eldercare: [
    'Acompaño a adultos mayores con paciencia y cariño: charlas, paseos, comidas y la medicación indicada.',
    'Cuidé a personas con movilidad reducida y sé asistir en la higiene personal con respeto.',
    'Tengo experiencia con pacientes con Alzheimer y sé sostener rutinas tranquilas.',
    'Puedo acompañar a turnos médicos y hacer las compras de la farmacia.',
    'Hice el curso de auxiliar gerontológico y me gusta mucho esta tarea.',
  ],
  petcare: [
    'Amo los animales: paseo perros de todos los tamaños y me ocupo de su comida y su agua.',
    'Puedo cuidar perros y gatos mientras la familia está de viaje.',
    'Hago paseos individuales o en grupos chicos, siempre con correa y levantando lo que corresponde.',
    'Tengo experiencia con perros mayores y con cachorros que están aprendiendo a pasear.',
  ],
  chef: [
    'Cocino comida casera y variada: guisos, tartas, milanesas, pastas y opciones vegetarianas.',
    'Preparo viandas para toda la semana y me adapto a dietas especiales o sin TACC.',
    'Me encargo de las compras y de planificar el menú según los gustos de la familia.',
    'Estudié cocina y me gusta mucho la pastelería casera.',
  ],
  house_pet_sitting: [
    'Cuido casas y mascotas cuando la familia se va de vacaciones: riego las plantas, recibo la correspondencia y mantengo todo en orden.',
    'Puedo quedarme a dormir en la casa para que las mascotas no estén solas.',
    'Mando fotos y mensajes todos los días para que estén tranquilos.',
  ],
  au_pair: [
    'Busco trabajo cama adentro con una familia con chicos; me gusta ser parte de la rutina de la casa.',
    'Ayudo con la tarea, los baños, las comidas y el orden de los cuartos de los chicos.',
    'Estoy disponible para viajar con la familia si hace falta.',
  ],
  butler: [
    [
      'Tengo experiencia como ama de llaves en casas grandes: organizo al personal, las compras y los eventos.',
      'Tengo experiencia como mayordomo en casas grandes: organizo al personal, las compras y los eventos.',
    ],
    'Me ocupo de la administración diaria de la casa y de coordinar proveedores y mantenimiento.',
    'Trabajé en casas con mucho movimiento y sé mantener la discreción.',
  ],
  commercial_cleaning: [
    'Trabajé en limpieza de oficinas, consultorios y locales comerciales.',
    'Conozco los productos y protocolos de limpieza para espacios de trabajo.',
    'Puedo trabajar antes o después del horario de atención para no interrumpir.',
    'Tengo experiencia en limpieza de vidrios, pisos y mantenimiento menor.',
  ],
};

const INTRO_CLOSERS: readonly Gendered[] = [
  '¡Escribime por el chat y lo charlamos!',
  'Si te interesa mi perfil, mandame un mensaje.',
  'Cualquier consulta, escribime por acá.',
  'Gracias por leer mi perfil, ¡espero tu mensaje!',
  'Si tenés dudas, preguntame sin problema.',
  'Contame qué necesitás y vemos cómo organizarnos.',
  'Espero poder sumarme a tu familia.',
  'Quedo a disposición para una entrevista.',
  'Me adapto a los horarios que necesites.',
  'Busco un trabajo estable donde pueda dar lo mejor de mí.',
];

// prettier-ignore
const DURATIONS = [
  'seis meses', 'ocho meses', 'un año', 'dos años', 'tres años', 'cuatro años', 'cinco años', 'siete años',
];

/** Past jobs by service: each title goes with the description that tells it. */
const EXPERIENCES_BY_SERVICE: Record<string, ReadonlyArray<{ title: Gendered; description: string }>> = {
  housemaide: [
    {
      title: ['Empleada doméstica en casa de familia', 'Empleado doméstico en casa de familia'],
      description:
        'Trabajé {duration} con una familia en {neighborhood}. Me ocupaba de la limpieza general, el lavado y planchado y de preparar el almuerzo.',
    },
    {
      title: 'Limpieza y orden de departamento',
      description:
        'Limpieza diaria de un departamento de cuatro ambientes en {neighborhood}, orden de placares y compras semanales, durante {duration}.',
    },
    {
      title: ['Encargada de limpieza en casa de campo', 'Encargado de limpieza en casa de campo'],
      description:
        'Limpieza profunda una vez por semana en una casa de campo, lavado de ropa y cuidado de plantas durante {duration}.',
    },
  ],
  babysitter: [
    {
      title: ['Niñera de dos hermanos', 'Niñero de dos hermanos'],
      description:
        'Cuidé durante {duration} a dos hermanos de 4 y 7 años: los llevaba al colegio, preparaba la merienda y los ayudaba con la tarea.',
    },
    {
      title: ['Niñera por horas', 'Niñero por horas'],
      description:
        'Cuidado por la tarde de una nena de 2 años en {neighborhood}: juegos, baño, cena y rutina de sueño.',
    },
    {
      title: 'Cuidado de chicos a la salida del colegio',
      description:
        'Retiraba a los chicos del colegio y los acompañaba a sus actividades deportivas durante {duration}.',
    },
  ],
  nurse: [
    {
      title: ['Enfermera de bebés', 'Enfermero de bebés'],
      description:
        'Acompañé a una familia de {neighborhood} durante los primeros meses de su bebé: baño, alimentación, rutinas de sueño y apoyo a la mamá.',
    },
    {
      title: 'Cuidado de mellizos recién nacidos',
      description: 'Cuidado nocturno de mellizos recién nacidos en {neighborhood} durante {duration}.',
    },
  ],
  eldercare: [
    {
      title: 'Acompañante de adulto mayor',
      description:
        'Acompañé a una señora de 85 años durante {duration}: comidas, medicación indicada, paseos y turnos médicos.',
    },
    {
      title: ['Cuidadora domiciliaria', 'Cuidador domiciliario'],
      description:
        'Cuidado de un señor con movilidad reducida en {neighborhood}. Asistencia en la higiene personal y en los ejercicios indicados por el kinesiólogo.',
    },
    {
      title: 'Auxiliar en residencia geriátrica',
      description:
        'Trabajé {duration} en una residencia geriátrica en el turno tarde, acompañando a los residentes en las comidas y las actividades.',
    },
  ],
  petcare: [
    {
      title: 'Paseo de perros en el barrio',
      description: 'Paseos diarios de cuatro perros del mismo edificio en {neighborhood} durante {duration}.',
    },
    {
      title: 'Cuidado de mascotas por vacaciones',
      description: 'Cuidado de perros y gatos en casas de {neighborhood} durante las vacaciones de verano.',
    },
  ],
  chef: [
    {
      title: ['Cocinera en casa de familia', 'Cocinero en casa de familia'],
      description:
        'Durante {duration} cociné almuerzo y cena para una familia de cinco, con un menú semanal acordado y las compras incluidas.',
    },
    {
      title: 'Ayudante de cocina en restaurante',
      description: 'Trabajé {duration} como ayudante de cocina en un restaurante de {neighborhood}.',
    },
    {
      title: 'Preparación de viandas saludables',
      description: 'Preparación de viandas saludables para una familia de {neighborhood} con un integrante celíaco.',
    },
  ],
  house_pet_sitting: [
    {
      title: 'Cuidado de casa y mascotas',
      description:
        'Cuidé una casa con jardín y dos perros en {neighborhood} durante las vacaciones de la familia, con riego y limpieza incluidos.',
    },
    {
      title: ['Casera en quinta de fin de semana', 'Casero en quinta de fin de semana'],
      description: 'Cuidado de una quinta en las afueras los fines de semana durante {duration}.',
    },
  ],
  au_pair: [
    {
      title: 'Au pair con familia de tres chicos',
      description: 'Viví {duration} con una familia con tres chicos, ocupándome de sus rutinas, tareas y actividades.',
    },
  ],
  butler: [
    {
      title: ['Ama de llaves en residencia', 'Mayordomo en residencia'],
      description:
        'Coordiné al personal de una casa grande en {neighborhood}: compras, proveedores, eventos y mantenimiento.',
    },
  ],
  commercial_cleaning: [
    {
      title: 'Limpieza de oficinas',
      description:
        'Limpieza de las oficinas de una empresa de 40 personas, en horario de la tarde, durante {duration}.',
    },
    {
      title: 'Mantenimiento en consultorio médico',
      description:
        'Limpieza y desinfección de un consultorio médico en {neighborhood} siguiendo protocolos de higiene.',
    },
    {
      title: 'Limpieza de local comercial',
      description: 'Limpieza diaria del salón y la vidriera de un local de ropa en {neighborhood} durante {duration}.',
    },
  ],
};

const EDUCATIONS: ReadonlyArray<{ title: string; places: readonly string[]; services?: readonly string[] }> = [
  { title: 'Educación secundaria', places: ['Escuela de Educación Secundaria N° {n}', 'Escuela de Comercio N° {n}'] },
  { title: 'Secundario para adultos', places: ['CENS N° {n}', 'Plan FinEs, sede barrial'] },
  {
    title: 'Curso de primeros auxilios y RCP',
    places: ['Cruz Roja Argentina', 'Centro de Formación Profesional N° {n}'],
  },
  { title: 'Auxiliar gerontológico', places: ['Centro de Formación Profesional N° {n}'], services: ['eldercare'] },
  {
    title: 'Auxiliar de enfermería',
    places: ['Instituto Superior de Enfermería N° {n}'],
    services: ['eldercare', 'nurse'],
  },
  {
    title: 'Curso de cuidado infantil',
    places: ['Centro de Formación Profesional N° {n}'],
    services: ['babysitter', 'au_pair', 'nurse'],
  },
  {
    title: 'Profesorado de educación inicial',
    places: ['Instituto Superior de Formación Docente N° {n}'],
    services: ['babysitter', 'au_pair'],
  },
  {
    title: 'Curso de cocina profesional',
    places: ['Escuela Municipal de Gastronomía', 'Centro de Formación Profesional N° {n}'],
    services: ['chef', 'butler'],
  },
  {
    title: 'Manipulación segura de alimentos',
    places: ['Dirección de Bromatología municipal'],
    services: ['chef', 'housemaide'],
  },
  {
    title: 'Curso de limpieza profesional',
    places: ['Centro de Formación Profesional N° {n}'],
    services: ['housemaide', 'commercial_cleaning'],
  },
  {
    title: 'Curso de paseo y cuidado canino',
    places: ['Escuela de Adiestramiento Canino'],
    services: ['petcare', 'house_pet_sitting'],
  },
  { title: 'Inglés (nivel intermedio)', places: ['Centro Universitario de Idiomas', 'Instituto de inglés del barrio'] },
];

const EDUCATION_STATUSES: Weighted<EducationStatus> = [
  ['completo', 60],
  ['incompleto', 20],
  ['en_curso', 20],
];

/** Scenarios by main service; titles stay within the 35-character limit. */
const OFFER_SCENARIOS: Record<string, readonly OfferScenario[]> = {
  housemaide: [
    {
      titles: ['Empleada doméstica por horas', 'Ayuda con la limpieza de casa'],
      arrangement: 'live_out_hourly',
      needs: [
        'Buscamos una persona prolija y de confianza para la limpieza y el orden de la casa.',
        'La casa tiene tres dormitorios, dos baños y un patio chico.',
      ],
    },
    {
      titles: ['Limpieza y planchado 3 veces x sem'],
      arrangement: 'live_out_hourly',
      needs: [
        'Necesitamos ayuda con la limpieza general y el lavado y planchado de la ropa, tres veces por semana.',
        'Es un departamento de cuatro ambientes con balcón.',
      ],
    },
    {
      titles: ['Empleada doméstica jornada completa', 'Personal doméstico con retiro'],
      arrangement: 'live_out_full_time',
      needs: [
        'Buscamos una persona para la limpieza, el orden de la casa y preparar el almuerzo.',
        'También hay que hacer algunas compras en el barrio.',
      ],
    },
  ],
  babysitter: [
    {
      titles: ['Busco niñera para dos chicos', 'Cuidado de nenes a la salida'],
      arrangement: 'live_out_part_time',
      openers: [
        [
          'Soy mamá de dos chicos de 6 y 9 años y vivimos en {neighborhood}.',
          'Soy papá de dos chicos de 6 y 9 años y vivimos en {neighborhood}.',
        ],
      ],
      needs: [
        'Necesitamos a alguien que los retire del colegio, les dé la merienda y los acompañe con la tarea.',
        'Son muy sociables y les encanta jugar al aire libre.',
      ],
    },
    {
      titles: ['Niñera para bebé de 8 meses'],
      arrangement: 'live_out_full_time',
      needs: [
        'Buscamos una niñera cariñosa y con experiencia para cuidar a nuestro bebé de 8 meses.',
        'Ya come papillas y duerme dos siestas por día.',
      ],
    },
    {
      titles: ['Niñera para fines de semana'],
      arrangement: 'weekends',
      needs: [
        'Buscamos una niñera para cuidar a nuestra hija de 4 años algunos sábados y domingos.',
        'Es muy tranquila y compañera.',
      ],
    },
    {
      titles: ['Niñera por la tarde'],
      arrangement: 'live_out_hourly',
      needs: ['Necesitamos a alguien que cuide a nuestra hija de 2 años por la tarde.', 'Incluye juegos, baño y cena.'],
    },
  ],
  nurse: [
    {
      titles: ['Enfermera para recién nacido', 'Baby nurse primeras semanas'],
      arrangement: 'live_out_full_time',
      needs: [
        'Estamos esperando a nuestro primer bebé y buscamos una persona con experiencia en recién nacidos.',
        'Necesitamos ayuda con el baño, la alimentación y las rutinas de sueño en las primeras semanas.',
      ],
    },
    {
      titles: ['Niñera con experiencia en bebés'],
      needs: [
        'Tenemos mellizos de tres meses y buscamos a alguien con experiencia en bebés.',
        'Pedimos curso de primeros auxilios pediátricos.',
      ],
    },
  ],
  eldercare: [
    {
      titles: ['Acompañante para mi mamá', 'Cuidado de señora mayor'],
      needs: [
        'Buscamos una acompañante para mi mamá de 84 años, que vive sola y es muy independiente.',
        'Necesitamos a alguien que la ayude con las comidas, la medicación indicada y los paseos.',
      ],
    },
    {
      titles: ['Cuidador/a para mi papá', 'Cuidadora de adulto mayor'],
      needs: [
        'Mi papá tiene 88 años, usa andador y necesita asistencia para la higiene personal.',
        'También buscamos a alguien que lo acompañe a los turnos médicos.',
      ],
    },
    {
      titles: ['Cuidadora cama adentro'],
      arrangement: 'live_in',
      needs: [
        'Buscamos una cuidadora cama adentro para mi abuela, que tiene Alzheimer leve.',
        'Es una persona muy dulce y tranquila.',
      ],
    },
  ],
  petcare: [
    {
      titles: ['Paseo diario para dos perros'],
      arrangement: 'live_out_hourly',
      needs: [
        'Tenemos dos perros medianos muy buenos que necesitan salir a pasear todos los días.',
        'Se llevan bien con otros perros.',
      ],
    },
    {
      titles: ['Paseador/a para mi labrador', 'Cuidado de mascotas'],
      needs: [
        'Buscamos a alguien responsable para pasear a nuestro labrador y darle de comer.',
        'Tiene tres años y mucha energía.',
      ],
    },
  ],
  chef: [
    {
      titles: ['Cocinera para familia de 4', 'Cocinera por horas'],
      needs: [
        'Buscamos una cocinera para preparar almuerzo y cena para una familia de cuatro.',
        'Nos interesa la comida casera y saludable, con opciones vegetarianas.',
      ],
    },
    {
      titles: ['Preparación de viandas semanales'],
      arrangement: 'live_out_hourly',
      needs: [
        'Necesitamos a alguien que prepare las viandas de toda la semana en un día.',
        'Uno de nosotros es celíaco, así que es importante cocinar sin TACC.',
      ],
    },
  ],
  house_pet_sitting: [
    {
      titles: ['Cuidado de casa y gatos en enero', 'Casa y mascotas por vacaciones'],
      arrangement: 'replacements',
      needs: [
        'Nos vamos de vacaciones en enero y buscamos a alguien que cuide la casa y a nuestros dos gatos.',
        'Hay que regar las plantas, recibir la correspondencia y mantener la casa ventilada.',
      ],
    },
  ],
  au_pair: [
    {
      titles: ['Au pair cama adentro', 'Niñera cama adentro'],
      arrangement: 'live_in',
      needs: [
        'Buscamos una au pair para vivir con nosotros y acompañar a nuestros tres hijos.',
        'La habitación es independiente, con baño propio.',
      ],
    },
  ],
  butler: [
    {
      titles: ['Ama de llaves para casa grande', 'Mayordomo / ama de llaves'],
      arrangement: 'live_out_full_time',
      needs: [
        'Buscamos una persona con experiencia para organizar una casa grande y coordinar al personal.',
        'Se ocupará de las compras, los proveedores y la organización de eventos familiares.',
      ],
    },
  ],
  commercial_cleaning: [
    {
      titles: ['Limpieza de oficina'],
      openers: [
        'Somos un estudio contable con oficinas en {neighborhood}.',
        'Somos una pequeña empresa con oficinas en {neighborhood}.',
      ],
      needs: [
        'Buscamos personal de limpieza para una oficina de 120 m² con doce puestos de trabajo.',
        'Hay que limpiar pisos, baños, cocina y vidrios fuera del horario de atención.',
      ],
    },
    {
      titles: ['Limpieza de consultorio'],
      openers: [
        'Somos un consultorio médico en {neighborhood}.',
        'Tenemos un consultorio odontológico en {neighborhood}.',
      ],
      needs: [
        'Buscamos a alguien para la limpieza y desinfección diaria del consultorio.',
        'Pedimos experiencia con protocolos de higiene.',
      ],
    },
    {
      titles: ['Mantenimiento de local comercial'],
      openers: ['Tenemos un local comercial en {neighborhood}.'],
      needs: [
        'Necesitamos limpieza diaria del salón, la vidriera y el depósito antes de abrir.',
        'También hay algunas tareas de mantenimiento menor.',
      ],
    },
  ],
};

const ADMIN_OFFER_SCENARIOS: ReadonlyArray<OfferScenario & { serviceKey: string }> = [
  {
    serviceKey: 'housemaide',
    titles: ['Empleada doméstica con retiro'],
    arrangement: 'live_out_part_time',
    needs: [
      'Una familia de {neighborhood} busca una persona de confianza para la limpieza y el orden de su casa.',
      'Es un departamento de tres ambientes, sin mascotas.',
    ],
  },
  {
    serviceKey: 'eldercare',
    titles: ['Acompañante de adulto mayor'],
    needs: [
      'Una familia busca acompañante para una señora de 80 años que vive en {neighborhood}.',
      'Se valoran la experiencia y la paciencia.',
    ],
  },
  {
    serviceKey: 'commercial_cleaning',
    titles: ['Limpieza de oficinas'],
    arrangement: 'live_out_hourly',
    needs: [
      'Una empresa de {neighborhood} busca personal de limpieza para sus oficinas.',
      'Se valora la experiencia en limpieza de oficinas.',
    ],
  },
  {
    serviceKey: 'babysitter',
    titles: ['Niñera para dos chicos'],
    arrangement: 'live_out_part_time',
    needs: [
      'Una familia de {neighborhood} busca niñera para sus dos hijos de 5 y 8 años.',
      'Hay que retirarlos del colegio y acompañarlos con la tarea.',
    ],
  },
];

const FAMILY_OPENERS: readonly string[] = [
  'Somos una familia que vive en {neighborhood}.',
  'Vivimos en una casa con jardín en {neighborhood}.',
  'Vivimos en un departamento en {neighborhood}.',
  'Somos una pareja que trabaja todo el día; vivimos en {neighborhood}.',
];

const ADMIN_OFFER_OPENERS: readonly string[] = [
  'Búsqueda publicada por el equipo de Casa y Manos.',
  'Publicamos esta búsqueda a pedido de uno de nuestros clientes.',
];

const SCHEDULE_LINES: Record<string, readonly string[]> = {
  live_out_hourly: [
    'Son unas horas por día, tres veces por semana.',
    'Serían cuatro horas por la mañana, dos o tres días a la semana.',
  ],
  live_out_part_time: ['Es media jornada, de lunes a viernes.', 'El horario es de lunes a viernes de 14 a 18.'],
  live_out_full_time: [
    'Es jornada completa con retiro, de lunes a viernes de 8 a 17.',
    'El horario es de lunes a viernes de 9 a 18.',
  ],
  live_in: ['Es cama adentro, de lunes a viernes, con francos los fines de semana.'],
  weekends: ['Necesitamos ayuda los sábados y algunos domingos.'],
  replacements: ['Es para cubrir un reemplazo de un mes, con posibilidad de continuar.'],
};

const OFFER_REQUIREMENTS = [
  'Pedimos referencias comprobables.',
  'Es importante que tenga experiencia previa.',
  'Valoramos la puntualidad y la buena comunicación.',
  'Ofrecemos registración según la Ley 26.844 y muy buen trato.',
  'Ofrecemos aguinaldo, vacaciones pagas y registración.',
  'Preferimos a alguien que viva cerca de la zona.',
];

const OFFER_CLOSERS = [
  '¡Esperamos tu mensaje!',
  'Si te interesa, escribinos por el chat.',
  'Contanos tu experiencia por el chat.',
  'Gracias por leer la propuesta.',
];
