import { ADMIN_MESSAGES, type JobOfferInput } from '@cym/common';
import { api } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { offerToInput, ok } from '../employer/api';

type S = components['schemas'];
export type AdminOffer = S['JobOfferDto'];

/** The admin list asks for pages of 50 (spec 03 §2 "/admin/job-offers"). */
export const ADMIN_OFFERS_PAGE_SIZE = 50;

export interface AdminOfferPage {
  results: AdminOffer[];
  count: number;
}

const SAVE_FAILED = 'No pudimos guardar la oferta. Intentá nuevamente.';
const UNREACHABLE = 'no pudimos comunicarnos con el servidor.';

/** The wizard only submits a validated draft, so the location is complete (as in the employer flow). */
const toBody = (input: JobOfferInput) => input as S['JobOfferBodyDto'];

/**
 * The wizard's input for an offer of the admin list, through the employer's converter
 * (display objects back to ids, shift pairs back to shift ids). The admin list has no
 * `is_public`, which the converter does not read; the offer's own status stands in for it.
 */
export function adminOfferToInput(offer: AdminOffer, shifts: { id: number; day: string; shift: string }[]) {
  return offerToInput({ ...offer, is_public: offer.status }, shifts);
}

/** The admin calls about offers (spec 03 §7 "Admin"); failures throw the server's Spanish text. */
export const adminOffersApi = {
  /** One page of the list, newest first, filtered by title; a plain-array answer is taken as one page. */
  list: async (search: string, page: number, signal?: AbortSignal): Promise<AdminOfferPage> => {
    const query = { page, page_size: ADMIN_OFFERS_PAGE_SIZE, ...(search ? { search } : {}) };
    const data = ok(
      await api.GET('/api/admin/job-offers/get-all', { params: { query }, signal }),
      ADMIN_MESSAGES.offersLoadFailed,
    );
    return Array.isArray(data) ? { results: data, count: data.length } : { results: data.results, count: data.count };
  },
  /** An offer of the team: no employer, visible at once. */
  add: (input: JobOfferInput) =>
    api.POST('/api/admin/job-offers/add', { body: toBody(input) }).then((r) => ok(r, SAVE_FAILED)),
  /** Only offers without an employer; the server refuses the others. */
  update: (id: number, input: JobOfferInput) =>
    api
      .PATCH('/api/admin/job-offer/{id}/update', { params: { path: { id } }, body: toBody(input) })
      .then((r) => ok(r, SAVE_FAILED)),
  /** Throws 'Error al eliminar: ' followed by the server's text (spec 03 §8). */
  remove: async (id: number): Promise<void> => {
    let result: { error?: unknown; response: Response };
    try {
      result = await api.DELETE('/api/admin/job-offer/{id}/delete', { params: { path: { id } } });
    } catch {
      throw new Error(ADMIN_MESSAGES.deleteFailed + UNREACHABLE);
    }
    if (!result.response.ok) {
      const error = result.error as { error?: string; message?: string } | undefined;
      throw new Error(
        ADMIN_MESSAGES.deleteFailed +
          (error?.error ?? error?.message ?? `el servidor respondió ${result.response.status}.`),
      );
    }
  },
};
