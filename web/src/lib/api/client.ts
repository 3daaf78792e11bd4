import createClient, { type Middleware } from 'openapi-fetch';
import { AUTH_MESSAGES, COMMON_MESSAGES, type ErrorBody, type ErrorCode } from '@cym/common';
import { readTokens } from '../auth-storage';
import type { paths } from './schema';

/**
 * A failed call: `message` is the Spanish text to show. `status` is the HTTP status, or null when
 * no answer came (offline, DNS, a dropped connection): then the message is the connection one.
 * `code` is the server's (compare it with common's ErrorCode, never a bare string). errors.ts
 * turns any failure into one.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly code: ErrorCode | null = null,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Worth asking again: no answer, or the server's own trouble (5xx). A 4xx will answer the same. */
  get retryable(): boolean {
    return this.status === null || this.status >= 500;
  }
}

/** The stored access token on a request that names no other (never in the URL). */
function withToken(headers: Headers): void {
  const tokens = readTokens();
  if (tokens && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${tokens.access}`);
}

/** Every call carries the stored access token when there is one. */
const bearer: Middleware = {
  onRequest({ request }) {
    withToken(request.headers);
    return request;
  },
};

/** Whether a failed answer's body is our server's own error shape (a Spanish `error` and a `code`). */
function isOurFailure(body: unknown): body is ErrorBody {
  return isApiErrorBody(body) && typeof body.code === 'string';
}

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
      if (isOurFailure(body)) return response;
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

const CSRF_COOKIE = 'csrftoken';

function cookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/**
 * The CSRF header of the calls the server guards with one (a password reset's request): the token
 * is asked for, then sent back from the cookie that answer set, as the server checks it.
 */
export async function csrfHeader(): Promise<{ 'X-CSRFToken': string }> {
  const { response } = await publicApi.GET('/api/get_csrf').catch(() => {
    throw new ApiError(COMMON_MESSAGES.connection);
  });
  if (!response.ok) throw new ApiError(COMMON_MESSAGES.internal, response.status);
  const token = cookie(CSRF_COOKIE);
  if (!token) throw new ApiError(AUTH_MESSAGES.csrfMissing);
  return { 'X-CSRFToken': token };
}

const UPLOAD_OFFLINE = 'Error de conexión. Por favor, intentá nuevamente.';

/**
 * A multipart form posted to `path` with the session's token, reporting the upload's progress in
 * percent (which fetch cannot): the answer's JSON, or an ApiError with the server's Spanish message
 * (`failed` for any other answer, the connection message when none came).
 */
export function uploadForm<T>(path: string, form: FormData, failed: string, onProgress?: (percent: number) => void) {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    const tokens = readTokens();
    if (tokens) request.setRequestHeader('Authorization', `Bearer ${tokens.access}`);
    if (onProgress)
      request.upload.onprogress = (event) =>
        event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        /* not JSON */
      }
      if (request.status < 300) resolve(body as T);
      else reject(new ApiError(isOurFailure(body) ? body.error : failed, request.status));
    };
    request.onerror = () => reject(new ApiError(UPLOAD_OFFLINE));
    request.send(form);
  });
}

/**
 * A private file at an address the server gave (a document's `file_url`), read with the session's
 * token (the address alone opens nothing): its bytes, or an ApiError(`failed`, status).
 */
export async function privateFile(address: string, failed: string): Promise<Blob> {
  const request = new Request(new URL(address, origin));
  withToken(request.headers);
  const response = await transport(request);
  if (!response.ok) throw new ApiError(failed, response.status);
  return response.blob();
}

/** A failure in the API's one error shape (`ErrorBody` of common; compare `code` with its ErrorCode). */
export function isApiErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).error === 'string';
}
