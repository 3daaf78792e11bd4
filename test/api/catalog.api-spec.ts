import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CATALOG_MESSAGES, SERVICE_KEYS } from '@cym/common';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

describe('catalog endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers the 24 provinces and 527 municipalities, each municipality pointing at a listed province', async () => {
    const res = await http(t).get('/api/provinces-and-municipalities/').expect(200);
    expect(res.body.provinces).toHaveLength(24);
    expect(res.body.municipalities).toHaveLength(527);
    const provinceIds = new Set(res.body.provinces.map((p: { id: number }) => p.id));
    for (const m of res.body.municipalities) {
      expect(Object.keys(m).sort()).toEqual(['id', 'name', 'province']);
      expect(provinceIds.has(m.province.id)).toBe(true);
    }
    expect(res.body.provinces).toContainEqual({ id: 2, name: 'Ciudad Autónoma de Buenos Aires' });
    const caba = res.body.municipalities.filter((m: { province: { id: number } }) => m.province.id === 2);
    expect(caba).toHaveLength(15);
    const buenosAires = res.body.municipalities.filter((m: { province: { id: number } }) => m.province.id === 6);
    expect(buenosAires).toHaveLength(135);
  });

  it('sorts provinces and municipalities in Spanish order: Córdoba before Corrientes', async () => {
    const collator = new Intl.Collator('es');
    for (const path of [
      '/api/provinces-and-municipalities/',
      '/api/workers/get-filter-choices/',
      '/api/job-offers/get-filter-choices/',
    ]) {
      const { provinces, municipalities } = (await http(t).get(path).expect(200)).body as Record<
        'provinces' | 'municipalities',
        { name: string }[]
      >;
      const names = provinces.map((p) => p.name);
      expect(names.indexOf('Córdoba')).toBe(names.indexOf('Corrientes') - 1);
      for (const list of [provinces, municipalities])
        for (let i = 1; i < list.length; i += 1)
          expect(collator.compare(list[i - 1]!.name, list[i]!.name)).toBeLessThanOrEqual(0);
    }
  });

  it('answers the ten service keys of the spec with Spanish labels', async () => {
    for (const path of ['/api/services/get-choices/', '/api/worker-profile/services/get-choices/']) {
      const res = await http(t).get(path).expect(200);
      expect(res.body.map((s: { title: string }) => s.title)).toEqual([...SERVICE_KEYS]);
      expect(res.body[1]).toEqual({ id: expect.any(Number), title: 'babysitter', title_display: 'Niñera/o' });
    }
  });

  it('wraps tasks, work arrangements and shifts as the spec names them', async () => {
    const tasks = await http(t).get('/api/worker-profile/tasks/get-choices/').expect(200);
    expect(tasks.body.tasks.length).toBeGreaterThanOrEqual(15);
    expect(Object.keys(tasks.body.tasks[0]).sort()).toEqual(['id', 'title_display']);

    const plainTasks = await http(t).get('/api/tasks/get-choices/').expect(200);
    expect(plainTasks.body).toEqual(tasks.body.tasks);

    const arrangements = await http(t).get('/api/worker-profile/work-arrangements/get-choices/').expect(200);
    expect(arrangements.body.work_arrangements).toContainEqual({
      id: expect.any(Number),
      value_display: 'Sin retiro (cama adentro)',
    });

    const shifts = await http(t).get('/api/worker-profile/shifts/get-choices/').expect(200);
    expect(shifts.body.shifts).toHaveLength(21);
    expect(shifts.body.shifts[0]).toEqual({
      id: expect.any(Number),
      day: 'lunes',
      shift: 'mañana',
      day_display: 'Lunes',
      shift_display: 'Mañana',
    });
    expect(shifts.body.shifts[20]).toMatchObject({ day: 'domingo', shift: 'noche' });
  });

  it('lists languages and education statuses', async () => {
    const languages = await http(t).get('/api/worker-profile/languages/get-choices/').expect(200);
    expect(languages.body.map((l: { name_display: string }) => l.name_display)).toEqual(
      expect.arrayContaining(['Español', 'Inglés', 'Portugués', 'Guaraní', 'Quechua']),
    );
    const statuses = await http(t).get('/api/worker-profile/education/get-status-choices/').expect(200);
    expect(statuses.body).toEqual({
      status_choices: [
        { value: 'en_curso', label: 'En curso' },
        { value: 'completo', label: 'Completo' },
        { value: 'incompleto', label: 'Incompleto' },
      ],
    });
  });

  it('answers the filter choices for workers and offers with every list', async () => {
    for (const path of ['/api/workers/get-filter-choices/', '/api/job-offers/get-filter-choices/']) {
      const res = await http(t).get(path).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(
        ['languages', 'municipalities', 'provinces', 'services', 'tasks', 'work_arrangements', 'work_shifts'].sort(),
      );
      expect(res.body.work_shifts).toHaveLength(21);
      expect(res.body.provinces).toHaveLength(24);
      expect(res.body.services).toHaveLength(10);
    }
  });

  it("answers the directories' lists without the municipalities, the rest as the filter choices", async () => {
    const full = (await http(t).get('/api/workers/get-filter-choices/').expect(200)).body as Record<string, unknown>;
    const res = await http(t).get('/api/directory-filter-choices/').expect(200);
    const { municipalities, ...lists } = full;
    expect(municipalities).toHaveLength(527);
    expect(res.body).toEqual(lists);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("answers one province's municipalities, as the whole list has them, in Spanish order", async () => {
    const places = (await http(t).get('/api/provinces-and-municipalities/').expect(200)).body as {
      provinces: { id: number }[];
      municipalities: { id: number; name: string; province: { id: number } }[];
    };
    let total = 0;
    for (const { id } of places.provinces) {
      const res = await http(t).get(`/api/provinces/${id}/municipalities/`).expect(200);
      expect(res.body).toEqual(places.municipalities.filter((m) => m.province.id === id));
      expect(res.body.length).toBeGreaterThan(0);
      total += res.body.length;
    }
    expect(total).toBe(places.municipalities.length);
    const caba = await http(t).get('/api/provinces/2/municipalities').expect(200);
    expect(caba.body).toHaveLength(15);
    expect(caba.body[0]).toEqual({ id: expect.any(Number), name: expect.any(String), province: { id: 2 } });
    expect(caba.headers['cache-control']).toBe('public, max-age=3600');
    const again = await http(t).get('/api/provinces/2/municipalities').set('If-None-Match', caba.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('refuses a province the catalog does not have, and an id that is no id, with a Spanish 404', async () => {
    const missing = await http(t).get('/api/provinces/999/municipalities/').expect(404);
    expectErrorShape(missing.body);
    expect(missing.body).toMatchObject({ code: 'PROVINCE_NOT_FOUND', error: CATALOG_MESSAGES.provinceNotFound });
    for (const id of ['abc', '0', '-2', '1e0', '99999999999']) {
      const res = await http(t).get(`/api/provinces/${id}/municipalities/`).expect(404);
      expectErrorShape(res.body);
      expect(res.body.error).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡]/);
      expect(res.body.error).not.toMatch(/not found|cannot/i);
    }
  });

  it('answers with and without the trailing slash, cacheable', async () => {
    const withSlash = await http(t).get('/api/services/get-choices/').expect(200);
    const without = await http(t).get('/api/services/get-choices').expect(200);
    expect(without.body).toEqual(withSlash.body);
    expect(without.headers['cache-control']).toBe('public, max-age=3600');
  });

  it.each([
    ['/api/provinces-and-municipalities/'],
    ['/api/workers/get-filter-choices/'],
    ['/api/job-offers/get-filter-choices/'],
  ])('%s: the same JSON plain, brotli and gzip, one strong ETag, 304 when it matches', async (path) => {
    const fastify = t.app.getHttpAdapter().getInstance();
    const get = (headers: Record<string, string> = {}) => fastify.inject({ method: 'GET', url: path, headers });
    const plain = await get();
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get({ 'accept-encoding': 'gzip' });
    expect([plain.statusCode, br.statusCode, gz.statusCode]).toEqual([200, 200, 200]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
    // The shape the other cases check, from the very bytes served.
    expect(JSON.parse(plain.payload)).toEqual((await http(t).get(path).expect(200)).body);
    expect(Object.keys(JSON.parse(plain.payload))).toEqual(expect.arrayContaining(['provinces', 'municipalities']));

    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Set([etag, br.headers.etag, gz.headers.etag]).size).toBe(1);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=3600');
    const again = await get({ 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get({ 'if-none-match': '"otra"' })).statusCode).toBe(200);
  });

  it('refuses writes to read-only paths in the error shape', async () => {
    const res = await http(t).post('/api/services/get-choices/').send({}).expect(404);
    expectErrorShape(res.body);
  });
});
