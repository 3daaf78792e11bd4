import { createAccount, TestAccount } from '../support/accounts';
import { auditRows, lastAuditId } from '../support/admin';
import {
  activationMails,
  addOffer,
  CatalogIds,
  catalogIds,
  insertMembership,
  publicOfferIds,
} from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import { bothEngines } from '../support/engines';

jest.setTimeout(120_000);

const DAY = 86_400_000;
const OFFERS = '/api/admin/job-offers/get-all/';
const PAYMENTS = '/api/admin/payments/get-all/';
const PARENTS = '/api/admin/parent-profiles/get-all/';
const detailPath = (id: number | string) => `/api/admin/parent-profile/${id}/`;
const grantPath = (id: number | string) => `/api/admin/parent-profile/${id}/membership/grant/`;

interface AdminOffer {
  id: number;
  status: boolean;
  public_visibility: string;
  public_visibility_display: string;
}

/**
 * What the public sees of each offer in the admin list, the membership an admin grants by hand
 * ('Manual'), and the admin's view of one employer.
 */
describe('admin: offer visibility, manual grants, employer view', () => {
  let t: TestApp;
  let ids: CatalogIds;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { poolSize: 10 });
    ids = await catalogIds(t);
    admin = await createAccount(t, 'admin');
  });
  afterAll(() => t.close());

  const adminOffers = async (query: Record<string, string> = {}): Promise<AdminOffer[]> => {
    const res = await http(t).get(OFFERS).set(admin.auth).query(query).expect(200);
    return Array.isArray(res.body) ? res.body : res.body.results;
  };
  const grant = (profileId: number | string, auth = admin.auth) =>
    http(t).post(grantPath(profileId)).set(auth).send({});
  const toggle = (membershipId: number) =>
    http(t).put(`/api/admin/membership/${membershipId}/toggle-status/`).set(admin.auth);

  describe('public visibility of offers', () => {
    it('agrees with the public API when the employer loses the membership, and filters by it', async () => {
      const employer = await createAccount(t, 'Parent');
      const membershipId = await insertMembership(t, employer.profileId!);
      const shown = await addOffer(t, employer, ids, { title: 'Visible con membresía' });
      const off = await addOffer(t, employer, ids, { title: 'Apagada por el dueño' });
      await t.dataSource.query(`UPDATE job_offers SET status = false WHERE id = $1`, [off.id]);
      t.app.get(DirectoryCache).invalidate();

      const byId = async () => new Map((await adminOffers()).map((o) => [o.id, o]));
      let rows = await byId();
      expect(rows.get(shown.id)).toMatchObject({
        status: true,
        public_visibility: 'visible',
        public_visibility_display: 'Visible',
      });
      expect(rows.get(off.id)).toMatchObject({
        status: false,
        public_visibility: 'hidden',
        public_visibility_display: 'Oculta',
      });
      await http(t).get(`/api/job-offer/${shown.id}/get/`).expect(200);

      // The membership ends: the stored status still says true, the public answers 404.
      await t.dataSource.query(
        `UPDATE memberships SET end_date = now() - interval '1 minute', start_date = now() - interval '31 days' WHERE id = $1`,
        [membershipId],
      );
      t.app.get(DirectoryCache).invalidate();
      await http(t).get(`/api/job-offer/${shown.id}/get/`).expect(404);
      expect(await publicOfferIds(t)).not.toContain(shown.id);
      rows = await byId();
      expect(rows.get(shown.id)).toMatchObject({
        status: true,
        public_visibility: 'no_membership',
        public_visibility_display: 'Oculta: sin membresía activa',
      });

      // Every row of the filter 'visible' is public, and every public offer is in it.
      const visible = (await adminOffers({ visibility: 'visible' })).map((o) => o.id).sort();
      expect(visible).toEqual([...(await publicOfferIds(t))].sort());
      expect((await adminOffers({ visibility: 'no_membership' })).map((o) => o.id)).toContain(shown.id);
      expect((await adminOffers({ visibility: 'hidden' })).map((o) => o.id)).toEqual(expect.arrayContaining([off.id]));
      expect((await adminOffers({ visibility: 'hidden' })).map((o) => o.id)).not.toContain(shown.id);

      // The filter works with the search and the page envelope.
      const page = await http(t)
        .get(OFFERS)
        .set(admin.auth)
        .query({ visibility: 'no_membership', search: 'Visible con', page: '1', page_size: '5' })
        .expect(200);
      expect(page.body).toMatchObject({ count: 1, page: 1, page_size: 5 });
      expect(page.body.results.map((o: AdminOffer) => o.id)).toEqual([shown.id]);
      const past = await http(t)
        .get(OFFERS)
        .set(admin.auth)
        .query({ visibility: 'no_membership', search: 'Visible con', page: '3', page_size: '5' })
        .expect(200);
      expect(past.body).toMatchObject({ results: [], count: 1 });

      const bad = await http(t).get(OFFERS).set(admin.auth).query({ visibility: 'todas' }).expect(400);
      expectErrorShape(bad.body);
      expect(bad.body.errors).toEqual({ visibility: ['El filtro de visibilidad no es válido.'] });
    });
  });

  describe('manual grant', () => {
    it(
      bothEngines('creates exactly one 30-day membership, an audit row, and a Manual payment; then switches off'),
      async () => {
        const employer = await createAccount(t, 'Parent');
        const offer = await addOffer(t, employer, ids);
        expect(await publicOfferIds(t)).not.toContain(offer.id);
        const before = await lastAuditId(t);
        const row = async () =>
          ((await http(t).get(PARENTS).set(admin.auth).expect(200)).body as { id: number; membership: unknown }[]).find(
            (p) => p.id === employer.profileId,
          )!;
        expect((await row()).membership).toBeNull();

        const start = Date.now();
        const [first, second] = await Promise.all([grant(employer.profileId!), grant(employer.profileId!)]);
        const statuses = [first.status, second.status].sort();
        expect(statuses).toEqual([201, 409]);
        const granted = first.status === 201 ? first : second;
        const refused = first.status === 201 ? second : first;
        expectErrorShape(refused.body);
        expect(refused.body.code).toBe('MEMBERSHIP_ALREADY_ACTIVE');
        expect(granted.body).toMatchObject({
          status: true,
          active: true,
          payment_method: 'manual',
          payment_method_display: 'Manual',
          payment_status: 'approved',
          transaction_id: expect.stringMatching(/^MAN-\d{6}$/),
          user_full_name: 'Prueba Apellido',
        });
        const begins = Date.parse(granted.body.start_date);
        expect(begins).toBeGreaterThanOrEqual(start - 1000);
        expect(Date.parse(granted.body.end_date) - begins).toBe(30 * DAY);

        const memberships = await t.dataSource.query(
          `SELECT ms.id, ms.status, py.payment_method, py.amount, py.status AS payment_status, py.granted_by
           FROM memberships ms JOIN payments py ON py.id = ms.payment_id WHERE ms.parent_profile_id = $1`,
          [employer.profileId],
        );
        expect(memberships).toEqual([
          {
            id: granted.body.id,
            status: true,
            payment_method: 'manual',
            amount: 0,
            payment_status: 'approved',
            granted_by: admin.userId,
          },
        ]);
        const audit = (await auditRows(t, before)).filter((r) => r.action === 'membership.grant');
        expect(audit).toHaveLength(1);
        expect(audit[0]).toMatchObject({
          actor_id: admin.userId,
          target_type: 'membership',
          target_id: granted.body.id,
          after: {
            id: granted.body.id,
            payment_method: 'manual',
            parent_profile_id: employer.profileId,
            granted_by: admin.userId,
          },
        });
        expect(await activationMails(t, employer.email)).toBe(1);
        expect(await publicOfferIds(t)).toContain(offer.id);
        expect((await row()).membership).toEqual(granted.body);

        const payments = await http(t)
          .get(PAYMENTS)
          .set(admin.auth)
          .query({ search: granted.body.transaction_id })
          .expect(200);
        expect(payments.body.results).toEqual([
          expect.objectContaining({
            payment_method: 'manual',
            payment_method_display: 'Manual',
            amount: 0,
            status: 'approved',
            user: { full_name: 'Prueba Apellido' },
          }),
        ]);

        // The employer's own MEMBRESÍA table says so too.
        const own = await http(t)
          .get(`/api/parent-profile/${employer.profileId}/membership/get/`)
          .set(employer.auth)
          .expect(200);
        expect(own.body[0]).toMatchObject({
          id: granted.body.id,
          status: true,
          payment: { payment_method_display: 'Manual', amount: 0 },
        });

        // Switching off afterwards: the existing switch, nothing new created.
        const off = await toggle(granted.body.id).expect(200);
        expect(off.body).toMatchObject({
          id: granted.body.id,
          status: false,
          active: false,
          payment_method_display: 'Manual',
        });
        expect(await publicOfferIds(t)).not.toContain(offer.id);
        const offers = await adminOffers({ visibility: 'no_membership' });
        expect(offers.map((o) => o.id)).toContain(offer.id);
        const [{ n }] = await t.dataSource.query(
          `SELECT count(*)::int AS n FROM memberships WHERE parent_profile_id = $1`,
          [employer.profileId],
        );
        expect(n).toBe(1);

        // With none active any more, a new grant is allowed.
        await grant(employer.profileId!).expect(201);
      },
    );

    it('answers 404 for an unknown employer, a worker profile id that is no employer, and a deleted one', async () => {
      await grant(99_999_999).expect(404);
      const gone = await createAccount(t, 'Parent');
      await http(t).delete(`/api/admin/user/${gone.userId}/delete/`).set(admin.auth).expect(204);
      const res = await grant(gone.profileId!).expect(404);
      expectErrorShape(res.body);
      expect(res.body.code).toBe('PARENT_NOT_FOUND');
      await http(t).get(detailPath(gone.profileId!)).set(admin.auth).expect(404);
      await http(t).get(detailPath(99_999_999)).set(admin.auth).expect(404);
    });
  });

  describe('employer view', () => {
    it('answers the person, current membership, membership history, payments and offers', async () => {
      const employer = await createAccount(t, 'Parent');
      const old = await insertMembership(t, employer.profileId!, {
        status: false,
        start: new Date(Date.now() - 90 * DAY),
        end: new Date(Date.now() - 60 * DAY),
      });
      const offer = await addOffer(t, employer, ids, { title: 'Cuidado de adultos' });
      const granted = (await grant(employer.profileId!).expect(201)).body;

      const res = await http(t).get(detailPath(employer.profileId!)).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({
        id: employer.profileId,
        user: { id: employer.userId, full_name: 'Prueba Apellido', email: employer.email, phone: '1155550000' },
        membership: granted,
      });
      expect(res.body.memberships).toEqual([
        expect.objectContaining({
          id: granted.id,
          active: true,
          payment_method_display: 'Manual',
          amount: 0,
          granted_by: 'Prueba Apellido',
          transaction_id: granted.transaction_id,
        }),
        expect.objectContaining({ id: old, active: false, status: false, payment_method: null, granted_by: null }),
      ]);
      expect(res.body.payments).toEqual([
        expect.objectContaining({
          payment_method_display: 'Manual',
          amount: 0,
          transaction_id: granted.transaction_id,
        }),
      ]);
      expect(res.body.offers).toEqual([
        expect.objectContaining({ id: offer.id, title: 'Cuidado de adultos', public_visibility: 'visible' }),
      ]);
    });
  });

  describe('access', () => {
    it('answers 403 to workers and employers and 401 to visitors on every new path', async () => {
      const worker = await createAccount(t, 'Worker');
      const employer = await createAccount(t, 'Parent');
      for (const who of [worker, employer]) {
        const detail = await http(t).get(detailPath(employer.profileId!)).set(who.auth).expect(403);
        expect(detail.body.code).toBe('ADMIN_ONLY');
        const granting = await grant(employer.profileId!, who.auth).expect(403);
        expect(granting.body.code).toBe('ADMIN_ONLY');
        await http(t).get(OFFERS).set(who.auth).query({ visibility: 'visible' }).expect(403);
      }
      await http(t).get(detailPath(employer.profileId!)).expect(401);
      await http(t).post(grantPath(employer.profileId!)).expect(401);
      const [{ n }] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM memberships WHERE parent_profile_id = $1`,
        [employer.profileId],
      );
      expect(n).toBe(0);
    });
  });
});
