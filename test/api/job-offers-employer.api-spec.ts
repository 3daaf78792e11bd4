import { JOB_OFFER_MESSAGES as M } from '@cym/common';
import { Clock } from '../../server/src/common/clock/clock';
import { DirectoryCache } from '../../server/src/modules/browse/directory-cache';
import { createAccount, TestAccount } from '../support/accounts';
import { addOffer, CatalogIds, catalogIds, insertMembership, offerBody, publicOfferIds } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

describe('employer job offers API', () => {
  let t: TestApp;
  let ids: CatalogIds;
  let admin: TestAccount;
  let worker: TestAccount;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { poolSize: 10 });
    ids = await catalogIds(t);
    admin = await createAccount(t, 'admin');
    worker = await createAccount(t, 'Worker');
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const employer = () => createAccount(t, 'Parent');
  const offersPath = (a: TestAccount) => `/api/parent-profile/${a.profileId}/job-offers`;
  const offerPath = (profileId: number | null, offerId: number | string) =>
    `/api/parent-profile/${profileId}/job-offer/${offerId}`;
  const add = (a: TestAccount, body: Record<string, unknown>) =>
    http(t)
      .post(`${offersPath(a)}/add/`)
      .set(a.auth)
      .send(body);
  const countOf = async (profileId: number | null) =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM job_offers WHERE parent_profile_id = $1`, [profileId]))[0]
      .n as number;
  const row = async (offerId: number) =>
    (await t.dataSource.query(`SELECT title, status, monthly_price FROM job_offers WHERE id = $1`, [offerId]))[0] as
      { title: string; status: boolean; monthly_price: number | null } | undefined;

  it('creates an offer that answers display values, and starts switched on but not public', async () => {
    const owner = await employer();
    const res = await add(owner, offerBody(ids, { title: '  Limpieza y cocina  ', monthly_price: '350000' })).expect(
      201,
    );
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      title: 'Limpieza y cocina',
      status: true,
      is_public: false,
      monthly_price: 350000,
      native_language: { id: ids.languages[0] },
      parent_profile: { id: owner.profileId },
      location: {
        neighborhood: 'Palermo',
        province: { id: ids.province, name: expect.any(String) },
        municipality: { id: ids.municipalities[0], name: expect.any(String) },
      },
      formatted_created_at: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    });
    expect(res.body.services).toEqual([
      expect.objectContaining({ id: ids.services[0], title_display: expect.any(String) }),
    ]);
    expect(res.body.work_arrangements).toEqual([
      expect.objectContaining({ id: ids.arrangements[0], value_display: expect.any(String) }),
    ]);
    expect(res.body.work_shifts).toHaveLength(2);
    expect(res.body.work_shifts[0]).toEqual(
      expect.objectContaining({ day: expect.any(String), shift: expect.any(String), day_display: expect.any(String) }),
    );
    expect(res.body.tasks).toHaveLength(2);
    expect(res.body.languages).toHaveLength(2);

    const all = await http(t)
      .get(`${offersPath(owner)}/get-all/`)
      .set(owner.auth)
      .expect(200);
    expect(all.body).toEqual([expect.objectContaining({ id: res.body.id, is_public: false })]);
    const list = await http(t)
      .get(`${offersPath(owner)}/`)
      .set(owner.auth)
      .expect(200);
    expect(list.body).toEqual([
      {
        id: res.body.id,
        title: 'Limpieza y cocina',
        status: true,
        is_public: false,
        formatted_created_at: expect.any(String),
      },
    ]);
    // Without a membership the offer is nowhere public.
    expect(await publicOfferIds(t)).not.toContain(res.body.id);
    await http(t).get(`/api/job-offer/${res.body.id}/get/`).expect(404);
  });

  it('allows two offers per employer: the third answers 400 until one is deleted', async () => {
    const owner = await employer();
    const first = await addOffer(t, owner, ids);
    await addOffer(t, owner, ids, { title: 'Segunda oferta' });
    const third = await add(owner, offerBody(ids, { title: 'Tercera' })).expect(400);
    expectErrorShape(third.body);
    expect(third.body).toEqual({ error: M.limitReached, code: 'LIMIT_REACHED' });
    expect(await countOf(owner.profileId)).toBe(2);
    // An admin acting for the employer meets the same limit.
    await http(t)
      .post(`${offersPath(owner)}/add/`)
      .set(admin.auth)
      .send(offerBody(ids))
      .expect(400);
    await http(t)
      .delete(`${offerPath(owner.profileId, first.id)}/delete/`)
      .set(owner.auth)
      .expect(204);
    await add(owner, offerBody(ids, { title: 'Tercera' })).expect(201);
    expect(await countOf(owner.profileId)).toBe(2);
  });

  it(bothEngines('keeps the limit when five offers are added at once'), async () => {
    const owner = await employer();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => add(owner, offerBody(ids, { title: `Oferta ${i}` }))),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 400, 400, 400]);
    expect(await countOf(owner.profileId)).toBe(2);
  });

  describe('validation', () => {
    let owner: TestAccount;
    beforeAll(async () => {
      owner = await employer();
    });

    const refuse = async (overrides: Record<string, unknown>, field: string, message: string) => {
      const res = await add(owner, offerBody(ids, overrides));
      expect([JSON.stringify(overrides), res.status]).toEqual([JSON.stringify(overrides), 400]);
      expectErrorShape(res.body);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors[field]).toEqual([message]);
      return res.body;
    };

    afterEach(async () => {
      // No refused body ever leaves a row behind; the accepted edges are removed again.
      await t.dataSource.query(`DELETE FROM job_offers WHERE parent_profile_id = $1`, [owner.profileId]);
    });

    it('checks the title at 35/36 characters and requires it', async () => {
      await refuse({ title: '' }, 'title', M.titleRequired);
      await refuse({ title: '    ' }, 'title', M.titleRequired);
      await refuse({ title: undefined }, 'title', M.titleRequired);
      await refuse({ title: 'a'.repeat(36) }, 'title', M.titleLong);
      await refuse({ title: 42 }, 'title', M.titleRequired);
      expect(await countOf(owner.profileId)).toBe(0);
      const ok = await add(owner, offerBody(ids, { title: 'ñ'.repeat(35) })).expect(201);
      expect(ok.body.title).toBe('ñ'.repeat(35));
    });

    it('checks the description at 500/501 characters and requires it', async () => {
      await refuse({ description: ' ' }, 'description', M.descriptionRequired);
      await refuse({ description: 'd'.repeat(501) }, 'description', M.descriptionLong);
      expect(await countOf(owner.profileId)).toBe(0);
      await add(owner, offerBody(ids, { description: 'd'.repeat(500) })).expect(201);
    });

    it('requires a complete location whose municipality belongs to the province', async () => {
      const location = { neighborhood: 'Palermo', province: ids.province, municipality: ids.municipalities[0] };
      await refuse({ location: undefined }, 'location', M.locationRequired);
      await refuse({ location: { ...location, neighborhood: '  ' } }, 'location', M.locationRequired);
      await refuse({ location: { ...location, province: null } }, 'location', M.locationRequired);
      await refuse({ location: { ...location, municipality: undefined } }, 'location', M.locationRequired);
      await refuse({ location: { ...location, province: '1' } }, 'location', M.locationRequired);
      await refuse({ location: 'Palermo' }, 'location', M.locationRequired);
      await refuse({ location: { ...location, neighborhood: 'b'.repeat(101) } }, 'location', M.neighborhoodLong);
      await refuse(
        { location: { ...location, municipality: ids.foreignMunicipality } },
        'location',
        M.municipalityMismatch,
      );
      await refuse({ location: { ...location, province: 999999 } }, 'location', M.municipalityMismatch);
      expect(await countOf(owner.profileId)).toBe(0);
      await add(owner, offerBody(ids, { location: { ...location, neighborhood: 'b'.repeat(100) } })).expect(201);
    });

    it('requires a service and a work arrangement, and refuses unknown choices', async () => {
      await refuse({ services: [] }, 'services', M.servicesRequired);
      await refuse({ services: undefined }, 'services', M.servicesRequired);
      await refuse({ services: [999999] }, 'services', M.unknownChoice);
      await refuse({ services: ['1'] }, 'services', M.unknownChoice);
      await refuse({ services: 'limpieza' }, 'services', M.unknownChoice);
      await refuse({ work_arrangements: [] }, 'work_arrangements', M.arrangementsRequired);
      await refuse({ work_arrangements: [999999] }, 'work_arrangements', M.unknownChoice);
      await refuse({ tasks: [999999] }, 'tasks', M.unknownChoice);
      await refuse({ work_shifts: [999999] }, 'work_shifts', M.unknownChoice);
      await refuse({ languages: [999999], native_language: null }, 'languages', M.unknownChoice);
      expect(await countOf(owner.profileId)).toBe(0);
    });

    it('asks the native language to be one of the chosen languages; the optional lists may be empty', async () => {
      await refuse(
        { languages: [ids.languages[0]], native_language: ids.languages[1] },
        'native_language',
        M.nativeNotSelected,
      );
      await refuse({ languages: [], native_language: ids.languages[0] }, 'native_language', M.nativeNotSelected);
      expect(await countOf(owner.profileId)).toBe(0);
      const bare = await add(
        owner,
        offerBody(ids, { tasks: [], languages: [], native_language: null, work_shifts: [], monthly_price: null }),
      ).expect(201);
      expect(bare.body).toMatchObject({
        tasks: [],
        languages: [],
        native_language: null,
        work_shifts: [],
        monthly_price: null,
      });
    });

    it('takes the monthly price as digits up to 10,000,000, or none', async () => {
      // Every refused price is in the unit test (server/src/modules/job-offers/job-offer-price.spec.ts).
      for (const bad of [10_000_001, 'abc']) await refuse({ monthly_price: bad }, 'monthly_price', M.priceInvalid);
      expect(await countOf(owner.profileId)).toBe(0);
      const max = await add(owner, offerBody(ids, { monthly_price: '10000000' })).expect(201);
      expect(max.body.monthly_price).toBe(10_000_000);
      const empty = await add(owner, offerBody(ids, { monthly_price: '' })).expect(201);
      expect(empty.body.monthly_price).toBeNull();
    });

    it('answers every field problem at once', async () => {
      const body = await refuse(
        { title: '', description: '', services: [], work_arrangements: [], location: {}, monthly_price: 'x' },
        'title',
        M.titleRequired,
      );
      expect(Object.keys(body.errors).sort()).toEqual(
        ['description', 'location', 'monthly_price', 'services', 'title', 'work_arrangements'].sort(),
      );
    });
  });

  it('lets only the owner or an admin read and write an employer’s offers', async () => {
    const owner = await employer();
    const stranger = await employer();
    const offer = await addOffer(t, owner, ids);
    const strangerOffer = await addOffer(t, stranger, ids, { title: 'Oferta ajena' });
    const update = offerBody(ids, { title: 'Título cambiado' });

    // Anonymous: 401; a worker: 403.
    await http(t)
      .get(`${offersPath(owner)}/get-all/`)
      .expect(401);
    await http(t)
      .post(`${offersPath(owner)}/add/`)
      .send(offerBody(ids))
      .expect(401);
    await http(t)
      .get(`${offersPath(owner)}/get-all/`)
      .set(worker.auth)
      .expect(403);
    await http(t)
      .post(`${offersPath(owner)}/add/`)
      .set(worker.auth)
      .send(offerBody(ids))
      .expect(403);

    // Another employer through the owner's profile: 403, for every call.
    for (const res of [
      await http(t)
        .get(`${offersPath(owner)}/get-all/`)
        .set(stranger.auth),
      await http(t)
        .get(`${offersPath(owner)}/`)
        .set(stranger.auth),
      await http(t)
        .post(`${offersPath(owner)}/add/`)
        .set(stranger.auth)
        .send(offerBody(ids)),
      await http(t)
        .put(`${offerPath(owner.profileId, offer.id)}/update/`)
        .set(stranger.auth)
        .send(update),
      // Ownership comes before validation: a stranger learns nothing from the body's problems.
      await http(t)
        .put(`${offerPath(owner.profileId, offer.id)}/update/`)
        .set(stranger.auth)
        .send({ title: '' }),
      await http(t)
        .post(`${offersPath(owner)}/add/`)
        .set(stranger.auth)
        .send({}),
      await http(t)
        .patch(`${offerPath(owner.profileId, offer.id)}/update-status/`)
        .set(stranger.auth)
        .send({ status: false }),
      await http(t)
        .delete(`${offerPath(owner.profileId, offer.id)}/delete/`)
        .set(stranger.auth),
    ]) {
      expect(res.status).toBe(403);
      expectErrorShape(res.body);
    }
    // Another employer through their own profile: the offer is not theirs, 404.
    for (const res of [
      await http(t)
        .put(`${offerPath(stranger.profileId, offer.id)}/update/`)
        .set(stranger.auth)
        .send(update),
      await http(t)
        .patch(`${offerPath(stranger.profileId, offer.id)}/update-status/`)
        .set(stranger.auth)
        .send({ status: false }),
      await http(t)
        .delete(`${offerPath(stranger.profileId, offer.id)}/delete/`)
        .set(stranger.auth),
      // The owner cannot reach the stranger's offer through their own profile either.
      await http(t)
        .delete(`${offerPath(owner.profileId, strangerOffer.id)}/delete/`)
        .set(owner.auth),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('OFFER_NOT_FOUND');
    }
    expect(await row(offer.id)).toMatchObject({ title: 'Niñera para dos chicos', status: true });
    expect(await row(strangerOffer.id)).toBeDefined();

    // Missing profile or offer, and ids that are not numbers: 404.
    await http(t).get('/api/parent-profile/999999/job-offers/get-all/').set(owner.auth).expect(404);
    await http(t).get('/api/parent-profile/abc/job-offers/get-all/').set(owner.auth).expect(404);
    await http(t)
      .put(`${offerPath(owner.profileId, 999999)}/update/`)
      .set(owner.auth)
      .send(update)
      .expect(404);
    await http(t)
      .delete(`${offerPath(owner.profileId, 'abc')}/delete/`)
      .set(owner.auth)
      .expect(404);
    // Beyond the integer range the database holds: 404 too, never a 500.
    await http(t).get('/api/parent-profile/99999999999/job-offers/').set(owner.auth).expect(404);
    await http(t)
      .delete(`${offerPath(owner.profileId, '99999999999')}/delete/`)
      .set(owner.auth)
      .expect(404);
    await http(t)
      .patch(`${offerPath(owner.profileId, '1.5')}/update-status/`)
      .set(owner.auth)
      .send({ status: true })
      .expect(404);

    // An admin may do everything.
    await http(t)
      .get(`${offersPath(owner)}/get-all/`)
      .set(admin.auth)
      .expect(200);
    const edited = await http(t)
      .put(`${offerPath(owner.profileId, offer.id)}/update/`)
      .set(admin.auth)
      .send(update);
    expect(edited.status).toBe(200);
    expect(edited.body.title).toBe('Título cambiado');
  });

  it('updates every field, replacing the lists', async () => {
    const owner = await employer();
    const offer = await addOffer(t, owner, ids);
    const res = await http(t)
      .put(`${offerPath(owner.profileId, offer.id)}/update/`)
      .set(owner.auth)
      .send(
        offerBody(ids, {
          title: 'Cuidado de adultos mayores',
          description: 'Otra presentación.',
          services: [ids.services[1], ids.services[2]],
          tasks: [],
          work_arrangements: [ids.arrangements[1]],
          languages: [ids.languages[2]],
          native_language: ids.languages[2],
          work_shifts: [ids.shifts[20]],
          location: { neighborhood: 'Centro', province: ids.province, municipality: ids.municipalities[1] },
          monthly_price: null,
        }),
      )
      .expect(200);
    expect(res.body).toMatchObject({
      id: offer.id,
      title: 'Cuidado de adultos mayores',
      description: 'Otra presentación.',
      tasks: [],
      monthly_price: null,
      native_language: { id: ids.languages[2] },
      status: true,
      is_public: false,
      location: { neighborhood: 'Centro', municipality: { id: ids.municipalities[1] } },
    });
    expect(res.body.services.map((s: { id: number }) => s.id).sort()).toEqual(
      [ids.services[1], ids.services[2]].sort(),
    );
    expect(res.body.work_shifts.map((s: { id: number }) => s.id)).toEqual([ids.shifts[20]]);
    // An invalid update changes nothing.
    const bad = await http(t)
      .put(`${offerPath(owner.profileId, offer.id)}/update/`)
      .set(owner.auth)
      .send(offerBody(ids, { title: 'x'.repeat(36) }))
      .expect(400);
    expect(bad.body.errors.title).toEqual([M.titleLong]);
    expect((await row(offer.id))!.title).toBe('Cuidado de adultos mayores');
  });

  it('deletes an offer: 204, then gone', async () => {
    const owner = await employer();
    const offer = await addOffer(t, owner, ids);
    await http(t)
      .delete(`${offerPath(owner.profileId, offer.id)}/delete/`)
      .set(owner.auth)
      .expect(204);
    expect(await row(offer.id)).toBeUndefined();
    await http(t)
      .delete(`${offerPath(owner.profileId, offer.id)}/delete/`)
      .set(owner.auth)
      .expect(404);
    expect(
      (
        await http(t)
          .get(`${offersPath(owner)}/`)
          .set(owner.auth)
          .expect(200)
      ).body,
    ).toEqual([]);
  });

  describe('visibility', () => {
    it('refuses the status toggle without an active membership, and leaves the offer as it was', async () => {
      const owner = await employer();
      const offer = await addOffer(t, owner, ids);
      const res = await http(t)
        .patch(`${offerPath(owner.profileId, offer.id)}/update-status/`)
        .set(owner.auth)
        .send({ status: false })
        .expect(403);
      expect(res.body).toEqual({ error: M.membershipRequired, code: 'MEMBERSHIP_REQUIRED' });
      expect((await row(offer.id))!.status).toBe(true);
      // A membership switched off, or one that ended, is no membership.
      await insertMembership(t, owner.profileId!, { status: false });
      await insertMembership(t, owner.profileId!, {
        start: new Date(Date.now() - 40 * 86_400_000),
        end: new Date(Date.now() - 10 * 86_400_000),
      });
      await http(t)
        .patch(`${offerPath(owner.profileId, offer.id)}/update-status/`)
        .set(owner.auth)
        .send({ status: false })
        .expect(403);
      // An admin may switch it whatever the membership.
      const byAdmin = await http(t)
        .patch(`${offerPath(owner.profileId, offer.id)}/update-status/`)
        .set(admin.auth)
        .send({ status: false })
        .expect(200);
      expect(byAdmin.body).toMatchObject({ id: offer.id, status: false, is_public: false });
    });

    it('validates the status body', async () => {
      const owner = await employer();
      const offer = await addOffer(t, owner, ids);
      await insertMembership(t, owner.profileId!);
      for (const status of ['false', 1, null, undefined]) {
        const res = await http(t)
          .patch(`${offerPath(owner.profileId, offer.id)}/update-status/`)
          .set(owner.auth)
          .send({ status });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      expect((await row(offer.id))!.status).toBe(true);
    });

    it('lists an offer publicly only while it is on and its employer’s membership is active', async () => {
      const owner = await employer();
      const offer = await addOffer(t, owner, ids);
      const isPublic = async () => {
        const listed = (await publicOfferIds(t)).includes(offer.id);
        const single = (await http(t).get(`/api/job-offer/${offer.id}/get/`)).status;
        expect([listed, single]).toEqual(listed ? [true, 200] : [false, 404]);
        return listed;
      };
      expect(await isPublic()).toBe(false);

      const membership = await insertMembership(t, owner.profileId!);
      expect(await isPublic()).toBe(true);
      const own = await http(t)
        .get(`${offersPath(owner)}/get-all/`)
        .set(owner.auth)
        .expect(200);
      expect(own.body[0]).toMatchObject({ id: offer.id, status: true, is_public: true });

      // The owner hides it (API writes refresh the public list by themselves).
      const hidden = await http(t)
        .patch(`${offerPath(owner.profileId, offer.id)}/update-status/`)
        .set(owner.auth)
        .send({ status: false })
        .expect(200);
      expect(hidden.body).toMatchObject({ status: false, is_public: false });
      expect(await isPublic()).toBe(false);
      await http(t)
        .patch(`${offerPath(owner.profileId, offer.id)}/update-status/`)
        .set(owner.auth)
        .send({ status: true })
        .expect(200);
      expect(await isPublic()).toBe(true);

      // The public answer carries no private employer fields.
      const publicOffer = await http(t).get(`/api/job-offer/${offer.id}/get/`).expect(200);
      expect(JSON.stringify(publicOffer.body)).not.toMatch(/email|phone|last_name|is_public/);

      // Thirty-one days later the membership has ended: hidden again, and the toggle is refused.
      const later = new Date(Date.now() + 31 * 86_400_000);
      jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(later);
      t.app.get(DirectoryCache).invalidate();
      expect(await isPublic()).toBe(false);
      const expired = await http(t)
        .get(`${offersPath(owner)}/`)
        .set(owner.auth)
        .expect(200);
      expect(expired.body[0]).toMatchObject({ status: true, is_public: false });
      await http(t)
        .patch(`${offerPath(owner.profileId, offer.id)}/update-status/`)
        .set(owner.auth)
        .send({ status: false })
        .expect(403);
      jest.restoreAllMocks();
      t.app.get(DirectoryCache).invalidate();
      expect(await isPublic()).toBe(true);

      // A membership switched off by an admin hides it at once.
      await t.dataSource.query(`UPDATE memberships SET status = false WHERE id = $1`, [membership]);
      t.app.get(DirectoryCache).invalidate();
      expect(await isPublic()).toBe(false);
      await t.dataSource.query(`UPDATE memberships SET status = true WHERE id = $1`, [membership]);

      // A deactivated account's offers disappear too.
      await t.dataSource.query(`UPDATE users SET is_active = false WHERE id = $1`, [owner.userId]);
      t.app.get(DirectoryCache).invalidate();
      expect(await isPublic()).toBe(false);
      await t.dataSource.query(`UPDATE users SET is_active = true WHERE id = $1`, [owner.userId]);
      t.app.get(DirectoryCache).invalidate();
      expect(await isPublic()).toBe(true);

      // Deleting removes it from the public list at once.
      await http(t)
        .delete(`${offerPath(owner.profileId, offer.id)}/delete/`)
        .set(owner.auth)
        .expect(204);
      expect(await isPublic()).toBe(false);
    });

    it('shows an edit to a public offer at once', async () => {
      const owner = await employer();
      await insertMembership(t, owner.profileId!);
      const offer = await addOffer(t, owner, ids);
      expect((await http(t).get(`/api/job-offer/${offer.id}/get/`).expect(200)).body.title).toBe(
        'Niñera para dos chicos',
      );
      await http(t)
        .put(`${offerPath(owner.profileId, offer.id)}/update/`)
        .set(owner.auth)
        .send(offerBody(ids, { title: 'Nuevo título' }))
        .expect(200);
      const list = (await http(t).get('/api/job-offers/').expect(200)).body as { id: number; title: string }[];
      expect(list.find((o) => o.id === offer.id)?.title).toBe('Nuevo título');
    });
  });
});
