import { PROFILE_LIMITS, PROFILE_MESSAGES } from '@cym/common';
import { createAccount, TestAccount } from '../support/accounts';
import { expectErrorShape, http } from '../support/http';
import { atOnce, statusCounts } from '../support/race';
import { startTestApp, TestApp } from '../support/test-app';
import { bothEngines } from '../support/engines';

jest.setTimeout(30_000);

describe('worker profile API', () => {
  let t: TestApp;
  let owner: TestAccount;
  let other: TestAccount;
  let admin: TestAccount;
  let ids: { services: number[]; tasks: number[]; arrangements: number[]; languages: number[] };
  let base: string;

  beforeAll(async () => {
    // Several connections on PostgreSQL, so that adds sent at once really race.
    t = await startTestApp({ TRUST_PROXY: '1' }, { poolSize: 10 });
    owner = await createAccount(t, 'Worker');
    other = await createAccount(t, 'Worker');
    admin = await createAccount(t, 'admin');
    const choices = (await http(t).get('/api/workers/get-filter-choices/')).body;
    ids = {
      services: choices.services.map((s: { id: number }) => s.id),
      tasks: choices.tasks.map((s: { id: number }) => s.id),
      arrangements: choices.work_arrangements.map((s: { id: number }) => s.id),
      languages: choices.languages.map((s: { id: number }) => s.id),
    };
    base = `/api/worker-profile/${owner.profileId}`;
  });
  afterAll(() => t.close());

  const visibility = async () =>
    (await t.dataSource.query(`SELECT profile_visibility FROM worker_profiles WHERE id = $1`, [owner.profileId]))[0]
      .profile_visibility as boolean;

  it('keeps a new, empty profile hidden from everyone but its owner and admins', async () => {
    await http(t).get(`${base}/get-info/`).expect(404);
    await http(t).get(`${base}/get-info/`).set(other.auth).expect(404);
    const own = await http(t).get(`${base}/get-info/`).set(owner.auth).expect(200);
    expect(own.body.user).toMatchObject({
      first_name: 'Prueba',
      last_name: 'Apellido',
      email: owner.email,
      profile_visibility: false,
    });
    await http(t).get(`${base}/get-info/`).set(admin.auth).expect(200);
    await http(t).get('/api/worker-profile/999999/get-info/').expect(404);
    await http(t).get('/api/worker-profile/abc/get-info/').expect(404);
  });

  it('checks the introduction at 14/15/499/500 characters and trims it', async () => {
    const put = (introduction: unknown) =>
      http(t).put(`${base}/introduction/update/`).set(owner.auth).send({ introduction });
    expect((await put('   ').expect(400)).body.error).toBe(PROFILE_MESSAGES.introductionEmpty);
    expect((await put('a'.repeat(14)).expect(400)).body.error).toBe(PROFILE_MESSAGES.introductionShort);
    expect((await put('a'.repeat(500)).expect(400)).body.error).toBe(PROFILE_MESSAGES.introductionLong);
    await put('a'.repeat(499)).expect(200);
    const ok = await put('  Hola, soy niñera con experiencia.  ').expect(200);
    expect(ok.body).toEqual({ introduction: 'Hola, soy niñera con experiencia.' });
    await put(42).expect(400);
  });

  it('checks the hour price at 0/1/100000/100001 and answers it as text', async () => {
    const put = (hour_price: unknown) => http(t).put(`${base}/hour-price/update/`).set(owner.auth).send({ hour_price });
    expect((await put('0').expect(400)).body.error).toBe(PROFILE_MESSAGES.hourPricePositive);
    expect((await put('100001').expect(400)).body.error).toBe(PROFILE_MESSAGES.hourPriceMax);
    expect((await put('12.5').expect(400)).body.error).toBe(PROFILE_MESSAGES.hourPriceDigits);
    expect((await put('99999999999999999999').expect(400)).body.error).toBe(PROFILE_MESSAGES.hourPriceMax);
    await put('1').expect(200);
    expect((await put('100000').expect(200)).body).toEqual({ hour_price: '100000' });
    expect((await http(t).get(`${base}/hour-price/get/`).set(owner.auth).expect(200)).body).toEqual({
      hour_price: '100000',
    });
  });

  it('replaces choice lists, refusing empty lists and unknown ids', async () => {
    const services = await http(t)
      .put(`${base}/services/update/`)
      .set(owner.auth)
      .send({ services_ids: [ids.services[1], ids.services[0], ids.services[1]] })
      .expect(200);
    expect(services.body.services.map((s: { title: string }) => s.title)).toEqual(['housemaide', 'babysitter']);
    expect(
      (await http(t).put(`${base}/services/update/`).set(owner.auth).send({ services_ids: [] }).expect(400)).body.error,
    ).toBe(PROFILE_MESSAGES.servicesRequired);
    await http(t)
      .put(`${base}/services/update/`)
      .set(owner.auth)
      .send({ services_ids: [99999] })
      .expect(400);
    await http(t).put(`${base}/services/update/`).set(owner.auth).send({ services_ids: 'todos' }).expect(400);

    const tasks = await http(t)
      .put(`${base}/tasks/update/`)
      .set(owner.auth)
      .send({ task_ids: ids.tasks.slice(0, 3) })
      .expect(200);
    expect(tasks.body.tasks).toHaveLength(3);
    expect((await http(t).put(`${base}/tasks/update/`).set(owner.auth).send({}).expect(400)).body.error).toBe(
      PROFILE_MESSAGES.tasksRequired,
    );

    const arrangements = await http(t)
      .put(`${base}/work-arrangements/update/`)
      .set(owner.auth)
      .send({ work_arrangement_ids: [ids.arrangements[3]] })
      .expect(200);
    expect(arrangements.body.updated_work_arrangements).toEqual([
      { id: ids.arrangements[3], value_display: 'Sin retiro (cama adentro)' },
    ]);

    const langs = await http(t)
      .put(`${base}/languages/update/`)
      .set(owner.auth)
      .send({ languages_ids: [ids.languages[0], ids.languages[3]], native_language_id: ids.languages[3] })
      .expect(200);
    expect(langs.body.languages).toEqual([
      { id: ids.languages[0], language: ids.languages[0], language_name_display: 'Español', native: false },
      { id: ids.languages[3], language: ids.languages[3], language_name_display: 'Guaraní', native: true },
    ]);
    const notAmong = await http(t)
      .put(`${base}/languages/update/`)
      .set(owner.auth)
      .send({ languages_ids: [ids.languages[0]], native_language_id: ids.languages[1] })
      .expect(400);
    expect(notAmong.body.error).toBe(PROFILE_MESSAGES.nativeNotSelected);
    const defaulted = await http(t)
      .put(`${base}/languages/update/`)
      .set(owner.auth)
      .send({ languages_ids: [ids.languages[2]] })
      .expect(200);
    expect(defaulted.body.languages[0].native).toBe(true);
  });

  it('stores shifts as day and shift pairs', async () => {
    const ok = await http(t)
      .put(`${base}/shifts/update/`)
      .set(owner.auth)
      .send([
        { day: 'lunes', shift: 'mañana' },
        { day: 'sábado', shift: 'noche' },
      ])
      .expect(200);
    expect(
      ok.body.shifts.map((s: { day_display: string; shift_display: string }) => `${s.day_display}:${s.shift_display}`),
    ).toEqual(['Lunes:Mañana', 'Sábado:Noche']);
    await http(t).put(`${base}/shifts/update/`).set(owner.auth).send([]).expect(400);
    await http(t)
      .put(`${base}/shifts/update/`)
      .set(owner.auth)
      .send([{ day: 'funday', shift: 'mañana' }])
      .expect(400);
    await http(t).put(`${base}/shifts/update/`).set(owner.auth).send({ day: 'lunes' }).expect(400);
  });

  it('validates personal info and becomes visible once info, introduction, services and arrangements are set', async () => {
    const put = (body: object) => http(t).put(`${base}/info/update/`).set(owner.auth).send(body);
    const valid = {
      date_of_birth: '1990-05-17',
      neighborhood: 'Palermo',
      gender: 'female',
      nationality: 'Argentina',
      province: 2,
      municipality: 2014,
    };
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 17);
    const cases: [object, string, string][] = [
      [{ ...valid, date_of_birth: '' }, 'date_of_birth', PROFILE_MESSAGES.birthRequired],
      [{ ...valid, date_of_birth: young.toISOString().slice(0, 10) }, 'date_of_birth', PROFILE_MESSAGES.tooYoung],
      [{ ...valid, date_of_birth: '1890-01-01' }, 'date_of_birth', PROFILE_MESSAGES.tooOld],
      [{ ...valid, date_of_birth: '1990-02-30' }, 'date_of_birth', PROFILE_MESSAGES.birthRequired],
      [{ ...valid, neighborhood: 'ab' }, 'neighborhood', PROFILE_MESSAGES.neighborhoodShort],
      [{ ...valid, neighborhood: 'b'.repeat(101) }, 'neighborhood', PROFILE_MESSAGES.neighborhoodLong],
      [{ ...valid, gender: 'x' }, 'gender', PROFILE_MESSAGES.genderRequired],
      [{ ...valid, nationality: 'AR' }, 'nationality', PROFILE_MESSAGES.nationalityShort],
      [{ ...valid, province: undefined }, 'province', PROFILE_MESSAGES.provinceRequired],
      [{ ...valid, municipality: 6007 }, 'municipality', PROFILE_MESSAGES.municipalityMismatch],
      [{ ...valid, municipality: 'Palermo' }, 'municipality', PROFILE_MESSAGES.municipalityRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await put(body).expect(400);
      expectErrorShape(res.body);
      expect(res.body.errors[field]).toEqual([message]);
    }
    expect(await visibility()).toBe(false);
    const ok = await put(valid).expect(200);
    expect(ok.body).toMatchObject({
      date_of_birth: '1990-05-17',
      gender: 'female',
      gender_display: 'Femenino',
      location: { neighborhood: 'Palermo', municipality: { id: 2014, name: 'Comuna 2' }, province: { id: 2 } },
    });
    // Introduction, services and arrangements were set by earlier cases: now visible.
    expect(await visibility()).toBe(true);
    const pub = await http(t).get(`${base}/get-info/`).expect(200);
    expect(pub.body.user).not.toHaveProperty('last_name');
    expect(pub.body.user).not.toHaveProperty('email');
    expect(pub.body.user).not.toHaveProperty('phone');

    // Removing a required part hides it again.
    await t.dataSource.query(`DELETE FROM worker_work_arrangements WHERE worker_profile_id = $1`, [owner.profileId]);
    await http(t).put(`${base}/hour-price/update/`).set(owner.auth).send({ hour_price: '5000' }).expect(200);
    expect(await visibility()).toBe(false);
    await http(t)
      .put(`${base}/work-arrangements/update/`)
      .set(owner.auth)
      .send({ work_arrangement_ids: [ids.arrangements[0]] })
      .expect(200);
    expect(await visibility()).toBe(true);
  });

  it('allows three experiences and refuses the fourth; edits and deletes them with the edit rules', async () => {
    const add = (body: object) => http(t).post(`${base}/experience/add/`).set(owner.auth).send(body);
    const bad = await add({ title: 'ab', description: 'corta' }).expect(400);
    expect(bad.body.errors).toEqual({
      title: [PROFILE_MESSAGES.experienceTitleShort],
      description: [PROFILE_MESSAGES.descriptionShort],
    });
    expect((await add({ title: 'Niñera', description: 'd'.repeat(401) }).expect(400)).body.errors.description).toEqual([
      PROFILE_MESSAGES.descriptionLong,
    ]);
    const created = [];
    for (let i = 0; i < 3; i += 1)
      created.push(
        (
          await add({
            title: `Trabajo ${i}`,
            description: 'Cuidé a dos niños de 3 y 5 años.',
            currently_working: i === 0,
          }).expect(201)
        ).body,
      );
    expect(created[0]).toMatchObject({ title: 'Trabajo 0', currently_working: true });
    const fourth = await add({ title: 'Trabajo 3', description: 'Cuidé a dos niños de 3 y 5 años.' }).expect(400);
    expect(fourth.body.error).toBe(PROFILE_MESSAGES.experiencesFull);

    const edit = (id: number, body: object, auth = owner.auth) =>
      http(t).put(`/api/worker-profile/experience/${id}/update/`).set(auth).send(body);
    expect((await edit(created[1].id, { title: 'ab', description: 'd'.repeat(501) }).expect(400)).body.errors).toEqual({
      title: [PROFILE_MESSAGES.experienceTitleRange],
      description: [PROFILE_MESSAGES.descriptionRange],
    });
    await edit(created[1].id, {
      title: 'Casa de familia',
      description: 'd'.repeat(500),
      currently_working: false,
    }).expect(200);
    await edit(created[1].id, { title: 'Robada', description: 'Intento de otra persona.' }, other.auth).expect(403);
    await http(t).delete(`/api/worker-profile/experience/${created[2].id}/delete/`).set(other.auth).expect(403);
    await http(t).delete(`/api/worker-profile/experience/${created[2].id}/delete/`).set(owner.auth).expect(204);
    await http(t).delete(`/api/worker-profile/experience/${created[2].id}/delete/`).set(owner.auth).expect(404);
    const list = await http(t).get(`${base}/experiences/get-all/`).expect(200);
    expect(list.body.map((e: { id: number }) => e.id)).toEqual([created[0].id, created[1].id]);
  });

  it('allows three educations with their status labels', async () => {
    const add = (body: object) => http(t).post(`${base}/education/add/`).set(owner.auth).send(body);
    const bad = await add({ title: 'Curso', place: 'x'.repeat(51), status: 'otro' }).expect(400);
    expect(bad.body.errors).toEqual({ place: [PROFILE_MESSAGES.placeLong], status: [PROFILE_MESSAGES.statusInvalid] });
    const ok = await add({ title: 'Primeros auxilios', place: 'Cruz Roja', status: 'completo' }).expect(201);
    expect(ok.body).toMatchObject({ status: 'completo', status_display: 'Completo' });
    await add({ title: 'Cuidado de adultos', place: 'Instituto', status: 'en_curso' }).expect(201);
    await add({ title: 'Cocina', place: 'Escuela', status: 'incompleto' }).expect(201);
    expect((await add({ title: 'Otra', place: 'Otro lugar', status: 'completo' }).expect(400)).body.error).toBe(
      PROFILE_MESSAGES.educationsFull,
    );
    const edit = await http(t)
      .put(`/api/worker-profile/education/${ok.body.id}/update/`)
      .set(owner.auth)
      .send({ title: 'Primeros auxilios', place: 'p'.repeat(100), status: 'completo' })
      .expect(200);
    expect(edit.body.place).toHaveLength(100);
  });

  it(bothEngines('keeps three experiences and three educations when more are added at once'), async () => {
    const worker = await createAccount(t, 'Worker');
    const path = `/api/worker-profile/${worker.profileId}`;
    const experience = { title: 'Niñera', description: 'Cuidé a dos niños de 3 y 5 años.' };
    const education = { title: 'Primeros auxilios', place: 'Cruz Roja', status: 'completo' };
    for (const [kind, body, table, max, message] of [
      ['experience', experience, 'experiences', PROFILE_LIMITS.experiencesMax, PROFILE_MESSAGES.experiencesFull],
      ['education', education, 'educations', PROFILE_LIMITS.educationsMax, PROFILE_MESSAGES.educationsFull],
    ] as const) {
      for (let i = 1; i < max; i += 1)
        await http(t).post(`${path}/${kind}/add/`).set(worker.auth).send(body).expect(201);
      const answers = await atOnce(5, () => http(t).post(`${path}/${kind}/add/`).set(worker.auth).send(body));
      expect([kind, statusCounts(answers)]).toEqual([kind, { 201: 1, 400: 4 }]);
      for (const refused of answers.filter((r) => r.status === 400)) expect(refused.body.error).toBe(message);
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE worker_profile_id = $1`, [
        worker.profileId,
      ]);
      expect([kind, n]).toEqual([kind, max]);
    }
  });

  it('refuses every write to another worker’s profile, and lets admins write', async () => {
    const theirs = `/api/worker-profile/${other.profileId}`;
    const attempts: [string, string, object][] = [
      ['put', `${theirs}/introduction/update/`, { introduction: 'Texto de otra persona aquí.' }],
      ['put', `${theirs}/hour-price/update/`, { hour_price: '100' }],
      ['put', `${theirs}/services/update/`, { services_ids: [ids.services[0]] }],
      [
        'put',
        `${theirs}/info/update/`,
        {
          date_of_birth: '1990-01-01',
          neighborhood: 'Centro',
          gender: 'male',
          nationality: 'Argentina',
          province: 2,
          municipality: 2007,
        },
      ],
      ['post', `${theirs}/experience/add/`, { title: 'Título', description: 'Descripción suficiente.' }],
      ['post', `${theirs}/education/add/`, { title: 'Título', place: 'Lugar', status: 'completo' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await (method === 'put' ? http(t).put(path) : http(t).post(path)).set(owner.auth).send(body);
      expect(res.status).toBe(403);
      expectErrorShape(res.body);
    }
    await http(t).put(`${theirs}/introduction/update/`).send({ introduction: 'Sin sesión no se puede.' }).expect(401);
    await http(t)
      .put(`${theirs}/introduction/update/`)
      .set(admin.auth)
      .send({ introduction: 'Corregido por el equipo.' })
      .expect(200);
  });
});
