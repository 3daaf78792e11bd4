import { unreadMessagesLabel } from '@cym/common';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { chatKeys, useUnreadCount } from '../../features/chat/api';
import { useSession } from '../../lib/session';

/**
 * The navbar's unread count: read once, then kept live by the chat socket's
 * `conversation_updated` events. socket.io loads after the page, on its own chunk.
 */
export function UnreadBadge() {
  const { authenticated, loading } = useSession();
  const signedIn = authenticated && !loading;
  const count = useUnreadCount(signedIn).data ?? 0;
  const client = useQueryClient();

  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    let pending: ReturnType<typeof setTimeout> | undefined;
    // A message and its read receipt arrive together: one request for both.
    const refresh = () => {
      clearTimeout(pending);
      pending = setTimeout(() => void client.invalidateQueries({ queryKey: chatKeys.unread }), 300);
    };
    let detach = () => undefined as void;
    void import('../../lib/chat-socket').then(({ chatSocket }) => {
      if (stopped) return;
      const socket = chatSocket();
      socket.on('conversation_updated', refresh);
      detach = () => void socket.off('conversation_updated', refresh);
    });
    return () => {
      stopped = true;
      clearTimeout(pending);
      detach();
    };
  }, [signedIn, client]);

  if (count === 0) return null;
  return (
    <span className="unread-badge" aria-label={unreadMessagesLabel(count)}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
