import { IsBoolean, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { resolve } from 'node:path';
import { AsBool, AsInt, EmptyIsUnset, refuse, type SettingsContext } from './settings-kit';

/** The database: a PostgreSQL server, or the embedded one in DATA_DIR; its limits and pool. */
export class DatabaseVariables {
  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  DATABASE_URL?: string;

  /**
   * A streaming replica of DATABASE_URL's server: the public reads (directories, profiles,
   * landing pages, sitemap) go to it while it keeps up (database/read-replica.ts).
   */
  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  DATABASE_REPLICA_URL?: string;

  /** How far behind the primary (milliseconds) the replica may be before its reads go to the primary. */
  @AsInt()
  @IsInt()
  @Min(100)
  @Max(60_000)
  DATABASE_REPLICA_MAX_LAG_MS = 2_000;

  /**
   * Database time limits, in milliseconds: one statement, one wait for a lock, and one wait for a
   * connection from the pool. Past them the request answers 503 instead of hanging.
   */
  @AsInt()
  @IsInt()
  @Min(100)
  DB_STATEMENT_TIMEOUT_MS = 10_000;

  @AsInt()
  @IsInt()
  @Min(50)
  DB_LOCK_TIMEOUT_MS = 3_000;

  @AsInt()
  @IsInt()
  @Min(50)
  DB_ACQUIRE_TIMEOUT_MS = 5_000;

  /**
   * Connections each process keeps to the DATABASE_URL server (requests and background jobs
   * share them). N processes open up to N times this: keep it under the server's max_connections.
   */
  @AsInt()
  @IsInt()
  @Min(1)
  @Max(100)
  DB_POOL_SIZE = 10;

  /** Folder of the embedded database and generated secrets when DATABASE_URL is not set. */
  @IsString()
  DATA_DIR = './data';

  /**
   * Production normally runs on DATABASE_URL. The embedded database (one process, one machine) is
   * allowed there only when this says so explicitly, and the start-up log repeats it.
   */
  @AsBool()
  @IsOptional()
  @IsBoolean()
  ALLOW_EMBEDDED_DATABASE?: boolean;
}

/** Per-statement, per-lock-wait and pool-acquire limits, in milliseconds. */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  acquireMs: number;
}

export interface DatabaseSettings {
  database: {
    url?: string;
    poolSize: number;
    dataDir: string;
    timeouts: DatabaseTimeouts;
    /** The streaming replica for public reads, when DATABASE_REPLICA_URL is set. */
    replica: { url: string; maxLagMs: number } | null;
  };
  /** True when production runs on the embedded database because ALLOW_EMBEDDED_DATABASE said so. */
  embeddedInProduction: boolean;
}

/** Where the data lives, which every other concern may need to know. */
export function databasePlace(values: DatabaseVariables): Pick<SettingsContext, 'embedded' | 'dataDir'> {
  return { embedded: !values.DATABASE_URL, dataDir: resolve(values.DATA_DIR) };
}

export function databaseSettings(values: DatabaseVariables, context: SettingsContext): DatabaseSettings {
  if (context.production && context.embedded && !values.ALLOW_EMBEDDED_DATABASE)
    refuse(
      'DATABASE_URL is required in production (or ALLOW_EMBEDDED_DATABASE=true for one process on the embedded database in DATA_DIR)',
    );
  if (values.DATABASE_REPLICA_URL && context.embedded)
    refuse('DATABASE_REPLICA_URL is a replica of the DATABASE_URL server: set DATABASE_URL too');
  return {
    database: {
      url: values.DATABASE_URL,
      poolSize: values.DB_POOL_SIZE,
      dataDir: context.dataDir,
      timeouts: {
        statementMs: values.DB_STATEMENT_TIMEOUT_MS,
        lockMs: values.DB_LOCK_TIMEOUT_MS,
        acquireMs: values.DB_ACQUIRE_TIMEOUT_MS,
      },
      replica: values.DATABASE_REPLICA_URL
        ? { url: values.DATABASE_REPLICA_URL, maxLagMs: values.DATABASE_REPLICA_MAX_LAG_MS }
        : null,
    },
    embeddedInProduction: context.production && context.embedded,
  };
}
