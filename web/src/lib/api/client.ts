import createClient, { type Middleware } from 'openapi-fetch';
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

/** The API client, typed from the server's OpenAPI document (see schema.ts). */
export const api = createClient<paths>({ baseUrl: window.location.origin });
api.use(bearer);

/** For calls that must go without the token (sign-up and login would answer 409 with one). */
export const publicApi = createClient<paths>({ baseUrl: window.location.origin });

export interface ApiErrorBody {
  error: string;
  code: string;
  errors?: Record<string, string[]>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).error === 'string';
}
