import { IsBoolean, IsInt, IsOptional, Max, Min } from 'class-validator';
import { AsBool, AsInt } from './settings-kit';

/** Durable background jobs (pg-boss): who runs them and how the supervisor treats them. */
export class JobsVariables {
  /**
   * How often (seconds) the job supervisor runs: it retries jobs whose process died mid-job and
   * archives old ones. Tests and the cluster suite lower it.
   */
  @AsInt()
  @IsInt()
  @Min(1)
  @Max(3600)
  JOBS_MAINTENANCE_SECONDS = 60;

  /**
   * How long (seconds) a job may run before it counts as abandoned (its process died) and is
   * retried; by default each kind's own (2 to 15 minutes). The cluster suite lowers it.
   */
  @AsInt()
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(3600)
  JOBS_EXPIRE_SECONDS?: number;

  /**
   * Whether this process runs background jobs (and their supervisor and schedules). false makes a
   * web-only process that still enqueues them; at least one process of a deployment must run them.
   */
  @AsBool()
  @IsBoolean()
  JOBS_WORK = true;
}

export interface JobsSettings {
  /** Durable background jobs (JobQueue): whether this process runs them, the supervisor's period, the expiry. */
  jobs: { work: boolean; maintenanceSeconds: number; expireSeconds?: number };
}

export function jobsSettings(values: JobsVariables): JobsSettings {
  return {
    jobs: {
      work: values.JOBS_WORK,
      maintenanceSeconds: values.JOBS_MAINTENANCE_SECONDS,
      expireSeconds: values.JOBS_EXPIRE_SECONDS,
    },
  };
}
