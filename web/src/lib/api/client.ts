import createClient from 'openapi-fetch';
import type { paths } from './schema';

/** The API client, typed from the server's OpenAPI document (see schema.ts). */
export const api = createClient<paths>({ baseUrl: window.location.origin });

export interface ApiErrorBody {
  error: string;
  code: string;
  errors?: Record<string, string[]>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).error === 'string';
}
