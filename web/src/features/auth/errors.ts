import { AUTH_MESSAGES, COMMON_MESSAGES } from '@cym/common';
import { isApiErrorBody } from '../../lib/api/client';

/** Login answers by status (spec 01 §8). */
export function loginErrorMessage(status: number, body: unknown): string {
  if (status === 400) return AUTH_MESSAGES.unknownEmail;
  if (status === 401) return AUTH_MESSAGES.wrongPassword;
  if (status === 409) return AUTH_MESSAGES.alreadyLoggedIn;
  return isApiErrorBody(body) ? body.error : COMMON_MESSAGES.internal;
}

/** Sign-up and the other forms show the server's Spanish message as it is. */
export function serverMessage(body: unknown, fallback: string = COMMON_MESSAGES.internal): string {
  return isApiErrorBody(body) ? body.error : fallback;
}

export const CONNECTION_MESSAGE = COMMON_MESSAGES.connection;
