import { SHORTLIST_LIMITS, SHORTLIST_MESSAGES } from '@cym/common';
import { countQueries } from '../support/admin';
import { createAccount, visibleWorker, type TestAccount } from '../support/accounts';
import { addOffer, catalogIds, insertMembership } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { atOnce, statusCounts } from '../support/race';
import { useTestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(60_000);

describe('shortlists', () => {
  // Several connections on PostgreSQL, so that saves sent at once really race.
  const t = useTestApp({}, { poolSize: 10 });
  let employer: TestAccount;
  let worker: TestAccount;
  let publicOffer: number;
  let hiddenOffer: number;

  beforeAll(async () => {
    employer = await createAccount(t, 'Parent');
    worker = await visibleWorker(t);
    const ids = await catalogIds(t);
    const owner = await createAccount(t, 'Parent');
    await insertMembership(t, owner.profileId!);
    publicOffer = (await addOffer(t, owner, ids)).id;
    hiddenOffer = (await addOffer(t, owner, ids, { title: 'Cocinera para una familia' })).id;
    await t.dataSource.query(`UPDATE job_offers SET status = false WHERE id = $1`, [hiddenOffer]);
  });

  const saved = (account: TestAccount) => http(t).get('/api/shortlist/ids/').set(account.auth).expect(200);

  it('lets an employer save a visible worker once, list the card and remove it', async () => {
    await http(t).put(`/api/shortlist/workers/${worker.profileId}/`).set(employer.auth).expect(204);
    await http(t).put(`/api/shortlist/workers/${worker.profileId}/`).set(employer.auth).expect(204);
    expect((await saved(employer)).body).toEqual({ workers: [worker.profileId], job_offers: [] });

    const list = await http(t).get('/api/shortlist/workers/').set(employer.auth).expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: worker.profileId,
      saved_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      card: { id: worker.profileId, user: { first_name: 'Prueba' } },
    });
    expect(JSON.stringify(list.body)).not.toMatch(/last_name|email|phone/);

    await http(t).delete(`/api/shortlist/workers/${worker.profileId}/`).set(employer.auth).expect(204);
    expect((await saved(employer)).body.workers).toEqual([]);
    // Removing what is not there is not an error.
    await http(t).delete(`/api/shortlist/workers/${worker.profileId}/`).set(employer.auth).expect(204);
  });

  it('keeps a saved worker who became hidden, without the card, so it can be removed', async () => {
    const other = await visibleWorker(t);
    await http(t).put(`/api/shortlist/workers/${other.profileId}/`).set(employer.auth).expect(204);
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = false WHERE id = $1`, [other.profileId]);
    const list = await http(t).get('/api/shortlist/workers/').set(employer.auth).expect(200);
    expect(list.body).toEqual([{ id: other.profileId, saved_at: expect.any(String), card: null }]);
    await http(t).delete(`/api/shortlist/workers/${other.profileId}/`).set(employer.auth).expect(204);
    expect((await http(t).get('/api/shortlist/workers/').set(employer.auth).expect(200)).body).toEqual([]);
  });

  it('refuses hidden, missing and malformed workers with a Spanish 404', async () => {
    const hidden = await createAccount(t, 'Worker');
    for (const id of [hidden.profileId, 999999]) {
      const res = await http(t).put(`/api/shortlist/workers/${id}/`).set(employer.auth).expect(404);
      expectErrorShape(res.body);
      expect(res.body.error).toBe(SHORTLIST_MESSAGES.workerNotFound);
    }
    await http(t).put('/api/shortlist/workers/abc/').set(employer.auth).expect(404);
    expect((await saved(employer)).body.workers).toEqual([]);
  });

  it('lets a worker save a public offer, and shows one hidden later as unavailable', async () => {
    await http(t).put(`/api/shortlist/job-offers/${publicOffer}/`).set(worker.auth).expect(204);
    const res = await http(t).put(`/api/shortlist/job-offers/${hiddenOffer}/`).set(worker.auth).expect(404);
    expect(res.body.error).toBe(SHORTLIST_MESSAGES.offerNotFound);
    let list = await http(t).get('/api/shortlist/job-offers/').set(worker.auth).expect(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id: publicOffer, card: expect.objectContaining({ title: 'Niñera para dos chicos' }) }),
    ]);
    await t.dataSource.query(`UPDATE job_offers SET status = false WHERE id = $1`, [publicOffer]);
    list = await http(t).get('/api/shortlist/job-offers/').set(worker.auth).expect(200);
    expect(list.body).toEqual([expect.objectContaining({ id: publicOffer, card: null })]);
    await t.dataSource.query(`UPDATE job_offers SET status = true WHERE id = $1`, [publicOffer]);
  });

  it('keeps each list to its own kind of account and to its owner', async () => {
    await http(t).put(`/api/shortlist/workers/${worker.profileId}/`).set(worker.auth).expect(403);
    await http(t).put(`/api/shortlist/job-offers/${publicOffer}/`).set(employer.auth).expect(403);
    await http(t).get('/api/shortlist/job-offers/').set(employer.auth).expect(403);
    await http(t).get('/api/shortlist/ids/').expect(401);
    await http(t).put(`/api/shortlist/workers/${worker.profileId}/`).expect(401);

    const another = await createAccount(t, 'Parent');
    await http(t).put(`/api/shortlist/workers/${worker.profileId}/`).set(employer.auth).expect(204);
    expect((await saved(another)).body.workers).toEqual([]);
    expect((await http(t).get('/api/shortlist/workers/').set(another.auth).expect(200)).body).toEqual([]);
    // Another's removal touches only their own list.
    await http(t).delete(`/api/shortlist/workers/${worker.profileId}/`).set(another.auth).expect(204);
    expect((await saved(employer)).body.workers).toEqual([worker.profileId]);
  });

  it(`stops at ${SHORTLIST_LIMITS.maxEntries} saved items with a Spanish message`, async () => {
    const full = await createAccount(t, 'Parent');
    // The limit counts rows, whatever they hold: fill the list with offers written straight in.
    const [place] = await t.dataSource.query(`SELECT province_id, id FROM municipalities ORDER BY id LIMIT 1`);
    const offers: { id: number }[] = await t.dataSource.query(
      `INSERT INTO job_offers (title, description, neighborhood, province_id, municipality_id, status)
       SELECT 'Oferta ' || n, 'Una oferta de relleno para probar el límite de guardados.', 'Centro', $1, $2, true
         FROM generate_series(1, $3::int) AS n RETURNING id`,
      [place.province_id, place.id, SHORTLIST_LIMITS.maxEntries],
    );
    await t.dataSource.query(`INSERT INTO shortlist_entries (user_id, job_offer_id) SELECT $1, unnest($2::int[])`, [
      full.userId,
      offers.map((o) => o.id),
    ]);
    const res = await http(t).put(`/api/shortlist/workers/${worker.profileId}/`).set(full.auth).expect(400);
    expectErrorShape(res.body);
    expect(res.body.error).toBe(SHORTLIST_MESSAGES.full);
  });

  it(bothEngines(`keeps ${SHORTLIST_LIMITS.maxEntries} saved items when thirty are saved at once`), async () => {
    const saver = await createAccount(t, 'Worker');
    const room = 3;
    // Public offers of the team, written straight in: the list is filled with some, the rest race.
    const [place] = await t.dataSource.query(`SELECT province_id, id FROM municipalities ORDER BY id LIMIT 1`);
    const offers: number[] = (
      await t.dataSource.query(
        `INSERT INTO job_offers (title, description, neighborhood, province_id, municipality_id, status)
         SELECT 'Oferta ' || n, 'Una oferta de relleno para probar el límite de guardados.', 'Centro', $1, $2, true
           FROM generate_series(1, $3::int) AS n RETURNING id`,
        [place.province_id, place.id, SHORTLIST_LIMITS.maxEntries - room + 30],
      )
    ).map((o: { id: number }) => o.id);
    const filled = SHORTLIST_LIMITS.maxEntries - room;
    await t.dataSource.query(`INSERT INTO shortlist_entries (user_id, job_offer_id) SELECT $1, unnest($2::int[])`, [
      saver.userId,
      offers.slice(0, filled),
    ]);
    const answers = await atOnce(30, (i) =>
      http(t)
        .put(`/api/shortlist/job-offers/${offers[filled + i]}/`)
        .set(saver.auth),
    );
    expect(statusCounts(answers)).toEqual({ 204: room, 400: 30 - room });
    for (const refused of answers.filter((r) => r.status === 400))
      expect(refused.body).toEqual({ error: SHORTLIST_MESSAGES.full, code: 'LIMIT_REACHED' });
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM shortlist_entries WHERE user_id = $1`, [
      saver.userId,
    ]);
    expect(n).toBe(SHORTLIST_LIMITS.maxEntries);
  });

  it('counts saved items and saved searches on the admin stats', async () => {
    const admin = await createAccount(t, 'admin');
    const stats = async () =>
      (await http(t).get('/api/admin/stats/get-all/').set(admin.auth).expect(200)).body as {
        saved_items: number;
        saved_searches: number;
      };
    const before = await stats();
    const saver = await createAccount(t, 'Parent');
    await http(t).put(`/api/shortlist/workers/${worker.profileId}/`).set(saver.auth).expect(204);
    await http(t)
      .post('/api/saved-searches/')
      .set(saver.auth)
      .send({ kind: 'workers', name: 'Todas', query: {} })
      .expect(201);
    expect(await stats()).toMatchObject({
      saved_items: before.saved_items + 1,
      saved_searches: before.saved_searches + 1,
    });
  });

  it('reads a list in a constant number of queries', async () => {
    const reader = await createAccount(t, 'Parent');
    const one = await countQueries(t, () => http(t).get('/api/shortlist/workers/').set(reader.auth).expect(200));
    for (let i = 0; i < 5; i += 1) {
      const w = await visibleWorker(t);
      await http(t).put(`/api/shortlist/workers/${w.profileId}/`).set(reader.auth).expect(204);
    }
    const five = await countQueries(t, () => http(t).get('/api/shortlist/workers/').set(reader.auth).expect(200));
    expect(five).toBe(one);
  });
});
