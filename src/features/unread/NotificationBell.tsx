import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { badgeLabel } from './unreadLogic';
import { selectUnreadTotals } from './unreadSelectors';
import './NotificationBell.css';

/** The navbar bell on dashboard pages (spec section 2): unread messages plus event notifications, '9+' above 9. */
export function NotificationBell() {
  const { messages, events, total } = useAppSelector(selectUnreadTotals);
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
        </ul>
      )}
    </div>
  );
}
