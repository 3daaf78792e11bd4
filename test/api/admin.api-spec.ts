import {
  ADMIN_MESSAGES,
  formatDate,
  formatDateTime,
  JOB_OFFER_MESSAGES as OFFER,
  paymentMethodLabel,
} from '@cym/common';
import { AuditLog } from '../../server/src/modules/admin/audit-log';
import { SECOND_FACTOR_RESETS } from '../../server/src/modules/admin/admin-team.service';
import { JobOffersDirectoryService } from '../../server/src/modules/browse/job-offers-directory.service';
import { MembershipsService } from '../../server/src/modules/memberships/memberships.service';
import { createAccount, sessionThroughApi, TestAccount } from '../support/accounts';
import {
  arDay,
  auditRows,
  completeWorkerProfile,
  countQueries,
  holdTogether,
  insertPeople,
  lastAuditId,
  rename,
  thirtyDaysTo,
} from '../support/admin';
import {
  activationMails,
  addOffer,
  CatalogIds,
  catalogIds,
  insertMembership,
  ledger,
  membershipTypeId,
  offerBody,
  publicOfferIds,
} from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(120_000);

const DAY = 86_400_000;
const BAD_PAGE = 'El número de página no es válido.';

const WORKERS = '/api/admin/worker-profiles/get-all/';
const PARENTS = '/api/admin/parent-profiles/get-all/';
const OFFERS = '/api/admin/job-offers/get-all/';
const PAYMENTS = '/api/admin/payments/get-all/';
const STATS = '/api/admin/stats/get-all/';
const PRICE = '/api/admin/membership-type/';

interface Page<T> {
  results: T[];
  count: number;
  page: number;
  page_size: number;
}
interface AdminUser {
  id: number;
  full_name: string;
  email: string;
  profile_visibility: boolean | null;
}
interface AdminWorker {
  id: number;
  user: AdminUser;
}
interface AdminParent {
  id: number;
  user: AdminUser;
  membership: Record<string, unknown> | null;
}
interface Offer {
  id: number;
  title: string;
  parent_profile: { id: number } | null;
}
interface Payment {
  id: number;
  user: { full_name: string };
  transaction_id: string | null;
  timestamp: string;
}
interface Stats {
  users: number;
  workers: number;
  parents: number;
  job_offers: number;
  memberships: number;
  revenue_this_month: number;
  revenue_last_month: number;
  new_parents_30d: number;
  new_parents_paid_7d: number;
  memberships_ending_7d: number;
  workers_visible_this_month: number;
  daily: { date: string; signups: number; payments: number }[];
}

/**
 * The back office: what every admin action does, what the lists answer, and the audit row each
 * change leaves.
 */
describe('admin API', () => {
  let t: TestApp;
  let ids: CatalogIds;
  let typeId: number;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { poolSize: 10 });
    ids = await catalogIds(t);
    typeId = await membershipTypeId(t);
    admin = await createAccount(t, 'admin');
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  // ── Calls ─────────────────────────────────────────────────────────────────

  const get = (path: string, query?: Record<string, string>, auth = admin.auth) => {
    const req = http(t).get(path).set(auth);
    return query ? req.query(query) : req;
  };
  const list = async <T>(path: string): Promise<T[]> => {
    const res = await get(path).expect(200);
    expect(Array.isArray(res.body)).toBe(true);
    return res.body;
  };
  const page = async <T>(path: string, query: Record<string, string>): Promise<Page<T>> =>
    (await get(path, query).expect(200)).body;
  const stats = async (): Promise<Stats> => (await get(STATS).expect(200)).body;
  const setVisibility = (userId: number | string, body: unknown) =>
    http(t)
      .put(`/api/admin/user/${userId}/toggle-profile-visibility/`)
      .set(admin.auth)
      .send(body as object);
  const deleteUser = (userId: number | string) => http(t).delete(`/api/admin/user/${userId}/delete/`).set(admin.auth);
  const toggle = (membershipId: number | string) =>
    http(t).put(`/api/admin/membership/${membershipId}/toggle-status/`).set(admin.auth);
  const addTeamOffer = (body: Record<string, unknown>) =>
    http(t).post('/api/admin/job-offers/add/').set(admin.auth).send(body);
  const updateOffer = (offerId: number | string, body: Record<string, unknown>) =>
    http(t).patch(`/api/admin/job-offer/${offerId}/update/`).set(admin.auth).send(body);
  const deleteOffer = (offerId: number | string) =>
    http(t).delete(`/api/admin/job-offer/${offerId}/delete/`).set(admin.auth);
  const setPrice = (body: unknown) =>
    http(t)
      .put(PRICE)
      .set(admin.auth)
      .send(body as object);
  const bankTransfer = (a: TestAccount) =>
    http(t)
      .post(`/api/parent-profile/${a.profileId}/membership/${typeId}/create/`)
      .set(a.auth)
      .send({ payment: { amount: 40000, payment_method: 'bank_transfer' } })
      .expect(201);

  let client = 0;
  /** Each login from its own address, so the per-address limit of one case never touches another. */
  const login = (username: string, password = 'clave1234') =>
    http(t)
      .post('/api/token/')
      .set('X-Forwarded-For', `198.51.100.${(client += 1)}`)
      .send({ username, password });
  /** A new conversation (201: start-chat created it). */
  const startChat = (a: TestAccount, body: Record<string, unknown>) =>
    http(t).post('/api/chat/conversation/start-chat/').set(a.auth).send(body).expect(201);
  const sendMessage = (a: TestAccount, id: number, content: string) =>
    http(t).post(`/api/chat/conversations/${id}/messages/`).set(a.auth).send({ content }).expect(201);
  const publicWorkerIds = async (): Promise<number[]> =>
    ((await http(t).get('/api/workers/').expect(200)).body as { id: number }[]).map((w) => w.id);
  const member = async () => {
    const a = await createAccount(t, 'Parent');
    await insertMembership(t, a.profileId!);
    return a;
  };
  const workerRow = async (userId: number) =>
    (
      await t.dataSource.query(
        `SELECT w.profile_visibility, w.hidden_by_admin FROM worker_profiles w WHERE w.user_id = $1`,
        [userId],
      )
    )[0] as { profile_visibility: boolean; hidden_by_admin: boolean };
  const offerRow = async (offerId: number) =>
    (
      await t.dataSource.query(`SELECT title, status, monthly_price, parent_profile_id FROM job_offers WHERE id = $1`, [
        offerId,
      ])
    )[0] as
      { title: string; status: boolean; monthly_price: number | null; parent_profile_id: number | null } | undefined;
  const price = async () =>
    (await t.dataSource.query(`SELECT price FROM membership_types WHERE id = $1`, [typeId]))[0].price as number;

  // ── Lists ─────────────────────────────────────────────────────────────────

  describe('lists', () => {
    it('answers the workers as a plain array, newest first, with the fields of the admin lists', async () => {
      const worker = await createAccount(t, 'Worker');
      await rename(t, worker.userId, 'Zulema', 'Fernández');
      const [quiet] = await insertPeople(t, 'Worker', 1, { firstName: 'Sin', lastName: 'Sesión' });
      const [row] = await t.dataSource.query(`SELECT created_at, last_login FROM users WHERE id = $1`, [worker.userId]);

      const all = await list<AdminWorker>(WORKERS);
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM worker_profiles w JOIN users u ON u.id = w.user_id WHERE u.deleted_at IS NULL`,
      );
      expect(all).toHaveLength(n);
      const order: { id: number }[] = await t.dataSource.query(
        `SELECT w.id FROM worker_profiles w JOIN users u ON u.id = w.user_id WHERE u.deleted_at IS NULL
          ORDER BY u.created_at DESC, u.id DESC`,
      );
      expect(all.map((w) => w.id)).toEqual(order.map((w) => w.id));
      expect(all[0]!.id).toBe(quiet!.profileId);
      expect(all[1]).toEqual({
        id: worker.profileId,
        user: {
          id: worker.userId,
          first_name: 'Zulema',
          last_name: 'Fernández',
          full_name: 'Zulema Fernández',
          email: worker.email,
          phone: '1155550000',
          formatted_created_at: formatDate(row.created_at),
          formatted_last_login: formatDateTime(row.last_login),
          formatted_last_seen: 'En línea',
          profile_visibility: false,
          profile_image: null,
        },
      });
      expect(formatDate(row.created_at)).toBe(formatDate(new Date()));
      // Never logged in: no last login, no last connection.
      expect(all[0]!.user).toMatchObject({
        id: quiet!.userId,
        full_name: 'Sin Sesión 1',
        phone: null,
        formatted_last_login: null,
        formatted_last_seen: '-',
      });
      // Admins are not workers.
      expect(all.map((w) => w.user.id)).not.toContain(admin.userId);
    });

    it('answers the employers with their current membership: the active one, else the newest, else null', async () => {
      const none = await createAccount(t, 'Parent');
      const pending = await createAccount(t, 'Parent');
      // None active: the newest shows, the pending transfer rather than an older expired one.
      await insertMembership(t, pending.profileId!, {
        start: new Date(Date.now() - 90 * DAY),
        end: new Date(Date.now() - 60 * DAY),
      });
      const transfer = (await bankTransfer(pending)).body;
      const active = await createAccount(t, 'Parent');
      const current = await insertMembership(t, active.profileId!);
      // A newer, expired one must not hide the active one.
      await insertMembership(t, active.profileId!, {
        start: new Date(Date.now() - 40 * DAY),
        end: new Date(Date.now() - 10 * DAY),
      });
      await rename(t, active.userId, 'Olga', 'Ibáñez');

      const all = await list<AdminParent>(PARENTS);
      const find = (a: TestAccount) => all.find((p) => p.id === a.profileId)!;
      expect(find(none)).toEqual({
        id: none.profileId,
        user: expect.objectContaining({ id: none.userId, email: none.email, profile_visibility: null }),
        membership: null,
      });
      expect(find(pending).membership).toEqual({
        id: transfer.membership_id,
        status: false,
        active: false,
        start_date: transfer.membership_start_date,
        end_date: transfer.membership_end_date,
        payment_method: 'bank_transfer',
        payment_method_display: 'Transferencia bancaria',
        payment_status: 'pending',
        transaction_id: transfer.transaction_id,
        user_full_name: 'Prueba Apellido',
      });
      expect(find(active).membership).toMatchObject({
        id: current,
        status: true,
        active: true,
        payment_method: null,
        user_full_name: 'Olga Ibáñez',
      });
      expect(find(active).user).toMatchObject({ full_name: 'Olga Ibáñez', phone: '1155550000' });
      expect(all.map((p) => p.id).indexOf(active.profileId!)).toBeLessThan(
        all.map((p) => p.id).indexOf(none.profileId!),
      );
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM parent_profiles p JOIN users u ON u.id = p.user_id WHERE u.deleted_at IS NULL`,
      );
      expect(all).toHaveLength(n);
    });

    it('answers a page envelope as soon as any of search, page or page_size is given', async () => {
      await insertPeople(t, 'Worker', 3, { firstName: 'Sobre', lastName: 'Paginado' });
      const all = await list<AdminWorker>(WORKERS);
      expect(all.length).toBeGreaterThan(4);
      const first = await page<AdminWorker>(WORKERS, { page: '1', page_size: '2' });
      expect(first).toEqual({ results: all.slice(0, 2), count: all.length, page: 1, page_size: 2 });
      const second = await page<AdminWorker>(WORKERS, { page: '2', page_size: '2' });
      expect(second.results).toEqual(all.slice(2, 4));
      // An empty search is still a page, of everyone, with the default size.
      expect(await page<AdminWorker>(WORKERS, { search: '' })).toEqual({
        results: all.slice(0, 50),
        count: all.length,
        page: 1,
        page_size: 50,
      });
      expect((await page(WORKERS, { page_size: '500' })).page_size).toBe(100);
      for (const path of [PARENTS, OFFERS, PAYMENTS]) {
        const plain = await list<{ id: number }>(path);
        const paged = await page<{ id: number }>(path, { page: '1' });
        expect([path, paged.count, paged.results.map((r) => r.id)]).toEqual([
          path,
          plain.length,
          plain.slice(0, 50).map((r) => r.id),
        ]);
      }
    });

    it('searches the full name anywhere in it, case and accents aside', async () => {
      const accented = await createAccount(t, 'Worker');
      await rename(t, accented.userId, 'Ámbar', 'Ñañez Ríos');
      const plain = await createAccount(t, 'Worker');
      await rename(t, plain.userId, 'Ambar', 'Nanez Rios');
      const employer = await createAccount(t, 'Parent');
      await rename(t, employer.userId, 'Ámbar', 'Ñañez Ríos');

      const found = async (path: string, search: string) =>
        (await page<AdminWorker | AdminParent>(path, { search })).results.map((r) => r.user.id);
      const both = [plain.userId, accented.userId];
      expect(await found(WORKERS, 'ÁMBAR ÑA')).toEqual(both);
      expect(await found(WORKERS, 'mbar ñañez rí')).toEqual(both);
      expect(await found(WORKERS, '  ñAñEz RÍOS  ')).toEqual(both);
      expect(await found(WORKERS, 'ambar nanez')).toEqual(both);
      expect(await found(WORKERS, 'mbar')).toEqual(both);
      expect(await found(PARENTS, 'ambar ñanez')).toEqual([employer.userId]);
      expect(await found(WORKERS, 'Ámbar  Ñañez')).toEqual([]);
      const envelope = await page<AdminWorker>(WORKERS, { search: 'ÁMBAR' });
      expect([envelope.count, envelope.page, envelope.page_size]).toEqual([2, 1, 50]);
    });

    it('takes % _ and \\ in the search literally', async () => {
      const named = async (first: string, last: string) => {
        const a = await createAccount(t, 'Worker');
        await rename(t, a.userId, first, last);
        return a.userId;
      };
      const percent = await named('Promo', 'Cincuenta 50%');
      const digits = await named('Promo', 'Cincuenta 500');
      const underscore = await named('Ana', 'Luz_Mar');
      const letter = await named('Ana', 'LuzXMar');
      const backslash = await named('Barra', 'In\\Out');
      await named('Barra', 'InOut');
      const found = async (search: string) =>
        (await page<AdminWorker>(WORKERS, { search })).results.map((r) => r.user.id);
      expect(await found('50%')).toEqual([percent]);
      expect(await found('%')).toEqual([percent]);
      expect(await found('cincuenta 50')).toEqual([digits, percent]);
      expect(await found('z_m')).toEqual([underscore]);
      expect(await found('_')).toEqual([underscore]);
      expect(await found('luz')).toEqual([letter, underscore]);
      expect(await found('n\\o')).toEqual([backslash]);
    });

    it('answers a page past the end with no results and the right count, on every list', async () => {
      await insertPeople(t, 'Worker', 3, { firstName: 'Pagina', lastName: 'Finalw' });
      await insertPeople(t, 'Parent', 3, { firstName: 'Pagina', lastName: 'Finalp' }, { paid: true });
      for (let i = 0; i < 3; i += 1) await addTeamOffer(offerBody(ids, { title: `Finalo ${i}` })).expect(201);
      for (const [path, search] of [
        [WORKERS, 'Finalw'],
        [PARENTS, 'Finalp'],
        [OFFERS, 'Finalo'],
        [PAYMENTS, 'Finalp'],
      ] as const) {
        const one = await page<{ id: number }>(path, { search, page_size: '2', page: '1' });
        const two = await page<{ id: number }>(path, { search, page_size: '2', page: '2' });
        expect([path, one.results.length, one.count, two.results.length, two.count]).toEqual([path, 2, 3, 1, 3]);
        expect(new Set([...one.results, ...two.results].map((r) => r.id)).size).toBe(3);
        for (const n of ['3', '99'])
          expect([path, await page(path, { search, page_size: '2', page: n })]).toEqual([
            path,
            { results: [], count: 3, page: Number(n), page_size: 2 },
          ]);
        // Nothing matches: an empty first page.
        expect(await page(path, { search: `${search}-nadie`, page: '2' })).toEqual({
          results: [],
          count: 0,
          page: 2,
          page_size: 50,
        });
      }
    });

    it('refuses a bad page, page size or search with 400 in the error shape', async () => {
      for (const path of [WORKERS, PARENTS, OFFERS, PAYMENTS]) {
        for (const [query, field] of [
          [{ page: '0' }, 'page'],
          [{ page: '-1' }, 'page'],
          [{ page: 'abc' }, 'page'],
          [{ page: '1.5' }, 'page'],
          [{ page: '' }, 'page'],
          [{ page_size: '0' }, 'page_size'],
          [{ page_size: 'todos' }, 'page_size'],
        ] as const) {
          const res = await get(path, query);
          expect([path, query, res.status]).toEqual([path, query, 400]);
          expectErrorShape(res.body);
          expect(res.body).toEqual({ error: BAD_PAGE, code: 'VALIDATION_FAILED', errors: { [field]: [BAD_PAGE] } });
        }
        const long = await get(path, { search: 'x'.repeat(101) }).expect(400);
        expect(long.body.code).toBe('VALIDATION_FAILED');
        expect(Object.keys(long.body.errors)).toEqual(['search']);
        await get(path, { search: 'x'.repeat(100) }).expect(200);
      }
    });

    describe('one SQL query per list request, whatever its length (3 rows, then 30)', () => {
      const seeders: [string, string, (n: number, tag: string) => Promise<unknown>][] = [
        ['workers', WORKERS, (n, tag) => insertPeople(t, 'Worker', n, { firstName: 'Consulta', lastName: tag })],
        [
          'employers',
          PARENTS,
          (n, tag) => insertPeople(t, 'Parent', n, { firstName: 'Consulta', lastName: tag }, { paid: true }),
        ],
        [
          'offers',
          OFFERS,
          async (n, tag) => {
            for (let i = 0; i < n; i += 1)
              await addTeamOffer(offerBody(ids, { title: `${tag} ${Math.random().toString(36).slice(2, 8)}` })).expect(
                201,
              );
          },
        ],
        [
          'payments',
          PAYMENTS,
          (n, tag) => insertPeople(t, 'Parent', n, { firstName: 'Consulta', lastName: tag }, { paid: true }),
        ],
      ];

      it.each(seeders)('%s', async (name, path, seed) => {
        const tag = `Cuenta${name}`;
        const measure = async (rows: number) => {
          let plain: unknown[] = [];
          let paged: Page<unknown> | undefined;
          const plainQueries = await countQueries(t, async () => {
            plain = (await get(path).expect(200)).body;
          });
          const pagedQueries = await countQueries(t, async () => {
            paged = (await get(path, { search: tag, page_size: '100' }).expect(200)).body;
          });
          expect([paged!.results.length, paged!.count]).toEqual([rows, rows]);
          return { plainQueries, pagedQueries, plain: plain.length };
        };
        await seed(3, tag);
        const small = await measure(3);
        await seed(27, tag);
        const large = await measure(30);
        expect(large.plain - small.plain).toBe(27);
        expect({ plain: large.plainQueries, paged: large.pagedQueries }).toEqual({
          plain: small.plainQueries,
          paged: small.pagedQueries,
        });
        // The session check (one indexed read of the user) and the list itself, rows and total together.
        expect(small).toMatchObject({ plainQueries: 2, pagedQueries: 2 });
      });
    });
  });

  // ── Profile visibility ────────────────────────────────────────────────────

  describe('profile visibility', () => {
    it('hides a worker everywhere public, keeps it hidden through the worker’s edits, and shows it again', async () => {
      const worker = await createAccount(t, 'Worker');
      await completeWorkerProfile(t, worker, ids);
      const info = `/api/worker-profile/${worker.profileId}/get-info/`;
      expect(await publicWorkerIds()).toContain(worker.profileId);
      await http(t).get(info).expect(200);
      const start = await lastAuditId(t);

      const hidden = await setVisibility(worker.userId, { visible: false }).expect(200);
      expect(hidden.body).toEqual({
        id: worker.profileId,
        user: expect.objectContaining({ id: worker.userId, email: worker.email, profile_visibility: false }),
      });
      expect(await workerRow(worker.userId)).toEqual({ profile_visibility: false, hidden_by_admin: true });
      expect(await publicWorkerIds()).not.toContain(worker.profileId);
      expect((await http(t).get(info).expect(404)).body.code).toBe('PROFILE_NOT_FOUND');
      const listed = (await list<AdminWorker>(WORKERS)).find((w) => w.id === worker.profileId)!;
      expect(listed.user.profile_visibility).toBe(false);

      // The worker edits a section: the automatic rule would show a complete profile, not this one.
      await http(t)
        .put(`/api/worker-profile/${worker.profileId}/introduction/update/`)
        .set(worker.auth)
        .send({ introduction: 'Cambié mi presentación después de que me ocultaran.' })
        .expect(200);
      await http(t)
        .put(`/api/worker-profile/${worker.profileId}/hour-price/update/`)
        .set(worker.auth)
        .send({ hour_price: '4000' })
        .expect(200);
      expect(await workerRow(worker.userId)).toEqual({ profile_visibility: false, hidden_by_admin: true });
      expect(await publicWorkerIds()).not.toContain(worker.profileId);
      await http(t).get(info).expect(404);

      const shown = await setVisibility(worker.userId, { visible: true }).expect(200);
      expect(shown.body.user.profile_visibility).toBe(true);
      expect(await workerRow(worker.userId)).toEqual({ profile_visibility: true, hidden_by_admin: false });
      expect(await publicWorkerIds()).toContain(worker.profileId);
      await http(t).get(info).expect(200);
      // Shown again, the worker's edits keep the automatic rule.
      await http(t)
        .put(`/api/worker-profile/${worker.profileId}/hour-price/update/`)
        .set(worker.auth)
        .send({ hour_price: '4500' })
        .expect(200);
      expect(await workerRow(worker.userId)).toEqual({ profile_visibility: true, hidden_by_admin: false });

      expect(await auditRows(t, start)).toEqual([
        expect.objectContaining({
          actor_id: admin.userId,
          action: 'user.visibility',
          target_type: 'user',
          target_id: worker.userId,
          before: { profile_visibility: true },
          after: { profile_visibility: false },
        }),
        expect.objectContaining({
          action: 'user.visibility',
          target_id: worker.userId,
          before: { profile_visibility: false },
          after: { profile_visibility: true },
        }),
      ]);
    });

    it('refuses a non-worker with 400, an unknown or deleted user with 404, and a bad body with 400', async () => {
      const employer = await createAccount(t, 'Parent');
      const worker = await createAccount(t, 'Worker');
      const gone = await createAccount(t, 'Worker');
      await deleteUser(gone.userId).expect(204);
      const start = await lastAuditId(t);
      for (const userId of [employer.userId, admin.userId]) {
        const res = await setVisibility(userId, { visible: false }).expect(400);
        expect(res.body).toEqual({ error: ADMIN_MESSAGES.notAWorker, code: 'NOT_A_WORKER' });
      }
      for (const userId of [999_999, gone.userId]) {
        const res = await setVisibility(userId, { visible: true }).expect(404);
        expect(res.body).toEqual({ error: ADMIN_MESSAGES.userNotFound, code: 'USER_NOT_FOUND' });
      }
      expect((await setVisibility('abc', { visible: true }).expect(404)).body.code).toBe('NOT_FOUND');
      expect((await setVisibility('99999999999', { visible: true }).expect(404)).body.code).toBe('NOT_FOUND');
      for (const body of [{}, { visible: 'sí' }, { visible: 1 }, { visible: null }]) {
        const res = await setVisibility(worker.userId, body);
        expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
        expectErrorShape(res.body);
        expect(Object.keys(res.body.errors)).toEqual(['visible']);
      }
      expect(await workerRow(worker.userId)).toEqual({ profile_visibility: false, hidden_by_admin: false });
      expect(await workerRow(gone.userId)).toMatchObject({ profile_visibility: false });
      expect(await auditRows(t, start)).toEqual([]);
    });
  });

  // ── Account deletion ──────────────────────────────────────────────────────

  describe('account deletion', () => {
    it('leaves a worker’s tombstone: no login, no refresh, e-mail free, the partner still reads the chat', async () => {
      const worker = await createAccount(t, 'Worker');
      await completeWorkerProfile(t, worker, ids);
      await rename(t, worker.userId, 'Dolores', 'Borrada');
      const employer = await member();
      const conversation = (await startChat(employer, { workerId: worker.profileId, parentId: employer.profileId }))
        .body.id as number;
      const sent = [
        (await sendMessage(employer, conversation, 'Hola, ¿tenés disponibilidad?')).body,
        (await sendMessage(worker, conversation, 'Sí, por las mañanas.')).body,
      ];
      const session = (await login(worker.email).expect(200)).body;
      const statsBefore = await stats();
      const start = await lastAuditId(t);

      const res = await deleteUser(worker.userId).expect(204);
      expect(res.text).toBe('');

      const [row] = await t.dataSource.query(
        `SELECT email, first_name, last_name, phone, profile_image, is_active, deleted_at FROM users WHERE id = $1`,
        [worker.userId],
      );
      expect(row).toEqual({
        email: `eliminado-${worker.userId}@cuentas-eliminadas.invalid`,
        first_name: 'Usuario',
        last_name: 'eliminado',
        phone: null,
        profile_image: null,
        is_active: false,
        deleted_at: expect.any(Date),
      });
      expect(Math.abs(row.deleted_at.getTime() - Date.now())).toBeLessThan(60_000);
      expect(await workerRow(worker.userId)).toEqual({ profile_visibility: false, hidden_by_admin: true });

      // No way back in.
      for (const username of [worker.email, row.email]) {
        const refused = await login(username).expect(400);
        expect(refused.body.code).toBe('UNKNOWN_EMAIL');
      }
      expect((await http(t).post('/api/token/refresh/').send({ refresh: session.refresh }).expect(401)).body.code).toBe(
        'INVALID_TOKEN',
      );
      await http(t)
        .get('/api/user/get-data/')
        .set({ Authorization: `Bearer ${session.access}` })
        .expect(401);
      await http(t).get('/api/user/get-data/').set(worker.auth).expect(401);
      const [tokens] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`,
        [worker.userId],
      );
      expect(tokens.n).toBe(0);

      // Gone from the public side and the back office.
      expect(await publicWorkerIds()).not.toContain(worker.profileId);
      await http(t).get(`/api/worker-profile/${worker.profileId}/get-info/`).expect(404);
      expect((await list<AdminWorker>(WORKERS)).map((w) => w.id)).not.toContain(worker.profileId);
      expect((await page<AdminWorker>(WORKERS, { search: 'Dolores Borrada' })).count).toBe(0);
      expect(
        (await page<AdminWorker>(WORKERS, { search: 'Usuario eliminado' })).results.map((w) => w.user.id),
      ).not.toContain(worker.userId);
      const statsAfter = await stats();
      expect({ ...statsAfter, daily: undefined }).toEqual({
        ...statsBefore,
        daily: undefined,
        users: statsBefore.users - 1,
        workers: statsBefore.workers - 1,
        // The worker was visible, made so today: a deleted account is not counted.
        workers_visible_this_month: statsBefore.workers_visible_this_month - 1,
      });

      // The other side still reads the conversation, messages intact, the partner a tombstone.
      const read = await http(t).get(`/api/chat/conversations/${conversation}/`).set(employer.auth).expect(200);
      expect(read.body.messages.map((m: { id: number; content: string }) => [m.id, m.content])).toEqual(
        sent.map((m: { id: number; content: string }) => [m.id, m.content]),
      );
      expect(read.body.partner).toMatchObject({
        user_id: worker.userId,
        first_name: 'Usuario eliminado',
        kind: 'Worker',
        status: 'deleted',
      });
      const conversations = await http(t)
        .get(`/api/chat/${employer.userId}/conversations/get-all/`)
        .set(employer.auth)
        .expect(200);
      expect(conversations.body.map((c: { id: number }) => c.id)).toContain(conversation);

      // The e-mail is free: nobody holds it, and it signs up again.
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [worker.email]);
      expect(n).toBe(0);
      await http(t)
        .post('/api/sign-up/')
        .set('X-Forwarded-For', '192.0.2.77')
        .send({
          firstName: 'Dolores',
          lastName: 'Nueva',
          email: worker.email,
          phone: '1155550000',
          password: 'clave1234',
          confirmPassword: 'clave1234',
          profileType: 'Worker',
          acceptedTerms: true,
        })
        .expect(201);
      const [again] = await t.dataSource.query(`SELECT id FROM users WHERE email = $1`, [worker.email]);
      expect(again.id).not.toBe(worker.userId);

      expect(await auditRows(t, start)).toEqual([
        expect.objectContaining({
          actor_id: admin.userId,
          action: 'user.delete',
          target_type: 'user',
          target_id: worker.userId,
          before: {
            email: worker.email,
            first_name: 'Dolores',
            last_name: 'Borrada',
            phone: '1155550000',
            profile_type: 'Worker',
          },
          after: { deleted: true },
        }),
      ]);
    });

    it('removes an employer’s offers, switches off the memberships and keeps the payments and chats', async () => {
      const employer = await createAccount(t, 'Parent');
      await rename(t, employer.userId, 'Ernesto', 'Empleador');
      const transfer = (await bankTransfer(employer)).body;
      await insertMembership(t, employer.profileId!);
      const visible = await addOffer(t, employer, ids);
      const second = await addOffer(t, employer, ids, { title: 'Segunda oferta' });
      expect(await publicOfferIds(t)).toContain(visible.id);
      const worker = await createAccount(t, 'Worker');
      const conversation = (await startChat(worker, { workerId: worker.profileId, parentId: employer.profileId })).body
        .id as number;
      const message = (await sendMessage(employer, conversation, 'Hola, te escribo por la oferta.')).body;
      const statsBefore = await stats();

      await deleteUser(employer.userId).expect(204);

      const offers = await t.dataSource.query(`SELECT id FROM job_offers WHERE id = ANY($1::int[])`, [
        [visible.id, second.id],
      ]);
      expect(offers).toEqual([]);
      expect(await publicOfferIds(t)).not.toContain(visible.id);
      await http(t).get(`/api/job-offer/${visible.id}/get/`).expect(404);
      const { payments, memberships } = await ledger(t, employer.profileId!);
      expect(memberships.map((m) => m.status)).toEqual([false, false]);
      expect(payments).toHaveLength(1);
      const payment = (await list<Payment>(PAYMENTS)).find((p) => p.transaction_id === transfer.transaction_id);
      expect(payment?.user.full_name).toBe('Usuario eliminado');
      expect((await list<AdminParent>(PARENTS)).map((p) => p.id)).not.toContain(employer.profileId);
      expect((await page<AdminParent>(PARENTS, { search: 'Ernesto' })).count).toBe(0);
      const statsAfter = await stats();
      expect({ ...statsAfter, daily: undefined }).toEqual({
        ...statsBefore,
        daily: undefined,
        users: statsBefore.users - 1,
        parents: statsBefore.parents - 1,
        job_offers: statsBefore.job_offers - 2,
        memberships: statsBefore.memberships - 1,
        // Signed up today: a deleted account leaves the new employers.
        new_parents_30d: statsBefore.new_parents_30d - 1,
      });
      const read = await http(t).get(`/api/chat/conversations/${conversation}/`).set(worker.auth).expect(200);
      expect(read.body.messages).toEqual([
        expect.objectContaining({ id: message.id, content: 'Hola, te escribo por la oferta.' }),
      ]);
      expect(read.body.partner).toMatchObject({
        user_id: employer.userId,
        first_name: 'Usuario eliminado',
        kind: 'Parent',
        status: 'deleted',
      });
    });

    it('refuses to delete an admin (403), an unknown user (404) and the same user twice (404)', async () => {
      const other = await createAccount(t, 'admin');
      const worker = await createAccount(t, 'Worker');
      const start = await lastAuditId(t);
      for (const target of [other, admin]) {
        const res = await deleteUser(target.userId).expect(403);
        expectErrorShape(res.body);
        expect(res.body).toEqual({ error: ADMIN_MESSAGES.cannotDeleteAdmin, code: 'CANNOT_DELETE_ADMIN' });
        const [row] = await t.dataSource.query(`SELECT email, is_active, deleted_at FROM users WHERE id = $1`, [
          target.userId,
        ]);
        expect(row).toEqual({ email: target.email, is_active: true, deleted_at: null });
      }
      await http(t).get('/api/user/get-data/').set(other.auth).expect(200);
      const unknown = await deleteUser(999_999).expect(404);
      expect(unknown.body).toEqual({ error: ADMIN_MESSAGES.userNotFound, code: 'USER_NOT_FOUND' });
      expect((await deleteUser('abc').expect(404)).body.code).toBe('NOT_FOUND');
      expect(await auditRows(t, start)).toEqual([]);

      await deleteUser(worker.userId).expect(204);
      const twice = await deleteUser(worker.userId).expect(404);
      expect(twice.body).toEqual({ error: ADMIN_MESSAGES.userNotFound, code: 'USER_NOT_FOUND' });
      expect((await auditRows(t, start)).map((r) => r.action)).toEqual(['user.delete']);
    });
  });

  // ── Membership toggle ─────────────────────────────────────────────────────

  describe('membership toggle', () => {
    it('switches on a pending bank transfer: payment approved, 30 days from now, e-mail, offers public', async () => {
      const employer = await createAccount(t, 'Parent');
      const offer = await addOffer(t, employer, ids);
      const transfer = (await bankTransfer(employer)).body;
      expect(await publicOfferIds(t)).not.toContain(offer.id);
      expect(await activationMails(t, employer.email)).toBe(0);
      const start = await lastAuditId(t);

      const before = Date.now();
      const on = await toggle(transfer.membership_id).expect(200);
      const after = Date.now();
      expect(on.body).toEqual({
        id: transfer.membership_id,
        status: true,
        active: true,
        start_date: expect.any(String),
        end_date: expect.any(String),
        payment_method: 'bank_transfer',
        payment_method_display: 'Transferencia bancaria',
        payment_status: 'approved',
        transaction_id: transfer.transaction_id,
        user_full_name: 'Prueba Apellido',
      });
      const startDate = Date.parse(on.body.start_date);
      expect(startDate).toBeGreaterThanOrEqual(before - 1000);
      expect(startDate).toBeLessThanOrEqual(after + 1000);
      expect(Date.parse(on.body.end_date) - startDate).toBe(30 * DAY);
      const { payments, memberships } = await ledger(t, employer.profileId!);
      expect(payments.map((p) => p.status)).toEqual(['approved']);
      expect(memberships).toEqual([
        expect.objectContaining({
          id: transfer.membership_id,
          status: true,
          start_date: new Date(on.body.start_date),
          end_date: new Date(on.body.end_date),
        }),
      ]);
      expect(await activationMails(t, employer.email)).toBe(1);
      expect(await publicOfferIds(t)).toContain(offer.id);
      await http(t).get(`/api/job-offer/${offer.id}/get/`).expect(200);
      const own = await http(t)
        .get(`/api/parent-profile/${employer.profileId}/membership/get/`)
        .set(employer.auth)
        .expect(200);
      expect(own.body[0]).toMatchObject({ id: transfer.membership_id, status: true });
      const row = (await list<AdminParent>(PARENTS)).find((p) => p.id === employer.profileId)!;
      expect(row.membership).toEqual(on.body);
      const [entry] = await auditRows(t, start);
      expect(entry).toMatchObject({
        actor_id: admin.userId,
        action: 'membership.toggle',
        target_type: 'membership',
        target_id: transfer.membership_id,
        before: { id: transfer.membership_id, status: false, payment_status: 'pending' },
        after: { id: transfer.membership_id, status: true, active: true, payment_status: 'approved' },
      });

      // Toggled again: off, the offer hidden, the payment stays approved.
      const off = await toggle(transfer.membership_id).expect(200);
      expect(off.body).toEqual({ ...on.body, status: false, active: false });
      expect(await publicOfferIds(t)).not.toContain(offer.id);
      await http(t).get(`/api/job-offer/${offer.id}/get/`).expect(404);
      expect((await ledger(t, employer.profileId!)).payments.map((p) => p.status)).toEqual(['approved']);

      // And on again within its days: only the switch moves, no second e-mail.
      const again = await toggle(transfer.membership_id).expect(200);
      expect(again.body).toEqual(on.body);
      expect(await activationMails(t, employer.email)).toBe(1);
      expect(await publicOfferIds(t)).toContain(offer.id);
      expect((await auditRows(t, start)).map((r) => [r.action, r.target_id])).toEqual([
        ['membership.toggle', transfer.membership_id],
        ['membership.toggle', transfer.membership_id],
        ['membership.toggle', transfer.membership_id],
      ]);
    });

    it('restarts 30 days from now when an expired membership is switched on', async () => {
      const employer = await createAccount(t, 'Parent');
      const offer = await addOffer(t, employer, ids);
      const id = await insertMembership(t, employer.profileId!, {
        status: false,
        start: new Date(Date.now() - 60 * DAY),
        end: new Date(Date.now() - 30 * DAY),
      });
      const before = Date.now();
      const on = await toggle(id).expect(200);
      expect(on.body).toMatchObject({ id, status: true, active: true, payment_method: null, payment_status: null });
      const startDate = Date.parse(on.body.start_date);
      expect(startDate).toBeGreaterThanOrEqual(before - 1000);
      expect(startDate).toBeLessThanOrEqual(Date.now() + 1000);
      expect(Date.parse(on.body.end_date) - startDate).toBe(30 * DAY);
      expect(await activationMails(t, employer.email)).toBe(1);
      expect(await publicOfferIds(t)).toContain(offer.id);
    });

    it(
      bothEngines(
        'applies two toggles sent together one after the other: on then off, each audit row true to its moment',
      ),
      async () => {
        const employer = await createAccount(t, 'Parent');
        const transfer = (await bankTransfer(employer)).body;
        const start = await lastAuditId(t);
        // Both requests read the membership, then meet just before the switch (see holdTogether).
        const arrived = holdTogether(t.app.get(MembershipsService), 'setStatusByAdmin', 'before');

        const answers = await Promise.all([toggle(transfer.membership_id), toggle(transfer.membership_id)]);
        expect(answers.map((r) => r.status)).toEqual([200, 200]);
        expect(arrived()).toBe(2);
        const status = (value: unknown) => (value as { status: boolean }).status;
        const { payments, memberships } = await ledger(t, employer.profileId!);
        expect({
          audit: (await auditRows(t, start)).map((r) => [status(r.before), status(r.after)]),
          membership: memberships.map((m) => m.status),
          payment: payments.map((p) => p.status),
          activationMails: await activationMails(t, employer.email),
        }).toEqual({
          audit: [
            [false, true],
            [true, false],
          ],
          membership: [false],
          payment: ['approved'],
          activationMails: 1,
        });
      },
    );

    it('answers 404 for an unknown membership and writes nothing', async () => {
      const start = await lastAuditId(t);
      const res = await toggle(999_999).expect(404);
      expectErrorShape(res.body);
      expect(res.body).toEqual({ error: ADMIN_MESSAGES.membershipNotFound, code: 'MEMBERSHIP_NOT_FOUND' });
      expect((await toggle('abc').expect(404)).body.code).toBe('NOT_FOUND');
      expect(await auditRows(t, start)).toEqual([]);
    });
  });

  // ── The team's offers ─────────────────────────────────────────────────────

  describe('team offers', () => {
    it('adds an offer without employer, public at once, in the admin list', async () => {
      const start = await lastAuditId(t);
      const body = offerBody(ids, { title: 'Oferta del equipo', monthly_price: 520000 });
      const res = await addTeamOffer(body).expect(201);
      expect(res.body).toMatchObject({
        id: expect.any(Number),
        title: 'Oferta del equipo',
        description: body.description,
        status: true,
        parent_profile: null,
        monthly_price: 520000,
        native_language: { id: ids.languages[0] },
        location: {
          neighborhood: 'Palermo',
          province: { id: ids.province },
          municipality: { id: ids.municipalities[0] },
        },
        formatted_created_at: formatDate(new Date()),
      });
      expect(res.body.services.map((s: { id: number }) => s.id)).toEqual([ids.services[0]]);
      expect(res.body.work_shifts.map((s: { id: number }) => s.id).sort()).toEqual(
        [ids.shifts[0], ids.shifts[4]].sort(),
      );
      expect(await offerRow(res.body.id)).toEqual({
        title: 'Oferta del equipo',
        status: true,
        monthly_price: 520000,
        parent_profile_id: null,
      });
      expect(await publicOfferIds(t)).toContain(res.body.id);
      const pub = await http(t).get(`/api/job-offer/${res.body.id}/get/`).expect(200);
      expect(pub.body).toEqual(res.body);
      expect((await list<Offer>(OFFERS))[0]).toEqual({
        ...res.body,
        public_visibility: 'visible',
        public_visibility_display: 'Visible',
      });
      expect(await auditRows(t, start)).toEqual([
        expect.objectContaining({
          actor_id: admin.userId,
          action: 'job_offer.add',
          target_type: 'job_offer',
          target_id: res.body.id,
          before: null,
          after: body,
        }),
      ]);
    });

    it('lists every offer, hidden or with an employer, and searches titles', async () => {
      const employer = await createAccount(t, 'Parent');
      const hidden = await addOffer(t, employer, ids, { title: 'Cocinera Ñoquis Norte' });
      const team = (await addTeamOffer(offerBody(ids, { title: 'COCINERA ñoquis Sur' })).expect(201)).body;
      const percent = (await addTeamOffer(offerBody(ids, { title: 'Cocina 100%' })).expect(201)).body;
      const digits = (await addTeamOffer(offerBody(ids, { title: 'Cocina 1000' })).expect(201)).body;
      const all = await list<Offer>(OFFERS);
      expect(all.find((o) => o.id === hidden.id)).toMatchObject({ parent_profile: { id: employer.profileId } });
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM job_offers`);
      expect(all).toHaveLength(n);
      const titles = async (search: string) => (await page<Offer>(OFFERS, { search })).results.map((o) => o.id);
      expect(await titles('cocinera ÑOQUIS')).toEqual([team.id, hidden.id]);
      expect(await titles('ñoquis sur')).toEqual([team.id]);
      expect(await titles('100%')).toEqual([percent.id]);
      expect(await titles('cocina 100')).toEqual([digits.id, percent.id]);
    });

    it('refuses an invalid offer with 400 and the wizard’s messages, on add and update, writing nothing', async () => {
      const team = (await addTeamOffer(offerBody(ids, { title: 'Antes de validar' })).expect(201)).body;
      const [{ n: offersBefore }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM job_offers`);
      const start = await lastAuditId(t);
      const location = { neighborhood: 'Palermo', province: ids.province, municipality: ids.municipalities[0] };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ title: '' }, 'title', OFFER.titleRequired],
        [{ title: 'a'.repeat(36) }, 'title', OFFER.titleLong],
        [{ description: '  ' }, 'description', OFFER.descriptionRequired],
        [{ description: 'd'.repeat(501) }, 'description', OFFER.descriptionLong],
        [{ location: undefined }, 'location', OFFER.locationRequired],
        [{ location: { ...location, neighborhood: '' } }, 'location', OFFER.locationRequired],
        [{ location: { ...location, municipality: ids.foreignMunicipality } }, 'location', OFFER.municipalityMismatch],
        [{ services: [] }, 'services', OFFER.servicesRequired],
        [{ work_arrangements: [] }, 'work_arrangements', OFFER.arrangementsRequired],
        [{ services: [999_999] }, 'services', OFFER.unknownChoice],
        [{ monthly_price: 10_000_001 }, 'monthly_price', OFFER.priceInvalid],
        [{ monthly_price: '12.5' }, 'monthly_price', OFFER.priceInvalid],
      ];
      for (const [overrides, field, message] of cases) {
        for (const res of [
          await addTeamOffer(offerBody(ids, overrides)),
          await updateOffer(team.id, offerBody(ids, overrides)),
        ]) {
          expect([JSON.stringify(overrides), res.status]).toEqual([JSON.stringify(overrides), 400]);
          expectErrorShape(res.body);
          expect(res.body.code).toBe('VALIDATION_FAILED');
          expect(res.body.errors[field]).toEqual([message]);
        }
      }
      const [{ n: offersAfter }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM job_offers`);
      expect(offersAfter).toBe(offersBefore);
      expect(await offerRow(team.id)).toMatchObject({ title: 'Antes de validar', monthly_price: 450000 });
      expect(await auditRows(t, start)).toEqual([]);
      // The edges are accepted.
      await addTeamOffer(offerBody(ids, { title: 'ñ'.repeat(35), monthly_price: 10_000_000 })).expect(201);
      await addTeamOffer(
        offerBody(ids, { monthly_price: null, tasks: [], languages: [], native_language: null }),
      ).expect(201);
    });

    it('updates a team offer, refuses an employer’s (403 OFFER_HAS_EMPLOYER) and unknown ones (404)', async () => {
      const team = (await addTeamOffer(offerBody(ids, { title: 'Para editar' })).expect(201)).body;
      const start = await lastAuditId(t);
      const body = offerBody(ids, {
        title: '  Limpieza semanal  ',
        monthly_price: '610000',
        services: [ids.services[1]],
        work_shifts: [ids.shifts[2]],
        location: { neighborhood: 'Caballito', province: ids.province, municipality: ids.municipalities[1] },
      });
      const res = await updateOffer(team.id, body).expect(200);
      expect(res.body).toMatchObject({
        id: team.id,
        title: 'Limpieza semanal',
        monthly_price: 610000,
        parent_profile: null,
        status: true,
        location: { neighborhood: 'Caballito', municipality: { id: ids.municipalities[1] } },
      });
      expect(res.body.services.map((s: { id: number }) => s.id)).toEqual([ids.services[1]]);
      expect(res.body.work_shifts.map((s: { id: number }) => s.id)).toEqual([ids.shifts[2]]);
      expect((await http(t).get(`/api/job-offer/${team.id}/get/`).expect(200)).body).toEqual(res.body);
      expect(await auditRows(t, start)).toEqual([
        expect.objectContaining({
          actor_id: admin.userId,
          action: 'job_offer.update',
          target_type: 'job_offer',
          target_id: team.id,
          before: { title: 'Para editar', status: true, parent_profile_id: null },
          after: body,
        }),
      ]);

      const employer = await member();
      const theirs = await addOffer(t, employer, ids, { title: 'Oferta de la familia' });
      const afterUpdate = await lastAuditId(t);
      for (const attempt of [offerBody(ids, { title: 'Editada por el equipo' }), offerBody(ids, { title: '' })]) {
        const refused = await updateOffer(theirs.id, attempt).expect(403);
        expectErrorShape(refused.body);
        expect(refused.body).toEqual({ error: ADMIN_MESSAGES.offerHasEmployer, code: 'OFFER_HAS_EMPLOYER' });
      }
      expect(await offerRow(theirs.id)).toEqual({
        title: 'Oferta de la familia',
        status: true,
        monthly_price: 450000,
        parent_profile_id: employer.profileId,
      });
      const missing = await updateOffer(999_999, offerBody(ids)).expect(404);
      expect(missing.body).toEqual({ error: OFFER.notFound, code: 'OFFER_NOT_FOUND' });
      expect((await updateOffer('abc', offerBody(ids)).expect(404)).body.code).toBe('NOT_FOUND');
      expect(await auditRows(t, afterUpdate)).toEqual([]);
    });

    it('deletes any offer, the team’s or an employer’s, and answers 404 after', async () => {
      const team = (await addTeamOffer(offerBody(ids, { title: 'Para borrar' })).expect(201)).body;
      const employer = await member();
      const theirs = await addOffer(t, employer, ids, { title: 'De la familia, a borrar' });
      expect(await publicOfferIds(t)).toEqual(expect.arrayContaining([team.id, theirs.id]));
      const start = await lastAuditId(t);

      for (const offer of [team, theirs]) {
        const res = await deleteOffer(offer.id).expect(204);
        expect(res.text).toBe('');
        expect(await offerRow(offer.id)).toBeUndefined();
        await http(t).get(`/api/job-offer/${offer.id}/get/`).expect(404);
        const again = await deleteOffer(offer.id).expect(404);
        expect(again.body).toEqual({ error: OFFER.notFound, code: 'OFFER_NOT_FOUND' });
      }
      const listed = await publicOfferIds(t);
      expect(listed).not.toContain(team.id);
      expect(listed).not.toContain(theirs.id);
      expect((await list<Offer>(OFFERS)).map((o) => o.id)).not.toContain(theirs.id);
      const own = await http(t)
        .get(`/api/parent-profile/${employer.profileId}/job-offers/get-all/`)
        .set(employer.auth)
        .expect(200);
      expect(own.body).toEqual([]);
      expect((await deleteOffer(999_999).expect(404)).body.code).toBe('OFFER_NOT_FOUND');
      expect(await auditRows(t, start)).toEqual([
        expect.objectContaining({
          action: 'job_offer.delete',
          target_type: 'job_offer',
          target_id: team.id,
          before: { title: 'Para borrar', status: true, parent_profile_id: null },
          after: null,
        }),
        expect.objectContaining({
          action: 'job_offer.delete',
          target_id: theirs.id,
          before: { title: 'De la familia, a borrar', status: true, parent_profile_id: employer.profileId },
        }),
      ]);
    });

    it(
      bothEngines('deletes an offer once when two deletes come together: one 204, one 404, one audit row'),
      async () => {
        const team = (await addTeamOffer(offerBody(ids, { title: 'Borrada dos veces' })).expect(201)).body;
        const start = await lastAuditId(t);
        // Both requests read the offer, then meet before deleting it (see holdTogether).
        const arrived = holdTogether(t.app.get(JobOffersDirectoryService), 'anyById', 'after');
        const answers = await Promise.all([deleteOffer(team.id), deleteOffer(team.id)]);
        jest.restoreAllMocks();
        expect(arrived()).toBe(2);
        expect(await offerRow(team.id)).toBeUndefined();
        expect({
          statuses: answers.map((r) => r.status).sort(),
          audit: (await auditRows(t, start)).map((r) => [r.action, r.target_id]),
        }).toEqual({ statuses: [204, 404], audit: [['job_offer.delete', team.id]] });
      },
    );
  });

  // ── Payments ──────────────────────────────────────────────────────────────

  describe('payments', () => {
    it('lists payments newest first with their fields, searched by employer name or transaction id', async () => {
      const employer = await createAccount(t, 'Parent');
      await rename(t, employer.userId, 'Pagadora', 'Quintana Ñuñoa');
      const transfer = (await bankTransfer(employer)).body;
      const [card] = await t.dataSource.query(
        `INSERT INTO payments (parent_profile_id, membership_type_id, amount, payment_method, status, transaction_id,
                               provider_payment_id)
         VALUES ($1, $2, 40000, 'mercadopago', 'approved', 'MP-ABC123XYZ', 'MP-ABC123XYZ') RETURNING id, created_at`,
        [employer.profileId, typeId],
      );
      const other = await createAccount(t, 'Parent');
      const otherTransfer = (await bankTransfer(other)).body;

      const all = await list<Payment>(PAYMENTS);
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM payments`);
      expect(all).toHaveLength(n);
      const times = all.map((p) => Date.parse(p.timestamp));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      expect(all.find((p) => p.id === card.id)).toEqual({
        id: card.id,
        user: { full_name: 'Pagadora Quintana Ñuñoa' },
        timestamp: card.created_at.toISOString(),
        transaction_id: 'MP-ABC123XYZ',
        payment_method: 'mercadopago',
        payment_method_display: paymentMethodLabel('mercadopago'),
        amount: 40000,
        status: 'approved',
      });
      expect(all.find((p) => p.transaction_id === transfer.transaction_id)).toMatchObject({
        user: { full_name: 'Pagadora Quintana Ñuñoa' },
        payment_method: 'bank_transfer',
        payment_method_display: 'Transferencia bancaria',
        amount: 40000,
        status: 'pending',
      });

      const found = async (search: string) =>
        (await page<Payment>(PAYMENTS, { search })).results.map((p) => p.transaction_id);
      expect(await found('QUINTANA ñuñoa')).toEqual(['MP-ABC123XYZ', transfer.transaction_id]);
      expect(await found('pagadora quin')).toEqual(['MP-ABC123XYZ', transfer.transaction_id]);
      expect(await found('abc123')).toEqual(['MP-ABC123XYZ']);
      expect(await found(otherTransfer.transaction_id.toLowerCase())).toEqual([otherTransfer.transaction_id]);
      expect(await found('no-existe-este-pago')).toEqual([]);
    });
  });

  // ── Price ─────────────────────────────────────────────────────────────────

  describe('membership price', () => {
    afterAll(async () => {
      await t.dataSource.query(`UPDATE membership_types SET price = 40000 WHERE id = $1`, [typeId]);
    });

    it('reads and changes the price, which the public answer shows at once', async () => {
      expect((await get(PRICE).expect(200)).body).toEqual({ id: typeId, price: 40000 });
      const start = await lastAuditId(t);
      expect((await setPrice({ price: 45000 }).expect(200)).body).toEqual({ id: typeId, price: 45000 });
      expect((await get(PRICE).expect(200)).body).toEqual({ id: typeId, price: 45000 });
      expect((await http(t).get('/api/membership-type/get/').expect(200)).body).toMatchObject({
        id: typeId,
        price: 45000,
      });
      expect(await price()).toBe(45000);
      expect(await auditRows(t, start)).toEqual([
        expect.objectContaining({
          actor_id: admin.userId,
          action: 'membership_type.price',
          target_type: 'membership_type',
          target_id: typeId,
          before: { price: 40000 },
          after: { price: 45000 },
        }),
      ]);
    });

    // Every refused value is in the DTO's unit test (server/src/modules/admin/dto/admin.dto.spec.ts);
    // here two of them prove the route answers the refusal and changes nothing.
    it.each([[0], ['abc']])(
      'refuses %p with 400 "Ingresá un precio válido mayor a 0" and keeps the price',
      async (value) => {
        const before = await price();
        const start = await lastAuditId(t);
        const res = await setPrice(value === undefined ? {} : { price: value });
        expect(res.status).toBe(400);
        expectErrorShape(res.body);
        expect(res.body).toEqual({
          error: ADMIN_MESSAGES.invalidPrice,
          code: 'VALIDATION_FAILED',
          errors: { price: [ADMIN_MESSAGES.invalidPrice] },
        });
        expect(await price()).toBe(before);
        expect((await http(t).get('/api/membership-type/get/').expect(200)).body.price).toBe(before);
        expect(await auditRows(t, start)).toEqual([]);
      },
    );

    it(bothEngines('records the true previous price when two changes come together'), async () => {
      await setPrice({ price: 40000 }).expect(200);
      const start = await lastAuditId(t);
      // Both requests read the current price, then meet before writing theirs (see holdTogether).
      const arrived = holdTogether(t.app.get(MembershipsService), 'currentType', 'after');
      const answers = await Promise.all([setPrice({ price: 41000 }), setPrice({ price: 42000 })]);
      jest.restoreAllMocks();
      expect(arrived()).toBe(2);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const rows = (await auditRows(t, start)).map((r) => ({
        before: (r.before as { price: number }).price,
        after: (r.after as { price: number }).price,
      }));
      expect(rows).toHaveLength(2);
      const [first, second] = rows as [{ before: number; after: number }, { before: number; after: number }];
      // Whatever the order, the first change starts from 40000 and the second from the first one's price.
      expect({ first: first.before, second: second.before, now: await price() }).toEqual({
        first: 40000,
        second: first.after,
        now: second.after,
      });
      expect([first.after, second.after].sort()).toEqual([41000, 42000]);
      await setPrice({ price: 40000 }).expect(200);
    });

    it('accepts the edges 1 and 100,000,000', async () => {
      expect((await setPrice({ price: 1 }).expect(200)).body.price).toBe(1);
      expect((await setPrice({ price: 100_000_000 }).expect(200)).body.price).toBe(100_000_000);
      expect(await price()).toBe(100_000_000);
      await setPrice({ price: 40000 }).expect(200);
      expect(await price()).toBe(40000);
    });
  });

  // ── Stats ─────────────────────────────────────────────────────────────────

  describe('stats', () => {
    it('counts users, workers, employers, offers and active memberships, and 30 days of sign-ups', async () => {
      const before = await stats();
      expect(Object.keys(before).sort()).toEqual(
        [
          'daily',
          'job_offers',
          'memberships',
          'parents',
          'users',
          'workers',
          'revenue_this_month',
          'revenue_last_month',
          'new_parents_30d',
          'new_parents_paid_7d',
          'memberships_ending_7d',
          'workers_visible_this_month',
          'failed_jobs',
          'saved_items',
          'saved_searches',
          'hire_proposals',
          'hires',
          'worker_conversations',
          'active_hires',
        ].sort(),
      );
      // Every account here has one profile; admins are not users of the marketplace.
      expect(before.users).toBe(before.workers + before.parents);
      const [{ n: offers }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM job_offers`);
      expect(before.job_offers).toBe(offers);
      const today = arDay();
      expect(before.daily.map((d) => d.date)).toEqual(thirtyDaysTo(today));

      await createAccount(t, 'Worker');
      const employer = await createAccount(t, 'Parent');
      await addOffer(t, employer, ids); // hidden (no membership), counted all the same
      await member(); // an active membership
      const paying = await createAccount(t, 'Parent');
      const transfer = (await bankTransfer(paying)).body;
      await toggle(transfer.membership_id).expect(200); // approves a payment today: another active membership
      await insertMembership(t, employer.profileId!, {
        start: new Date(Date.now() - 60 * DAY),
        end: new Date(Date.now() - DAY),
      }); // expired: not counted
      await createAccount(t, 'admin'); // not a user of the marketplace
      await addTeamOffer(offerBody(ids, { title: 'Oferta para contar' })).expect(201);

      const after = await stats();
      expect(after).toMatchObject({
        users: before.users + 4,
        workers: before.workers + 1,
        parents: before.parents + 3,
        job_offers: before.job_offers + 2,
        memberships: before.memberships + 2,
      });
      expect(after.daily).toHaveLength(30);
      expect(after.daily.map((d) => d.date)).toEqual(thirtyDaysTo(today));
      const point = (s: Stats) => s.daily[29]!;
      expect(point(after)).toEqual({
        date: today,
        signups: point(before).signups + 4,
        payments: point(before).payments + 1,
      });
      // The days before today did not move, and today holds every sign-up of this suite.
      expect(after.daily.slice(0, 29)).toEqual(before.daily.slice(0, 29));
      const [{ n: today_ }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM users WHERE NOT is_admin
            AND (created_at AT TIME ZONE 'America/Argentina/Buenos_Aires')::date = $1::date`,
        [today],
      );
      expect(point(after).signups).toBe(today_);
    });

    it('counts an employer with a renewal once, and neither a deleted nor an expired one', async () => {
      const before = await stats();
      const renewing = await createAccount(t, 'Parent');
      await insertMembership(t, renewing.profileId!); // active now
      await insertMembership(t, renewing.profileId!, {
        start: new Date(Date.now() + 20 * DAY),
        end: new Date(Date.now() + 50 * DAY),
      }); // the renewal, bought before the end: a second active row
      await member();
      const switchedOff = await createAccount(t, 'Parent');
      await insertMembership(t, switchedOff.profileId!, { status: false });
      const gone = await member();
      expect((await stats()).memberships).toBe(before.memberships + 3);
      await deleteUser(gone.userId).expect(204);
      const after = await stats();
      expect(after.memberships).toBe(before.memberships + 2);
      // The day's sign-ups keep the deleted account (it signed up today); the users count does not.
      expect(after.daily[29]!.signups).toBe(before.daily[29]!.signups + 4);
      expect(after.parents).toBe(before.parents + 3);
      const [{ n }] = await t.dataSource.query(
        `SELECT count(DISTINCT ms.parent_profile_id)::int AS n FROM memberships ms
           JOIN parent_profiles p ON p.id = ms.parent_profile_id JOIN users u ON u.id = p.user_id
          WHERE ms.status AND ms.end_date > now() AND u.deleted_at IS NULL`,
      );
      expect(after.memberships).toBe(n);
    });
  });

  // ── Audit ─────────────────────────────────────────────────────────────────

  describe("resetting another admin's second factor", () => {
    const reset = (userId: number | string, auth = admin.auth) =>
      http(t).post(`/api/admin/team/${userId}/second-factor/reset`).set(auth);
    const secondFactorRow = async (userId: number) =>
      (await t.dataSource.query(`SELECT confirmed_at IS NOT NULL AS enrolled FROM admin_totp WHERE user_id = $1`, [
        userId,
      ])) as { enrolled: boolean }[];
    const mails = async (to: string) =>
      (await t.dataSource.query(`SELECT subject, text FROM email_outbox WHERE to_address = $1 ORDER BY id`, [to])) as {
        subject: string;
        text: string;
      }[];

    it('lists the team with each second factor, and marks the admin asking', async () => {
      const pending = await createAccount(t, 'admin');
      await t.dataSource.query(`UPDATE admin_totp SET confirmed_at = NULL WHERE user_id = $1`, [pending.userId]);
      const worker = await createAccount(t, 'Worker');
      const team = (await get('/api/admin/team').expect(200)).body as {
        id: number;
        email: string;
        second_factor: boolean;
        current: boolean;
      }[];
      expect(team.find((m) => m.id === admin.userId)).toMatchObject({ second_factor: true, current: true });
      expect(team.find((m) => m.id === pending.userId)).toMatchObject({
        email: pending.email,
        second_factor: false,
        current: false,
      });
      expect(team.map((m) => m.id)).not.toContain(worker.userId);
    });

    it('removes the enrolment, ends every session, audits and tells them; the next login enrols again', async () => {
      const lost = await createAccount(t, 'admin');
      const other = await sessionThroughApi(t, lost.email);
      const start = await lastAuditId(t);

      await reset(lost.userId).expect(204);

      expect(await secondFactorRow(lost.userId)).toEqual([]);
      // Both logins are over: the access tokens at once, the refresh tokens too.
      await http(t).get('/api/user/get-data/').set(lost.auth).expect(401);
      await http(t).get('/api/user/get-data/').set('Authorization', `Bearer ${other.access}`).expect(401);
      await http(t).post('/api/token/refresh/').send({ refresh: other.refresh }).expect(401);
      const [{ open }] = await t.dataSource.query(
        `SELECT count(*)::int AS open FROM refresh_tokens WHERE user_id = $1 AND revoked_at IS NULL`,
        [lost.userId],
      );
      expect(open).toBe(0);
      expect(
        (await auditRows(t, start)).map((r) => [r.action, r.actor_id, r.target_type, r.target_id, r.before, r.after]),
      ).toEqual([
        [
          'second_factor.reset',
          admin.userId,
          'user',
          lost.userId,
          { enrolled: true, sessions: 2 },
          { enrolled: false, sessions: 0 },
        ],
      ]);
      const told = await mails(lost.email);
      expect(told.map((m) => m.subject)).toEqual(['Restablecimos tu verificación en dos pasos']);
      expect(told[0]!.text).toContain('cerramos todas tus sesiones');

      // The password leads to enrolling a new app, not to a code of the old one.
      const login = await http(t)
        .post('/api/token/')
        .set('X-Forwarded-For', '198.51.100.61')
        .send({ username: lost.email, password: 'clave1234' })
        .expect(200);
      expect(login.body).toEqual({ mfa: 'enroll', mfa_token: expect.any(String), is_admin: true });
      // The team sees it waiting for enrolment.
      const team = (await get('/api/admin/team').expect(200)).body as { id: number; second_factor: boolean }[];
      expect(team.find((m) => m.id === lost.userId)?.second_factor).toBe(false);
    });

    it('refuses their own account (403), a non-admin (404) and a missing one (404), changing nothing', async () => {
      const worker = await createAccount(t, 'Worker');
      const start = await lastAuditId(t);

      let res = await reset(admin.userId).expect(403);
      expectErrorShape(res.body);
      expect(res.body).toEqual({ error: ADMIN_MESSAGES.ownSecondFactor, code: 'OWN_SECOND_FACTOR' });
      expect(await secondFactorRow(admin.userId)).toEqual([{ enrolled: true }]);
      await get('/api/user/get-data/').expect(200);

      res = await reset(worker.userId).expect(404);
      expect(res.body).toEqual({ error: ADMIN_MESSAGES.notAnAdmin, code: 'NOT_AN_ADMIN' });
      await http(t).get('/api/user/get-data/').set(worker.auth).expect(200);

      res = await reset(999_999).expect(404);
      expect(res.body).toEqual({ error: ADMIN_MESSAGES.userNotFound, code: 'USER_NOT_FOUND' });
      res = await reset('abc').expect(404);
      expectErrorShape(res.body);

      expect(await auditRows(t, start)).toEqual([]);
      expect(await mails(worker.email)).toEqual([]);
    });

    it('limits the resets of one admin (429 in the one error shape)', async () => {
      const resetter = await createAccount(t, 'admin');
      const targets: TestAccount[] = [];
      for (let i = 0; i <= SECOND_FACTOR_RESETS.limit; i += 1) targets.push(await createAccount(t, 'admin'));
      for (const target of targets.slice(0, SECOND_FACTOR_RESETS.limit))
        await reset(target.userId, resetter.auth).expect(204);
      const res = await reset(targets[SECOND_FACTOR_RESETS.limit]!.userId, resetter.auth).expect(429);
      expectErrorShape(res.body);
      expect(res.body.code).toBe('RATE_LIMITED');
      expect(await secondFactorRow(targets[SECOND_FACTOR_RESETS.limit]!.userId)).toEqual([{ enrolled: true }]);
    });
  });

  describe('audit log', () => {
    it('writes one row per change with actor, action, target, before and after', async () => {
      const worker = await createAccount(t, 'Worker');
      const gone = await createAccount(t, 'Worker');
      const employer = await createAccount(t, 'Parent');
      const transfer = (await bankTransfer(employer)).body;
      const start = await lastAuditId(t);

      await setVisibility(worker.userId, { visible: false }).expect(200);
      await deleteUser(gone.userId).expect(204);
      await toggle(transfer.membership_id).expect(200);
      const offer = (await addTeamOffer(offerBody(ids, { title: 'Auditada' })).expect(201)).body;
      await updateOffer(offer.id, offerBody(ids, { title: 'Auditada dos' })).expect(200);
      await deleteOffer(offer.id).expect(204);
      await setPrice({ price: 41000 }).expect(200);
      await setPrice({ price: 40000 }).expect(200);
      // Reads leave no trace.
      for (const path of [WORKERS, PARENTS, OFFERS, PAYMENTS, STATS, PRICE]) await get(path).expect(200);

      const rows = await auditRows(t, start);
      expect(rows.map((r) => [r.actor_id, r.action, r.target_type, r.target_id])).toEqual([
        [admin.userId, 'user.visibility', 'user', worker.userId],
        [admin.userId, 'user.delete', 'user', gone.userId],
        [admin.userId, 'membership.toggle', 'membership', transfer.membership_id],
        [admin.userId, 'job_offer.add', 'job_offer', offer.id],
        [admin.userId, 'job_offer.update', 'job_offer', offer.id],
        [admin.userId, 'job_offer.delete', 'job_offer', offer.id],
        [admin.userId, 'membership_type.price', 'membership_type', typeId],
        [admin.userId, 'membership_type.price', 'membership_type', typeId],
      ]);
      expect(rows.map((r) => [r.before, r.after])).toEqual([
        [{ profile_visibility: false }, { profile_visibility: false }],
        [expect.objectContaining({ email: gone.email, profile_type: 'Worker' }), { deleted: true }],
        [
          expect.objectContaining({ status: false, payment_status: 'pending' }),
          expect.objectContaining({ status: true, payment_status: 'approved' }),
        ],
        [null, expect.objectContaining({ title: 'Auditada' })],
        [
          { title: 'Auditada', status: true, parent_profile_id: null },
          expect.objectContaining({ title: 'Auditada dos' }),
        ],
        [{ title: 'Auditada dos', status: true, parent_profile_id: null }, null],
        [{ price: 40000 }, { price: 41000 }],
        [{ price: 41000 }, { price: 40000 }],
      ]);
      for (const row of rows) expect(Math.abs(row.created_at.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('writes no row for a refused action', async () => {
      const employer = await member();
      const theirs = await addOffer(t, employer, ids);
      const team = (await addTeamOffer(offerBody(ids)).expect(201)).body;
      const start = await lastAuditId(t);
      await setVisibility(employer.userId, { visible: true }).expect(400);
      await setVisibility(999_999, { visible: true }).expect(404);
      await deleteUser(admin.userId).expect(403);
      await deleteUser(999_999).expect(404);
      await toggle(999_999).expect(404);
      await addTeamOffer(offerBody(ids, { services: [] })).expect(400);
      await updateOffer(theirs.id, offerBody(ids)).expect(403);
      await updateOffer(team.id, offerBody(ids, { title: '' })).expect(400);
      await deleteOffer(999_999).expect(404);
      await setPrice({ price: 0 }).expect(400);
      // And nothing for another role's refused call either.
      await http(t).put(PRICE).set(employer.auth).send({ price: 1 }).expect(403);
      expect(await auditRows(t, start)).toEqual([]);
    });

    it('keeps each change and its audit row together: when the row cannot be written, nothing changes', async () => {
      const worker = await createAccount(t, 'Worker');
      const victim = await createAccount(t, 'Worker');
      const session = (await login(victim.email).expect(200)).body;
      const employer = await createAccount(t, 'Parent');
      const transfer = (await bankTransfer(employer)).body;
      const team = (await addTeamOffer(offerBody(ids, { title: 'Intacta' })).expect(201)).body;
      const start = await lastAuditId(t);
      jest.spyOn(t.app.get(AuditLog), 'record').mockRejectedValue(new Error('audit log unavailable'));

      const failures = [
        await setVisibility(worker.userId, { visible: false }),
        await deleteUser(victim.userId),
        await toggle(transfer.membership_id),
        await addTeamOffer(offerBody(ids, { title: 'Sin auditoría' })),
        await updateOffer(team.id, offerBody(ids, { title: 'Sin auditoría' })),
        await deleteOffer(team.id),
        await setPrice({ price: 47000 }),
      ];
      for (const res of failures) {
        expect(res.status).toBe(500);
        expectErrorShape(res.body);
      }
      jest.restoreAllMocks();

      expect(await workerRow(worker.userId)).toEqual({ profile_visibility: false, hidden_by_admin: false });
      const [victimRow] = await t.dataSource.query(`SELECT email, is_active, deleted_at FROM users WHERE id = $1`, [
        victim.userId,
      ]);
      expect(victimRow).toEqual({ email: victim.email, is_active: true, deleted_at: null });
      await http(t).post('/api/token/refresh/').send({ refresh: session.refresh }).expect(200);
      const { payments, memberships } = await ledger(t, employer.profileId!);
      expect([payments[0]!.status, memberships[0]!.status]).toEqual(['pending', false]);
      expect(await activationMails(t, employer.email)).toBe(0);
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM job_offers WHERE title = 'Sin auditoría'`,
      );
      expect(n).toBe(0);
      expect(await offerRow(team.id)).toMatchObject({ title: 'Intacta' });
      expect(await price()).toBe(40000);
      expect(await auditRows(t, start)).toEqual([]);
    });
  });
});
