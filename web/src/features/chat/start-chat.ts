import type { ErrorCode } from '@cym/common';
import { api } from '../../lib/api/client';
import { ApiError, dataOf, errorMessage } from '../../lib/api/errors';
import type { SessionUser } from '../../lib/session';

/** `code` is the server's (callers compare it with ErrorCode); null when no answer carried one. */
export type StartChatResult = { id: number } | { error: string; code: ErrorCode | null };

const START_FAILED = 'No pudimos abrir el chat.';

/**
 * Starts (or reopens) the conversation with the other party of a profile or offer. The viewer is
 * the other party: their own profile, or, for an admin, their user id. `worker`/`parent` are
 * profile ids; an offer with no employer leaves both of the other side empty and the server answers
 * with the team.
 */
export async function startChat(
  viewer: SessionUser,
  other: { workerId?: number; parentId?: number },
): Promise<StartChatResult> {
  const body = {
    workerId: other.workerId ?? (viewer.profile_type === 'Worker' ? viewer.profile_id : null),
    parentId: other.parentId ?? (viewer.profile_type === 'Parent' ? viewer.profile_id : null),
    adminId: viewer.is_admin ? viewer.id : null,
  };
  try {
    const { id } = await dataOf(api.POST('/api/chat/conversation/start-chat', { body }), START_FAILED, START_FAILED);
    return { id };
  } catch (failure) {
    return { error: errorMessage(failure, START_FAILED), code: failure instanceof ApiError ? failure.code : null };
  }
}
