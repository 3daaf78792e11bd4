import { LABOR_PARAMETER_MESSAGES, WAGE_MESSAGES } from '@cym/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, publicApi } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type WageRulesAnswer = S['WageRulesDto'];
export type AdminWageScale = S['AdminWageScaleDto'];
export type NewWageScale = S['CreateWageScaleDto'];
export type AdminLaborParameter = S['AdminLaborParameterDto'];
export type NewLaborParameter = S['CreateLaborParameterDto'];

export const wageKeys = {
  current: ['wages', 'current'] as const,
  adminScales: ['wages', 'admin-scales'] as const,
  laborParameters: ['wages', 'labor-parameters'] as const,
};

/**
 * The scale in force, each service's category and the zone (GET wages/current): the same for
 * everyone and changed a few times a year, so it is kept for ten minutes and shared by the offer
 * wizard, the offer page and the worker's price.
 */
export const wageRulesQuery = queryOptions({
  queryKey: wageKeys.current,
  queryFn: () => dataOf(publicApi.GET('/api/wages/current'), WAGE_MESSAGES.loadFailed),
  staleTime: 10 * 60_000,
});

/** /admin/salarios: every scale, newest effective date first. */
const wageScalesQuery = queryOptions({
  queryKey: wageKeys.adminScales,
  queryFn: () => dataOf(api.GET('/api/admin/wages/scales'), WAGE_MESSAGES.loadFailed, WAGE_MESSAGES.loadFailed),
});

export const useWageRules = () => useQuery(wageRulesQuery);

export const useWageScales = () => useQuery(wageScalesQuery);

export function useCreateWageScale() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWageScale) =>
      dataOf(api.POST('/api/admin/wages/scales', { body }), WAGE_MESSAGES.saveFailed, WAGE_MESSAGES.saveFailed),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: wageKeys.adminScales });
      void client.invalidateQueries({ queryKey: wageKeys.current });
    },
  });
}

export function useSetServiceCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, category }: { serviceId: number; category: number | null }) =>
      dataOf(
        api.PUT('/api/admin/wages/services/{id}', { params: { path: { id: serviceId } }, body: { category } }),
        WAGE_MESSAGES.mappingFailed,
        WAGE_MESSAGES.mappingFailed,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: wageKeys.current }),
  });
}

/** /admin/parametros-laborales: every value of every parameter, newest effective date first per key. */
const laborParametersQuery = queryOptions({
  queryKey: wageKeys.laborParameters,
  queryFn: () =>
    dataOf(
      api.GET('/api/admin/wages/parameters'),
      LABOR_PARAMETER_MESSAGES.loadFailed,
      LABOR_PARAMETER_MESSAGES.loadFailed,
    ),
});

export const useLaborParameters = () => useQuery(laborParametersQuery);

export function useCreateLaborParameter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewLaborParameter) =>
      dataOf(
        api.POST('/api/admin/wages/parameters', { body }),
        LABOR_PARAMETER_MESSAGES.saveFailed,
        LABOR_PARAMETER_MESSAGES.saveFailed,
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: wageKeys.laborParameters }),
  });
}
