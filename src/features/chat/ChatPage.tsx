import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ChatRoomMenu } from './ChatRoomMenu';
import { ChatWindow } from './ChatWindow';
import { useGetChatRoomsQuery } from './chatApi';
import { roomTitle } from './chatFormat';
import { roomOpened } from './chatSlice';
import './chat.css';

/** /dashboard/chat (spec section 2, "Chat"): the open room on the left, the room menu on the right. */
export function ChatPage() {
  const dispatch = useAppDispatch();
  const activeRoomId = useAppSelector((s) => s.chat.activeRoomId);
  const myId = useAppSelector((s) => s.session.user?._id);
  const { data } = useGetChatRoomsQuery();
  const room = data?.chatRooms.find((r) => r.roomId === activeRoomId) ?? null;
  const open = useCallback((roomId: string | null) => dispatch(roomOpened(roomId)), [dispatch]);

  // Away from this page no room is open, so its messages ring again.
  useEffect(() => () => void dispatch(roomOpened(null)), [dispatch]);

  return (
    <div className={`chat-page${room ? ' chat-page-open' : ''}`}>
      <h1 className="chat-page-title">Czat</h1>
      <div className="chat-layout">
        <section className="chat-pane" aria-label={room ? `Rozmowa: ${roomTitle(room)}` : 'Rozmowa'}>
          {room ? (
            <ChatWindow key={room.roomId} room={room} myId={myId} onBack={() => open(null)} />
          ) : (
            <div className="chat-placeholder">
              <svg viewBox="0 0 24 24" width="56" height="56" aria-hidden="true" focusable="false">
                <path d="M4 5h16v11H9l-5 4V5Z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
              </svg>
              <p>Wybierz czat z listy, aby zobaczyć rozmowę.</p>
              <p className="chat-placeholder-hint">Po akceptacji w wydarzeniu trafisz do jego czatu grupowego.</p>
            </div>
          )}
        </section>
        <ChatRoomMenu onOpen={open} />
      </div>
    </div>
  );
}
