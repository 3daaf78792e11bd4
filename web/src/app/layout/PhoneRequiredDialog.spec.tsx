import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { api } from '../../lib/api/client';
import { createQueryClient } from '../../lib/query';
import { useUserData } from '../../lib/user-data';
import { useUpdatePhone } from './PhoneRequiredDialog';

/** What openapi-fetch answers: only `ok` and `status` of the response are read. */
const answer = (status: number, body: { data?: unknown; error?: unknown }) =>
  ({ ...body, response: { ok: status < 400, status } }) as never;

function Phone() {
  const { data, error } = useUserData();
  const update = useUpdatePhone();
  return (
    <>
      <p>{data ? `Teléfono: ${data.phone ?? 'sin asignar'}` : error ? error.message : 'Cargando'}</p>
      {update.isError && <p role="alert">{update.error.message}</p>}
      <button type="button" onClick={() => update.mutate('5491123456789')}>
        Guardar
      </button>
    </>
  );
}

function wrap(children: ReactNode) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('the user data query and the phone update', () => {
  let phone: string | null;
  let get: jest.SpyInstance;
  let post: jest.SpyInstance;

  beforeEach(() => {
    phone = null;
    get = jest.spyOn(api, 'GET').mockImplementation(() => Promise.resolve(answer(200, { data: { id: 7, phone } })));
    post = jest.spyOn(api, 'POST').mockImplementation((_path, init) => {
      phone = (init as { body: { phone: string } }).body.phone;
      return Promise.resolve(answer(200, { data: { phone } }));
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('reads the data once, and again after the phone is saved (invalidation)', async () => {
    render(wrap(<Phone />));
    expect(await screen.findByText('Teléfono: sin asignar')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' })));
    expect(post).toHaveBeenCalledWith('/api/user/update-phone', { body: { phone: '5491123456789' } });
    expect(await screen.findByText('Teléfono: 5491123456789')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it("shows the screen's own Spanish text when the save gets no answer, and is not retried", async () => {
    post.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    render(wrap(<Phone />));
    await screen.findByText('Teléfono: sin asignar');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Error de conexión. Por favor, intentá nuevamente.');
    expect(post).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('does not ask again after a 4xx, and asks once more after a 5xx', async () => {
    get.mockImplementation(() =>
      Promise.resolve(answer(403, { error: { error: 'No tenés permiso.', code: 'FORBIDDEN' } })),
    );
    const first = render(wrap(<Phone />));
    expect(await screen.findByText('No tenés permiso.')).toBeTruthy();
    expect(get).toHaveBeenCalledTimes(1);
    first.unmount();

    get.mockClear();
    get.mockImplementation(() =>
      Promise.resolve(answer(500, { error: { error: 'Error interno.', code: 'INTERNAL_ERROR' } })),
    );
    render(wrap(<Phone />));
    await waitFor(() => expect(screen.getByText('Error interno.')).toBeTruthy(), { timeout: 3000 });
    expect(get).toHaveBeenCalledTimes(2);
  });
});
