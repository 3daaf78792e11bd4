import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerificationKind } from '@cym/common';
import { api, privateFile, uploadForm } from '../../lib/api/client';
import { dataOf, ensureOk } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

export type MyDocument = components['schemas']['MyVerificationDto'];
export type AdminDocument = components['schemas']['AdminVerificationDto'];

export const verificationKeys = {
  mine: ['verifications', 'mine'] as const,
  admin: ['admin', 'verifications'] as const,
  privateDocument: (address: string | null) => ['private-document', address] as const,
};

export const myDocumentsQuery = queryOptions({
  queryKey: verificationKeys.mine,
  queryFn: () => dataOf(api.GET('/api/verifications/mine'), 'No pudimos cargar tus documentos.'),
});

/** A private image as an object URL (kept for the page's life: the bytes of a document do not change). */
export const privateImageQuery = (address: string | null) =>
  queryOptions({
    queryKey: verificationKeys.privateDocument(address),
    enabled: address !== null,
    staleTime: Infinity,
    queryFn: async () => URL.createObjectURL(await privateFile(address!, 'No pudimos cargar el documento.')),
  });

export const adminDocumentsQuery = queryOptions({
  queryKey: verificationKeys.admin,
  queryFn: () => dataOf(api.GET('/api/admin/verifications'), 'No pudimos cargar las verificaciones.'),
});

export function useMyDocuments() {
  return useQuery(myDocumentsQuery);
}

/** Sends a file (multipart, with the session's token) and answers the stored document. */
function send(kind: VerificationKind, file: File): Promise<MyDocument> {
  const form = new FormData();
  form.append('file', file, file.name || 'documento');
  return uploadForm<MyDocument>(
    `/api/verifications/mine/${kind}`,
    form,
    'No pudimos subir el archivo. Probá de nuevo.',
  );
}

export function useUploadDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: VerificationKind; file: File }) => send(kind, file),
    onSuccess: () => client.invalidateQueries({ queryKey: verificationKeys.mine }),
  });
}

export function useDeleteDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (kind: VerificationKind) =>
      ensureOk(
        api.DELETE('/api/verifications/mine/{kind}', { params: { path: { kind } } }),
        'No pudimos borrar el documento.',
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: verificationKeys.mine }),
  });
}

/**
 * Opens a private document in a new tab: its bytes are fetched with the session's token (the
 * address alone opens nothing) and shown from a local object URL. The tab is opened first, so the
 * browser does not block it as a pop-up.
 */
export async function openDocument(address: string): Promise<void> {
  const tab = window.open('', '_blank');
  let file: Blob;
  try {
    file = await privateFile(address, 'No pudimos abrir el documento.');
  } catch (failure) {
    tab?.close();
    throw failure;
  }
  const url = URL.createObjectURL(file);
  if (tab) tab.location.href = url;
  else window.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A private image as an object URL for an inline preview (null while loading or on failure). */
export function usePrivateImage(address: string | null) {
  return useQuery(privateImageQuery(address));
}

// ── Admin ─────────────────────────────────────────────────────────────────

export function useAdminDocuments() {
  return useQuery(adminDocumentsQuery);
}

export function useReviewDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (
      action:
        { id: number; decision: 'approve'; issuedOn?: string } | { id: number; decision: 'reject'; reason: string },
    ) =>
      action.decision === 'approve'
        ? dataOf(
            api.POST('/api/admin/verifications/{id}/approve', {
              params: { path: { id: action.id } },
              body: action.issuedOn ? { issued_on: action.issuedOn } : {},
            }),
            'No pudimos aprobar el documento.',
          )
        : dataOf(
            api.POST('/api/admin/verifications/{id}/reject', {
              params: { path: { id: action.id } },
              body: { reason: action.reason },
            }),
            'No pudimos rechazar el documento.',
          ),
    onSuccess: () => client.invalidateQueries({ queryKey: verificationKeys.admin }),
  });
}
