import { Client, type ClientConfig } from 'pg';
import type { DataSourceOptions } from 'typeorm';

type Query = (...args: unknown[]) => unknown;

/**
 * `query` of a pg client, timed: `observe` gets the seconds from the call to its answer (or its
 * error), for the two forms that answer once, a promise (no callback: TypeORM, pg-boss, the
 * prepared statements) and a last-argument callback. A submittable (a cursor, a stream) goes
 * untimed, as it is.
 */
export function timedQuery(run: Query, observe: (seconds: number) => void): Query {
  return (...args: unknown[]): unknown => {
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    const last = args.at(-1);
    if (typeof last === 'function') {
      const callback = last as (...results: unknown[]) => unknown;
      return run(...args.slice(0, -1), (...results: unknown[]) => {
        done();
        return callback(...results);
      });
    }
    const result = run(...args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

/**
 * The data source's options with a pg client class whose every statement is timed. This is the
 * one place all of the app's SQL passes: TypeORM's query runners, pg-boss and the prepared
 * statements (`database/prepared-query.ts`) all take their connections from the pool TypeORM
 * makes with these options (pg-pool's `Client` option). TypeORM's own timing
 * (`maxQueryExecutionTime`, the logger's `logQuerySlow`) sees its query runners only, not the
 * directories' prepared statements nor the job queue.
 */
export function withQueryTiming(options: DataSourceOptions, observe: (seconds: number) => void): DataSourceOptions {
  class TimedClient extends Client {
    constructor(config?: string | ClientConfig) {
      super(config);
      Object.assign(this, { query: timedQuery(this.query.bind(this) as Query, observe) });
    }
  }
  const extra = (options.extra ?? {}) as Record<string, unknown>;
  return { ...options, extra: { ...extra, Client: TimedClient } } as DataSourceOptions;
}
