import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { dataOf, ensureOk } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type Reference = S['ReferenceDto'];
export type ReferencePage = S['ReferencePageDto'];
export type Eligibility = S['ReferenceEligibilityDto'];
export type AdminReference = S['AdminReferenceDto'];
export type AdminReferenceFilter = 'all' | 'reported' | 'hidden';

/** Whose references: a worker profile's or an employer profile's. */
export type ReferenceSubject = 'workers' | 'parents';

const LOAD_FAILED = 'No pudimos cargar las referencias.';

/** Every key of the references' reads starts with `all`, so a write refreshes them all. */
export const referenceKeys = {
  all: ['references'] as const,
  page: (subject: ReferenceSubject, profileId: number, page: number) =>
    ['references', subject, profileId, page] as const,
  eligibility: (userId: number | null | undefined) => ['references', 'eligibility', userId] as const,
  admin: (filter: AdminReferenceFilter, page: number) => ['references', 'admin', filter, page] as const,
};

/** One page of the visible references about a worker or employer profile, with the average. */
export const referencePageQuery = (subject: ReferenceSubject, profileId: number, page: number) =>
  queryOptions({
    queryKey: referenceKeys.page(subject, profileId, page),
    queryFn: () =>
      dataOf(
        subject === 'workers'
          ? api.GET('/api/references/workers/{id}', { params: { path: { id: profileId }, query: { page } } })
          : api.GET('/api/references/parents/{id}', { params: { path: { id: profileId }, query: { page } } }),
        LOAD_FAILED,
      ),
  });

/** Whether the signed-in person may write about `userId`, and theirs if written. */
const eligibilityQuery = (userId: number | null | undefined) =>
  queryOptions({
    queryKey: referenceKeys.eligibility(userId),
    queryFn: () =>
      dataOf(
        api.GET('/api/references/eligibility/{userId}', { params: { path: { userId: userId! } } }),
        'No pudimos saber si podés dejar una referencia.',
      ),
  });

/** The back office's list: reported first. */
const adminReferencesQuery = (filter: AdminReferenceFilter, page: number) =>
  queryOptions({
    queryKey: referenceKeys.admin(filter, page),
    queryFn: () => dataOf(api.GET('/api/admin/references', { params: { query: { filter, page } } }), LOAD_FAILED),
  });

export function useReferencePage(subject: ReferenceSubject, profileId: number, page: number, enabled = true) {
  return useQuery({ ...referencePageQuery(subject, profileId, page), enabled });
}

export function useEligibility(userId: number | null | undefined, enabled = true) {
  return useQuery({ ...eligibilityQuery(userId), enabled: enabled && typeof userId === 'number' });
}

function useReferenceWrite<A, R>(write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: referenceKeys.all }),
  });
}

export function useCreateReference() {
  return useReferenceWrite((body: { subject_user_id: number; stars: number; text: string }) =>
    dataOf(api.POST('/api/references', { body }), 'No pudimos publicar la referencia. Intentá de nuevo.'),
  );
}

export function useUpdateReference() {
  return useReferenceWrite(({ id, stars, text }: { id: number; stars: number; text: string }) =>
    dataOf(
      api.PATCH('/api/references/{id}', { params: { path: { id } }, body: { stars, text } }),
      'No pudimos guardar los cambios. Intentá de nuevo.',
    ),
  );
}

export function useReplyReference() {
  return useReferenceWrite(({ id, text }: { id: number; text: string }) =>
    dataOf(
      api.POST('/api/references/{id}/reply', { params: { path: { id } }, body: { text } }),
      'No pudimos publicar la respuesta. Intentá de nuevo.',
    ),
  );
}

export function useReportReference() {
  return useReferenceWrite(({ id, reason }: { id: number; reason: string }) =>
    ensureOk(
      api.POST('/api/references/{id}/report', { params: { path: { id } }, body: { reason } }),
      'No pudimos enviar la denuncia. Intentá de nuevo.',
    ),
  );
}

export function useAdminReferences(filter: AdminReferenceFilter, page: number) {
  return useQuery(adminReferencesQuery(filter, page));
}

export function useHideReference() {
  return useReferenceWrite(({ id, reason }: { id: number; reason: string }) =>
    ensureOk(
      api.POST('/api/admin/references/{id}/hide', { params: { path: { id } }, body: { reason } }),
      'No pudimos ocultar la referencia.',
    ),
  );
}

export function useRestoreReference() {
  return useReferenceWrite((id: number) =>
    ensureOk(
      api.POST('/api/admin/references/{id}/restore', { params: { path: { id } } }),
      'No pudimos volver a mostrar la referencia.',
    ),
  );
}
