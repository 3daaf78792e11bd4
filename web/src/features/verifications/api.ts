import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerificationKind } from '@cym/common';
import { api } from '../../lib/api/client';
import { ApiError, dataOf, ensureOk, errorMessage } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';
import { readTokens } from '../../lib/auth-storage';

export type MyDocument = components['schemas']['MyVerificationDto'];
export type AdminDocument = components['schemas']['AdminVerificationDto'];

const mineKey = ['verifications', 'mine'] as const;
export const adminKey = ['admin', 'verifications'] as const;

export function useMyDocuments() {
  return useQuery({
    queryKey: mineKey,
    queryFn: () => dataOf(api.GET('/api/verifications/mine'), 'No pudimos cargar tus documentos.'),
  });
}

/** Sends a file (multipart, with the session's token) and answers the stored document. */
function send(kind: VerificationKind, file: File): Promise<MyDocument> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', file, file.name || 'documento');
    const request = new XMLHttpRequest();
    request.open('POST', `/api/verifications/mine/${kind}`);
    const tokens = readTokens();
    if (tokens) request.setRequestHeader('Authorization', `Bearer ${tokens.access}`);
    request.onload = () => {
      let body: unknown = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        /* not JSON */
      }
      if (request.status < 300) resolve(body as MyDocument);
      else reject(new ApiError(errorMessage(body, 'No pudimos subir el archivo. Probá de nuevo.'), request.status));
    };
    request.onerror = () => reject(new ApiError('Error de conexión. Por favor, intentá nuevamente.'));
    request.send(form);
  });
}

export function useUploadDocument() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: VerificationKind; file: File }) => send(kind, file),
    onSuccess: () => client.invalidateQueries({ queryKey: mineKey }),
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
    onSuccess: () => client.invalidateQueries({ queryKey: mineKey }),
  });
}

/**
 * Opens a private document in a new tab: its bytes are fetched with the session's token (the
 * address alone opens nothing) and shown from a local object URL. The tab is opened first, so the
 * browser does not block it as a pop-up.
 */
export async function openDocument(address: string): Promise<void> {
  const tab = window.open('', '_blank');
  const tokens = readTokens();
  const response = await fetch(address, { headers: tokens ? { Authorization: `Bearer ${tokens.access}` } : {} });
  if (!response.ok) {
    tab?.close();
    throw new ApiError('No pudimos abrir el documento.', response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  if (tab) tab.location.href = url;
  else window.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A private image as an object URL for an inline preview (null while loading or on failure). */
export function usePrivateImage(address: string | null) {
  return useQuery({
    queryKey: ['private-document', address],
    enabled: address !== null,
    staleTime: Infinity,
    queryFn: async () => {
      const tokens = readTokens();
      const response = await fetch(address!, {
        headers: tokens ? { Authorization: `Bearer ${tokens.access}` } : {},
      });
      if (!response.ok) throw new ApiError('No pudimos cargar el documento.', response.status);
      return URL.createObjectURL(await response.blob());
    },
  });
}

// ── Admin ─────────────────────────────────────────────────────────────────

export function useAdminDocuments() {
  return useQuery({
    queryKey: adminKey,
    queryFn: () => dataOf(api.GET('/api/admin/verifications'), 'No pudimos cargar las verificaciones.'),
  });
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
    onSuccess: () => client.invalidateQueries({ queryKey: adminKey }),
  });
}
