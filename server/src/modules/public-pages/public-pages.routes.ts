import { Logger } from '@nestjs/common';
import { DIRECTORY_FILTER_KEYS, landingPath, PUBLIC_PAGES, SITE_PATHS, SITE_PATTERNS } from '@cym/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyOf, retryAfterOf, statusOf } from '../../common/http-exception.filter';
import { sendAnswer } from '../../common/http/prepared-answer';
import { RateLimitedException } from '../../common/rate-limit/rate-limiter';
import type { PreparedPage, PublicPagesService } from './public-pages.service';
import type { ShellPage } from './shell-pages';

/** A positive id of at most nine digits, or null (then the page does not exist). */
const pageId = (raw: string): number | null => (/^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null);

type Params = Record<string, string>;

/**
 * A preview image may be kept by any cache for ten minutes, then revalidated: its ETag comes from
 * the page's fields, so an unchanged image costs a 304 and no drawing, and a changed page's image
 * reaches caches within the ten minutes.
 */
const PREVIEW_CACHE_CONTROL = 'public, max-age=600';

/** Whether an If-None-Match header holds `etag` (or `*`); weak forms match too, as for a GET. */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** The pages whose address carries a search (the directories read its filters and page). */
const SEARCH_PAGES = new Set<string>([SITE_PATHS.workers, SITE_PATHS.jobOffers]);
const SEARCH_PARAMS = [...DIRECTORY_FILTER_KEYS, 'near', 'radius_km', 'page'].sort();

/**
 * The address a page is rendered and kept at: its path, and for a directory only the search
 * parameters it reads (the last of each, as the web app reads them), in one order. Other
 * parameters change nothing on the page, so they cannot make a new render each.
 */
export function canonicalPageUrl(url: string): string {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  const query = mark === -1 ? '' : url.slice(mark + 1);
  if (!SEARCH_PAGES.has(path.length > 1 ? path.replace(/\/+$/, '') : path) || !query) return path;
  const given = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const key of SEARCH_PARAMS) {
    const value = given.getAll(key).at(-1);
    if (value !== undefined) kept.set(key, value);
  }
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The site's own addresses at its root, beside the static files and outside the API's `/api`
 * prefix (Nest's prefix exclusions match by path across controllers, so `/workers` the page and
 * `/api/workers/` the list cannot both be Nest routes): the public pages' HTML, each with its head
 * and true status code, the preview images, the sitemap and robots.txt. Every other client route gets the shell from
 * the not-found handler (HttpExceptionFilter, ShellPages.fallback). Without a built web app only
 * the preview images, the sitemap and robots.txt are served.
 */
export function registerPublicPageRoutes(fastify: FastifyInstance, pages: PublicPagesService): void {
  const logger = new Logger('PublicPages');

  /**
   * A failure (the database away): its status, with `Retry-After` where it has one, the body
   * `asPage` (the shell: never a bare 500 for a person) or in the API's error shape.
   */
  const fail = (request: FastifyRequest, reply: FastifyReply, error: unknown, asPage: boolean) => {
    const status = statusOf(error);
    // A refusal with a Retry-After (the preview drawings' queue is full) is the load, not a fault.
    if (!(error instanceof RateLimitedException)) logger.error({ err: error, reqId: request.id }, 'Public page failed');
    const retry = retryAfterOf(error, status);
    if (retry !== null) void reply.header('retry-after', String(retry));
    if (asPage) {
      const page = pages.shell.unavailable(status >= 500 ? status : 500);
      return reply
        .status(page.status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(page.html);
    }
    return reply.status(status).header('content-type', 'application/json; charset=utf-8').send(bodyOf(error, status));
  };

  /** A page's answer: its HTML (kept per address, compressed, with its ETag) and status. */
  const html = (render: (params: Params, url: string) => ShellPage | Promise<ShellPage>) => {
    return async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      const url = canonicalPageUrl(request.url);
      let page: PreparedPage;
      try {
        page = await pages.page(url, () => render(request.params, url));
      } catch (error) {
        return fail(request, reply, error, true);
      }
      if (page.status === 200) return sendAnswer(request, reply, page.answer);
      return reply
        .status(page.status)
        .header('content-type', page.answer.contentType)
        .header('cache-control', 'no-cache')
        .send(page.answer.json);
    };
  };

  /** A file made from the data (XML, text), kept by caches for an hour; 404 when null. */
  const file = (type: string, make: (params: Params) => Promise<string | null> | string | null) => {
    return async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
      let body: string | null;
      try {
        body = await make(request.params);
      } catch (error) {
        return fail(request, reply, error, false);
      }
      if (body === null) return reply.callNotFound();
      return reply.header('content-type', type).header('cache-control', 'public, max-age=3600').send(body);
    };
  };

  if (pages.shell.available) {
    for (const path of Object.keys(PUBLIC_PAGES))
      fastify.get(
        path,
        html((_, url) => pages.fixed(path, url)),
      );
    fastify.get(
      SITE_PATTERNS.workerProfile,
      html(({ profileId }, url) => {
        const id = pageId(profileId ?? '');
        return id === null ? pages.notFound(url) : pages.workerProfile(id, url);
      }),
    );
    for (const pattern of [SITE_PATTERNS.landingProvince, SITE_PATTERNS.landingMunicipality]) {
      fastify.get(
        pattern,
        html(({ service, province, municipality }, url) =>
          pages.landing(landingPath(service!, province!, municipality), url),
        ),
      );
    }
    fastify.get(
      SITE_PATTERNS.jobOffer,
      html(({ jobOfferId }, url) => {
        const id = pageId(jobOfferId ?? '');
        return id === null ? pages.notFound(url) : pages.jobOffer(id, url);
      }),
    );
  }
  fastify.get(
    '/sitemap.xml',
    file('application/xml; charset=utf-8', () => pages.sitemap()),
  );
  // A part of a large sitemap: /sitemap/{n}.xml.
  fastify.get(
    '/sitemap/:part',
    file('application/xml; charset=utf-8', ({ part }) => {
      const n = /^([1-9]\d{0,4})\.xml$/.exec(part ?? '');
      return n ? pages.sitemapPart(Number(n[1])) : null;
    }),
  );
  // A public offer's or a worker's generated preview image: /preview/job-offer/12.png, with the
  // ETag of its page's fields (304 without drawing), or 503 with Retry-After while too many are drawn.
  fastify.get('/preview/:kind/:file', async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const { kind, file: name } = request.params;
    const id = pageId(/^(\d+)\.png$/.exec(name ?? '')?.[1] ?? '');
    if ((kind !== 'job-offer' && kind !== 'worker-profile') || id === null) return reply.callNotFound();
    let png: Buffer;
    try {
      const condition = request.headers['if-none-match'];
      const image = await pages.previewImage(kind, id, Boolean(condition));
      if (!image) return reply.callNotFound();
      const headers = { etag: image.etag, 'cache-control': PREVIEW_CACHE_CONTROL };
      if (ifNoneMatch(condition, image.etag)) return reply.status(304).headers(headers).send();
      png = await image.png();
      void reply.headers(headers);
    } catch (error) {
      return fail(request, reply, error, false);
    }
    return reply.header('content-type', 'image/png').send(png);
  });
  fastify.get(
    '/robots.txt',
    file('text/plain; charset=utf-8', () => pages.robots()),
  );
}
