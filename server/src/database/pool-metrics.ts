import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { Metrics } from '../common/metrics/metrics';

/** The figures of a pg pool: what it holds, what is idle, who waits, its bound. */
export function poolFigures(
  pool: Pick<Pool, 'totalCount' | 'idleCount' | 'waitingCount'> & {
    options?: { max?: number };
  },
): { total: number; idle: number; waiting: number; max: number | null } {
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: typeof pool.options?.max === 'number' ? pool.options.max : null,
  };
}

/**
 * The database pool's gauges, read at each scrape from the pg pool behind TypeORM (the one the
 * requests, pg-boss and the prepared statements share). Before the data source is open, or once
 * it is closed, there is no pool and the series are left out.
 */
@Injectable()
export class PoolMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    const figures = () => {
      const pool = (this.dataSource.driver as PostgresDriver).master as Pool | undefined;
      if (!pool || !this.dataSource.isInitialized) throw new Error('the database pool is not open');
      return poolFigures(pool as Pool & { options?: { max?: number } });
    };
    this.metrics.poolConnections.from(() => [{ value: figures().total }]);
    this.metrics.poolIdle.from(() => [{ value: figures().idle }]);
    this.metrics.poolWaiting.from(() => [{ value: figures().waiting }]);
    this.metrics.poolMax.from(() => {
      const { max } = figures();
      return max === null ? [] : [{ value: max }];
    });
  }
}
