import { useEffect, useState } from 'react';
import { api } from '../../lib/api/client';
import { useSession } from '../../lib/session';

/**
 * The navbar's unread count: read once, then kept live by the chat socket's
 * `conversation_updated` events. socket.io loads after the page, on its own chunk.
 */
export function UnreadBadge() {
  const { authenticated, loading } = useSession();
  const [count, setCount] = useState(0);

  useEffect(() => {
    if (!authenticated || loading) return;
    let active = true;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      void api
        .GET('/api/chat/unread-count')
        .then(({ data }) => active && data && setCount(data.unread))
        .catch(() => undefined);
    // A message and its read receipt arrive together: one request for both.
    const refresh = () => {
      clearTimeout(pending);
      pending = setTimeout(load, 300);
    };
    load();
    let detach = () => undefined as void;
    void import('../../lib/chat-socket').then(({ chatSocket }) => {
      if (!active) return;
      const socket = chatSocket();
      socket.on('conversation_updated', refresh);
      detach = () => void socket.off('conversation_updated', refresh);
    });
    return () => {
      active = false;
      clearTimeout(pending);
      detach();
    };
  }, [authenticated, loading]);

  if (count === 0) return null;
  return (
    <span className="unread-badge" aria-label={`${count} mensajes sin leer`}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
