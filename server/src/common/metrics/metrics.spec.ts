import { Metrics, SampledGauge } from './metrics';

/** The page's lines for `name` (its samples, not its HELP and TYPE). */
const samples = (page: string, name: string) =>
  page.split('\n').filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`));

describe('Metrics', () => {
  it("answers every series in the Prometheus text format, prom-client's process figures only when on", async () => {
    const on = await new Metrics(true).page();
    expect(on.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(on.body).toContain('# TYPE cym_http_request_duration_seconds histogram');
    expect(on.body).toContain('# TYPE process_cpu_seconds_total counter');
    const off = await new Metrics(false).page();
    expect(off.body).toContain('# TYPE cym_rate_limit_refusals_total counter');
    expect(off.body).not.toContain('process_cpu_seconds_total');
  });
});

describe('SampledGauge', () => {
  const gauge = (metrics: Metrics, timeoutMs = 50) =>
    new SampledGauge<'queue'>(
      metrics.registry,
      metrics.collectFailures,
      { name: 'test_jobs', help: 'jobs', labelNames: ['queue'] },
      timeoutMs,
    );

  it('reads its values from the source at each scrape, dropping those the source no longer gives', async () => {
    const metrics = new Metrics(false);
    const jobs = gauge(metrics);
    let answer = [
      { labels: { queue: 'a' }, value: 3 },
      { labels: { queue: 'b' }, value: 0 },
    ];
    jobs.from(() => answer);
    expect(samples((await metrics.page()).body, 'test_jobs')).toEqual([
      'test_jobs{queue="a"} 3',
      'test_jobs{queue="b"} 0',
    ]);
    answer = [{ labels: { queue: 'a' }, value: 1 }];
    expect(samples((await metrics.page()).body, 'test_jobs')).toEqual(['test_jobs{queue="a"} 1']);
  });

  it('leaves the series out of a scrape whose source fails or is late, counts it, and answers the rest', async () => {
    const metrics = new Metrics(false);
    const jobs = gauge(metrics);
    metrics.chatMessages.inc();
    jobs.from(() => [{ labels: { queue: 'a' }, value: 3 }]);
    await metrics.page();
    jobs.from(() => {
      throw new Error('the database is away');
    });
    let page = (await metrics.page()).body;
    expect(samples(page, 'test_jobs')).toEqual([]);
    expect(samples(page, 'cym_chat_messages_total')).toEqual(['cym_chat_messages_total 1']);

    jobs.from(() => new Promise(() => undefined));
    page = (await metrics.page()).body;
    expect(samples(page, 'test_jobs')).toEqual([]);
    page = (await metrics.page()).body;
    expect(samples(page, 'cym_metrics_collect_failures_total')).toEqual([
      'cym_metrics_collect_failures_total{series="test_jobs"} 2',
    ]);
  });

  it('gives nothing before it has a source', async () => {
    const metrics = new Metrics(false);
    gauge(metrics);
    expect(samples((await metrics.page()).body, 'test_jobs')).toEqual([]);
  });
});
