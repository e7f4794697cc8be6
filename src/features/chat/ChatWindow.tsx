import { useEffect, useRef } from 'react';
import type { ChatRoom } from '@contract/chat';
import { isMuteActive } from '@contract/plain/notifications';
import { useAppSelector } from '../../app/hooks';
import { selectPreferences } from '../notifications/notificationsApi';
import { ChatAvatar } from './ChatAvatar';
import { ChatComposer } from './ChatComposer';
import { ChatMessages } from './ChatMessages';
import { useMarkRoomReadMutation } from './chatApi';
import { muteStatus, roomAvatar, roomSubtitle, roomTitle } from './chatFormat';
import { MuteMenu } from './MuteMenu';

/** The left pane: header with the settings dropdown, the messages and the input. */
export function ChatWindow({ room, myId, onBack }: { room: ChatRoom; myId: string | undefined; onBack: () => void }) {
  const [markRead] = useMarkRoomReadMutation();
  const prefs = useAppSelector(selectPreferences);
  const mute = prefs.mutedChatRooms.find((m) => m.chatRoomId === room.roomId);
  const lastId = room.lastMessage?._id;
  const lastFromOther = Boolean(room.lastMessage && room.lastMessage.sender._id !== myId);
  const opened = useRef(false);

  // Spec section 4: opening a room marks it read; so does a message arriving while it is open.
  useEffect(() => {
    if (!opened.current || lastFromOther) void markRead(room.roomId);
    opened.current = true;
  }, [room.roomId, lastId, lastFromOther, markRead]);

  const title = roomTitle(room);
  return (
    <>
      <header className="chat-header">
        <button type="button" className="chat-icon-button chat-back" aria-label="Wróć do listy czatów" onClick={onBack}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
        <ChatAvatar url={roomAvatar(room)} name={title} size={44} />
        <div className="chat-header-text">
          <h2 className="chat-title">{title}</h2>
          <p className="chat-subtitle">
            {roomSubtitle(room)}
            {isMuteActive(mute) && <span className="chat-muted"> · {muteStatus(mute!.muteExpiresAt)}</span>}
          </p>
        </div>
        <MuteMenu roomId={room.roomId} />
      </header>
      <ChatMessages roomId={room.roomId} myId={myId} />
      <ChatComposer roomId={room.roomId} />
    </>
  );
}
