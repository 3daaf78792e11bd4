import type { ModerationAction, ReportReason, ReportTarget } from '@cym/common';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type ReportGroup = S['ReportGroupDto'];
export type ReportGroupPage = S['ReportGroupPageDto'];
export type Decision = S['ModerationActionDto'];
export type DecisionPage = S['ModerationActionPageDto'];
export type ReportTargetDetail = S['ReportTargetDto'];
export type SafetyWord = S['SafetyWordDto'];

/** Every key of the team's reads starts with `all`, so a decision refreshes the lists too. */
export const moderationKeys = {
  all: ['moderation'] as const,
  open: (page: number) => ['moderation', 'open', page] as const,
  decisions: (page: number) => ['moderation', 'decisions', page] as const,
  target: (type: string, id: number) => ['moderation', 'target', type, id] as const,
  words: ['moderation', 'words'] as const,
};

/** A person's report of a profile, an offer or a message. */
export function useSendReport() {
  return useMutation({
    mutationFn: (body: {
      target_type: ReportTarget;
      target_id: number;
      reason: ReportReason;
      details: string | null;
    }) => dataOf(api.POST('/api/reports', { body }), 'No pudimos enviar la denuncia. Intentá de nuevo.'),
  });
}

export function useOpenReports(page: number) {
  return useQuery(
    queryOptions({
      queryKey: moderationKeys.open(page),
      queryFn: () =>
        dataOf(api.GET('/api/admin/reports', { params: { query: { page } } }), 'No pudimos cargar las denuncias.'),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useDecisions(page: number, enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.decisions(page),
    queryFn: () =>
      dataOf(
        api.GET('/api/admin/reports/decisions', { params: { query: { page } } }),
        'No pudimos cargar las decisiones.',
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useReportTarget(type: string, id: number, enabled: boolean) {
  return useQuery({
    queryKey: moderationKeys.target(type, id),
    queryFn: () =>
      dataOf(
        api.GET('/api/admin/reports/{targetType}/{targetId}', {
          params: { path: { targetType: type, targetId: id } },
        }),
        'No pudimos cargar la denuncia.',
      ),
    enabled,
  });
}

/**
 * The team's writes on a target answer its updated detail: it replaces the one on screen, and
 * the lists (open reports, decisions) are asked again.
 */
function useTargetWrite<A>(write: (args: A) => Promise<ReportTargetDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (detail) => {
      client.setQueryData(moderationKeys.target(detail.target_type, detail.target_id), detail);
      await client.invalidateQueries({
        queryKey: moderationKeys.all,
        predicate: (query) => query.queryKey[1] !== 'target',
      });
    },
  });
}

export function useModerate(type: ReportTarget, id: number) {
  return useTargetWrite(({ action, reason }: { action: ModerationAction; reason: string | null }) =>
    dataOf(
      api.POST('/api/admin/reports/{targetType}/{targetId}/actions', {
        params: { path: { targetType: type, targetId: id } },
        body: { action, reason },
      }),
      'No pudimos guardar la decisión.',
    ),
  );
}

export function useUndoDecision() {
  return useTargetWrite((actionId: number) =>
    dataOf(
      api.POST('/api/admin/moderation-actions/{id}/undo', { params: { path: { id: actionId } } }),
      'No pudimos deshacer la decisión.',
    ),
  );
}

export function useSafetyWords() {
  return useQuery({
    queryKey: moderationKeys.words,
    queryFn: () => dataOf(api.GET('/api/admin/safety-words'), 'No pudimos cargar las palabras de alerta.'),
  });
}

/** Adding or removing a word answers the whole list. */
function useWordsWrite<A>(write: (args: A) => Promise<SafetyWord[]>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (words) => client.setQueryData(moderationKeys.words, words),
  });
}

export function useAddSafetyWord() {
  return useWordsWrite((word: string) =>
    dataOf(api.POST('/api/admin/safety-words', { body: { word } }), 'No pudimos agregar la palabra.'),
  );
}

export function useRemoveSafetyWord() {
  return useWordsWrite((id: number) =>
    dataOf(api.DELETE('/api/admin/safety-words/{id}', { params: { path: { id } } }), 'No pudimos quitar la palabra.'),
  );
}
