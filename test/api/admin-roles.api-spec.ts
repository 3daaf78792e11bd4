import { PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { AUTH_MESSAGES } from '@cym/common';
import { AdminController } from '../../server/src/modules/admin/admin.controller';
import { AdminEmployersController } from '../../server/src/modules/admin/admin-employers.controller';
import { AdminTeamController } from '../../server/src/modules/admin/admin-team.controller';
import { AuditController } from '../../server/src/modules/admin/audit.controller';
import { AdminReferencesController } from '../../server/src/modules/references/references.controller';
import { AdminVerificationsController } from '../../server/src/modules/verifications/verifications.controller';
import { AdminWagesController } from '../../server/src/modules/wages/wages.controller';
import { AdminModerationController } from '../../server/src/modules/moderation/moderation.controller';
import sharp from 'sharp';
import { createAccount, TestAccount } from '../support/accounts';
import { auditRows } from '../support/admin';
import { addOffer, CatalogIds, catalogIds, insertMembership, membershipTypeId, offerBody } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface Route {
  method: Method;
  path: string;
  body?: unknown;
  /** What an admin gets, when not the method's usual (201 for a POST, 204 for a DELETE, else 200). */
  status?: number;
}

/** Nine amounts of a wage scale: each category and arrangement once. */
const wageRates = () =>
  [1, 2, 4, 5]
    .flatMap((category) => [
      { category, arrangement: 'con_retiro', hourly: 4000, monthly: 500000 },
      { category, arrangement: 'sin_retiro', hourly: 4400, monthly: 550000 },
    ])
    .concat([{ category: 3, arrangement: 'unica', hourly: 4000, monthly: 500000 }]);

/** `PUT /api/admin/user/12/delete/` → `PUT /api/admin/user/{id}/delete`: the shape a route is declared with. */
const declared = (r: Route) =>
  `${r.method.toUpperCase()} ${r.path
    .split('?')[0]!
    .replace(/\/\d+(?=\/|$)/g, '/{id}')
    .replace(/\/(worker_profile|job_offer|message)(?=\/)/, '/{id}')
    .replace(/\/$/, '')}`;

/**
 * The admin back office's doors: every route of the admin controller refuses anonymous callers with
 * 401 and every signed-in non-admin with 403 ADMIN_ONLY, an employer with an active membership
 * included, and changes nothing while refusing.
 */
describe('admin API: only admins get in', () => {
  let t: TestApp;
  let ids: CatalogIds;
  let admin: TestAccount;
  let worker: TestAccount;
  let employer: TestAccount;
  let member: TestAccount;
  /** What the walk aims at: a worker to hide and delete, an employer's membership, a team offer. */
  let targetWorker: TestAccount;
  let targetEmployer: TestAccount;
  /** An employer without any membership, for the admin's grant by hand. */
  let grantee: TestAccount;
  /** Another admin, whose second factor the walk resets. */
  let teammate: TestAccount;
  let membershipId: number;
  let teamOfferId: number;
  let employerOfferId: number;
  let typeId: number;
  /** Two documents to review, a reference to hide, a service to map. */
  let dniId: number;
  let certificateId: number;
  let referenceId: number;
  let serviceId: number;
  /** A decision on a report to undo, a warning word to remove. */
  let actionId: number;
  let wordId: number;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    ids = await catalogIds(t);
    typeId = await membershipTypeId(t);
    admin = await createAccount(t, 'admin');
    worker = await createAccount(t, 'Worker');
    employer = await createAccount(t, 'Parent');
    member = await createAccount(t, 'Parent');
    await insertMembership(t, member.profileId!);
    targetWorker = await createAccount(t, 'Worker');
    targetEmployer = await createAccount(t, 'Parent');
    membershipId = await insertMembership(t, targetEmployer.profileId!, { status: false });
    grantee = await createAccount(t, 'Parent');
    teammate = await createAccount(t, 'admin');
    employerOfferId = (await addOffer(t, targetEmployer, ids)).id;
    teamOfferId = (
      await http(t)
        .post('/api/admin/job-offers/add/')
        .set(admin.auth)
        .send(offerBody(ids, { title: 'Oferta del equipo' }))
        .expect(201)
    ).body.id;
    const docWorker = await createAccount(t, 'Worker');
    const image = await sharp({ create: { width: 600, height: 380, channels: 3, background: '#cde' } })
      .jpeg()
      .toBuffer();
    const upload = async (kind: string) =>
      (
        await http(t)
          .post(`/api/verifications/mine/${kind}`)
          .set(docWorker.auth)
          .attach('file', image, 'documento.jpg')
          .expect(200)
      ).body.id as number;
    dniId = await upload('dni');
    certificateId = await upload('background_check');
    [{ id: referenceId }] = await t.dataSource.query(
      `INSERT INTO "references" (author_user_id, subject_user_id, stars, text)
       VALUES ($1, $2, 2, 'Una referencia que alguien denunció.') RETURNING id`,
      [member.userId, docWorker.userId],
    );
    [{ id: serviceId }] = await t.dataSource.query(`SELECT id FROM services WHERE title = 'commercial_cleaning'`);
    // Two reports on the target worker: one a decision closed (to undo), one open (to dismiss).
    [{ id: actionId }] = await t.dataSource.query(
      `INSERT INTO moderation_actions (target_type, target_id, target_user_id, action, actor_id)
       VALUES ('worker_profile', $1, $2, 'dismiss', $3) RETURNING id`,
      [targetWorker.profileId, targetWorker.userId, admin.userId],
    );
    await t.dataSource.query(
      `INSERT INTO reports (reporter_id, target_type, target_id, target_user_id, reason, action_id, handled_at)
       VALUES ($1, 'worker_profile', $2, $3, 'fake', $4, now()), ($5, 'worker_profile', $2, $3, 'other', NULL, NULL)`,
      [member.userId, targetWorker.profileId, targetWorker.userId, actionId, employer.userId],
    );
    [{ id: wordId }] = await t.dataSource.query(`SELECT id FROM safety_words ORDER BY id LIMIT 1`);
  });
  afterAll(() => t.close());

  /** Every admin route, with real ids and a valid body; the deletes last (the admin walk runs it in order). */
  const routes = (): Route[] => [
    { method: 'get', path: '/api/admin/worker-profiles/get-all/' },
    { method: 'get', path: '/api/admin/parent-profiles/get-all/' },
    {
      method: 'put',
      path: `/api/admin/user/${targetWorker.userId}/toggle-profile-visibility/`,
      body: { visible: false },
    },
    { method: 'put', path: `/api/admin/membership/${membershipId}/toggle-status/` },
    { method: 'get', path: '/api/admin/job-offers/get-all/' },
    { method: 'post', path: '/api/admin/job-offers/add/', body: offerBody(ids, { title: 'Intrusa' }) },
    {
      method: 'patch',
      path: `/api/admin/job-offer/${teamOfferId}/update/`,
      body: offerBody(ids, { title: 'Cambiada por intrusos' }),
    },
    { method: 'get', path: '/api/admin/payments/get-all/' },
    { method: 'get', path: '/api/admin/membership-type/' },
    { method: 'put', path: '/api/admin/membership-type/', body: { price: 1 } },
    { method: 'get', path: '/api/admin/stats/get-all/' },
    { method: 'get', path: `/api/admin/parent-profile/${targetEmployer.profileId}` },
    { method: 'post', path: `/api/admin/parent-profile/${grantee.profileId}/membership/grant` },
    { method: 'get', path: '/api/admin/team' },
    { method: 'post', path: `/api/admin/team/${teammate.userId}/second-factor/reset`, status: 204 },
    { method: 'get', path: '/api/admin/audit-log/get-all' },
    { method: 'get', path: '/api/admin/audit-log/filters' },
    { method: 'get', path: '/api/admin/verifications' },
    { method: 'post', path: `/api/admin/verifications/${dniId}/approve`, body: {}, status: 200 },
    {
      method: 'post',
      path: `/api/admin/verifications/${certificateId}/reject`,
      body: { reason: 'No se lee la fecha de emisión.' },
      status: 200,
    },
    { method: 'get', path: '/api/admin/wages/scales' },
    {
      method: 'post',
      path: '/api/admin/wages/scales',
      body: { effective_from: '2030-01-01', source: 'Escala de prueba de los permisos', rates: wageRates() },
    },
    { method: 'put', path: `/api/admin/wages/services/${serviceId}`, body: { category: 5 } },
    { method: 'get', path: '/api/admin/wages/parameters' },
    {
      method: 'post',
      path: '/api/admin/wages/parameters',
      body: {
        key: 'vacation_divisor',
        effective_from: '2030-01-01',
        value: 30,
        source: 'Valor de prueba de los permisos',
      },
    },
    { method: 'get', path: '/api/admin/references' },
    {
      method: 'post',
      path: `/api/admin/references/${referenceId}/hide`,
      body: { reason: 'Denuncia confirmada' },
      status: 204,
    },
    { method: 'post', path: `/api/admin/references/${referenceId}/restore`, status: 204 },
    { method: 'get', path: '/api/admin/reports' },
    { method: 'get', path: '/api/admin/reports/decisions' },
    { method: 'get', path: `/api/admin/reports/worker_profile/${targetWorker.profileId}` },
    {
      method: 'post',
      path: `/api/admin/reports/worker_profile/${targetWorker.profileId}/actions`,
      body: { action: 'dismiss' },
      status: 200,
    },
    { method: 'post', path: `/api/admin/moderation-actions/${actionId}/undo`, status: 200 },
    { method: 'get', path: '/api/admin/safety-words' },
    { method: 'post', path: '/api/admin/safety-words', body: { word: 'permisos de prueba' } },
    { method: 'delete', path: `/api/admin/safety-words/${wordId}`, status: 200 },
    { method: 'delete', path: `/api/admin/job-offer/${employerOfferId}/delete/` },
    { method: 'delete', path: `/api/admin/user/${targetWorker.userId}/delete/` },
  ];

  const call = (route: Route, headers: Record<string, string> = {}) => {
    const req = http(t)[route.method](route.path).set(headers);
    return route.body === undefined ? req : req.send(route.body as object);
  };

  /** What the refused calls would have changed. */
  const state = async () => {
    const [user] = await t.dataSource.query(
      `SELECT u.email, u.first_name, u.is_active, u.deleted_at, w.profile_visibility, w.hidden_by_admin
         FROM users u JOIN worker_profiles w ON w.user_id = u.id WHERE u.id = $1`,
      [targetWorker.userId],
    );
    const offers = await t.dataSource.query(`SELECT id, title, parent_profile_id FROM job_offers ORDER BY id`);
    const memberships = await t.dataSource.query(
      `SELECT id, status, start_date, end_date FROM memberships ORDER BY id`,
    );
    const [type] = await t.dataSource.query(`SELECT price FROM membership_types WHERE id = $1`, [typeId]);
    const [audit] = await t.dataSource.query(`SELECT count(*)::int AS n FROM admin_audit_log`);
    const [secondFactor] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM admin_totp WHERE user_id = $1 AND confirmed_at IS NOT NULL`,
      [teammate.userId],
    );
    return { user, offers, memberships, price: type.price, auditRows: audit.n, teammateEnrolled: secondFactor.n };
  };

  it('lists in its table every admin route the app declares (OpenAPI document and controller)', async () => {
    const table = new Set(routes().map(declared));
    expect(table.size).toBe(routes().length);

    const doc = await http(t).get('/api/openapi.json').expect(200);
    const documented: string[] = [];
    for (const [path, operations] of Object.entries(doc.body.paths as Record<string, Record<string, unknown>>)) {
      if (!path.startsWith('/api/admin')) continue;
      for (const method of Object.keys(operations))
        if (['get', 'post', 'put', 'patch', 'delete'].includes(method))
          documented.push(`${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{id}')}`);
    }

    // The controller's own declarations, read from Nest's metadata (an undocumented route counts too).
    const controller: string[] = [];
    for (const type of [
      AdminController,
      AdminEmployersController,
      AdminTeamController,
      AuditController,
      AdminVerificationsController,
      AdminWagesController,
      AdminReferencesController,
      AdminModerationController,
    ]) {
      const prefix = Reflect.getMetadata(PATH_METADATA, type) as string;
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as unknown as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
        if (path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        // `@Get()` declares '/': 'admin/references//' is 'admin/references'.
        const route = `/api/${prefix}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
        controller.push(`${method} ${route}`.replace(/:[A-Za-z]+/g, '{id}'));
      }
    }

    expect(controller.length).toBeGreaterThanOrEqual(13);
    expect(documented.filter((route) => !table.has(route))).toEqual([]);
    expect(controller.filter((route) => !table.has(route))).toEqual([]);
    // And nothing in the table that the app does not declare (a stale row would prove nothing).
    expect([...table].filter((route) => !documented.includes(route))).toEqual([]);
    expect([...table].sort()).toEqual([...new Set(controller)].sort());
  });

  it('answers 401 without a token or with a bad one', async () => {
    for (const route of routes()) {
      const res = await call(route);
      expect([declared(route), res.status]).toEqual([declared(route), 401]);
      expect(res.body).toEqual({ error: AUTH_MESSAGES.loginRequired, code: 'AUTH_REQUIRED' });
      const forged = await call(route, { Authorization: 'Bearer not.a.token' });
      expect([declared(route), forged.status]).toEqual([declared(route), 401]);
      expect(forged.body.code).toBe('INVALID_TOKEN');
    }
  });

  it.each([
    ['a worker', () => worker],
    ['an employer without membership', () => employer],
    ['an employer with an active membership', () => member],
  ])('answers 403 ADMIN_ONLY to %s on every route', async (_who, who) => {
    for (const route of routes()) {
      const res = await call(route, who().auth);
      expect([declared(route), res.status]).toEqual([declared(route), 403]);
      expectErrorShape(res.body);
      expect(res.body).toEqual({ error: AUTH_MESSAGES.adminOnly, code: 'ADMIN_ONLY' });
    }
  });

  it('refuses non-admins acting on their own account, membership and offer through the admin routes', async () => {
    const own = await createAccount(t, 'Parent');
    const ownMembership = await insertMembership(t, own.profileId!, { status: false });
    const ownOffer = await addOffer(t, own, ids);
    const self = await createAccount(t, 'Worker');
    const attempts: [TestAccount, Route][] = [
      [own, { method: 'put', path: `/api/admin/membership/${ownMembership}/toggle-status/` }],
      [own, { method: 'patch', path: `/api/admin/job-offer/${ownOffer.id}/update/`, body: offerBody(ids) }],
      [own, { method: 'delete', path: `/api/admin/job-offer/${ownOffer.id}/delete/` }],
      [own, { method: 'delete', path: `/api/admin/user/${own.userId}/delete/` }],
      [
        self,
        { method: 'put', path: `/api/admin/user/${self.userId}/toggle-profile-visibility/`, body: { visible: true } },
      ],
      [self, { method: 'delete', path: `/api/admin/user/${self.userId}/delete/` }],
      // Missing ids and bad bodies meet the guard first: nothing about the data leaks.
      [self, { method: 'delete', path: '/api/admin/user/999999/delete/' }],
      [self, { method: 'put', path: '/api/admin/membership-type/', body: { price: 'gratis' } }],
    ];
    for (const [who, route] of attempts) {
      const res = await call(route, who.auth);
      expect([declared(route), res.status, res.body.code]).toEqual([declared(route), 403, 'ADMIN_ONLY']);
    }
    const [membership] = await t.dataSource.query(`SELECT status FROM memberships WHERE id = $1`, [ownMembership]);
    expect(membership.status).toBe(false);
    const offers = await t.dataSource.query(`SELECT id FROM job_offers WHERE id = $1`, [ownOffer.id]);
    expect(offers).toHaveLength(1);
    const users = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM users WHERE id = ANY($1::int[]) AND deleted_at IS NULL AND is_active`,
      [[own.userId, self.userId]],
    );
    expect(users[0].n).toBe(2);
  });

  it('changes nothing while refusing: no audit row, user, offers, membership and price as before', async () => {
    const before = await state();
    for (const who of [undefined, worker, employer, member])
      for (const route of routes()) await call(route, who?.auth ?? {});
    const after = await state();
    expect(after).toEqual(before);
    expect(after.auditRows).toBe(1); // the team offer of the set-up, nothing since
    expect(after.user).toMatchObject({ email: targetWorker.email, is_active: true, deleted_at: null });
    expect(after.offers.map((o: { id: number }) => o.id)).toEqual(
      expect.arrayContaining([teamOfferId, employerOfferId]),
    );
    expect(after.offers.find((o: { id: number }) => o.id === teamOfferId).title).toBe('Oferta del equipo');
    expect(after.memberships.find((m: { id: number }) => m.id === membershipId).status).toBe(false);
    expect(after.price).toBe(40000);
    expect(after.teammateEnrolled).toBe(1);
    expect((await auditRows(t)).map((r) => r.action)).toEqual(['job_offer.add']);
  });

  it('lets an admin through every route of the table (so the refusals above are about the role)', async () => {
    for (const route of routes()) {
      const res = await call(route, admin.auth);
      expect([declared(route), res.status]).toEqual([
        declared(route),
        route.status ?? (route.method === 'post' ? 201 : route.method === 'delete' ? 204 : 200),
      ]);
    }
    // Every change of the walk is in the log, by this admin.
    const actions = (await auditRows(t)).slice(1);
    expect(actions.map((r) => [r.action, r.actor_id])).toEqual([
      ['user.visibility', admin.userId],
      ['membership.toggle', admin.userId],
      ['job_offer.add', admin.userId],
      ['job_offer.update', admin.userId],
      ['membership_type.price', admin.userId],
      ['membership.grant', admin.userId],
      ['second_factor.reset', admin.userId],
      ['verification.approve', admin.userId],
      ['verification.reject', admin.userId],
      ['wage_scale.create', admin.userId],
      ['wage_service.category', admin.userId],
      ['labor_parameter.create', admin.userId],
      ['reference.hide', admin.userId],
      ['reference.restore', admin.userId],
      ['moderation.dismiss', admin.userId],
      ['moderation.undo', admin.userId],
      ['safety_word.add', admin.userId],
      ['safety_word.remove', admin.userId],
      ['job_offer.delete', admin.userId],
      ['user.delete', admin.userId],
    ]);
  });
});
