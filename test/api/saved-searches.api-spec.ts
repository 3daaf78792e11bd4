import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_MESSAGES, unsubscribedMessage } from '@cym/common';
import { Clock } from '../../server/src/common/clock/clock';
import { PushService } from '../../server/src/modules/push/push.service';
import { SavedSearchAlerts } from '../../server/src/modules/saved-searches/saved-search-alerts';
import { countQueries } from '../support/admin';
import { createAccount, type TestAccount } from '../support/accounts';
import { addOffer, catalogIds, insertMembership, type CatalogIds } from '../support/employer';
import { expectErrorShape, http } from '../support/http';
import { atOnce, statusCounts } from '../support/race';
import { useTestApp } from '../support/test-app';
import { WebPushReceiver } from '../support/web-push-receiver';
import { bothEngines } from '../support/engines';

jest.setTimeout(90_000);

interface Outbox {
  to_address: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string> | null;
}

describe('saved searches and alerts', () => {
  // Several connections on PostgreSQL, so that saves sent at once really race.
  const t = useTestApp({}, { poolSize: 10 });
  let ids: CatalogIds;
  let labels: { services: string[] };
  let admin: TestAccount;

  beforeAll(async () => {
    ids = await catalogIds(t);
    const services: { title_display: string }[] = (await http(t).get('/api/services/get-choices/').expect(200)).body;
    labels = { services: services.map((s) => s.title_display) };
    admin = await createAccount(t, 'admin');
  });

  const alerts = () => t.app.get(SavedSearchAlerts);
  const mails = async (to: string): Promise<Outbox[]> =>
    t.dataSource.query(
      `SELECT to_address, subject, html, text, headers FROM email_outbox WHERE to_address = $1 ORDER BY id`,
      [to],
    );

  async function save(account: TestAccount, body: Record<string, unknown>, status = 201) {
    return http(t).post('/api/saved-searches/').set(account.auth).send(body).expect(status);
  }

  /** A worker offering service `service` in the test province, hidden until `show`. */
  async function workerOffering(service: number): Promise<{ account: TestAccount; show: () => Promise<void> }> {
    const account = await createAccount(t, 'Worker');
    await t.dataSource.query(`UPDATE worker_profiles SET province_id = $2, municipality_id = $3 WHERE id = $1`, [
      account.profileId,
      ids.province,
      ids.municipalities[0],
    ]);
    await t.dataSource.query(`INSERT INTO worker_services (worker_profile_id, service_id) VALUES ($1, $2)`, [
      account.profileId,
      service,
    ]);
    return {
      account,
      // Through the admin's switch, which announces the change like every profile write.
      show: async () => {
        await http(t)
          .put(`/api/admin/user/${account.userId}/toggle-profile-visibility/`)
          .set(admin.auth)
          .send({ visible: true })
          .expect(200);
        await alerts().runDue();
      },
    };
  }

  it('saves, lists, renames, pauses and deletes a search of its owner', async () => {
    const employer = await createAccount(t, 'Parent');
    const created = await save(employer, {
      kind: 'workers',
      name: '  Niñeras en la provincia ',
      query: { services: labels.services[0], province: String(ids.province), page: '3', utm_source: 'x' },
    });
    expect(created.body).toMatchObject({
      kind: 'workers',
      name: 'Niñeras en la provincia',
      query: { services: labels.services[0], province: String(ids.province) },
      email_frequency: 'immediate',
      paused: false,
      match_count: 0,
    });
    expect(created.body.query).not.toHaveProperty('page');
    expect(created.body.query).not.toHaveProperty('utm_source');
    const id = created.body.id as number;

    const renamed = await http(t)
      .patch(`/api/saved-searches/${id}/`)
      .set(employer.auth)
      .send({ name: 'Niñeras cerca', paused: true, email_frequency: 'daily' })
      .expect(200);
    expect(renamed.body).toMatchObject({ id, name: 'Niñeras cerca', paused: true, email_frequency: 'daily' });
    const list = await http(t).get('/api/saved-searches/').set(employer.auth).expect(200);
    expect(list.body).toEqual([renamed.body]);

    // Another person's search is not theirs to see, change or delete.
    const stranger = await createAccount(t, 'Parent');
    expect((await http(t).get('/api/saved-searches/').set(stranger.auth).expect(200)).body).toEqual([]);
    const res = await http(t).patch(`/api/saved-searches/${id}/`).set(stranger.auth).send({ name: 'Mía' }).expect(404);
    expect(res.body.error).toBe(SAVED_SEARCH_MESSAGES.notFound);
    await http(t).delete(`/api/saved-searches/${id}/`).set(stranger.auth).expect(404);

    await http(t).delete(`/api/saved-searches/${id}/`).set(employer.auth).expect(204);
    expect((await http(t).get('/api/saved-searches/').set(employer.auth).expect(200)).body).toEqual([]);
  });

  it('refuses bad names, bad filters and the other directory with Spanish messages', async () => {
    const employer = await createAccount(t, 'Parent');
    const worker = await createAccount(t, 'Worker');
    let res = await save(employer, { kind: 'workers', name: '   ', query: {} }, 400);
    expectErrorShape(res.body);
    expect(res.body.errors.name).toEqual([SAVED_SEARCH_MESSAGES.nameRequired]);
    res = await save(employer, { kind: 'workers', name: 'x'.repeat(81), query: {} }, 400);
    expect(res.body.errors.name).toEqual([SAVED_SEARCH_MESSAGES.nameTooLong]);
    res = await save(employer, { kind: 'workers', name: 'Raro', query: { services: ['a'] } }, 400);
    expect(res.body.error).toBe(SAVED_SEARCH_MESSAGES.badQuery);
    res = await save(employer, { kind: 'job-offers', name: 'Ofertas', query: {} }, 403);
    expect(res.body.error).toBe(SAVED_SEARCH_MESSAGES.wrongKind);
    await save(worker, { kind: 'workers', name: 'Colegas', query: {} }, 403);
    await save(worker, { kind: 'job-offers', name: 'Ofertas', query: {} }, 201);
    await http(t).post('/api/saved-searches/').send({ kind: 'workers', name: 'x', query: {} }).expect(401);
  });

  it(bothEngines(`keeps ${SAVED_SEARCH_LIMITS.perUser} searches when thirty are saved at once`), async () => {
    const employer = await createAccount(t, 'Parent');
    const room = 3;
    await t.dataSource.query(
      `INSERT INTO saved_searches (user_id, kind, name, query, codes, email_frequency)
       SELECT $1, 'workers', 'Guardada ' || n, '{}', '{}', 'never' FROM generate_series(1, $2::int) AS n`,
      [employer.userId, SAVED_SEARCH_LIMITS.perUser - room],
    );
    const answers = await atOnce(30, (i) =>
      http(t)
        .post('/api/saved-searches/')
        .set(employer.auth)
        .send({ kind: 'workers', name: `Búsqueda ${i}`, query: {} }),
    );
    expect(statusCounts(answers)).toEqual({ 201: room, 400: 30 - room });
    for (const refused of answers.filter((r) => r.status === 400))
      expect(refused.body).toEqual({ error: SAVED_SEARCH_MESSAGES.full, code: 'LIMIT_REACHED' });
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM saved_searches WHERE user_id = $1`, [
      employer.userId,
    ]);
    expect(n).toBe(SAVED_SEARCH_LIMITS.perUser);
    // These searches match every worker: gone, they tell nothing in the tests that follow.
    await t.dataSource.query(`DELETE FROM saved_searches WHERE user_id = $1`, [employer.userId]);
  });

  it('tells the owner at once of a worker who becomes visible and matches, and only then', async () => {
    const employer = await createAccount(t, 'Parent');
    const matching = await save(employer, {
      kind: 'workers',
      name: 'Primera búsqueda',
      query: { services: labels.services[0], province: String(ids.province) },
    });
    const other = await save(employer, {
      kind: 'workers',
      name: 'Otro servicio',
      query: { services: labels.services[1] },
    });
    const paused = await save(employer, { kind: 'workers', name: 'En pausa', query: {} });
    await http(t).patch(`/api/saved-searches/${paused.body.id}/`).set(employer.auth).send({ paused: true }).expect(200);

    const first = await workerOffering(ids.services[0]!);
    await first.show();

    const matches: { saved_search_id: number; item_id: number }[] = await t.dataSource.query(
      `SELECT saved_search_id, item_id FROM saved_search_matches WHERE saved_search_id = ANY($1::int[])`,
      [[matching.body.id, other.body.id, paused.body.id]],
    );
    expect(matches).toEqual([{ saved_search_id: matching.body.id, item_id: first.account.profileId }]);

    const sent = await mails(employer.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Novedad para «Primera búsqueda»');
    expect(sent[0]!.text).toContain('Hay un perfil nuevo para tu búsqueda «Primera búsqueda».');
    expect(sent[0]!.text).toContain(`/worker-profile/${first.account.profileId}`);
    expect(sent[0]!.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<http.+\/api\/saved-searches\/unsubscribe\?t=\d+\.[\w-]{32}>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const list = await http(t).get('/api/saved-searches/').set(employer.auth).expect(200);
    expect(list.body.map((s: { match_count: number }) => s.match_count)).toEqual([1, 0, 0]);

    // Edited again, the same worker is not news.
    await first.show();
    expect(await mails(employer.email)).toHaveLength(1);

    // A second match the same day waits for the digest: one e-mail per search per day.
    const second = await workerOffering(ids.services[0]!);
    await second.show();
    expect(await mails(employer.email)).toHaveLength(1);
    expect(await alerts().mailDue()).toBe(0);

    const clock = t.app.get(Clock);
    const realNow = clock.now.bind(clock);
    clock.now = () => new Date(realNow().getTime() + 25 * 3_600_000);
    try {
      expect(await alerts().mailDue()).toBe(1);
      expect(await alerts().mailDue()).toBe(0);
    } finally {
      clock.now = realNow;
    }
    const digest = (await mails(employer.email))[1]!;
    expect(digest.text).toContain(`/worker-profile/${second.account.profileId}`);
    expect(digest.text).not.toContain(`/worker-profile/${first.account.profileId}`);
  });

  it("matches 'Cerca de' as the municipalities within its radius", async () => {
    const employer = await createAccount(t, 'Parent');
    const search = await save(employer, {
      kind: 'workers',
      name: 'Cerca de casa',
      query: { near: String(ids.municipalities[0]), radius_km: '5', services: labels.services[3] },
      email_frequency: 'daily',
    });
    expect(search.body.query).toEqual({
      near: String(ids.municipalities[0]),
      radius_km: '5',
      services: labels.services[3],
    });
    const near = await workerOffering(ids.services[3]!);
    const far = await workerOffering(ids.services[3]!);
    await t.dataSource.query(
      `UPDATE worker_profiles SET province_id = m.province_id, municipality_id = m.id
                                FROM municipalities m WHERE m.id = $2 AND worker_profiles.id = $1`,
      [far.account.profileId, ids.foreignMunicipality],
    );
    await near.show();
    await far.show();
    const matched: { item_id: number }[] = await t.dataSource.query(
      `SELECT item_id FROM saved_search_matches WHERE saved_search_id = $1`,
      [search.body.id],
    );
    expect(matched).toEqual([{ item_id: near.account.profileId }]);
    // The directory with the saved query lists the one that matched.
    const page = await http(t).get('/api/workers/').query(search.body.query).expect(200);
    expect(page.body.results.map((w: { id: number }) => w.id)).toContain(near.account.profileId);
    expect(page.body.results.map((w: { id: number }) => w.id)).not.toContain(far.account.profileId);
    await save(employer, { kind: 'workers', name: 'Radio raro', query: { near: '1', radius_km: '7' } }, 400);
  });

  it('keeps daily searches for the digest and tells a worker of a new public offer', async () => {
    const worker = await createAccount(t, 'Worker');
    const search = await save(worker, {
      kind: 'job-offers',
      name: 'Ofertas en mi provincia',
      query: { province: String(ids.province) },
      email_frequency: 'daily',
    });
    const employer = await createAccount(t, 'Parent');
    await insertMembership(t, employer.profileId!);
    const offer = await addOffer(t, employer, ids, { title: 'Cuidado de una señora mayor' });
    await alerts().runDue();
    expect(await mails(worker.email)).toHaveLength(0);
    expect(await alerts().mailDue()).toBeGreaterThanOrEqual(1);
    const [digest] = await mails(worker.email);
    expect(digest!.subject).toBe('Novedad para «Ofertas en mi provincia»');
    expect(digest!.text).toContain('Cuidado de una señora mayor');
    expect(digest!.text).toContain(`/job-offer/${offer.id}`);
    expect(digest!.text).toContain(`/alertas/baja?t=${search.body.id}.`);
    // Where the e-mails are set, named as the page is, with its link.
    expect(digest!.text).toMatch(/Podés cambiar cuándo te avisamos en Búsquedas y alertas: http\S+\/alertas\n/);
    expect(digest!.html).toMatch(/en <a href="http[^"]+\/alertas" [^>]*>Búsquedas y alertas<\/a>\./);
  });

  it('tells a worker of an offer that became public when its employer got a membership', async () => {
    const worker = await createAccount(t, 'Worker');
    const search = await save(worker, {
      kind: 'job-offers',
      name: 'Ofertas de una empleadora nueva',
      query: { services: labels.services[5] },
      email_frequency: 'daily',
    });
    const employer = await createAccount(t, 'Parent');
    const offer = await addOffer(t, employer, ids, { services: [ids.services[5]], title: 'Cuidado de mascotas' });
    await alerts().runDue();
    const told = async () =>
      (
        await t.dataSource.query(`SELECT item_id FROM saved_search_matches WHERE saved_search_id = $1`, [
          search.body.id,
        ])
      ).map((r: { item_id: number }) => r.item_id);
    // Not public yet: the employer has no membership.
    expect(await told()).toEqual([]);
    // The admin grants a month by hand: the offer becomes public without a write of its own.
    await http(t).post(`/api/admin/parent-profile/${employer.profileId}/membership/grant/`).set(admin.auth).expect(201);
    await alerts().runDue();
    expect(await told()).toEqual([offer.id]);
    // Another membership change tells nobody twice.
    await alerts().matchRecentOffers();
    expect(await told()).toEqual([offer.id]);
  });

  it('unsubscribes in one click without logging in, from the page or the mail app', async () => {
    const employer = await createAccount(t, 'Parent');
    const search = await save(employer, { kind: 'workers', name: 'Cocineras', query: {} });
    const worker = await workerOffering(ids.services[0]!);
    await worker.show();
    const [mail] = await mails(employer.email);
    const link = /<(.+)>/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const path = new URL(link).pathname + new URL(link).search;

    // RFC 8058: the mail app posts a form body to the header's address.
    const res = await http(t)
      .post(path)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(res.body).toEqual({ message: unsubscribedMessage('Cocineras'), name: 'Cocineras' });
    const [row] = await t.dataSource.query(`SELECT email_frequency FROM saved_searches WHERE id = $1`, [
      search.body.id,
    ]);
    expect(row.email_frequency).toBe('never');
    // The page's call (JSON) says the same again.
    await http(t).post(path).send({}).expect(200);

    const token = new URL(link).searchParams.get('t')!;
    for (const bad of [
      `${search.body.id}.${'A'.repeat(32)}`,
      `${Number(search.body.id) + 1}.${token.split('.')[1]}`,
      'x',
      '',
    ]) {
      const refused = await http(t)
        .post(`/api/saved-searches/unsubscribe?t=${encodeURIComponent(bad)}`)
        .expect(400);
      expectErrorShape(refused.body);
      expect(refused.body.error).toBe(SAVED_SEARCH_MESSAGES.badLink);
    }
    await http(t).post('/api/saved-searches/unsubscribe').expect(400);
  });

  it('answers a GET on the List-Unsubscribe address with a Spanish page that asks first', async () => {
    const employer = await createAccount(t, 'Parent');
    const search = await save(employer, { kind: 'workers', name: 'Niñeras <b>', query: {} });
    const worker = await workerOffering(ids.services[0]!);
    await worker.show();
    const [mail] = await mails(employer.email);
    const link = new URL(/<(.+)>/.exec(mail!.headers!['List-Unsubscribe']!)![1]!);
    const token = link.searchParams.get('t')!;
    const frequency = async () =>
      (await t.dataSource.query(`SELECT email_frequency FROM saved_searches WHERE id = $1`, [search.body.id]))[0]
        .email_frequency;
    const before = await frequency();

    // A browser (or a link scanner) opening the address: a page in Spanish; nothing changes.
    const page = await http(t)
      .get(link.pathname + link.search)
      .expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(page.text).toContain('<html lang="es-AR">');
    expect(page.text).toContain('<h1 style="font-size:22px;margin:0 0 16px">Dejar de recibir e-mails</h1>');
    expect(page.text).toContain('¿Querés dejar de recibir los e-mails de la búsqueda «Niñeras &#60;b&#62;»?');
    expect(page.text).toContain(`href="/alertas/baja?t=${encodeURIComponent(token)}"`);
    expect(page.text).toContain('Sí, dejar de recibirlos');
    expect(await frequency()).toBe(before);
    expect(before).not.toBe('never');

    // The one-click POST stays; the page then says so.
    await http(t)
      .post(link.pathname + link.search)
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    const after = await http(t)
      .get(link.pathname + link.search)
      .expect(200);
    expect(after.text).toContain('Ya no recibís e-mails de la búsqueda «Niñeras &#60;b&#62;».');
    expect(after.text).not.toContain('/alertas/baja');

    // A bad link: the same page, saying so, never a JSON error or a 5xx.
    for (const bad of [`${search.body.id}.${'A'.repeat(32)}`, 'x', '']) {
      const refused = await http(t)
        .get(`/api/saved-searches/unsubscribe?t=${encodeURIComponent(bad)}`)
        .expect(400);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      expect(refused.text).toContain(SAVED_SEARCH_MESSAGES.badLink);
    }
    await http(t).get('/api/saved-searches/unsubscribe').expect(400);
  });

  it('pushes a match to the owner at once, and keeps e-mails off when the owner chose so', async () => {
    const receiver = new WebPushReceiver();
    await receiver.start();
    try {
      const employer = await createAccount(t, 'Parent');
      const subscription = receiver.subscription();
      await http(t)
        .post('/api/push/subscriptions')
        .set(employer.auth)
        .send({ endpoint: subscription.endpoint, keys: subscription.keys })
        .expect(204);
      await http(t)
        .put('/api/user/notification-preferences')
        .set(employer.auth)
        .send({ message: { email: true, push: true }, alert: { email: false, push: true } })
        .expect(200);
      const search = await save(employer, {
        kind: 'workers',
        name: 'Con aviso al teléfono',
        query: { services: labels.services[4] },
      });
      const worker = await workerOffering(ids.services[4]!);
      await worker.show();
      await t.app.get(PushService).deliverDue();
      const [got] = receiver.for(subscription.id);
      expect(got?.problem).toBeUndefined();
      expect(JSON.parse(got!.text!)).toEqual({
        title: 'Novedad para «Con aviso al teléfono»',
        body: 'Hay un perfil nuevo que coincide con tu búsqueda guardada.',
        url: `/workers?services=${encodeURIComponent(labels.services[4]!).replace(/%20/g, '+')}`,
        tag: `search-${search.body.id}`,
      });
      // Alert e-mails off: the match is recorded, no e-mail is written, now or in the digest.
      expect(await mails(employer.email)).toHaveLength(0);
      await alerts().mailDue();
      expect(await mails(employer.email)).toHaveLength(0);
    } finally {
      await receiver.stop();
    }
  });

  it('matches a new profile in a bounded number of queries whatever the number of searches', async () => {
    const employer = await createAccount(t, 'Parent');
    // Daily searches: the match alone (e-mails are one statement per e-mail, sent or not).
    await save(employer, {
      kind: 'workers',
      name: 'Una',
      query: { services: labels.services[2] },
      email_frequency: 'daily',
    });
    const first = await workerOffering(ids.services[2]!);
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [
      first.account.profileId,
    ]);
    const few = await countQueries(t, () => alerts().match('workers', first.account.profileId!));

    // Fifty more searches by others, all matching.
    await t.dataSource.query(
      `INSERT INTO saved_searches (user_id, kind, name, query, codes, email_frequency, created_at)
       SELECT $1, 'workers', 'Búsqueda ' || n, '{}', '{}', 'daily', now() - interval '1 hour' FROM generate_series(1, 50) AS n`,
      [employer.userId],
    );
    const second = await workerOffering(ids.services[2]!);
    await t.dataSource.query(`UPDATE worker_profiles SET profile_visibility = true WHERE id = $1`, [
      second.account.profileId,
    ]);
    let told = 0;
    const many = await countQueries(t, async () => {
      told = (await alerts().match('workers', second.account.profileId!)).length;
    });
    expect(told).toBeGreaterThanOrEqual(51);
    expect(many).toBe(few);
    expect(few).toBe(1);
  });
});
