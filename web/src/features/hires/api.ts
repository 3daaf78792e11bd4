import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type HireProposal = S['HireProposalDto'];
export type HireTerms = S['HireTermsDto'];
export type HireParty = S['HirePartyDto'];
export type NewHireProposal = S['HireProposalBodyDto'];
export type EmploymentSummary = S['EmploymentSummaryDto'];
export type Employment = S['EmploymentDto'];
export type LaborSource = S['LaborParameterVersionDto'];

const PROPOSAL_FAILED = 'No pudimos cargar la propuesta de contratación.';
const LIST_FAILED = 'No pudimos cargar tus contrataciones.';
const EMPLOYMENT_FAILED = 'No pudimos cargar la relación laboral.';
const SAVE_FAILED = 'No pudimos guardar los datos. Intentá de nuevo.';

/** Every key of the hires' reads starts with `all`. */
export const hireKeys = {
  all: ['hires'] as const,
  /** One proposal: every chat card of its steps shares it. */
  proposal: (id: number) => ['hires', 'proposal', id] as const,
  list: ['hires', 'list'] as const,
  employment: (id: number) => ['hires', 'employment', id] as const,
};

/** A proposal as the viewer sees it (what they may do with it included). */
export const proposalQuery = (id: number) =>
  queryOptions({
    queryKey: hireKeys.proposal(id),
    queryFn: () => dataOf(api.GET('/api/hires/proposals/{id}', { params: { path: { id } } }), PROPOSAL_FAILED),
  });

/** /contrataciones: the viewer's relationships, newest start first. */
export const hiresQuery = queryOptions({
  queryKey: hireKeys.list,
  queryFn: () => dataOf(api.GET('/api/hires'), LIST_FAILED),
});

/** /contrataciones/{id}: one relationship, with its private data for the parties. */
export const employmentQuery = (id: number) =>
  queryOptions({
    queryKey: hireKeys.employment(id),
    queryFn: () => dataOf(api.GET('/api/hires/{id}', { params: { path: { id } } }), EMPLOYMENT_FAILED),
  });

export function useProposal(id: number, enabled = true) {
  return useQuery({ ...proposalQuery(id), enabled });
}

export const useHires = () => useQuery(hiresQuery);

export function useEmployment(id: number, enabled: boolean) {
  return useQuery({ ...employmentQuery(id), enabled });
}

/** 'Proponer contratación': the new proposal is the card's answer until the chat asks again. */
export function usePropose() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewHireProposal) =>
      dataOf(api.POST('/api/hires/proposals', { body }), 'No pudimos enviar la propuesta. Intentá de nuevo.'),
    onSuccess: (proposal) => client.setQueryData(hireKeys.proposal(proposal.id), proposal),
  });
}

export type ProposalAnswer = 'accept' | 'decline' | 'withdraw';

const ANSWER_FAILED: Record<ProposalAnswer, string> = {
  accept: 'No pudimos aceptar la propuesta. Intentá de nuevo.',
  decline: 'No pudimos rechazar la propuesta. Intentá de nuevo.',
  withdraw: 'No pudimos retirar la propuesta. Intentá de nuevo.',
};

function answerCall(answer: ProposalAnswer, id: number) {
  const path = { params: { path: { id } } };
  if (answer === 'accept') return api.POST('/api/hires/proposals/{id}/accept', path);
  if (answer === 'decline') return api.POST('/api/hires/proposals/{id}/decline', path);
  return api.POST('/api/hires/proposals/{id}/withdraw', path);
}

/** Aceptar, Rechazar, Retirar: the proposal's new state for every card; an acceptance adds a relationship. */
export function useAnswerProposal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: ProposalAnswer }) =>
      dataOf(answerCall(answer, id), ANSWER_FAILED[answer]),
    onSuccess: (proposal) => {
      client.setQueryData(hireKeys.proposal(proposal.id), proposal);
      void client.invalidateQueries({ queryKey: hireKeys.list });
    },
    // Refused (answered or withdrawn meanwhile): the card shows where it stands now.
    onError: (_failure, { id }) => client.invalidateQueries({ queryKey: hireKeys.proposal(id) }),
  });
}

/** A write to a relationship answers it whole: the page shows the answer, the list is asked again. */
function useEmploymentWrite<A>(write: (args: A) => Promise<Employment>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (employment) => {
      client.setQueryData(hireKeys.employment(employment.id), employment);
      void client.invalidateQueries({ queryKey: hireKeys.list });
    },
  });
}

export function useSetWorkerCuil() {
  return useEmploymentWrite(({ id, cuil }: { id: number; cuil: string }) =>
    dataOf(api.PUT('/api/hires/{id}/worker-cuil', { params: { path: { id } }, body: { cuil } }), SAVE_FAILED),
  );
}

export function useSetEmployerData() {
  return useEmploymentWrite(({ id, cuit, work_address }: { id: number; cuit: string; work_address: string }) =>
    dataOf(
      api.PUT('/api/hires/{id}/employer-data', { params: { path: { id } }, body: { cuit, work_address } }),
      SAVE_FAILED,
    ),
  );
}

export function useSetRegistration() {
  return useEmploymentWrite(({ id, registered_on }: { id: number; registered_on: string }) =>
    dataOf(
      api.POST('/api/hires/{id}/registration', { params: { path: { id } }, body: { registered_on } }),
      SAVE_FAILED,
    ),
  );
}
