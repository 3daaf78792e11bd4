import { createAccount, TestAccount } from '../support/accounts';
import { rename } from '../support/admin';
import { addOffer, CatalogIds, catalogIds, insertMembership, offerBody } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

jest.setTimeout(120_000);

const LIST = '/api/admin/audit-log/get-all/';
const FILTERS = '/api/admin/audit-log/filters/';

interface Person {
  id: number;
  full_name: string;
  deleted: boolean;
}
interface Entry {
  id: number;
  created_at: string;
  formatted_created_at: string;
  actor: Person | null;
  action: string;
  action_display: string;
  target_type: string;
  target_id: number | null;
  target_display: string;
  person: Person | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
interface Page {
  results: Entry[];
  count: number;
  page: number;
  page_size: number;
}

/**
 * The audit log's screen: who did what to whom and when, with before and after, filtered by admin,
 * action and person (accents aside), paged on the server, admins only.
 */
describe('admin audit log API', () => {
  let t: TestApp;
  let ids: CatalogIds;
  let ana: TestAccount;
  let beto: TestAccount;
  let worker: TestAccount;
  let employer: TestAccount;
  let gone: TestAccount;
  let offerId: number;
  let membershipId: number;

  beforeAll(async () => {
    t = await startTestApp();
    ids = await catalogIds(t);
    ana = await createAccount(t, 'admin');
    await rename(t, ana.userId, 'Ana', 'Admin');
    beto = await createAccount(t, 'admin');
    await rename(t, beto.userId, 'Beto', 'Back Office');
    worker = await createAccount(t, 'Worker');
    await rename(t, worker.userId, 'Lucía', 'García');
    employer = await createAccount(t, 'Parent');
    await rename(t, employer.userId, 'Ramón', 'Núñez');
    gone = await createAccount(t, 'Worker');
    await rename(t, gone.userId, 'Óscar', 'Borrado');

    // Ana: shows the worker, switches the employer's membership off, edits the price.
    const visibility = (a: TestAccount, userId: number, visible: boolean) =>
      http(t).put(`/api/admin/user/${userId}/toggle-profile-visibility/`).set(a.auth).send({ visible }).expect(200);
    await visibility(ana, worker.userId, true);
    membershipId = await insertMembership(t, employer.profileId!);
    await http(t).put(`/api/admin/membership/${membershipId}/toggle-status/`).set(ana.auth).expect(200);
    await http(t).put('/api/admin/membership-type/').set(ana.auth).send({ price: 45000 }).expect(200);
    // Beto: hides the worker, deletes the employer's offer, deletes an account.
    await visibility(beto, worker.userId, false);
    offerId = (await addOffer(t, employer, ids, { title: 'Cocinera en Quilmes' })).id;
    await http(t).delete(`/api/admin/job-offer/${offerId}/delete/`).set(beto.auth).expect(204);
    await http(t).delete(`/api/admin/user/${gone.userId}/delete/`).set(beto.auth).expect(204);
    await http(t)
      .post('/api/admin/job-offers/add/')
      .set(beto.auth)
      .send(offerBody(ids, { title: 'Niñera del equipo' }))
      .expect(201);
  });
  afterAll(() => t.close());

  const get = async (query: Record<string, string> = {}, auth = ana.auth): Promise<Page> =>
    (await http(t).get(LIST).set(auth).query(query).expect(200)).body;

  it('lists who did what to whom and when, newest first, with before and after', async () => {
    const page = await get();
    expect([page.count, page.page, page.page_size]).toEqual([7, 1, 50]);
    expect(page.results.map((e) => [e.actor?.full_name, e.action, e.person?.full_name ?? null])).toEqual([
      ['Beto Back Office', 'job_offer.add', null],
      ['Beto Back Office', 'user.delete', 'Óscar Borrado'],
      ['Beto Back Office', 'job_offer.delete', 'Ramón Núñez'],
      ['Beto Back Office', 'user.visibility', 'Lucía García'],
      ['Ana Admin', 'membership_type.price', null],
      ['Ana Admin', 'membership.toggle', 'Ramón Núñez'],
      ['Ana Admin', 'user.visibility', 'Lucía García'],
    ]);
    const times = page.results.map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const [added, deleted, offer, hidden, price, toggled, shown] = page.results;
    expect(shown).toMatchObject({
      action_display: 'Visibilidad del perfil',
      target_type: 'user',
      target_id: worker.userId,
      target_display: 'Lucía García',
      person: { id: worker.userId, full_name: 'Lucía García', deleted: false },
      before: { profile_visibility: false },
      after: { profile_visibility: true },
    });
    expect(shown!.formatted_created_at).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(hidden).toMatchObject({ before: { profile_visibility: true }, after: { profile_visibility: false } });
    expect(toggled).toMatchObject({
      action_display: 'Membresía activada o desactivada',
      target_display: `Membresía n.º ${membershipId} de Ramón Núñez`,
      before: { status: true },
      after: { status: false },
    });
    expect(price).toMatchObject({
      target_display: 'Precio de la membresía',
      person: null,
      before: { price: 40000 },
      after: { price: 45000 },
    });
    // The offer is gone: its title and employer come from the entry's own snapshot.
    expect(offer).toMatchObject({
      action_display: 'Oferta eliminada',
      target_display: 'Oferta «Cocinera en Quilmes»',
      person: { id: employer.userId },
    });
    // The deleted account reads by the name it had.
    expect(deleted).toMatchObject({
      action_display: 'Cuenta eliminada',
      target_display: 'Óscar Borrado',
      person: { id: gone.userId, full_name: 'Óscar Borrado', deleted: true },
      after: { deleted: true },
    });
    expect(added).toMatchObject({ target_display: 'Oferta «Niñera del equipo»', person: null, before: null });
  });

  it('filters by admin, action and person (accents and case aside), combined', async () => {
    const actions = async (query: Record<string, string>) => (await get(query)).results.map((e) => e.action);
    expect(await actions({ actor_id: String(ana.userId) })).toEqual([
      'membership_type.price',
      'membership.toggle',
      'user.visibility',
    ]);
    expect(await actions({ action: 'user.visibility' })).toHaveLength(2);
    expect(await actions({ action: 'user.visibility', actor_id: String(beto.userId) })).toEqual(['user.visibility']);
    expect(await actions({ person: 'lucia garcia' })).toEqual(['user.visibility', 'user.visibility']);
    expect(await actions({ person: 'NUNEZ' })).toEqual(['job_offer.delete', 'membership.toggle']);
    expect(await actions({ person: 'óscar' })).toEqual(['user.delete']);
    expect(await actions({ person: employer.email.toUpperCase() })).toEqual(['job_offer.delete', 'membership.toggle']);
    expect(await actions({ person: 'ramón', action: 'membership.toggle' })).toEqual(['membership.toggle']);
    expect(await actions({ person: '%' })).toEqual([]);
    const none = await get({ actor_id: String(worker.userId) });
    expect([none.count, none.results]).toEqual([0, []]);
  });

  it('pages on the server, with the count of every match', async () => {
    const first = await get({ page_size: '3' });
    const second = await get({ page_size: '3', page: '2' });
    const third = await get({ page_size: '3', page: '3' });
    const all = await get();
    expect([first.count, second.count, third.count]).toEqual([7, 7, 7]);
    expect([...first.results, ...second.results, ...third.results].map((e) => e.id)).toEqual(
      all.results.map((e) => e.id),
    );
    expect(third.results).toHaveLength(1);
    const past = await get({ page_size: '3', page: '9' });
    expect([past.count, past.results]).toEqual([7, []]);
    expect((await get({ page_size: '500' })).page_size).toBe(100);
  });

  it('offers the admins and the actions to filter by', async () => {
    const res = await http(t).get(FILTERS).set(ana.auth).expect(200);
    expect(res.body.admins).toEqual(
      expect.arrayContaining([
        { id: ana.userId, full_name: 'Ana Admin' },
        { id: beto.userId, full_name: 'Beto Back Office' },
      ]),
    );
    expect(res.body.admins.map((a: { id: number }) => a.id)).not.toContain(worker.userId);
    expect(res.body.actions).toContainEqual({ value: 'user.delete', label: 'Cuenta eliminada' });
    expect(res.body.actions).toContainEqual({ value: 'membership_type.price', label: 'Precio de la membresía' });
  });

  it('refuses bad filters with 400 in the error shape', async () => {
    for (const query of [
      { actor_id: 'x' },
      { actor_id: '0' },
      { action: 'DROP TABLE' },
      { page: '0' },
      { person: 'a'.repeat(101) },
    ]) {
      const res = await http(t).get(LIST).set(ana.auth).query(query).expect(400);
      expectErrorShape(res.body);
    }
  });

  it('answers 403 to workers and employers and 401 to visitors, on both calls', async () => {
    for (const path of [LIST, FILTERS]) {
      await http(t).get(path).set(worker.auth).expect(403);
      await http(t).get(path).set(employer.auth).expect(403);
      await http(t).get(path).expect(401);
    }
  });
});
