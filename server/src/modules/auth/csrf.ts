import type { FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { AUTH_ERRORS } from './auth.errors';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The cookie the screen reads back (not HttpOnly by design: double-submit). */
export function csrfCookie(token: string, secure: boolean): string {
  return `${CSRF_COOKIE}=${token}; Path=/; Max-Age=7200; SameSite=Strict${secure ? '; Secure' : ''}`;
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/** Double-submit check: the X-CSRFToken header must equal the csrftoken cookie. */
export function assertCsrf(request: FastifyRequest): void {
  const cookie = cookieValue(request.headers.cookie, CSRF_COOKIE);
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !header) throw AUTH_ERRORS.csrfMissing.exception();
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw AUTH_ERRORS.csrfInvalid.exception();
}
