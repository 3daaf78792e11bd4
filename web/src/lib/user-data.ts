import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api/client';
import { dataOf } from './api/errors';
import type { components } from './api/schema';

export type UserData = components['schemas']['UserDataDto'];

/** The signed-in person's own data (names, phone, profile): the account page and the shell read it. */
export const userDataKey = ['user', 'data'] as const;

const USER_LOAD_FAILED = 'Error al cargar los detalles del usuario';

export function useUserData(enabled = true) {
  return useQuery({
    queryKey: userDataKey,
    queryFn: () => dataOf(api.GET('/api/user/get-data'), USER_LOAD_FAILED, USER_LOAD_FAILED),
    enabled,
  });
}

/** The phone of the blocking popup (spec 03 §5): its own failure texts. */
export function useUpdatePhone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) =>
      dataOf(
        api.POST('/api/user/update-phone', { body: { phone } }),
        'Error al actualizar el teléfono',
        'Error de conexión. Por favor, intenta nuevamente.',
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: userDataKey }),
  });
}

/** First and last name (the worker's editor); the account's data shows the new ones. */
export function useUpdateNames() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, first, last }: { userId: number; first: string; last: string }) =>
      dataOf(
        api.PUT('/api/user/{id}/update', {
          params: { path: { id: userId } },
          body: { first_name: first, last_name: last },
        }),
        'Error al cargar la información.',
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: userDataKey }),
  });
}
