import { http, expectErrorShape } from '../support/http';
import { startTestApp, TestApp } from '../support/test-app';

describe('platform behaviour', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('reports the database in /api/health', async () => {
    const res = await http(t).get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up', database_latency_ms: expect.any(Number) });
  });

  it('answers unknown API paths with a JSON 404 in the error shape', async () => {
    for (const path of ['/api/nothing-here', '/api/nothing-here/', '/api']) {
      const res = await http(t).get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expectErrorShape(res.body);
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });

  it('serves the OpenAPI document and its page', async () => {
    const doc = await http(t).get('/api/openapi.json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/contact-form', '/api/provinces-and-municipalities', '/api/health']),
    );
    const page = await http(t).get('/api/docs').expect(200);
    expect(page.text).toContain('swagger');
  });

  it('sends security headers and a request id, reusing a well-formed incoming one', async () => {
    const res = await http(t).get('/api/health').set('x-request-id', 'abc-123').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await http(t).get('/api/health').set('x-request-id', 'bad id with spaces').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the SPA for client routes, its not-found page with 404 elsewhere, and missing files as 404', async () => {
    // Client routes 200, an address the app has no page for 404: both get the shell.
    for (const [path, status] of [
      ['/', 200],
      ['/terms', 200],
      ['/user-account', 200],
      ['/una/ruta/que/no/existe', 404],
    ] as const) {
      const res = await http(t).get(path).expect(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    await http(t).get('/assets/no-existe.js').expect(404);
  });

  it('answers the public site settings from configuration', async () => {
    const res = await http(t).get('/api/site-config/').expect(200);
    expect(res.body.whatsapp_number).toMatch(/^\d+$/);
    expect(res.body.contact_email).toContain('@');
  });

  it('answers a malformed URL with 400 in the error shape', async () => {
    const res = await http(t).get('/api/verify-email/%E0%A4%A/x/');
    expect(res.status).toBe(400);
    expectErrorShape(res.body);
  });

  it('answers an unsupported method in the error shape, never a 5xx', async () => {
    const res = await http(t).delete('/api/health');
    expect(res.status).toBe(404);
    expectErrorShape(res.body);
  });
});
