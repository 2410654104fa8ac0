import { useEffect, useState } from 'react';
import { api } from '../api';
import type { Answer } from '../api-models';
import { useT } from '../i18n';
import { Link, useLocation } from '../router';

/** Unread count, polled every 30 s and after each page change. */
export function NotificationBell() {
  const t = useT();
  const { path } = useLocation();
  const [unread, setUnread] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on navigation
  useEffect(() => {
    let alive = true;
    const load = () =>
      api<Answer<'/v1/notifications', 'get'>>('GET', '/v1/notifications')
        .then((r) => alive && setUnread(r.unreadCount))
        .catch(() => undefined);
    void load();
    const timer = setInterval(load, 30_000);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [path]);
  return (
    <Link
      href="/app/notifications"
      className="bell"
      aria-label={t(`Notificaciones: ${unread} sin leer`, `Notifications: ${unread} unread`)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5-6.7V3.5a2 2 0 0 0-4 0v.8A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
          fill="currentColor"
        />
      </svg>
      {unread > 0 && (
        <span className="count" data-testid="unread-count">
          {unread}
        </span>
      )}
    </Link>
  );
}
