import { IsOptional, IsString, Matches, MinLength } from 'class-validator';
import { EmptyIsUnset } from './settings-kit';

/** The operators' figures: whether GET /metrics answers, and to whom (docs/OPERATIONS.md). */
export class MetricsVariables {
  /**
   * The bearer token Prometheus sends (`Authorization: Bearer <token>`) to read GET /metrics on
   * each process. Unset: there are no metrics, the address answers 404 as any unknown one, and
   * nothing is measured. A wrong or missing token gets that same 404. At least 32 characters.
   */
  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  @MinLength(32)
  @Matches(/^[A-Za-z0-9._~+/=-]+$/, { message: 'METRICS_TOKEN may hold letters, digits and ._~+/=- only' })
  METRICS_TOKEN?: string;
}

export interface MetricsSettings {
  /** The token of GET /metrics, or null: metrics off. Never logged. */
  metrics: { token: string | null };
}

export function metricsSettings(values: MetricsVariables): MetricsSettings {
  return { metrics: { token: values.METRICS_TOKEN ?? null } };
}
