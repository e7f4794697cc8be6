import type { ChatRoom } from '@contract/chat';
import { ChatAvatar } from './ChatAvatar';
import { listTime, roomAvatar, roomTitle } from './chatFormat';

function MutedIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M6 16V11a6 6 0 0 1 9.5-4.9M18 11v5l1.5 2H8m2 2a2 2 0 0 0 4 0M4 4l16 16" fill="none" stroke="currentColor" strokeWidth="2"
        strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

interface ChatRoomItemProps {
  room: ChatRoom;
  active: boolean;
  unread: number;
  muted: boolean;
  onOpen: (roomId: string) => void;
}

/** One room of the list: who or what, the last message, its time, unread count and mute. */
export function ChatRoomItem({ room, active, unread, muted, onOpen }: ChatRoomItemProps) {
  const title = roomTitle(room);
  return (
    <button type="button" className="chat-room" aria-current={active ? 'true' : undefined} onClick={() => onOpen(room.roomId)}>
      <ChatAvatar url={roomAvatar(room)} name={title} />
      <span className="chat-room-text">
        <span className="chat-room-title">
          {title}
          <span className="chat-sr-only">{room.roomType === 'group' ? ', czat grupowy' : ', czat prywatny'}</span>
        </span>
        <span className="chat-room-preview">
          {room.lastMessage ? `${room.lastMessage.sender.nickName}: ${room.lastMessage.message}` : 'Brak wiadomości'}
        </span>
      </span>
      <span className="chat-room-meta">
        {room.lastMessage && <span className="chat-room-time">{listTime(room.lastMessage.createdAt)}</span>}
        {muted && (
          <span className="chat-room-muted">
            <MutedIcon />
            <span className="chat-sr-only">, wyciszony</span>
          </span>
        )}
        {unread > 0 && (
          <span className="chat-room-badge">
            {unread > 99 ? '99+' : unread}
            <span className="chat-sr-only"> nieprzeczytanych</span>
          </span>
        )}
      </span>
    </button>
  );
}
