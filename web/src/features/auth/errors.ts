import { AUTH_MESSAGES, COMMON_MESSAGES } from '@cym/common';
import { errorMessage } from '../../lib/api/errors';

/** Login answers by status. */
export function loginErrorMessage(status: number, body: unknown): string {
  if (status === 400) return AUTH_MESSAGES.unknownEmail;
  if (status === 401) return AUTH_MESSAGES.wrongPassword;
  if (status === 409) return AUTH_MESSAGES.alreadyLoggedIn;
  return errorMessage(body, COMMON_MESSAGES.internal);
}

export const CONNECTION_MESSAGE = COMMON_MESSAGES.connection;
