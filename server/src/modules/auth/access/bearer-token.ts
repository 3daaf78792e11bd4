import type { FastifyRequest } from 'fastify';

/** The bearer token of a request, or null (never read from the URL). */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+([A-Za-z0-9._-]+)$/i.exec(header.trim());
  return match ? match[1] : null;
}
