import { PARENT_INFO_MESSAGES as P } from '@cym/common';
import { Clock } from '../../server/src/common/clock/clock';
import { createAccount, TestAccount } from '../support/accounts';
import { addOffer, catalogIds, insertMembership } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

describe('employer profile API', () => {
  let t: TestApp;
  let owner: TestAccount;
  let stranger: TestAccount;
  let admin: TestAccount;
  let worker: TestAccount;
  let base: string;

  const info = { date_of_birth: '1985-03-02', gender: 'female', nationality: 'Argentina' };

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' });
    owner = await createAccount(t, 'Parent');
    stranger = await createAccount(t, 'Parent');
    admin = await createAccount(t, 'admin');
    worker = await createAccount(t, 'Worker');
    base = `/api/parent-profile/${owner.profileId}`;
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const stored = async () =>
    (
      await t.dataSource.query(
        `SELECT date_of_birth::text AS date_of_birth, gender, nationality FROM parent_profiles WHERE id = $1`,
        [owner.profileId],
      )
    )[0];

  it('answers an empty profile to its owner and admins only', async () => {
    const own = await http(t).get(`${base}/get-info/`).set(owner.auth).expect(200);
    expect(own.body).toEqual({
      id: owner.profileId,
      user: {
        id: owner.userId,
        first_name: 'Prueba',
        last_name: 'Apellido',
        full_name: 'Prueba Apellido',
        email: owner.email,
        phone: '1155550000',
        profile_image: null,
      },
      date_of_birth: null,
      gender: null,
      gender_display: null,
      nationality: null,
      membership: null,
    });
    await http(t).get(`${base}/get-info/`).set(admin.auth).expect(200);
    await http(t).get(`${base}/get-info/`).expect(401);
    expectErrorShape((await http(t).get(`${base}/get-info/`).set(worker.auth).expect(403)).body);
    expectErrorShape((await http(t).get(`${base}/get-info/`).set(stranger.auth).expect(403)).body);
    await http(t).get('/api/parent-profile/999999/get-info/').set(owner.auth).expect(404);
    await http(t).get('/api/parent-profile/abc/get-info/').set(owner.auth).expect(404);
    await http(t).get('/api/parent-profile/99999999999/get-info/').set(owner.auth).expect(404);
    await http(t).put('/api/parent-profile/-1/info/update/').set(owner.auth).send(info).expect(404);
  });

  it('saves the personal info, trimmed, and answers the whole profile', async () => {
    const res = await http(t)
      .put(`${base}/info/update/`)
      .set(owner.auth)
      .send({ ...info, nationality: '  Argentina  ' })
      .expect(200);
    expect(res.body).toMatchObject({
      id: owner.profileId,
      date_of_birth: '1985-03-02',
      gender: 'female',
      gender_display: 'Femenino',
      nationality: 'Argentina',
    });
    expect(await stored()).toEqual(info);
  });

  it('checks the age at 18 and 100 against the clock', async () => {
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date('2026-06-15T12:00:00Z'));
    const put = (date_of_birth: unknown) =>
      http(t)
        .put(`${base}/info/update/`)
        .set(owner.auth)
        .send({ ...info, date_of_birth });
    expect((await put('2008-06-16').expect(400)).body.errors).toEqual({ date_of_birth: [P.tooYoung] });
    await put('2008-06-15').expect(200);
    expect((await put('1925-06-15').expect(400)).body.errors).toEqual({ date_of_birth: [P.tooOld] });
    await put('1926-06-15').expect(200);
    // Every refused date is in the unit test (server/src/modules/parent-profile/parent-profile.service.spec.ts).
    for (const bad of ['1990-02-30', null])
      expect([bad, (await put(bad).expect(400)).body.errors]).toEqual([bad, { date_of_birth: [P.birthRequired] }]);
    expect((await put(19900101).expect(400)).body.code).toBe('VALIDATION_FAILED');
    expect((await stored()).date_of_birth).toBe('1926-06-15');
  });

  it('checks gender and nationality (4 to 100 characters)', async () => {
    const put = (body: Record<string, unknown>) =>
      http(t)
        .put(`${base}/info/update/`)
        .set(owner.auth)
        .send({ ...info, ...body });
    expect((await put({ gender: 'otro' }).expect(400)).body.errors).toEqual({ gender: [P.genderRequired] });
    expect((await put({ nationality: 'Per' }).expect(400)).body.errors).toEqual({ nationality: [P.nationalityShort] });
    expect((await put({ nationality: '   ' }).expect(400)).body.errors).toEqual({
      nationality: [P.nationalityRequired],
    });
    expect((await put({ nationality: 'n'.repeat(101) }).expect(400)).body.errors).toEqual({
      nationality: [P.nationalityLong],
    });
    await put({ nationality: 'Perú' }).expect(200);
    await put({ nationality: 'n'.repeat(100) }).expect(200);
    const empty = await http(t).put(`${base}/info/update/`).set(owner.auth).send({}).expect(400);
    expectErrorShape(empty.body);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['date_of_birth', 'gender', 'nationality']);
  });

  it('refuses another employer and a worker, whatever the body, and changes nothing', async () => {
    const before = await stored();
    await http(t).put(`${base}/info/update/`).set(stranger.auth).send(info).expect(403);
    await http(t).put(`${base}/info/update/`).set(stranger.auth).send({}).expect(403);
    await http(t).put(`${base}/info/update/`).set(worker.auth).send(info).expect(403);
    await http(t).put(`${base}/info/update/`).send(info).expect(401);
    expect(await stored()).toEqual(before);
    await http(t)
      .put(`${base}/info/update/`)
      .set(admin.auth)
      .send({ ...info, nationality: 'Uruguaya' })
      .expect(200);
    expect((await stored()).nationality).toBe('Uruguaya');
  });

  it('shows the new nationality on a public offer at once', async () => {
    const ids = await catalogIds(t);
    await insertMembership(t, owner.profileId!);
    const offer = await addOffer(t, owner, ids);
    await http(t)
      .put(`${base}/info/update/`)
      .set(owner.auth)
      .send({ ...info, nationality: 'Paraguaya' })
      .expect(200);
    const res = await http(t).get(`/api/job-offer/${offer.id}/get/`).expect(200);
    expect(res.body.parent_profile).toMatchObject({ id: owner.profileId, nationality: 'Paraguaya' });
  });

  it('reports the membership: active, then inactive once it has ended', async () => {
    const mine = await http(t).get(`${base}/get-info/`).set(owner.auth).expect(200);
    expect(mine.body.membership).toMatchObject({ id: expect.any(Number), status: true });
    jest.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(Date.now() + 31 * 86_400_000));
    const later = await http(t).get(`${base}/get-info/`).set(owner.auth).expect(200);
    expect(later.body.membership).toMatchObject({ id: mine.body.membership.id, status: false });
  });
});
