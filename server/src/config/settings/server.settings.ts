import { IsIn, IsOptional, IsString, IsUrl, Matches, Max, Min, IsInt } from 'class-validator';
import { join, resolve, sep } from 'node:path';
import { AsInt, EmptyIsUnset } from './settings-kit';

/** The repository root, from either the compiled (server/dist/server/src/config/settings) or source location. */
export const REPO_ROOT = resolve(
  __dirname,
  __dirname.includes(`${sep}dist${sep}`) ? '../../../../../..' : '../../../..',
);

/** `false`/`0`, a hop count, or a list of IPv4/IPv6 addresses with optional /prefix. */
const TRUST_PROXY_PATTERN = /^(false|\d{1,2}|[0-9A-Fa-f.:]+(\/\d{1,3})?(\s*,\s*[0-9A-Fa-f.:]+(\/\d{1,3})?)*)$/;

/**
 * Fastify's `trustProxy`: false, a hop count, or the trusted proxy addresses. A hop count of n
 * makes Fastify take the address n entries from the right of X-Forwarded-For (the one the
 * nearest trusted proxy saw), never the client-written left-most one.
 */
export type TrustProxy = false | number | string[];

/** The process: where it listens, how it is reached, what it logs, which SPA it serves. */
export class ServerVariables {
  @IsOptional()
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @AsInt()
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  /**
   * Public address of the site, used in e-mail links; never taken from the request's Host.
   * Default: http://localhost:PORT, so the console links work on a newcomer's machine.
   */
  @EmptyIsUnset()
  @IsOptional()
  @IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true })
  PUBLIC_URL?: string;

  /**
   * Who stands in front of the server: `false` (nobody: the socket's address is the client), a
   * number of proxy hops (`1`: one load balancer; the client is the address that proxy saw, the
   * right-most X-Forwarded-For entry), or a comma-separated list of proxy addresses/CIDR ranges
   * (`10.0.0.0/8,127.0.0.1`). `true` is refused: it would trust the client-written left-most entry.
   */
  @EmptyIsUnset()
  @IsOptional()
  @IsString()
  @Matches(TRUST_PROXY_PATTERN, {
    message:
      'TRUST_PROXY must be false, a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses/CIDR ranges; true would trust addresses the client writes',
  })
  TRUST_PROXY?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /** Folder of the built SPA; the server serves it when it exists. */
  @IsString()
  WEB_DIST_DIR = '';
}

export interface ServerSettings {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  logLevel: string;
  trustProxy: TrustProxy;
  webDistDir: string;
}

export function serverSettings(values: ServerVariables): ServerSettings {
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    logLevel: values.LOG_LEVEL,
    trustProxy: trustProxyOf(values.TRUST_PROXY),
    webDistDir: values.WEB_DIST_DIR ? resolve(values.WEB_DIST_DIR) : join(REPO_ROOT, 'web/dist'),
  };
}

function trustProxyOf(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}
