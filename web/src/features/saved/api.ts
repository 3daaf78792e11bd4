import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearchKind } from '@cym/common';
import { api, publicApi } from '../../lib/api/client';
import { dataOf, ensureOk } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type SavedSearch = S['SavedSearchDto'];
export type SavedSearchChanges = S['UpdateSavedSearchDto'];

export const savedKeys = {
  searches: ['saved-searches'] as const,
};

export const savedSearchesQuery = queryOptions({
  queryKey: savedKeys.searches,
  queryFn: () => dataOf(api.GET('/api/saved-searches'), 'No pudimos cargar tus búsquedas guardadas.'),
});

export function useSavedSearches() {
  return useQuery(savedSearchesQuery);
}

export function useCreateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: {
      kind: SavedSearchKind;
      name: string;
      query: Record<string, string>;
      email_frequency: 'immediate' | 'daily';
    }) => dataOf(api.POST('/api/saved-searches', { body }), 'No pudimos guardar la búsqueda. Intentá de nuevo.'),
    onSuccess: () => client.invalidateQueries({ queryKey: savedKeys.searches }),
  });
}

export function useUpdateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: SavedSearchChanges }) =>
      dataOf(
        api.PATCH('/api/saved-searches/{id}', { params: { path: { id } }, body: changes }),
        'No pudimos guardar el cambio. Intentá de nuevo.',
      ),
    onSuccess: (updated) =>
      client.setQueryData<SavedSearch[]>(savedKeys.searches, (list) =>
        list?.map((s) => (s.id === updated.id ? updated : s)),
      ),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      ensureOk(
        api.DELETE('/api/saved-searches/{id}', { params: { path: { id } } }),
        'No pudimos borrar la búsqueda. Intentá de nuevo.',
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: savedKeys.searches }),
  });
}

/** The e-mail's unsubscribe link: no login, the token names the search. */
export function unsubscribe(token: string) {
  return dataOf(
    publicApi.POST('/api/saved-searches/unsubscribe', { params: { query: { t: token } } }),
    'No pudimos darte de baja. Intentá de nuevo.',
  );
}
