import { useState } from 'react';
import type { NotificationDto } from '@contract/notifications';
import { NOTIFICATION_MSG, NOTIFICATIONS_PAGE_SIZE } from '@contract/plain/notifications';
import { notice } from '../../app/notify';
import { useGetNotificationsQuery, useReadAllNotificationsMutation, useReadNotificationMutation } from './notificationsApi';
import { NotificationItem } from './NotificationItem';
import './notificationList.css';

/** /dashboard/notifications (docs/adr/0085): every stored notification, newest first, a page at a time. */
export function NotificationsPage() {
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const { data, isLoading, isError } = useGetNotificationsQuery({ page, limit: NOTIFICATIONS_PAGE_SIZE, ...(unreadOnly ? { unreadOnly: 'true' } : {}) });
  const [readOne] = useReadNotificationMutation();
  const [readAll, { isLoading: markingAll }] = useReadAllNotificationsMutation();

  const open = (n: NotificationDto) => {
    if (!n.read) void readOne(n._id);
  };
  const markOne = async (n: NotificationDto) => {
    try {
      await readOne(n._id).unwrap();
    } catch {
      notice(NOTIFICATION_MSG.markFailed, 'error');
    }
  };
  const markAll = async () => {
    try {
      await readAll().unwrap();
      notice(NOTIFICATION_MSG.markAllDone, 'success');
    } catch {
      notice(NOTIFICATION_MSG.markFailed, 'error');
    }
  };
  const pages = data?.pages ?? 1;

  return (
    <div className="notice-page">
      <h1>Powiadomienia</h1>
      <div className="notice-page-bar">
        <label className="settings-check">
          <input
            type="checkbox"
            checked={unreadOnly}
            onChange={(e) => {
              setUnreadOnly(e.target.checked);
              setPage(1);
            }}
          />
          <span>Tylko nieprzeczytane</span>
        </label>
        <button type="button" className="btn btn-secondary" disabled={markingAll || !data?.unread} onClick={() => void markAll()}>
          Oznacz wszystkie jako przeczytane
        </button>
      </div>
      {isLoading && <p className="notice-empty">Wczytywanie…</p>}
      {isError && !data && <p role="alert">{NOTIFICATION_MSG.loadFailed}</p>}
      {data && data.notifications.length === 0 && (
        <p className="notice-empty">{unreadOnly ? 'Nie masz nieprzeczytanych powiadomień.' : 'Nie masz jeszcze żadnych powiadomień.'}</p>
      )}
      {data && data.notifications.length > 0 && (
        <ul className="notice-page-list" aria-label="Lista powiadomień">
          {data.notifications.map((n) => (
            <li key={n._id} className="notice-page-row">
              <NotificationItem n={n} onOpen={open} />
              {!n.read && (
                <button type="button" className="btn btn-secondary" onClick={() => void markOne(n)} aria-label={`Oznacz jako przeczytane: ${n.title}`}>
                  Oznacz jako przeczytane
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="notice-page-pager" aria-label="Strony powiadomień">
          <button type="button" className="btn btn-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Poprzednia
          </button>
          <span>
            Strona {page} z {pages}
          </span>
          <button type="button" className="btn btn-secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Następna
          </button>
        </nav>
      )}
    </div>
  );
}
