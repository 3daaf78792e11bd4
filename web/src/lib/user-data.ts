import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api/client';
import { dataOf } from './api/errors';
import type { components } from './api/schema';

export type UserData = components['schemas']['UserDataDto'];

/** The signed-in person's own data (names, phone, profile): the account page and the shell read it. */
export const userDataKey = ['user', 'data'] as const;

const USER_LOAD_FAILED = 'Error al cargar los detalles del usuario';

export const userDataQuery = queryOptions({
  queryKey: userDataKey,
  queryFn: () => dataOf(api.GET('/api/user/get-data'), USER_LOAD_FAILED, USER_LOAD_FAILED),
});

export function useUserData(enabled = true) {
  return useQuery({ ...userDataQuery, enabled });
}
