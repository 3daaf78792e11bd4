import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

export type Offer = components['schemas']['JobOfferDto'];

/** Any failure of the public offer: the one English text the product shows, kept as it is. */
export const OFFER_LOAD_FAILED = 'Error loading job offer.';

export const publicProfileKeys = {
  offer: (id: number) => ['job-offer', id] as const,
  workerBadges: (id: number) => ['worker-badges', id] as const,
};

/** A public job offer. The worker profile's query is the worker-profile feature's. */
export const jobOfferQuery = (id: number) =>
  queryOptions({
    queryKey: publicProfileKeys.offer(id),
    queryFn: () => dataOf(api.GET('/api/job-offer/{id}/get', { params: { path: { id } } }), OFFER_LOAD_FAILED),
  });

/**
 * A listed worker's badges of checked documents. Not listed (hidden, or no such
 * profile) is a 404: the page then shows no badges.
 */
export const workerBadgesQuery = (id: number) =>
  queryOptions({
    queryKey: publicProfileKeys.workerBadges(id),
    queryFn: () =>
      dataOf(
        api.GET('/api/verifications/workers/{id}/badges', { params: { path: { id } } }),
        'No pudimos cargar las verificaciones.',
      ),
    retry: false,
  });

export function useJobOffer(id: number, enabled = true) {
  return useQuery({ ...jobOfferQuery(id), enabled });
}

export function useWorkerBadges(id: number, enabled = true) {
  return useQuery({ ...workerBadgesQuery(id), enabled });
}
