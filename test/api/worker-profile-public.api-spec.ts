import { createAccount, TestAccount } from '../support/accounts';
import { completeWorkerProfile, countQueries } from '../support/admin';
import { CatalogIds, catalogIds } from '../support/employer';
import { http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';
import { PublicProfileCache } from '../../server/src/modules/worker-profile/public-profile-cache';

jest.setTimeout(30_000);

/** The public get-info answer: one SQL statement, kept in PublicProfileCache until a write changes it. */
describe('a public worker profile', () => {
  let t: TestApp;
  let ids: CatalogIds;
  let admin: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    // The default interval (10 s): nothing in these cases waits for it to pass.
    t = await startTestApp({ TRUST_PROXY: '1' });
    ids = await catalogIds(t);
    admin = await createAccount(t, 'admin');
    stranger = await createAccount(t, 'Parent');
  });
  afterAll(() => t.close());

  const worker = async () => {
    const account = await createAccount(t, 'Worker');
    await completeWorkerProfile(t, account, ids);
    return account;
  };
  const info = (account: TestAccount) => `/api/worker-profile/${account.profileId}/get-info/`;
  const forget = () => t.app.get(PublicProfileCache).invalidate();

  it('is read with one SQL statement, and not at all while kept', async () => {
    const w = await worker();
    forget();
    let body: unknown;
    const first = await countQueries(t, async () => {
      body = (await http(t).get(info(w)).expect(200)).body;
    });
    expect(first).toBe(1);
    const second = await countQueries(t, async () => {
      expect((await http(t).get(info(w)).expect(200)).body).toEqual(body);
    });
    expect(second).toBe(0);
    // A missing profile is one statement too, then kept as missing for visitors.
    forget();
    expect(await countQueries(t, () => http(t).get('/api/worker-profile/999999/get-info/').expect(404))).toBe(1);
    expect(await countQueries(t, () => http(t).get('/api/worker-profile/999999/get-info/').expect(404))).toBe(0);
  });

  it('keeps the answer shape, with the private fields for the owner and admins only', async () => {
    const w = await worker();
    const pub = await http(t).get(info(w)).expect(200);
    expect(pub.body).toEqual({
      id: w.profileId,
      user_id: w.userId,
      user: {
        first_name: 'Prueba',
        profile_image: null,
        formatted_last_seen: expect.any(String),
        profile_visibility: true,
      },
      date_of_birth: '1990-05-17',
      gender: 'female',
      gender_display: 'Femenino',
      nationality: 'Argentina',
      location: {
        neighborhood: 'Palermo',
        municipality: { id: ids.municipalities[0], name: expect.any(String) },
        province: { id: ids.province, name: expect.any(String) },
      },
    });
    expect(pub.headers.etag).toBeDefined();
    // Kept now: the owner and an admin still get their own answer, and the public does not get theirs.
    const privateUser = { ...pub.body.user, last_name: 'Apellido', email: w.email, phone: '1155550000' };
    for (const viewer of [w, admin]) {
      const own = await http(t).get(info(w)).set(viewer.auth).expect(200);
      expect(own.body).toEqual({ ...pub.body, user: privateUser });
      expect(own.headers['cache-control']).toBe('private, no-cache');
    }
    const again = await http(t).get(info(w)).set(stranger.auth).expect(200);
    expect(again.body).toEqual(pub.body);
    expect((await http(t).get(info(w)).expect(200)).body.user).not.toHaveProperty('email');
    await http(t).get(info(w)).set('If-None-Match', pub.headers.etag).expect(304);
  });

  it('shows the owner’s edit in the next public answer', async () => {
    const w = await worker();
    await http(t).get(info(w)).expect(200);
    await http(t)
      .put(`/api/worker-profile/${w.profileId}/info/update/`)
      .set(w.auth)
      .send({
        date_of_birth: '1985-01-02',
        neighborhood: 'Caballito',
        gender: 'male',
        nationality: 'Uruguaya',
        province: ids.province,
        municipality: ids.municipalities[1],
      })
      .expect(200);
    const after = (await http(t).get(info(w)).expect(200)).body;
    expect(after).toMatchObject({
      date_of_birth: '1985-01-02',
      gender: 'male',
      nationality: 'Uruguaya',
      location: { neighborhood: 'Caballito', municipality: { id: ids.municipalities[1] } },
    });
    // The account's first name (another module's write, told by its event) too.
    await http(t)
      .put(`/api/user/${w.userId}/update/`)
      .set(w.auth)
      .send({ first_name: 'Renombrada', last_name: 'Apellido' })
      .expect(200);
    expect((await http(t).get(info(w)).expect(200)).body.user.first_name).toBe('Renombrada');
  });

  it('stops answering a profile hidden by an admin at once, to visitors and signed-in strangers', async () => {
    const w = await worker();
    await http(t).get(info(w)).expect(200);
    await http(t).get(info(w)).set(stranger.auth).expect(200);
    await http(t)
      .put(`/api/admin/user/${w.userId}/toggle-profile-visibility/`)
      .set(admin.auth)
      .send({ visible: false })
      .expect(200);
    expect((await http(t).get(info(w)).expect(404)).body.code).toBe('PROFILE_NOT_FOUND');
    await http(t).get(info(w)).set(stranger.auth).expect(404);
    // Kept as hidden: still 404 for the public, never for the owner or an admin.
    await http(t).get(info(w)).expect(404);
    expect((await http(t).get(info(w)).set(w.auth).expect(200)).body.user).toMatchObject({
      email: w.email,
      profile_visibility: false,
    });
    await http(t).get(info(w)).set(admin.auth).expect(200);

    await http(t)
      .put(`/api/admin/user/${w.userId}/toggle-profile-visibility/`)
      .set(admin.auth)
      .send({ visible: true })
      .expect(200);
    expect((await http(t).get(info(w)).expect(200)).body.user.profile_visibility).toBe(true);
  });

  it('stops answering the profile of a deleted account at once', async () => {
    const w = await worker();
    await http(t).get(info(w)).expect(200);
    await http(t).delete(`/api/admin/user/${w.userId}/delete/`).set(admin.auth).expect(204);
    await http(t).get(info(w)).expect(404);
  });

  it('answers its owner a profile made after the public was told it does not exist', async () => {
    const [{ next }] = await t.dataSource.query(
      `SELECT last_value + 1 AS next FROM pg_sequences WHERE sequencename = 'worker_profiles_id_seq'`,
    );
    const path = `/api/worker-profile/${next}/get-info/`;
    await http(t).get(path).expect(404); // kept as missing
    const w = await createAccount(t, 'Worker'); // a sign-up: no event, the profile is hidden anyway
    expect(w.profileId).toBe(Number(next));
    await http(t).get(path).expect(404);
    await http(t).get(path).set(stranger.auth).expect(404);
    expect((await http(t).get(path).set(w.auth).expect(200)).body.user.profile_visibility).toBe(false);
  });
});
