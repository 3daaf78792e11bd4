import { PAYMENT_MESSAGES, type JobOfferInput } from '@cym/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf as ok, ensureOk as done } from '../../lib/api/errors';
import { api } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { browseKeys } from '../browse';
import { publicProfileKeys } from '../public-profile';

type S = components['schemas'];
export type ParentInfo = S['ParentInfoDto'];
export type OwnJobOffer = S['OwnJobOfferDto'];
export type Membership = S['MembershipDto'];
export type MembershipType = S['MembershipTypeDto'];
export type MembershipCreated = S['MembershipCreatedDto'];
export type BankDetails = S['BankDetailsDto'];

/** The wizard edits ids; a saved offer holds display objects, shifts as day/shift pairs. */
export function offerToInput(offer: OwnJobOffer, shifts: { id: number; day: string; shift: string }[]): JobOfferInput {
  return {
    title: offer.title,
    description: offer.description,
    services: offer.services.map((s) => s.id),
    tasks: offer.tasks.map((t) => t.id),
    work_arrangements: offer.work_arrangements.map((w) => w.id),
    languages: offer.languages.map((l) => l.id),
    native_language: offer.native_language?.id ?? null,
    work_shifts: offer.work_shifts.flatMap(
      (pair) => shifts.find((s) => s.day === pair.day && s.shift === pair.shift)?.id ?? [],
    ),
    location: {
      neighborhood: offer.location.neighborhood,
      province: offer.location.province.id,
      municipality: offer.location.municipality.id,
    },
    monthly_price: offer.monthly_price,
  };
}

/** The wizard only submits a validated draft, so the location is complete. */
const toBody = (input: JobOfferInput) => input as S['JobOfferBodyDto'];

const SAVE_FAILED = 'No pudimos guardar la oferta. Intentá nuevamente.';

export const employerApi = {
  info: (id: number) =>
    ok(api.GET('/api/parent-profile/{id}/get-info', { params: { path: { id } } }), 'Error al obtener datos.'),
  updateInfo: (id: number, body: S['ParentInfoBodyDto']) =>
    ok(
      api.PUT('/api/parent-profile/{id}/info/update', { params: { path: { id } }, body }),
      'No pudimos guardar tus datos.',
    ),
  offers: (profileId: number) =>
    ok(
      api.GET('/api/parent-profile/{profileId}/job-offers/get-all', { params: { path: { profileId } } }),
      'Error al obtener datos.',
    ),
  addOffer: (profileId: number, body: JobOfferInput) =>
    ok(
      api.POST('/api/parent-profile/{profileId}/job-offers/add', {
        params: { path: { profileId } },
        body: toBody(body),
      }),
      SAVE_FAILED,
    ),
  updateOffer: (profileId: number, id: number, body: JobOfferInput) =>
    ok(
      api.PUT('/api/parent-profile/{profileId}/job-offer/{id}/update', {
        params: { path: { profileId, id } },
        body: toBody(body),
      }),
      SAVE_FAILED,
    ),
  deleteOffer: (profileId: number, id: number) =>
    done(
      api.DELETE('/api/parent-profile/{profileId}/job-offer/{id}/delete', { params: { path: { profileId, id } } }),
      'No pudimos eliminar la oferta.',
    ),
  setOfferStatus: (profileId: number, id: number, status: boolean) =>
    ok(
      api.PATCH('/api/parent-profile/{profileId}/job-offer/{id}/update-status', {
        params: { path: { profileId, id } },
        body: { status },
      }),
      'No pudimos cambiar la visibilidad.',
    ),
  memberships: (id: number) =>
    ok(
      api.GET('/api/parent-profile/{id}/membership/get', { params: { path: { id } } }),
      'Error al obtener la membresía.',
    ),
};

export const paymentsApi = {
  membershipType: () => ok(api.GET('/api/membership-type/get'), 'No se pudo obtener el precio actual'),
  bankDetails: () => ok(api.GET('/api/payments/bank-transfer/details'), 'No pudimos cargar los datos bancarios.'),
  /** The MercadoPago checkout of the membership. */
  checkout: (profileId: number) =>
    ok(
      api.POST('/api/payments/mercadopago/create-preference', { body: { profile_id: profileId } }),
      PAYMENT_MESSAGES.createFailed,
      PAYMENT_MESSAGES.networkFailed,
    ),
  requestBankTransfer: (profileId: number, membershipTypeId: number, amount: number) =>
    ok(
      api.POST('/api/parent-profile/{profileId}/membership/{membershipTypeId}/create', {
        params: { path: { profileId, membershipTypeId } },
        body: { payment: { amount, payment_method: 'bank_transfer' } },
      }),
      'No pudimos registrar tu pedido. Intentá nuevamente.',
    ),
};

export const employerKeys = {
  info: (profileId: number) => ['employer', profileId, 'info'] as const,
  offers: (profileId: number) => ['employer', profileId, 'offers'] as const,
  memberships: (profileId: number) => ['employer', profileId, 'memberships'] as const,
  /** The membership's price (the public one; the admin's is the admin feature's). */
  membershipType: ['membership-type'] as const,
  bankDetails: ['bank-details'] as const,
};

const parentInfoQuery = (profileId: number) =>
  queryOptions({ queryKey: employerKeys.info(profileId), queryFn: () => employerApi.info(profileId) });

const ownOffersQuery = (profileId: number) =>
  queryOptions({ queryKey: employerKeys.offers(profileId), queryFn: () => employerApi.offers(profileId) });

const ownMembershipsQuery = (profileId: number) =>
  queryOptions({ queryKey: employerKeys.memberships(profileId), queryFn: () => employerApi.memberships(profileId) });

const membershipTypeQuery = queryOptions({
  queryKey: employerKeys.membershipType,
  queryFn: paymentsApi.membershipType,
});

const bankDetailsQuery = queryOptions({ queryKey: employerKeys.bankDetails, queryFn: paymentsApi.bankDetails });

export const useParentInfo = (profileId: number) => useQuery(parentInfoQuery(profileId));

export const useOwnOffers = (profileId: number) => useQuery(ownOffersQuery(profileId));

/** The employer's memberships; `profileId` null (not an employer) asks nothing. */
export const useOwnMemberships = (profileId: number | null | undefined) =>
  useQuery({ ...ownMembershipsQuery(profileId ?? 0), enabled: !!profileId });

/** The price of the membership (the modal, /memberships, the bank transfer). */
export const useMembershipTypeQuery = () => useQuery(membershipTypeQuery);

export const useBankDetails = () => useQuery(bankDetailsQuery);

/**
 * An offer saved, shown or hidden, or deleted: the employer's list, and what the public reads of
 * it (the directory and the offer's page), are read again.
 */
function useOffersChanged(profileId: number) {
  const client = useQueryClient();
  return (offerId?: number) =>
    Promise.all([
      client.invalidateQueries({ queryKey: employerKeys.offers(profileId) }),
      client.invalidateQueries({ queryKey: browseKeys.directories }),
      offerId ? client.invalidateQueries({ queryKey: publicProfileKeys.offer(offerId) }) : undefined,
    ]);
}

export function useSaveOffer(profileId: number) {
  const changed = useOffersChanged(profileId);
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: JobOfferInput }) =>
      id ? employerApi.updateOffer(profileId, id, input) : employerApi.addOffer(profileId, input),
    onSuccess: (saved) => changed(saved.id),
  });
}

export function useSetOfferStatus(profileId: number) {
  const client = useQueryClient();
  const changed = useOffersChanged(profileId);
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: boolean }) => employerApi.setOfferStatus(profileId, id, status),
    onSuccess: (updated) => {
      // The answer is the offer as it is now: shown at once, then the list is read again.
      client.setQueryData<OwnJobOffer[]>(employerKeys.offers(profileId), (list) =>
        list?.map((offer) => (offer.id === updated.id ? updated : offer)),
      );
      return changed(updated.id);
    },
  });
}

export function useDeleteOffer(profileId: number) {
  const changed = useOffersChanged(profileId);
  return useMutation({
    mutationFn: (id: number) => employerApi.deleteOffer(profileId, id),
    onSuccess: (_, id) => changed(id),
  });
}

export function useUpdateParentInfo(profileId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: S['ParentInfoBodyDto']) => employerApi.updateInfo(profileId, body),
    onSuccess: (saved) => client.setQueryData(employerKeys.info(profileId), saved),
  });
}

/** A bank transfer requested: the memberships show it pending. */
export function useRequestBankTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, type }: { profileId: number; type: MembershipType }) =>
      paymentsApi.requestBankTransfer(profileId, type.id, type.price),
    onSuccess: (_, { profileId }) => client.invalidateQueries({ queryKey: employerKeys.memberships(profileId) }),
  });
}
