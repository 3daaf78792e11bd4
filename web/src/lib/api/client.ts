import createClient, { type Middleware } from 'openapi-fetch';
import { COMMON_MESSAGES, type ErrorBody } from '@cym/common';
import { readTokens } from '../auth-storage';
import type { paths } from './schema';

/** Every call carries the stored access token when there is one (never in the URL). */
const bearer: Middleware = {
  onRequest({ request }) {
    const tokens = readTokens();
    if (tokens && !request.headers.has('Authorization'))
      request.headers.set('Authorization', `Bearer ${tokens.access}`);
    return request;
  },
};

/**
 * What a failed answer may show a person is Spanish, whoever wrote it. Our server's failures carry
 * the error shape with a Spanish message; anything between (a proxy's 502 page, a framework's
 * 'Internal Server Error', a body cut short) is replaced by our own message for its status, so
 * screens that show `error` never show English. A 5xx is always replaced: its details are never
 * the person's business; and a call that got no answer fails with our connection message.
 */
const spanishFailures: Middleware = {
  async onResponse({ response }) {
    if (response.ok || response.status < 400) return response;
    if (response.status < 500) {
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      if (isApiErrorBody(body) && typeof body.code === 'string') return response;
    }
    return Response.json(fallbackBody(response.status), { status: response.status });
  },
  /** No answer at all (offline, DNS, a dropped connection): the browser's own network error becomes our Spanish message. */
  onError({ error }) {
    if (error instanceof DOMException && error.name === 'AbortError') return error;
    return new Error(COMMON_MESSAGES.connection);
  },
};

function fallbackBody(status: number): ErrorBody {
  if (status === 503) return { error: COMMON_MESSAGES.unavailable, code: 'SERVICE_UNAVAILABLE' };
  if (status >= 500) return { error: COMMON_MESSAGES.internal, code: 'INTERNAL_ERROR' };
  if (status === 429) return { error: COMMON_MESSAGES.rateLimited, code: 'RATE_LIMITED' };
  if (status === 404) return { error: COMMON_MESSAGES.notFound, code: 'NOT_FOUND' };
  return { error: COMMON_MESSAGES.invalidBody, code: 'BAD_REQUEST' };
}

type Transport = (request: Request) => Promise<Response>;

/** How a call leaves: the browser's fetch, or what a server render routes into the server itself. */
let transport: Transport = (request) => globalThis.fetch(request);

/** Set once by the server that renders pages (src/entry-server.tsx): its calls never leave the process. */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** The page's origin; on the server, a placeholder the transport ignores (it reads path and query). */
const origin = typeof window === 'undefined' ? 'http://server-render.invalid' : window.location.origin;
const options = { baseUrl: origin, fetch: (request: Request) => transport(request) };

/** The API client, typed from the server's OpenAPI document (see schema.ts). */
export const api = createClient<paths>(options);
api.use(bearer, spanishFailures);

/** For calls that must go without the token (sign-up and login would answer 409 with one). */
export const publicApi = createClient<paths>(options);
publicApi.use(spanishFailures);

/** A failure in the API's one error shape (`ErrorBody` of common; compare `code` with its ErrorCode). */
export function isApiErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).error === 'string';
}
