/** bench/nginx.cjs, for the TypeScript suites. */
export declare const NGINX: string;
export interface StartedNginx {
  urls: string[];
  pid: number;
  errors(): string;
  stop(): Promise<void>;
}
export declare function startNginx(
  sites: { port: number; upstreams: number[] }[],
  options?: { keepalive?: boolean; failTimeoutSeconds?: number },
): Promise<StartedNginx>;
