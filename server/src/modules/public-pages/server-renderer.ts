import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { escapeHtml, inlineStyle, scriptText } from './page-head';
import { webManifest } from './web-manifest';

/** What web/src/entry-server.tsx exports (built into web/dist-ssr/entry-server.cjs). */
interface RenderEntry {
  configure(transport: (request: Request) => Promise<Response>): void;
  render(
    url: string,
    options?: { notFound?: boolean },
  ): Promise<{ html: string; state: string; modules: string[]; failed: number; undeclared: number } | null>;
}

/** A page's body as the server rendered it: what goes in #root, after it, and in the head. */
export interface RenderedApp {
  /** The HTML of #root. */
  root: string;
  /** The answers the render used, as JSON safe inside a script element. */
  state: string;
  /** The styles of the pages it rendered (beyond the entry's), written in. */
  headStyles: string;
  /** Some answer it asked for failed (drawn as loading, as the browser will ask again): not kept. */
  partial: boolean;
  /** Queries it drew that its routes do not declare (drawn as loading): none, unless a `prefetch` misses one. */
  undeclared: number;
}

/** Renders at a time in one process (the machines have two cores); more go as the empty shell. */
const MAX_CONCURRENT_RENDERS = 2;

/** The request headers an API call of a render carries (none of the visitor's: renders are anonymous). */
const FORWARDED_HEADERS = ['accept', 'content-type'];

/**
 * React rendered on the server: the public pages' HTML made by the web app's own components
 * (web/src/entry-server.tsx, built by `npm run build -w web`), each drawn once after the queries
 * its routes declare are answered, through this server in-process (`fastify.inject`: the same
 * routes, validation and caches as a browser's call, no socket). Pages are rendered as a visitor sees them, so a rendered page is
 * the same for everyone (PublicPagesService.page keeps it). Without a server build (or when a
 * render fails, or too many are under way) the page is the empty shell the browser draws.
 */
@Injectable()
export class ServerRenderer {
  private readonly logger = new Logger(ServerRenderer.name);
  private readonly distDir: string;
  private readonly entryPath: string;
  private readonly manifestPath: string;
  /** Renders under way in this process. */
  private rendering = 0;
  private fastify?: FastifyInstance;
  private entry?: RenderEntry | null;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.distDir = config.webDistDir;
    this.entryPath = join(config.webDistDir, '..', 'dist-ssr', 'entry-server.cjs');
    this.manifestPath = join(config.webDistDir, '.vite', 'manifest.json');
  }

  /** Whether the web app's server build is there (else pages are the empty shell). */
  get available(): boolean {
    return existsSync(this.entryPath) && existsSync(this.manifestPath);
  }

  /** The server whose routes the renders' API calls go to; called once the routes exist. */
  attach(fastify: FastifyInstance): void {
    this.fastify = fastify;
  }

  /**
   * The page at `url` (path and query) rendered, or null when it could not be (then the shell):
   * without the build, after a failure, or while MAX_CONCURRENT_RENDERS others are under way — a
   * render is tens of milliseconds of this process's CPU, and a burst of new addresses must not
   * hold up the API's answers (the browser then draws the page, as it did before). `notFound`:
   * the address answers 404, and the page is the app's not-found page (its own queries not asked).
   */
  async render(url: string, options: { notFound?: boolean } = {}): Promise<RenderedApp | null> {
    const entry = this.load();
    if (!entry || this.rendering >= MAX_CONCURRENT_RENDERS) return null;
    this.rendering += 1;
    try {
      const rendered = await entry.render(url, options);
      if (!rendered) return null;
      // The page drew a query its route's `prefetch` does not name: it went out as loading.
      if (rendered.undeclared > 0)
        this.logger.warn(
          { url, undeclared: rendered.undeclared },
          'Server render drew queries its route does not prefetch',
        );
      return {
        root: rendered.html,
        state: scriptText(rendered.state),
        partial: rendered.failed > 0,
        undeclared: rendered.undeclared,
        headStyles: this.pageStyles(rendered.modules),
      };
    } catch (error) {
      this.logger.error({ err: error, url }, 'Server render failed; the page goes as the empty shell');
      return null;
    } finally {
      this.rendering -= 1;
    }
  }

  /** The entry, required once (null without a build or before `attach`). */
  private load(): RenderEntry | null {
    if (this.entry !== undefined) return this.entry;
    const fastify = this.fastify;
    if (!fastify || !this.available) return null;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const entry = require(this.entryPath) as RenderEntry;
    entry.configure((request) => this.call(fastify, request));
    this.entry = entry;
    return entry;
  }

  /** A render's API call, answered by this server's own routes in-process. */
  private async call(fastify: FastifyInstance, request: Request): Promise<Response> {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_HEADERS) {
      const value = request.headers.get(name);
      if (value) headers[name] = value;
    }
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const answer = await fastify.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers,
      ...(body ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers))
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  }

  /**
   * The rendered pages' own CSS (beyond what index.html's entry brings), written in: nothing
   * shifts, and no request stands before the paint.
   */
  private pageStyles(modules: string[]): string {
    const manifest = webManifest(this.distDir);
    const css = new Set<string>();
    const seen = new Set<string>();
    const entry = new Set<string>();
    const visit = (key: string, into: Set<string>) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const file of chunk.css ?? []) into.add(file);
      for (const imported of chunk.imports ?? []) visit(imported, into);
    };
    visit('index.html', entry);
    modules.forEach((module) => visit(module, css));
    return [...css]
      .filter((file) => !entry.has(file))
      .map(
        (file) => inlineStyle(this.distDir, `/${file}`) ?? `<link rel="stylesheet" href="${escapeHtml(`/${file}`)}">`,
      )
      .join('');
  }
}
