import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MUTE_DURATIONS, NOTIFICATION_MSG, isMuteActive, muteExpiry, type MuteDurationKey } from '@contract/plain/notifications';
import { useAppSelector } from '../../app/hooks';
import { notice } from '../../app/notify';
import { selectPreferences, useMuteChatMutation, useUnmuteChatMutation } from '../notifications/notificationsApi';

function GearIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.5 7.5 0 0 0-2-1.2L14.5 3h-5l-.4 2.6a7.5 7.5 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.5 7.5 0 0 0 2 1.2l.4 2.6h5l.4-2.6a7.5 7.5 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z"
        fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round"
      />
    </svg>
  );
}

/** The chat's settings dropdown (spec section 2): mute for 1h, 12h, 24h, a week or for good, or unmute. */
export function MuteMenu({ roomId }: { roomId: string }) {
  const [open, setOpen] = useState(false);
  const prefs = useAppSelector(selectPreferences);
  const muted = isMuteActive(prefs.mutedChatRooms.find((m) => m.chatRoomId === roomId));
  const [muteChat] = useMuteChatMutation();
  const [unmuteChat] = useUnmuteChatMutation();
  const menuId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onDown = (e: MouseEvent) => {
      if (!menu.current?.contains(e.target as Node) && !trigger.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') close();
    else if (e.key === 'ArrowDown') list[(at + 1) % list.length]?.focus();
    else if (e.key === 'ArrowUp') list[(at - 1 + list.length) % list.length]?.focus();
    else if (e.key === 'Home') list[0]?.focus();
    else if (e.key === 'End') list[list.length - 1]?.focus();
    else if (e.key === 'Tab') setOpen(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  const mute = async (key: MuteDurationKey, label: string) => {
    close();
    try {
      await muteChat({ roomId, muteExpiresAt: muteExpiry(key) }).unwrap();
      notice(NOTIFICATION_MSG.chatMuted(label), 'success');
    } catch {
      notice(NOTIFICATION_MSG.chatMuteFailed, 'error');
    }
  };

  const unmute = async () => {
    close();
    try {
      await unmuteChat(roomId).unwrap();
      notice(NOTIFICATION_MSG.chatUnmuted, 'success');
    } catch {
      notice(NOTIFICATION_MSG.chatUnmuteFailed, 'error');
    }
  };

  return (
    <div className="chat-mute">
      <button
        ref={trigger}
        type="button"
        className="chat-icon-button"
        aria-label="Ustawienia czatu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <GearIcon />
      </button>
      {open && (
        <div ref={menu} id={menuId} className="chat-mute-menu" role="menu" aria-label="Ustawienia czatu" onKeyDown={onKeyDown}>
          <div role="group" aria-label="Wycisz na">
            <span className="chat-mute-label" aria-hidden="true">
              Wycisz na
            </span>
            {MUTE_DURATIONS.map((d) => (
              <button
                key={d.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="chat-mute-item"
                aria-label={`Wycisz na ${d.menuLabel}`}
                onClick={() => void mute(d.key, d.toastLabel)}
              >
                {d.menuLabel}
              </button>
            ))}
          </div>
          <div className="chat-mute-separator" role="separator" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="chat-mute-item"
            aria-disabled={!muted}
            onClick={() => (muted ? void unmute() : undefined)}
          >
            Włącz powiadomienia
          </button>
        </div>
      )}
    </div>
  );
}
