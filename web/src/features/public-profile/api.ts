import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

export type Offer = components['schemas']['JobOfferDto'];

/** The spec's own words for any failure of the public offer (spec 02 §3), English as it is. */
export const OFFER_LOAD_FAILED = 'Error loading job offer.';

/** A public job offer (spec 02 §2.4). The worker profile's query is the worker-profile feature's. */
export function useJobOffer(id: number, enabled = true) {
  return useQuery({
    queryKey: ['job-offer', id],
    queryFn: () => dataOf(api.GET('/api/job-offer/{id}/get', { params: { path: { id } } }), OFFER_LOAD_FAILED),
    enabled,
  });
}

/**
 * A listed worker's badges of checked documents (issue 22). Not listed (hidden, or no such
 * profile) is a 404: the page then shows no badges.
 */
export function useWorkerBadges(id: number, enabled = true) {
  return useQuery({
    queryKey: ['worker-badges', id],
    queryFn: () =>
      dataOf(
        api.GET('/api/verifications/workers/{id}/badges', { params: { path: { id } } }),
        'No pudimos cargar las verificaciones.',
      ),
    enabled,
    retry: false,
  });
}
