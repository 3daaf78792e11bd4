import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Longest wait for a figure read at scrape time (a query): past it that series is left out. */
export const COLLECT_TIMEOUT_MS = 2000;

/** Seconds: from a cached answer (about a millisecond) to the statement timeout (10 s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** One value of a gauge read at scrape time, with its labels. */
export interface Sample<L extends string> {
  labels?: Partial<Record<L, string>>;
  value: number;
}

/** Where a sampled gauge reads its values, at each scrape. */
export type SampleSource<L extends string> = () => Sample<L>[] | Promise<Sample<L>[]>;

/**
 * A gauge whose values are read when Prometheus scrapes (prom-client's `collect`), never on a
 * request's path: a query's count, a pool's connections. The owner of the figure gives the source
 * (`from`). A source that throws or takes longer than `timeoutMs` leaves this series out of that
 * scrape (no stale value either) and counts a `cym_metrics_collect_failures_total`; the rest of the
 * page is answered as usual.
 */
export class SampledGauge<L extends string = never> {
  readonly gauge: Gauge<L>;
  readonly name: string;
  private source: SampleSource<L> | null = null;

  constructor(
    registry: Registry,
    private readonly failures: Counter<'series'>,
    config: { name: string; help: string; labelNames?: readonly L[] },
    private readonly timeoutMs = COLLECT_TIMEOUT_MS,
  ) {
    this.name = config.name;
    this.gauge = new Gauge<L>({
      name: config.name,
      help: config.help,
      labelNames: config.labelNames ?? [],
      registers: [registry],
      collect: () => this.collect(),
    });
  }

  /** Reads the values from `source` at every scrape (the last one given wins). */
  from(source: SampleSource<L>): void {
    this.source = source;
  }

  private async collect(): Promise<void> {
    const source = this.source;
    if (!source) return;
    let samples: Sample<L>[];
    try {
      samples = await within(Promise.resolve().then(source), this.timeoutMs);
    } catch {
      this.gauge.reset();
      this.failures.inc({ series: this.name });
      return;
    }
    this.gauge.reset();
    for (const { labels, value } of samples) {
      if (labels) this.gauge.set(labels, value);
      else this.gauge.set(value);
    }
  }
}

/** The promise's value, or a rejection after `ms` (the work itself is left to finish). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  promise.catch(() => undefined); // a late failure is not an unhandled rejection
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The process's figures for operators, in the Prometheus text format at GET /metrics
 * (docs/OPERATIONS.md says what each means and when to act). One registry per app, so every
 * process, and every test app, counts its own. Labels are few and fixed: route templates, rule
 * and queue names, outcomes; never an address, an id or a person.
 *
 * The counters are plain increments, always kept; what costs a little on every request (the
 * request timer, the query timer) and prom-client's process metrics are set up only when metrics
 * are on (`enabled`, METRICS_TOKEN).
 */
export class Metrics {
  readonly registry = new Registry();

  /** Series read at scrape time that failed or timed out, by series name. */
  readonly collectFailures = new Counter<'series'>({
    name: 'cym_metrics_collect_failures_total',
    help: 'Series left out of a scrape because reading them failed or took too long',
    labelNames: ['series'],
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram<'method' | 'route' | 'status'>({
    name: 'cym_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly queryDuration = new Histogram({
    name: 'cym_db_query_duration_seconds',
    help: 'Time of one database statement on the pool, from sending it to its answer',
    buckets: QUERY_BUCKETS,
    registers: [this.registry],
  });

  readonly poolConnections = this.sampled({
    name: 'cym_db_pool_connections',
    help: 'Connections the database pool holds open, idle or in use',
  });

  readonly poolIdle = this.sampled({
    name: 'cym_db_pool_idle_connections',
    help: 'Connections of the database pool waiting for work',
  });

  readonly poolMax = this.sampled({
    name: 'cym_db_pool_max_connections',
    help: 'Most connections the database pool may open (DB_POOL_SIZE; 1 on the embedded database)',
  });

  readonly poolWaiting = this.sampled({
    name: 'cym_db_pool_waiting_requests',
    help: 'Requests waiting for a free database connection',
  });

  readonly replicaLag = this.sampled({
    name: 'cym_db_replica_lag_seconds',
    help: 'How far the read replica (DATABASE_REPLICA_URL) is behind the primary; absent while it does not answer',
  });

  readonly replicaUp = this.sampled({
    name: 'cym_db_replica_up',
    help: 'Whether the read replica serves the public reads now (1), or the primary does because it lags or is down (0)',
  });

  readonly publicReads = new Counter<'server'>({
    name: 'cym_db_public_reads_total',
    help: 'Public reads (directories, profiles, landing pages, sitemap) by the server that ran them: replica, primary, or primary after the replica failed',
    labelNames: ['server'],
    registers: [this.registry],
  });

  readonly jobQueueJobs = this.sampled({
    name: 'cym_job_queue_jobs',
    help: 'Jobs in the queue (the whole deployment, read from the database), by queue and state',
    labelNames: ['queue', 'state'] as const,
  });

  readonly jobRuns = new Counter<'queue' | 'outcome'>({
    name: 'cym_job_runs_total',
    help: 'Jobs run by this process, by queue and outcome (completed, failed: retried or given up)',
    labelNames: ['queue', 'outcome'],
    registers: [this.registry],
  });

  readonly chatSockets = this.sampled({
    name: 'cym_chat_sockets',
    help: 'Chat sockets connected to this process',
  });

  readonly chatMessages = new Counter({
    name: 'cym_chat_messages_total',
    help: 'Chat messages saved by this process (rate() gives messages per second)',
    registers: [this.registry],
  });

  readonly cacheRequests = new Counter<'cache' | 'result'>({
    name: 'cym_cache_requests_total',
    help: 'Reads of a cache, by cache and result (hit: answered from memory, miss: read again)',
    labelNames: ['cache', 'result'],
    registers: [this.registry],
  });

  readonly rateLimitRefusals = new Counter<'rule'>({
    name: 'cym_rate_limit_refusals_total',
    help: 'Attempts refused by a rate limit (429), by rule; HTTP and chat socket alike',
    labelNames: ['rule'],
    registers: [this.registry],
  });

  readonly mails = new Counter<'outcome'>({
    name: 'cym_mails_total',
    help: 'E-mail delivery attempts by this process, by outcome (sent, retry: failed and tried again later, failed: given up)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  readonly pushes = new Counter<'outcome'>({
    name: 'cym_pushes_total',
    help: 'Push notices sent by this process, by outcome (sent, gone: subscription removed, refused, failed: retried)',
    labelNames: ['outcome'],
    registers: [this.registry],
  });

  constructor(readonly enabled: boolean) {
    if (enabled) collectDefaultMetrics({ register: this.registry });
  }

  /** The page Prometheus reads, and its content type. */
  async page(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  private sampled<L extends string = never>(config: {
    name: string;
    help: string;
    labelNames?: readonly L[];
  }): SampledGauge<L> {
    return new SampledGauge<L>(this.registry, this.collectFailures, config);
  }
}
