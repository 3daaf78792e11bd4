import { DynamicModule, Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';
import { PoolMetrics } from '../../database/pool-metrics';

/**
 * The app's one `Metrics` (made by createApp, which also times the requests and serves
 * GET /metrics), injectable everywhere: each owner counts its own figures in it.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(metrics: Metrics): DynamicModule {
    return {
      module: MetricsModule,
      providers: [{ provide: Metrics, useValue: metrics }, PoolMetrics],
      exports: [Metrics],
    };
  }
}
