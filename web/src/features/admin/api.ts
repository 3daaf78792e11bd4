import { ADMIN_MESSAGES, ADMIN_TEAM_MESSAGES, type JobOfferInput } from '@cym/common';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, ensureOk, type ApiResult } from '../../lib/api/errors';
import { api } from '../../lib/api/client';
import type { components } from '../../lib/api/schema';
import { employerKeys, offerToInput } from '../employer';

type S = components['schemas'];
export type AdminWorker = S['AdminWorkerDto'];
export type AdminParent = S['AdminParentDto'];
export type AdminUser = S['AdminUserDto'];
export type AdminMembership = S['AdminMembershipDto'];
export type AdminPayment = S['AdminPaymentDto'];
export type AdminMembershipType = S['AdminMembershipTypeDto'];
export type AdminOffer = S['AdminOfferDto'];
export type OfferVisibility = AdminOffer['public_visibility'];
export type AdminParentDetail = S['AdminParentDetailDto'];
export type AdminMembershipHistory = S['AdminMembershipHistoryDto'];
export type Stats = S['StatsDto'];
export type StatsPoint = S['StatsPointDto'];
export type AuditEntry = S['AuditEntryDto'];
export type AuditPage = S['AuditPageDto'];
export type AuditFilters = S['AuditFiltersDto'];
export type AdminTeamMember = S['AdminTeamMemberDto'];

/** One page of an admin list (the server's envelope when search, page or page_size is given). */
export interface AdminPage<T> {
  results: T[];
  count: number;
}

/** The admin lists show 50 rows a page; the CSV export reads the biggest page the server allows. */
export const ADMIN_PAGE_SIZE = 50;
const EXPORT_PAGE_SIZE = 100;

type Result<T> = ApiResult<T>;

/** Failures show the server's message, else the call's own text (a call without an answer too). */
const ok = <T>(request: Promise<Result<T>>, fallback: string): Promise<T> => dataOf(request, fallback, fallback);
const done = <T>(request: Promise<Result<T>>, fallback: string): Promise<void> => ensureOk(request, fallback, fallback);

/** A page answer; a plain array (never expected with parameters) is taken as one full page. */
function asPage<T>(data: T[] | AdminPage<T>): AdminPage<T> {
  return Array.isArray(data) ? { results: data, count: data.length } : { results: data.results, count: data.count };
}

export interface ListQuery {
  search: string;
  page: number;
}

function query({ search, page }: ListQuery, pageSize = ADMIN_PAGE_SIZE) {
  const text = search.trim();
  return { params: { query: { ...(text ? { search: text } : {}), page, page_size: pageSize } } };
}

type Fetch<T> = (q: ListQuery, pageSize?: number) => Promise<AdminPage<T>>;

/**
 * Every row matching the search, for the CSV export: the plain list without a search, page after
 * page of the biggest size with one.
 */
async function all<T>(fetchPage: Fetch<T>, fetchPlain: () => Promise<T[]>, search: string): Promise<T[]> {
  if (!search.trim()) return fetchPlain();
  const first = await fetchPage({ search, page: 1 }, EXPORT_PAGE_SIZE);
  const rows = [...first.results];
  for (let page = 2; rows.length < first.count; page += 1) {
    const next = await fetchPage({ search, page }, EXPORT_PAGE_SIZE);
    if (next.results.length === 0) break;
    rows.push(...next.results);
  }
  return rows;
}

const plain = <T>(data: T[] | AdminPage<T>): T[] => (Array.isArray(data) ? data : data.results);

export const EMPLOYER_LOAD_FAILED = 'No pudimos cargar los datos del empleador.';

const CONNECTION = 'No pudimos conectar con el servidor. Intentá nuevamente.';

const workersPage: Fetch<AdminWorker> = (q, size) =>
  ok(api.GET('/api/admin/worker-profiles/get-all', query(q, size)), ADMIN_MESSAGES.workersLoadFailed).then(asPage);

const parentsPage: Fetch<AdminParent> = (q, size) =>
  ok(api.GET('/api/admin/parent-profiles/get-all', query(q, size)), ADMIN_MESSAGES.parentsLoadFailed).then(asPage);

const OFFER_SAVE_FAILED = 'No pudimos guardar la oferta. Intentá nuevamente.';

/** The wizard only submits a validated draft, so the location is complete (as in the employer flow). */
const offerBody = (input: JobOfferInput) => input as S['JobOfferBodyDto'];

/**
 * The wizard's input for an offer of the admin list, through the employer's converter (display
 * objects back to ids, shift pairs back to shift ids). The admin list has no `is_public`, which
 * the converter does not read; the offer's own status stands in for it.
 */
export function adminOfferToInput(offer: AdminOffer, shifts: { id: number; day: string; shift: string }[]) {
  return offerToInput({ ...offer, is_public: offer.status }, shifts);
}

/** Typed wrappers of the back office's calls; failures throw the server's text. */
export const adminApi = {
  workers: workersPage,
  allWorkers: (search: string) =>
    all(
      workersPage,
      () => ok(api.GET('/api/admin/worker-profiles/get-all'), ADMIN_MESSAGES.workersLoadFailed).then(plain),
      search,
    ),
  parents: parentsPage,
  allParents: (search: string) =>
    all(
      parentsPage,
      () => ok(api.GET('/api/admin/parent-profiles/get-all'), ADMIN_MESSAGES.parentsLoadFailed).then(plain),
      search,
    ),
  payments: (q: ListQuery) =>
    ok(api.GET('/api/admin/payments/get-all', query(q)), ADMIN_MESSAGES.paymentsLoadFailed).then(asPage),
  setVisibility: (userId: number, visible: boolean) =>
    ok(
      api.PUT('/api/admin/user/{id}/toggle-profile-visibility', {
        params: { path: { id: userId } },
        body: { visible },
      }),
      'No pudimos cambiar la visibilidad del perfil.',
    ),
  deleteUser: (userId: number) =>
    done(api.DELETE('/api/admin/user/{id}/delete', { params: { path: { id: userId } } }), CONNECTION),
  toggleMembership: (membershipId: number) =>
    ok(
      api.PUT('/api/admin/membership/{id}/toggle-status', { params: { path: { id: membershipId } } }),
      ADMIN_MESSAGES.membershipToggleFailed,
    ),
  membershipType: () => ok(api.GET('/api/admin/membership-type'), ADMIN_MESSAGES.priceLoadFailed),
  setPrice: (price: number) =>
    ok(api.PUT('/api/admin/membership-type', { body: { price } }), ADMIN_MESSAGES.priceUpdateFailed),
  stats: () => ok(api.GET('/api/admin/stats/get-all'), ADMIN_MESSAGES.statsFailed),
  /** The offers; `visibility` keeps those the public sees that way. */
  offers: (q: ListQuery, visibility: OfferVisibility | null = null) => {
    const request = query(q);
    const params = { query: { ...request.params.query, ...(visibility ? { visibility } : {}) } };
    return ok(api.GET('/api/admin/job-offers/get-all', { params }), ADMIN_MESSAGES.offersLoadFailed).then(asPage);
  },
  /** Switches on the membership of an employer without an active one: 30 days, 'Manual'. */
  grantMembership: (profileId: number) =>
    ok(
      api.POST('/api/admin/parent-profile/{id}/membership/grant', { params: { path: { id: profileId } } }),
      ADMIN_MESSAGES.membershipToggleFailed,
    ),
  /** One employer: person, memberships, payments and offers. */
  parentDetail: (profileId: number) =>
    ok(api.GET('/api/admin/parent-profile/{id}', { params: { path: { id: profileId } } }), EMPLOYER_LOAD_FAILED),
  /** An offer of the team: no employer, visible at once. */
  addOffer: (input: JobOfferInput) =>
    ok(api.POST('/api/admin/job-offers/add', { body: offerBody(input) }), OFFER_SAVE_FAILED),
  /** Only offers without an employer; the server refuses the others. */
  updateOffer: (id: number, input: JobOfferInput) =>
    ok(
      api.PATCH('/api/admin/job-offer/{id}/update', { params: { path: { id } }, body: offerBody(input) }),
      OFFER_SAVE_FAILED,
    ),
  deleteOffer: (id: number) =>
    done(api.DELETE('/api/admin/job-offer/{id}/delete', { params: { path: { id } } }), CONNECTION),
};

/** The team screen's calls; failures throw the server's text. */
export const teamApi = {
  list: () => dataOf(api.GET('/api/admin/team'), ADMIN_TEAM_MESSAGES.loadFailed, ADMIN_TEAM_MESSAGES.loadFailed),
  resetSecondFactor: (userId: number) =>
    ensureOk(
      api.POST('/api/admin/team/{id}/second-factor/reset', { params: { path: { id: userId } } }),
      ADMIN_TEAM_MESSAGES.resetFailed,
      CONNECTION,
    ),
};

export const AUDIT_LOAD_FAILED = 'No pudimos cargar el registro de actividad. Intentá nuevamente.';
export const AUDIT_PAGE_SIZE = 50;

export interface AuditQuery {
  actorId: string;
  action: string;
  person: string;
  page: number;
}

/** The audit log's calls; failures throw the server's text. */
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

/** The back office's lists: each named, with the filters besides the search and page (the offers' visibility). */
export type AdminListName = 'workers' | 'parents' | 'payments' | 'offers';

export const adminKeys = {
  stats: ['admin', 'stats'] as const,
  membershipType: ['admin', 'membership-type'] as const,
  parent: (profileId: number) => ['admin', 'parent', profileId] as const,
  /** Every search and page of a list. */
  list: (name: AdminListName, ...filters: string[]) => ['admin', name, ...filters] as const,
  listPage: (list: readonly unknown[], { search, page }: ListQuery) => [...list, search, page] as const,
  audit: (q: AuditQuery) => ['admin', 'audit', q] as const,
  auditFilters: ['admin', 'audit-filters'] as const,
  team: ['admin', 'team'] as const,
};

/**
 * One page of a list under `list` (adminKeys.list): each search and page its own query, so a late
 * answer never overwrites a newer one; the rows on screen stay while the next page loads.
 */
export const adminListQuery = <T>(
  list: readonly unknown[],
  fetchPage: (q: ListQuery) => Promise<AdminPage<T>>,
  q: ListQuery,
) =>
  queryOptions({
    queryKey: adminKeys.listPage(list, q),
    queryFn: () => fetchPage(q),
    placeholderData: keepPreviousData,
  });

const statsQuery = queryOptions({ queryKey: adminKeys.stats, queryFn: adminApi.stats });

const parentQuery = (profileId: number) =>
  queryOptions({ queryKey: adminKeys.parent(profileId), queryFn: () => adminApi.parentDetail(profileId) });

const membershipTypeQuery = queryOptions({ queryKey: adminKeys.membershipType, queryFn: adminApi.membershipType });

/** One page of the log; the rows on screen stay while the next filter or page loads. */
const auditPageQuery = (q: AuditQuery) =>
  queryOptions({ queryKey: adminKeys.audit(q), queryFn: () => auditApi.list(q), placeholderData: keepPreviousData });

const auditFiltersQuery = queryOptions({ queryKey: adminKeys.auditFilters, queryFn: auditApi.filters });

export const useAdminStats = () => useQuery(statsQuery);

/** One employer's page; `enabled` false for an id that is no id (nothing is asked). */
export const useAdminParent = (profileId: number, enabled: boolean) => useQuery({ ...parentQuery(profileId), enabled });

/** The price as the popup shows it, read again each time the popup opens. */
export const useAdminMembershipType = (open: boolean) => useQuery({ ...membershipTypeQuery, enabled: open });

export const useAuditPage = (q: AuditQuery) => useQuery(auditPageQuery(q));

export const useAuditFilters = () => useQuery(auditFiltersQuery);

const teamQuery = queryOptions({ queryKey: adminKeys.team, queryFn: teamApi.list });

export const useAdminTeam = () => useQuery(teamQuery);

/** Resets another admin's second factor; the team is read again (their factor shows as not set up). */
export function useResetSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: teamApi.resetSecondFactor,
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.team }),
  });
}

/** A new price: the admin's and the public's price queries are read again. */
export function useSetPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: adminApi.setPrice,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.membershipType }),
        client.invalidateQueries({ queryKey: employerKeys.membershipType }),
      ]),
  });
}
