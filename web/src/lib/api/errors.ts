import { COMMON_MESSAGES, isErrorCode } from '@cym/common';
import { ApiError, isApiErrorBody } from './client';

export { ApiError };

/**
 * The one way the web reads a failed API call. An openapi-fetch call answers `{ data, error,
 * response }` or rejects when no answer came; `dataOf` and `ensureOk` turn both into an
 * `ApiError` carrying the Spanish text to show, and `errorMessage` reads any caught failure back
 * into that text. The client's `spanishFailures` middleware (client.ts) has already replaced
 * whatever was not our error shape, so `error` here is always the server's Spanish sentence or
 * ours; a failure that is none of these shows the caller's (Spanish) fallback, never an English
 * `Error.message` from the browser.
 */

/** What an openapi-fetch call answers. */
export interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The error of an answer that failed: the server's message, or the fallback when it has none. */
export function answerError(result: Omit<ApiResult<unknown>, 'data'>, fallback: string): ApiError {
  const body = isApiErrorBody(result.error) ? result.error : null;
  const code = isErrorCode(body?.code) ? body.code : null;
  return new ApiError(body?.error || fallback, result.response.status, code, body?.errors);
}

/**
 * Awaits a call. A call that got no answer fails with `offline`: the connection message unless the
 * screen's spec words its own (an abort stays an abort: a cancelled query is no failure to show).
 */
async function answered<R>(request: Promise<R>, offline: string): Promise<R> {
  try {
    return await request;
  } catch (failure) {
    if (failure instanceof DOMException && failure.name === 'AbortError') throw failure;
    throw new ApiError(offline);
  }
}

/**
 * The data of a call, or throws an `ApiError`: the server's message (or `fallback` when the answer
 * has none), or `offline` when no answer came.
 */
export async function dataOf<T>(
  request: Promise<ApiResult<T>>,
  fallback: string,
  offline: string = COMMON_MESSAGES.connection,
): Promise<T> {
  const result = await answered(request, offline);
  if (!result.response.ok || result.data === undefined) throw answerError(result, fallback);
  return result.data;
}

/** As `dataOf`, for answers without a body (204). */
export async function ensureOk(
  request: Promise<Omit<ApiResult<unknown>, 'data'>>,
  fallback: string,
  offline: string = COMMON_MESSAGES.connection,
): Promise<void> {
  const result = await answered(request, offline);
  if (!result.response.ok) throw answerError(result, fallback);
}

/**
 * The Spanish text of any caught failure: an `ApiError`'s message, the error shape's `error` (a
 * raw openapi-fetch `error`), else the fallback. Any other `Error` (a TypeError, the browser's
 * network error) is never shown: its text is not ours and not Spanish.
 */
export function errorMessage(failure: unknown, fallback: string): string {
  if (failure instanceof ApiError && failure.message) return failure.message;
  if (isApiErrorBody(failure) && failure.error) return failure.error;
  return fallback;
}
