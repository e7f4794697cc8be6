import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NotificationDto } from '@contract/notifications';
import { BELL_LATEST } from '@contract/plain/notifications';
import { useAppSelector } from '../../app/hooks';
import { NotificationItem } from '../notifications/NotificationItem';
import { useGetNotificationsQuery, useReadNotificationMutation } from '../notifications/notificationsApi';
import { badgeLabel } from './unreadLogic';
import { selectUnreadTotals } from './unreadSelectors';
import '../notifications/notificationList.css';
import './NotificationBell.css';

/**
 * The navbar bell on dashboard pages (spec section 2): unread messages plus event notifications,
 * '9+' above 9, plus the stored notifications counted nowhere else (reminders, new games nearby,
 * changes to games; docs/adr/0085). Its dropdown shows the latest stored ones and leads to the list.
 */
export function NotificationBell() {
  const unread = useAppSelector(selectUnreadTotals);
  const { messages, events } = unread;
  const { data: latest } = useGetNotificationsQuery({ page: 1, limit: BELL_LATEST });
  const [readOne] = useReadNotificationMutation();
  const total = unread.total + (latest?.unreadOther ?? 0);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const badge = badgeLabel(total);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => !box.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="bell" ref={box}>
      <button
        ref={button}
        type="button"
        className="bell-button"
        aria-label={total ? `Powiadomienia, nowe: ${total}` : 'Powiadomienia'}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0"
            fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round"
          />
        </svg>
        {badge && (
          <span className="bell-badge" data-testid="bell-badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </button>
      {/* The count said politely when it changes: a button's new label alone is not announced. */}
      <span className="visually-hidden" role="status">
        {total ? `Nowe powiadomienia: ${badge}` : ''}
      </span>
      {open && (
        <ul id={menuId} className="bell-menu">
          <li>
            <Link to="/dashboard/chat" className="bell-item" onClick={() => setOpen(false)}>
              <span>Nowe wiadomości</span>
              <span className="bell-count">{messages}</span>
            </Link>
          </li>
          <li>
            <Link to="/dashboard/my-events" className="bell-item" onClick={() => setOpen(false)}>
              <span>Nowe powiadomienia wydarzeń</span>
              <span className="bell-count">{events}</span>
            </Link>
          </li>
          <li className="bell-latest" aria-label="Najnowsze powiadomienia">
            <span className="bell-latest-heading">Najnowsze</span>
            {latest && latest.notifications.length === 0 && <span className="notice-empty">Brak powiadomień</span>}
            {latest?.notifications.map((n: NotificationDto) => (
              <NotificationItem
                key={n._id}
                n={n}
                compact
                onOpen={(item) => {
                  if (!item.read) void readOne(item._id);
                  setOpen(false);
                }}
              />
            ))}
          </li>
          <li>
            <Link to="/dashboard/notifications" className="bell-item bell-all" onClick={() => setOpen(false)}>
              <span>Zobacz wszystkie powiadomienia</span>
              {latest ? <span className="bell-count">{latest.unread}</span> : null}
            </Link>
          </li>
        </ul>
      )}
    </div>
  );
}
