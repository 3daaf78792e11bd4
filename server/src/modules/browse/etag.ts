import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a JSON body with a strong ETag; a request whose If-None-Match matches gets 304 with no
 * body, so repeated list requests on slow networks cost a few hundred bytes.
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown): void {
  const json = JSON.stringify(body);
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  void reply.header('etag', etag).header('cache-control', 'no-cache');
  const match = request.headers['if-none-match'];
  if (typeof match === 'string' && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    void reply.status(304).send();
    return;
  }
  void reply.header('content-type', 'application/json; charset=utf-8').send(json);
}
