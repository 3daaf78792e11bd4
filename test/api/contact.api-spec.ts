import { CONTACT_MESSAGES } from '@cym/common';
import { expectErrorShape, http } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

describe('POST /api/contact-form/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CONTACT_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const stored = async () =>
    (await t.dataSource.query('SELECT name, email, message FROM contact_messages ORDER BY id')) as {
      name: string;
      email: string;
      message: string;
    }[];

  it('stores a valid message, lower-casing the e-mail and trimming, and answers 201 with a message', async () => {
    const res = await http(t)
      .post('/api/contact-form/')
      .send({ name: '  Ana ', email: 'Ana.Perez@Example.COM', message: ' Quisiera saber cómo funciona. ' })
      .expect(201);
    expect(res.body).toEqual({ message: CONTACT_MESSAGES.sent });
    expect((await stored()).at(-1)).toEqual({
      name: 'Ana',
      email: 'ana.perez@example.com',
      message: 'Quisiera saber cómo funciona.',
    });
  });

  // Every refused body is in the unit test (server/src/modules/contact/contact.service.spec.ts);
  // here one the service refuses and one the DTO refuses prove the route's wiring.
  it.each([
    [{ name: '', email: 'a@b.co', message: 'Hola' }, 'name', CONTACT_MESSAGES.nameRequired],
    [{ name: 12, email: 'a@b.co', message: 'Hola' }, 'name', CONTACT_MESSAGES.nameRequired],
  ])('refuses %j with 400 and the Spanish message for %s', async (body, field, message) => {
    const before = (await stored()).length;
    const res = await http(t).post('/api/contact-form/').send(body).expect(400);
    expectErrorShape(res.body);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[field]).toEqual([message]);
    expect(await stored()).toHaveLength(before);
  });

  it('reports every bad field at once', async () => {
    const res = await http(t).post('/api/contact-form').send({ name: '', email: 'x', message: '' }).expect(400);
    expect(res.body.errors).toEqual({
      name: [CONTACT_MESSAGES.nameRequired],
      email: [CONTACT_MESSAGES.emailInvalid],
      message: [CONTACT_MESSAGES.messageRequired],
    });
    expect(res.body.error).toBe(CONTACT_MESSAGES.nameRequired);
  });

  it('accepts exactly 20 and 700 characters', async () => {
    await http(t)
      .post('/api/contact-form/')
      .send({ name: 'n'.repeat(20), email: 'a@b.co', message: 'm'.repeat(700) })
      .expect(201);
  });

  it.each([
    ['malformed JSON', '{"name": ', 'application/json'],
    ['a JSON array', '[1,2,3]', 'application/json'],
    ['a JSON string', '"hola"', 'application/json'],
    ['plain text', 'name=Ana', 'text/plain'],
  ])('answers %s with a 4xx in the error shape', async (_label, payload, type) => {
    const res = await http(t).post('/api/contact-form/').set('content-type', type).send(payload);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectErrorShape(res.body);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await http(t)
      .post('/api/contact-form/')
      .send({ name: 'Ana', email: 'a@b.co', message: 'm'.repeat(100_000) })
      .expect(413);
    expectErrorShape(res.body);
  });
});

describe('POST /api/contact-form/ rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CONTACT_RATE_LIMIT: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 in Spanish with Retry-After once an IP has sent its quota', async () => {
    const body = { name: 'Ana', email: 'a@b.co', message: 'Hola' };
    await http(t).post('/api/contact-form/').send(body).expect(201);
    await http(t).post('/api/contact-form/').send(body).expect(201);
    const res = await http(t).post('/api/contact-form/').send(body).expect(429);
    expectErrorShape(res.body);
    expect(res.body.code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM contact_messages');
    expect(count).toBe(2);
  });
});
