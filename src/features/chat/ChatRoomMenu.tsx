import { useId } from 'react';
import { isRoomMuted } from '@contract/plain/notifications';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { notice } from '../../app/notify';
import { errorMsg } from '../../api/errors';
import { selectPreferences } from '../notifications/notificationsApi';
import { visibleRoomUnread } from '../unread/unreadLogic';
import { ChatAvatar } from './ChatAvatar';
import { ChatRoomItem } from './ChatRoomItem';
import { useCreateChatRoomMutation, useGetChatParticipantsQuery, useGetChatRoomsQuery } from './chatApi';
import { roomMatches } from './chatFormat';
import { filterChanged, searchChanged, type RoomFilter } from './chatSlice';

const FILTERS: { value: RoomFilter; label: string }[] = [
  { value: 'all', label: 'Wszystkie' },
  { value: 'private', label: 'Prywatne' },
  { value: 'group', label: 'Grupowe' },
];

/** The right menu (spec section 2, "Chat"): filters, search, rooms, and people to start a chat with. */
export function ChatRoomMenu({ onOpen }: { onOpen: (roomId: string) => void }) {
  const dispatch = useAppDispatch();
  const { filter, search, activeRoomId } = useAppSelector((s) => s.chat);
  const counts = useAppSelector((s) => s.unread.rooms);
  const prefs = useAppSelector(selectPreferences);
  const { data, isLoading } = useGetChatRoomsQuery();
  const { data: people } = useGetChatParticipantsQuery();
  const [createRoom, { isLoading: creating }] = useCreateChatRoomMutation();
  const searchId = useId();

  const rooms = (data?.chatRooms ?? []).filter((r) => (filter === 'all' || r.roomType === filter) && roomMatches(r, search));
  const q = search.trim().toLocaleLowerCase('pl');
  const others = (people?.participants ?? []).filter((p) => !q || p.nickName.toLocaleLowerCase('pl').includes(q));

  const startChat = async (userId: string) => {
    try {
      const { chatRoom } = await createRoom(userId).unwrap();
      onOpen(chatRoom.roomId);
    } catch (error) {
      notice(errorMsg(error) ?? 'Nie udało się rozpocząć czatu', 'error');
    }
  };

  return (
    <aside className="chat-menu" aria-label="Lista czatów">
      <div className="chat-filters" role="group" aria-label="Rodzaj czatów">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className="chat-filter"
            aria-pressed={filter === f.value}
            onClick={() => dispatch(filterChanged(f.value))}
          >
            {f.label}
          </button>
        ))}
      </div>
      <label className="chat-sr-only" htmlFor={searchId}>
        Szukaj czatu lub gracza
      </label>
      <input
        id={searchId}
        className="chat-search"
        type="search"
        placeholder="Szukaj..."
        value={search}
        onChange={(e) => dispatch(searchChanged(e.target.value))}
      />

      <h2 className="chat-menu-title">Czaty</h2>
      {isLoading ? (
        <p className="chat-menu-empty">Ładowanie czatów...</p>
      ) : rooms.length === 0 ? (
        <p className="chat-menu-empty">{search || filter !== 'all' ? 'Brak pasujących czatów' : 'Nie masz jeszcze żadnych czatów'}</p>
      ) : (
        <ul className="chat-room-list">
          {rooms.map((room) => (
            <li key={room.roomId}>
              <ChatRoomItem
                room={room}
                active={room.roomId === activeRoomId}
                unread={visibleRoomUnread(counts[room.roomId] ?? 0, room.roomId, prefs)}
                muted={isRoomMuted(prefs, room.roomId)}
                onOpen={onOpen}
              />
            </li>
          ))}
        </ul>
      )}

      {others.length > 0 && filter !== 'group' && (
        <>
          <h2 className="chat-menu-title">Gracze z Twoich wydarzeń</h2>
          <ul className="chat-room-list">
            {others.map((p) => (
              <li key={p._id}>
                <button type="button" className="chat-room chat-person" disabled={creating} onClick={() => void startChat(p._id)}>
                  <ChatAvatar url={p.avatarUrl} name={p.nickName} size={32} />
                  <span className="chat-room-text">
                    <span className="chat-room-title">{p.nickName}</span>
                    <span className="chat-room-preview">Napisz prywatnie</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}
