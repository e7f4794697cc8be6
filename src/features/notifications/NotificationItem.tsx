import { Link } from 'react-router';
import type { NotificationDto } from '@contract/notifications';
import { NOTIFICATION_KIND_LABELS } from '@contract/plain/notifications';
import { utcToWarsaw } from '@contract/time';

/** "23.11.2026, 18:30" in Warsaw time. */
export function notificationTime(iso: string): string {
  const { date, hour } = utcToWarsaw(Date.parse(iso));
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}, ${hour}`;
}

/**
 * One stored notification (docs/adr/0085): its kind, title, text and time, linking where it tells
 * about. Opening it marks it read (`onOpen`).
 */
export function NotificationItem({ n, onOpen, compact = false }: { n: NotificationDto; onOpen: (n: NotificationDto) => void; compact?: boolean }) {
  return (
    <Link to={n.link} className={`notice-item${n.read ? '' : ' notice-item-unread'}${compact ? ' notice-item-compact' : ''}`} onClick={() => onOpen(n)}>
      <span className="notice-item-kind">
        {NOTIFICATION_KIND_LABELS[n.kind]}
        {!n.read && <span className="notice-item-new"> · nowe</span>}
      </span>
      <span className="notice-item-title">{n.title}</span>
      <span className={`notice-item-body${compact ? ' notice-item-body-short' : ''}`}>{n.body}</span>
      <time className="notice-item-time" dateTime={n.createdAt}>
        {notificationTime(n.createdAt)}
      </time>
    </Link>
  );
}
