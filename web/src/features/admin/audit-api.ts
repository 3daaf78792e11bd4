import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type AuditEntry = S['AuditEntryDto'];
export type AuditPage = S['AuditPageDto'];
export type AuditFilters = S['AuditFiltersDto'];

export const AUDIT_LOAD_FAILED = 'No pudimos cargar el registro de actividad. Intentá nuevamente.';
export const AUDIT_PAGE_SIZE = 50;

export interface AuditQuery {
  actorId: string;
  action: string;
  person: string;
  page: number;
}

/** The audit log's calls (issue 16, item 13); failures throw the server's text. */
export const auditApi = {
  list: async (q: AuditQuery): Promise<AuditPage> => {
    const person = q.person.trim();
    const query = {
      ...(q.actorId ? { actor_id: Number(q.actorId) } : {}),
      ...(q.action ? { action: q.action } : {}),
      ...(person ? { person } : {}),
      page: q.page,
      page_size: AUDIT_PAGE_SIZE,
    };
    return dataOf(api.GET('/api/admin/audit-log/get-all', { params: { query } }), AUDIT_LOAD_FAILED, AUDIT_LOAD_FAILED);
  },
  filters: (): Promise<AuditFilters> =>
    dataOf(api.GET('/api/admin/audit-log/filters'), AUDIT_LOAD_FAILED, AUDIT_LOAD_FAILED),
};

/** One page of the log; the rows on screen stay while the next filter or page loads. */
export const useAuditPage = (q: AuditQuery) =>
  useQuery({ queryKey: ['admin', 'audit', q], queryFn: () => auditApi.list(q), placeholderData: keepPreviousData });

export const useAuditFilters = () => useQuery({ queryKey: ['admin', 'audit-filters'], queryFn: auditApi.filters });
