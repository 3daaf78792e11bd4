import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

type S = components['schemas'];
export type Summary = S['ConversationSummaryDto'];
export type Conversation = S['ConversationDto'];
export type Message = S['MessageDto'];

const LOAD_FAILED = 'No pudimos cargar los mensajes.';

export const chatKeys = {
  unread: ['chat', 'unread'] as const,
  /** Every person's sidebar. */
  lists: ['chat', 'list'] as const,
  list: (userId: number) => ['chat', 'list', userId] as const,
  conversation: (id: number) => ['chat', 'conversation', id] as const,
};

const unreadCountQuery = queryOptions({
  queryKey: chatKeys.unread,
  queryFn: () => dataOf(api.GET('/api/chat/unread-count'), LOAD_FAILED),
  select: (data) => data.unread,
});

const NOT_FOUND = 'No encontramos esta conversación.';

/** The sidebar: the conversations the server keeps for this person. */
const conversationsQuery = (userId: number) =>
  queryOptions({
    queryKey: chatKeys.list(userId),
    queryFn: () =>
      dataOf(api.GET('/api/chat/{userId}/conversations/get-all', { params: { path: { userId } } }), LOAD_FAILED),
  });

/**
 * The open conversation with its history. Opened is read: each time it is read from the server it
 * is marked read there too, and the sidebar (its unread counts) is asked again.
 */
const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: chatKeys.conversation(id),
    queryFn: async ({ client }) => {
      const path = { params: { path: { id } } };
      const conversation = await dataOf(api.GET('/api/chat/conversations/{id}', path), NOT_FOUND);
      void api
        .POST('/api/chat/conversations/{id}/mark-read', path)
        .then(() => client.invalidateQueries({ queryKey: chatKeys.lists }))
        .catch(() => undefined);
      return conversation;
    },
  });

/** The navbar's count of unread messages; the chat socket's updates invalidate it. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQuery, enabled });
}

export function useConversations(userId: number | undefined) {
  return useQuery({ ...conversationsQuery(userId ?? 0), enabled: userId !== undefined });
}

export function useConversation(id: number | null) {
  return useQuery({ ...conversationQuery(id ?? 0), enabled: id !== null });
}

/** 'Last seen' of the person on the chat page: a write nobody waits for or reads back. */
export function pingActivity(): void {
  void api.POST('/api/activity/ping').catch(() => undefined);
}
