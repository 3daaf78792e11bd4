import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api/client';
import { dataOf, ensureOk } from './api/errors';
import type { components } from './api/schema';
import { useSession } from './session';

type S = components['schemas'];
export type ShortlistIds = S['ShortlistIdsDto'];
export type SavedWorker = S['SavedWorkerDto'];
export type SavedOffer = S['SavedOfferDto'];

/** What a shortlist holds: an employer's workers, a worker's offers. */
export type ShortlistItem = 'worker' | 'offer';

export const shortlistKeys = {
  ids: ['shortlist', 'ids'] as const,
  list: (item: ShortlistItem) => ['shortlist', item] as const,
};

const LOAD_FAILED = 'No pudimos cargar tus guardados.';
const SAVE_FAILED = 'No pudimos guardar. Intentá de nuevo.';

/** Which item a signed-in role saves: employers workers, workers offers; others nothing. */
export function useShortlistItem(): ShortlistItem | null {
  const { role } = useSession();
  return role === 'parent' ? 'worker' : role === 'worker' ? 'offer' : null;
}

export const shortlistIdsQuery = queryOptions({
  queryKey: shortlistKeys.ids,
  staleTime: 60_000,
  queryFn: () => dataOf(api.GET('/api/shortlist/ids'), LOAD_FAILED),
});

export const savedWorkersQuery = queryOptions({
  queryKey: shortlistKeys.list('worker'),
  queryFn: () => dataOf(api.GET('/api/shortlist/workers'), LOAD_FAILED),
});

export const savedOffersQuery = queryOptions({
  queryKey: shortlistKeys.list('offer'),
  queryFn: () => dataOf(api.GET('/api/shortlist/job-offers'), LOAD_FAILED),
});

/** The ids the signed-in person saved (the filled hearts); nothing asked for visitors. */
export function useShortlistIds() {
  const item = useShortlistItem();
  return useQuery({ ...shortlistIdsQuery, enabled: item !== null });
}

export function useSavedWorkers(enabled: boolean) {
  return useQuery({ ...savedWorkersQuery, enabled });
}

export function useSavedOffers(enabled: boolean) {
  return useQuery({ ...savedOffersQuery, enabled });
}

/**
 * Saves or removes one item. The heart changes at once (optimistic) and goes back if the server
 * refuses; the lists are asked again after.
 */
export function useToggleSaved(item: ShortlistItem) {
  const client = useQueryClient();
  const field = item === 'worker' ? 'workers' : 'job_offers';
  return useMutation({
    mutationFn: ({ id, save }: { id: number; save: boolean }) => {
      const params = { params: { path: { id } } };
      if (item === 'worker')
        return ensureOk(
          save ? api.PUT('/api/shortlist/workers/{id}', params) : api.DELETE('/api/shortlist/workers/{id}', params),
          SAVE_FAILED,
        );
      return ensureOk(
        save ? api.PUT('/api/shortlist/job-offers/{id}', params) : api.DELETE('/api/shortlist/job-offers/{id}', params),
        SAVE_FAILED,
      );
    },
    onMutate: async ({ id, save }) => {
      await client.cancelQueries({ queryKey: shortlistKeys.ids });
      const before = client.getQueryData<ShortlistIds>(shortlistKeys.ids);
      if (before) {
        const rest = before[field].filter((x) => x !== id);
        client.setQueryData<ShortlistIds>(shortlistKeys.ids, { ...before, [field]: save ? [id, ...rest] : rest });
      }
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) client.setQueryData(shortlistKeys.ids, context.before);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: shortlistKeys.ids });
      void client.invalidateQueries({ queryKey: shortlistKeys.list(item) });
    },
  });
}
