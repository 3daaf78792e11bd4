import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';

/** The built SPA's index.html, served for client routes (any non-API GET that matched nothing). */
export class SpaIndex {
  private cached?: string;

  constructor(private readonly distDir: string) {}

  get available(): boolean {
    return existsSync(join(this.distDir, 'index.html'));
  }

  shouldServe(request: FastifyRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const path = request.url.split('?')[0];
    if (path === '/api' || path.startsWith('/api/')) return false;
    // A missing file with an extension (/assets/x.js) is a real 404, not a client route.
    if (/\.[a-z0-9]+$/i.test(path)) return false;
    return this.available;
  }

  html(): string {
    this.cached ??= readFileSync(join(this.distDir, 'index.html'), 'utf8');
    return this.cached;
  }
}
