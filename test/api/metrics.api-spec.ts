import { createAccount } from '../support/accounts';
import { completeWorkerProfile } from '../support/admin';
import { catalogIds } from '../support/employer';
import { http } from '../support/http';
import { useTestApp } from '../support/test-app';
import { Metrics } from '../../server/src/common/metrics/metrics';

jest.setTimeout(60_000);

const TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/** One line of the Prometheus text format: a series' name, its labels and its value. */
interface Line {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Line[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The value of the series `name` whose labels include `labels`, or undefined when absent. */
function valueOf(lines: Line[], name: string, labels: Record<string, string> = {}): number | undefined {
  return lines.find(
    (line) => line.name === name && Object.entries(labels).every(([key, value]) => line.labels[key] === value),
  )?.value;
}

describe('GET /metrics', () => {
  // No job worker: a queued job waits until a test runs it (runDue), so the queue's figures hold still.
  const t = useTestApp({ METRICS_TOKEN: TOKEN, CONTACT_RATE_LIMIT: '1', JOBS_WORK: 'false' });

  const scrape = async () => {
    const res = await http(t).get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    return parse(res.text);
  };

  /**
   * What an address answers: status, type and body, the body with the address and the render's
   * times (the page's state carries when it was made) written alike.
   */
  const absent = async (path: string, headers: Record<string, string> = {}) => {
    const res = await http(t).get(path).set(headers);
    const body = res.text.replaceAll(path, '<address>').replace(/\d{13}/g, '<time>');
    return { status: res.status, type: res.headers['content-type'], body };
  };

  it('answers a caller without the token exactly as an address that does not exist', async () => {
    const unknown = await absent('/metricas-que-no-existen');
    expect(unknown.status).toBe(404);
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Bearer not-the-token-0123456789abcdef0123456789' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
    ]) {
      const answer = await absent('/metrics', headers);
      expect(answer.status).toBe(404);
      expect(answer.type).toBe(unknown.type);
      expect(answer.body).toBe(unknown.body);
      expect(answer.body).not.toContain('cym_');
    }
  });

  it('is left out of the OpenAPI document (it is no JSON operation of the API)', async () => {
    const document = (await http(t).get('/api/openapi.json').expect(200)).body as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => path.includes('metrics'))).toEqual([]);
  });

  it('times requests by route template, never by the address asked for', async () => {
    const worker = await createAccount(t, 'Worker');
    await completeWorkerProfile(t, worker, await catalogIds(t));
    await http(t).get(`/api/worker-profile/${worker.profileId}/get-info`).expect(200);
    await http(t).get('/api/worker-profile/999999999/get-info').expect(404);

    const lines = await scrape();
    const route = '/api/worker-profile/:id/get-info';
    expect(valueOf(lines, 'cym_http_request_duration_seconds_count', { method: 'GET', route, status: '200' })).toBe(1);
    expect(valueOf(lines, 'cym_http_request_duration_seconds_count', { method: 'GET', route, status: '404' })).toBe(1);
    const buckets = lines.filter(
      (line) => line.name === 'cym_http_request_duration_seconds_bucket' && line.labels.route === route,
    );
    expect(buckets.find((line) => line.labels.le === '+Inf')?.value).toBeGreaterThanOrEqual(1);
    const routes = new Set(lines.map((line) => line.labels.route).filter(Boolean));
    expect([...routes].filter((name) => /\d{3,}/.test(name))).toEqual([]);
  });

  it('counts a hit of the directory cache for the second of two equal directory requests', async () => {
    const before = await scrape();
    const counted = (lines: Line[], result: string) =>
      valueOf(lines, 'cym_cache_requests_total', { cache: 'directory', result }) ?? 0;
    // A page size no other test asks for: a key of its own.
    await http(t).get('/api/workers/?page=1&page_size=7').expect(200);
    await http(t).get('/api/workers/?page=1&page_size=7').expect(200);
    const after = await scrape();
    expect(counted(after, 'miss') - counted(before, 'miss')).toBe(1);
    expect(counted(after, 'hit') - counted(before, 'hit')).toBe(1);
  });

  it('counts a rate-limit refusal under its rule, and the 429 under its route', async () => {
    const body = { name: 'Ana', email: 'ana@example.com', message: 'Hola' };
    const before = await scrape();
    await http(t).post('/api/contact-form/').send(body).expect(201);
    await http(t).post('/api/contact-form/').send(body).expect(429);
    const after = await scrape();
    const refusals = (lines: Line[]) => valueOf(lines, 'cym_rate_limit_refusals_total', { rule: 'contact' }) ?? 0;
    expect(refusals(after) - refusals(before)).toBe(1);
    expect(
      valueOf(after, 'cym_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/contact-form',
        status: '429',
      }),
    ).toBe(1);
  });

  it("reads the pool's connections, the queue's jobs and the sockets at scrape time", async () => {
    const lines = await scrape();
    // The tests' pool is one connection on either engine; the scrape itself holds none.
    expect(valueOf(lines, 'cym_db_pool_max_connections')).toBe(1);
    expect(valueOf(lines, 'cym_db_pool_connections')).toBeLessThanOrEqual(1);
    expect(valueOf(lines, 'cym_db_pool_idle_connections')).toBeLessThanOrEqual(1);
    expect(valueOf(lines, 'cym_db_pool_waiting_requests')).toBe(0);
    expect(valueOf(lines, 'cym_db_query_duration_seconds_count')).toBeGreaterThan(0);
    for (const state of ['created', 'retry', 'active', 'failed'])
      expect(valueOf(lines, 'cym_job_queue_jobs', { queue: 'mail-send', state })).toEqual(expect.any(Number));
    expect(valueOf(lines, 'cym_chat_sockets')).toBe(0);
    expect(valueOf(lines, 'cym_metrics_collect_failures_total')).toBeUndefined();
  });

  it("counts the queue's waiting jobs and the e-mails sent", async () => {
    const before = await scrape();
    const waiting = (lines: Line[]) => valueOf(lines, 'cym_job_queue_jobs', { queue: 'mail-send', state: 'created' });
    // A sign-up queues its verification e-mail.
    await http(t)
      .post('/api/sign-up/')
      .send({
        firstName: 'Rosa',
        lastName: 'Benítez',
        email: 'rosa.metricas@example.com',
        phone: '1155550000',
        password: 'clave1234',
        confirmPassword: 'clave1234',
        profileType: 'Worker',
        acceptedTerms: true,
      })
      .expect(201);
    const queued = await scrape();
    expect(waiting(queued)! - waiting(before)!).toBe(1);
    const { MailSender } = await import('../../server/src/modules/mail/mail-sender');
    await t.app.get(MailSender).deliverDue();
    const sent = await scrape();
    expect(waiting(sent)).toBe(0);
    expect(valueOf(sent, 'cym_mails_total', { outcome: 'sent' })).toBe(waiting(queued));
    expect(valueOf(sent, 'cym_job_runs_total', { queue: 'mail-send', outcome: 'completed' })).toBe(waiting(queued));
  });

  it("holds prom-client's process figures", async () => {
    const lines = await scrape();
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ])
      expect(valueOf(lines, name)).toEqual(expect.any(Number));
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('does not exist, with or without a token sent, and nothing is timed', async () => {
    const unknown = await http(t).get('/metricas-que-no-existen');
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const request = http(t).get('/metrics');
      const res = await (authorization ? request.set('authorization', authorization) : request);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(res.text).not.toContain('cym_');
    }
    expect(t.app.get(Metrics).enabled).toBe(false);
    expect((await t.app.get(Metrics).httpDuration.get()).values).toEqual([]);
  });
});
