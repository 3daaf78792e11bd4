/** What an openapi-fetch call answers. */
export interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The server's Spanish message of a failed call (the error shape's `error`), or the fallback. */
export function apiMessage(error: unknown, fallback: string): string {
  const body = error as { error?: unknown } | undefined;
  return typeof body?.error === 'string' && body.error ? body.error : fallback;
}

/** The data of a call, or throws the server's message (or the fallback). */
export function dataOf<T>(result: ApiResult<T>, fallback: string): T {
  if (result.data === undefined) throw new Error(apiMessage(result.error, fallback));
  return result.data;
}

/** For answers without a body (204): throws the server's message (or the fallback) on failure. */
export function ensureOk(result: Omit<ApiResult<unknown>, 'data'>, fallback: string): void {
  if (!result.response.ok) throw new Error(apiMessage(result.error, fallback));
}

/** Waits for a call; a network failure becomes the fallback (never the browser's English text). */
export async function settle<T>(request: Promise<T>, fallback: string): Promise<T> {
  try {
    return await request;
  } catch {
    throw new Error(fallback);
  }
}
