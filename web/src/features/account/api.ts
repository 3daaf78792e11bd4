import type { NotificationPreferencesValue } from '@cym/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { dataOf, ensureOk } from '../../lib/api/errors';
import type { components } from '../../lib/api/schema';

export type LoginSession = components['schemas']['LoginSessionDto'];

export const PREFERENCES_LOAD_FAILED = 'No pudimos cargar tus avisos.';
export const PREFERENCES_SAVE_FAILED = 'No pudimos guardar tus avisos.';

export const accountKeys = {
  notificationPreferences: ['user', 'notification-preferences'] as const,
  loginSessions: ['user', 'login-sessions'] as const,
};

/** How the person is told of each kind of news: by e-mail, on their devices. */
export const notificationPreferencesQuery = queryOptions({
  queryKey: accountKeys.notificationPreferences,
  queryFn: () => dataOf(api.GET('/api/user/notification-preferences'), PREFERENCES_LOAD_FAILED),
});

/** Stores the choices; answers them as the server keeps them. */
export const saveNotificationPreferences = (next: NotificationPreferencesValue) =>
  dataOf(api.PUT('/api/user/notification-preferences', { body: next }), PREFERENCES_SAVE_FAILED);

export const SESSIONS_LOAD_FAILED = 'No pudimos cargar tus sesiones.';
export const SESSION_END_FAILED = 'No pudimos cerrar la sesión. Intentá de nuevo.';
export const SESSIONS_END_FAILED = 'No pudimos cerrar las demás sesiones. Intentá de nuevo.';

/** The person's open logins, the latest used first, this one marked `current`. */
export const loginSessionsQuery = queryOptions({
  queryKey: accountKeys.loginSessions,
  queryFn: () => dataOf(api.GET('/api/account/sessions'), SESSIONS_LOAD_FAILED),
});

export function useLoginSessions() {
  return useQuery(loginSessionsQuery);
}

/**
 * Ends one login; its tokens stop at once on the server. Ending this one is a logout: the list is
 * not asked again with its dead token.
 */
export function useEndLoginSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (session: Pick<LoginSession, 'id' | 'current'>) =>
      ensureOk(api.DELETE('/api/account/sessions/{id}', { params: { path: { id: session.id } } }), SESSION_END_FAILED),
    onSuccess: (_done, session) =>
      session.current ? undefined : client.invalidateQueries({ queryKey: accountKeys.loginSessions }),
  });
}

/** Ends every login but this one. */
export function useEndOtherLoginSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => ensureOk(api.POST('/api/account/sessions/end-others'), SESSIONS_END_FAILED),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.loginSessions }),
  });
}
