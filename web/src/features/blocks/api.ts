import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { dataOf, ensureOk } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';
import { CATALOG_KEY } from '../../lib/query';

export type BlockedUser = components['schemas']['BlockedUserDto'];

const LOAD_FAILED = 'No pudimos cargar las personas que bloqueaste.';
export const BLOCK_FAILED = 'No pudimos bloquear a esta persona. Intentá de nuevo.';
export const UNBLOCK_FAILED = 'No pudimos desbloquear a esta persona. Intentá de nuevo.';

export const blockKeys = {
  list: ['blocks', 'list'] as const,
};

/** The people the signed-in person blocked, newest first. */
export const blockedQuery = queryOptions({
  queryKey: blockKeys.list,
  queryFn: () => dataOf(api.GET('/api/blocks'), LOAD_FAILED),
});

export const blockUser = (userId: number) =>
  ensureOk(api.POST('/api/blocks', { body: { user_id: userId } }), BLOCK_FAILED);

export const unblockUser = (userId: number) =>
  ensureOk(api.DELETE('/api/blocks/{userId}', { params: { path: { userId } } }), UNBLOCK_FAILED);

/**
 * A block changes what many screens show (the chat's composer, the directories, the shortlists):
 * every query but the catalog is asked again.
 */
export const afterBlockChange = (client: QueryClient) =>
  client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== CATALOG_KEY });
