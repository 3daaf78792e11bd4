/**
 * @jest-environment node
 */
// Node's own fetch classes (Request, Response), which the DOM implementation of the web's other
// specs lacks: the calls below go through the real client and its middleware.
import { COMMON_MESSAGES } from '@cym/common';
import { api, setApiTransport } from './client';
import { ApiError, dataOf, ensureOk, errorMessage, type ApiResult } from './errors';

/** What openapi-fetch answers: only `ok` and `status` of the response are read. */
function answer<T>(status: number, body: { data?: T; error?: unknown }): Promise<ApiResult<T>> {
  return Promise.resolve({ ...body, response: { ok: status < 400, status } as Response });
}

describe('dataOf', () => {
  it('answers the data of a successful call', async () => {
    await expect(dataOf(answer(200, { data: { id: 1 } }), 'Falló.')).resolves.toEqual({ id: 1 });
  });

  it("throws the server's Spanish message with the status and code", async () => {
    const failure = dataOf(answer(403, { error: { error: 'No tenés permiso.', code: 'FORBIDDEN' } }), 'Falló.');
    await expect(failure).rejects.toMatchObject({ message: 'No tenés permiso.', status: 403, code: 'FORBIDDEN' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
  });

  it("keeps no code that is not one of common's ErrorCodes", async () => {
    await expect(
      dataOf(answer(409, { error: { error: 'Ya existe.', code: 'CONFLICTO' } }), 'Falló.'),
    ).rejects.toMatchObject({ message: 'Ya existe.', code: null });
  });

  it('throws the fallback when the answer carries no message', async () => {
    await expect(dataOf(answer(400, { error: 'texto suelto' }), 'Falló.')).rejects.toMatchObject({
      message: 'Falló.',
      status: 400,
    });
  });

  it('turns a call without an answer into the connection message, or the screen’s own', async () => {
    const offline = Promise.reject(new TypeError('Failed to fetch'));
    await expect(dataOf(offline, 'Falló.')).rejects.toMatchObject({
      message: COMMON_MESSAGES.connection,
      status: null,
    });
    const ownText = Promise.reject(new TypeError('Failed to fetch'));
    await expect(dataOf(ownText, 'Falló.', 'Sin conexión.')).rejects.toMatchObject({ message: 'Sin conexión.' });
  });

  it('lets an abort through, so a cancelled query is not a failure to show', async () => {
    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    await expect(dataOf(Promise.reject(aborted), 'Falló.')).rejects.toBe(aborted);
  });
});

describe('ensureOk', () => {
  it('accepts an answer without a body and refuses a failure', async () => {
    await expect(ensureOk(answer(204, {}), 'Falló.')).resolves.toBeUndefined();
    await expect(
      ensureOk(answer(404, { error: { error: 'No existe.', code: 'NOT_FOUND' } }), 'Falló.'),
    ).rejects.toMatchObject({ message: 'No existe.', status: 404 });
  });
});

describe('ApiError.retryable', () => {
  it('is true without an answer and for the server’s own trouble, never for a 4xx', () => {
    expect(new ApiError('x').retryable).toBe(true);
    expect(new ApiError('x', 503).retryable).toBe(true);
    expect(new ApiError('x', 404).retryable).toBe(false);
    expect(new ApiError('x', 429).retryable).toBe(false);
  });
});

describe('errorMessage', () => {
  it('reads an ApiError and a raw error shape', () => {
    expect(errorMessage(new ApiError('No pudimos guardar.', 500), 'Falló.')).toBe('No pudimos guardar.');
    expect(errorMessage({ error: 'El correo ya está registrado.', code: 'CONFLICT' }, 'Falló.')).toBe(
      'El correo ya está registrado.',
    );
  });

  it("never shows another error's English text: the fallback instead", () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Falló.')).toBe('Falló.');
    expect(errorMessage(new Error('Something went wrong'), 'Falló.')).toBe('Falló.');
    expect(errorMessage(undefined, 'Falló.')).toBe('Falló.');
    expect(errorMessage({ error: '' }, 'Falló.')).toBe('Falló.');
  });
});

/**
 * The three ways the API fails in the browser suite test/browser/spanish-failures.browser-spec.ts,
 * made here as the browser meets them and sent through the real client (its middleware included):
 * each must end in the same kind of Spanish ApiError, one worth a retry. That suite opens each
 * screen under one of them only, on the strength of this.
 */
describe('a failed call, as the browser meets it', () => {
  const failures: [string, () => Promise<Response>, string, number | null][] = [
    [
      'no answer (fetch rejects)',
      () => Promise.reject(new TypeError('Failed to fetch')),
      COMMON_MESSAGES.connection,
      null,
    ],
    [
      "a framework's English 500",
      () =>
        Promise.resolve(
          Response.json(
            { statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong' },
            { status: 500 },
          ),
        ),
      COMMON_MESSAGES.internal,
      500,
    ],
    [
      "a proxy's HTML 502",
      () =>
        Promise.resolve(
          new Response('<html><body><h1>502 Bad Gateway</h1><p>The server is not responding.</p></body></html>', {
            status: 502,
            headers: { 'Content-Type': 'text/html' },
          }),
        ),
      COMMON_MESSAGES.internal,
      502,
    ],
  ];
  afterAll(() => setApiTransport((request) => globalThis.fetch(request)));

  it.each(failures)('%s: a Spanish ApiError worth a retry', async (_kind, transport, message, status) => {
    setApiTransport(transport);
    const failure: unknown = await dataOf(api.GET('/api/site-config'), 'Falló.').catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message, status, retryable: true });
    expect(errorMessage(failure, 'Falló.')).toBe(message);
  });

  it.each(failures.filter(([, , , status]) => status !== null))(
    "%s: the answer's error, read without dataOf, is Spanish too",
    async (_kind, transport, message) => {
      setApiTransport(transport);
      const { error } = await api.GET('/api/site-config');
      expect(errorMessage(error, 'Falló.')).toBe(message);
    },
  );

  it("no answer: the client's own rejection carries the Spanish message, never the browser's", async () => {
    setApiTransport(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.GET('/api/site-config')).rejects.toThrow(COMMON_MESSAGES.connection);
  });
});
