import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from './metrics';

/** Where Prometheus reads each process's figures. */
export const METRICS_PATH = '/metrics';

/**
 * The `route` label of a request: the template it matched (`/api/workers/:id`), never the address
 * asked for, so ids and queries never become series. A static file of the web build (each is a
 * route of its own, its name hashed per build) is `static`; a request no route matched (the not-
 * found handler: the web app's shell for its client routes, else the 404) is `unmatched`.
 */
export function routeLabel(request: Pick<FastifyRequest, 'routeOptions'>): string {
  const options = request.routeOptions as { url?: string; config?: { file?: unknown } } | undefined;
  if (!options?.url) return 'unmatched';
  if (options.config?.file !== undefined) return 'static';
  return options.url;
}

/**
 * Whether an Authorization header carries `Bearer <token>`. Both sides are hashed before the
 * comparison, so it takes the same time whatever the length or the first wrong character.
 */
export function bearerMatches(header: string | string[] | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Times every answer into `cym_http_request_duration_seconds` (Fastify's own `elapsedTime`, from
 * the request's arrival to the last byte handed to the socket). Added before any route exists.
 */
export function timeRequests(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    metrics.httpDuration.observe(
      { method: request.method, route: routeLabel(request), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * GET /metrics, the Prometheus text format, for the holder of METRICS_TOKEN only. Any other
 * caller (no header, another scheme, a wrong token) gets what an address that does not exist
 * gets (Fastify's not-found handler: the web app's not-found page, or the API's 404 in the error
 * shape without a web build), so the answer says nothing of the metrics, not even that they are
 * on. Without METRICS_TOKEN the route does not exist at all.
 */
export function registerMetricsRoute(fastify: FastifyInstance, metrics: Metrics, token: string): void {
  fastify.get(METRICS_PATH, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) return reply.callNotFound();
    const page = await metrics.page();
    return reply.header('content-type', page.contentType).header('cache-control', 'no-store').send(page.body);
  });
}
