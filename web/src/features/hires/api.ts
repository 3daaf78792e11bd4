import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, privateFile } from '../../lib/api/client';
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
export type EmploymentPay = S['EmploymentPayDto'];
export type Payslip = S['PayslipDto'];
export type PayslipSummary = S['PayslipSummaryDto'];
export type Contribution = S['ContributionDto'];
export type PayLine = S['PayLineDto'];
export type Settlement = S['SettlementDto'];
export type EndBody = S['EndBodyDto'];
export type PayslipHours = S['PayslipDraftBodyDto'];

const PROPOSAL_FAILED = 'No pudimos cargar la propuesta de contratación.';
const LIST_FAILED = 'No pudimos cargar tus contrataciones.';
const EMPLOYMENT_FAILED = 'No pudimos cargar la relación laboral.';
const SAVE_FAILED = 'No pudimos guardar los datos. Intentá de nuevo.';
const PAY_FAILED = 'No pudimos cargar los recibos y pagos de la relación.';
const PAYSLIP_FAILED = 'No pudimos cargar el recibo de sueldo.';

/** Every key of the hires' reads starts with `all`. */
export const hireKeys = {
  all: ['hires'] as const,
  /** One proposal: every chat card of its steps shares it. */
  proposal: (id: number) => ['hires', 'proposal', id] as const,
  list: ['hires', 'list'] as const,
  employment: (id: number) => ['hires', 'employment', id] as const,
  /** Payslips, ARCA payments, aguinaldo, vacations and the settlement of one relationship. */
  pay: (id: number) => ['hires', 'pay', id] as const,
  /** Every payslip of one relationship (what its end changes). */
  payslips: (id: number) => ['hires', 'payslip', id] as const,
  payslip: (id: number, period: string) => ['hires', 'payslip', id, period] as const,
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

/** /contrataciones/{id}: the money of a relationship, month by month. */
export const payQuery = (id: number) =>
  queryOptions({
    queryKey: hireKeys.pay(id),
    queryFn: () => dataOf(api.GET('/api/hires/{id}/pay', { params: { path: { id } } }), PAY_FAILED),
  });

/** /contrataciones/{id}/recibos/{period}: one month's payslip (computed on read until confirmed). */
export const payslipQuery = (id: number, period: string) =>
  queryOptions({
    queryKey: hireKeys.payslip(id, period),
    queryFn: () =>
      dataOf(api.GET('/api/hires/{id}/payslips/{period}', { params: { path: { id, period } } }), PAYSLIP_FAILED),
  });

export function useProposal(id: number, enabled = true) {
  return useQuery({ ...proposalQuery(id), enabled });
}

export const useHires = () => useQuery(hiresQuery);

export function useEmployment(id: number, enabled: boolean) {
  return useQuery({ ...employmentQuery(id), enabled });
}

export function usePay(id: number, enabled: boolean) {
  return useQuery({ ...payQuery(id), enabled });
}

export function usePayslip(id: number, period: string, enabled: boolean) {
  return useQuery({ ...payslipQuery(id, period), enabled });
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

/** A payslip's write answers it whole; the month's line in the list and the history change too. */
function usePayslipWrite<A extends { id: number }>(write: (args: A) => Promise<Payslip>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (payslip, { id }) => {
      client.setQueryData(hireKeys.payslip(id, payslip.period), payslip);
      void client.invalidateQueries({ queryKey: hireKeys.pay(id) });
      void client.invalidateQueries({ queryKey: hireKeys.employment(id) });
    },
  });
}

/** 'Guardar borrador': the employer's overtime and holiday hours of the month. */
export function useSavePayslip() {
  return usePayslipWrite(({ id, period, hours }: { id: number; period: string; hours: PayslipHours }) =>
    dataOf(
      api.PUT('/api/hires/{id}/payslips/{period}', { params: { path: { id, period } }, body: hours }),
      'No pudimos guardar el borrador. Intentá de nuevo.',
    ),
  );
}

/** 'Confirmar recibo', with the day it was paid: from then on it does not change. */
export function useConfirmPayslip() {
  return usePayslipWrite(({ id, period, paid_on }: { id: number; period: string; paid_on: string }) =>
    dataOf(
      api.POST('/api/hires/{id}/payslips/{period}/confirm', { params: { path: { id, period } }, body: { paid_on } }),
      'No pudimos confirmar el recibo. Intentá de nuevo.',
    ),
  );
}

/** The worker's 'Recibí conforme'. */
export function useAcknowledgePayslip() {
  return usePayslipWrite(({ id, period }: { id: number; period: string }) =>
    dataOf(
      api.POST('/api/hires/{id}/payslips/{period}/acknowledge', { params: { path: { id, period } } }),
      'No pudimos guardar tu conformidad. Intentá de nuevo.',
    ),
  );
}

/** A write that answers the relationship's money whole: shown at once, the history asked again. */
function usePayWrite<A extends { id: number }>(write: (args: A) => Promise<EmploymentPay>, ends = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (pay, { id }) => {
      client.setQueryData(hireKeys.pay(id), pay);
      void client.invalidateQueries({ queryKey: hireKeys.employment(id) });
      if (ends) {
        // Ended: no payslip is editable any more, and the list shows the end.
        void client.invalidateQueries({ queryKey: hireKeys.payslips(id) });
        void client.invalidateQueries({ queryKey: hireKeys.list });
      }
    },
  });
}

/** 'Marcar como pagado': the month's payment to ARCA, by the employer. */
export function useMarkContribution() {
  return usePayWrite(({ id, period, paid_on }: { id: number; period: string; paid_on: string }) =>
    dataOf(
      api.PUT('/api/hires/{id}/contributions/{period}', { params: { path: { id, period } }, body: { paid_on } }),
      'No pudimos marcar el pago. Intentá de nuevo.',
    ),
  );
}

/** 'Finalizar relación': the end, with its final settlement in the answer. */
export function useEndEmployment() {
  return usePayWrite(
    ({ id, body }: { id: number; body: EndBody }) =>
      dataOf(
        api.POST('/api/hires/{id}/end', { params: { path: { id } }, body }),
        'No pudimos finalizar la relación. Intentá de nuevo.',
      ),
    true,
  );
}

/** Where a confirmed payslip's PDF and a settlement's PDF are read (with the session's token). */
export const payslipPdfAddress = (id: number, period: string) => `/api/hires/${id}/payslips/${period}/pdf`;
export const settlementPdfAddress = (id: number) => `/api/hires/${id}/settlement/pdf`;

/**
 * Saves a private PDF under `filename`: its bytes are read with the session's token (the address
 * alone opens nothing) and handed to the browser as a download.
 */
export async function downloadPdf(address: string, filename: string): Promise<void> {
  const file = await privateFile(address, 'No pudimos descargar el PDF. Intentá de nuevo.');
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
