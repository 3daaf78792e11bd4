import type { NotificationPreferencesValue } from '@cym/common';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api/client';
import { dataOf } from '../../lib/api/errors';

export const PREFERENCES_LOAD_FAILED = 'No pudimos cargar tus avisos.';
export const PREFERENCES_SAVE_FAILED = 'No pudimos guardar tus avisos.';

export const accountKeys = {
  notificationPreferences: ['user', 'notification-preferences'] as const,
};

/** How the person is told of each kind of news: by e-mail, on their devices. */
export const notificationPreferencesQuery = queryOptions({
  queryKey: accountKeys.notificationPreferences,
  queryFn: () => dataOf(api.GET('/api/user/notification-preferences'), PREFERENCES_LOAD_FAILED),
});

/** Stores the choices; answers them as the server keeps them. */
export const saveNotificationPreferences = (next: NotificationPreferencesValue) =>
  dataOf(api.PUT('/api/user/notification-preferences', { body: next }), PREFERENCES_SAVE_FAILED);
