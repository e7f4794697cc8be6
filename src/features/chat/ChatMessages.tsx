import { Fragment, useMemo } from 'react';
import { useGetChatMessagesInfiniteQuery } from './chatApi';
import { dayKey, dayLabel, messageTime } from './chatFormat';
import { useChatScroll } from './useChatScroll';

/** The open room's history, oldest at the top, kept in RTK Query's pages (newest page first). */
export function ChatMessages({ roomId, myId }: { roomId: string; myId: string | undefined }) {
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, isLoading, isError, refetch } = useGetChatMessagesInfiniteQuery(roomId);
  const messages = useMemo(() => (data ? [...data.pages].reverse().flatMap((p) => p.messages) : []), [data]);
  const { box, onScroll } = useChatScroll({
    messages,
    myId,
    hasMore: hasNextPage,
    loadingOlder: isFetchingNextPage,
    loadOlder: () => void fetchNextPage(),
  });

  return (
    <div ref={box} className="chat-messages" onScroll={onScroll} tabIndex={0} role="log" aria-label="Wiadomości" aria-busy={isLoading}>
      {isLoading && <p className="chat-status">Ładowanie wiadomości...</p>}
      {isError && (
        <p className="chat-status">
          Nie udało się wczytać wiadomości.{' '}
          <button type="button" className="chat-link-button" onClick={() => void refetch()}>
            Spróbuj ponownie
          </button>
        </p>
      )}
      {isFetchingNextPage && <p className="chat-status">Ładowanie starszych wiadomości...</p>}
      {data && !hasNextPage && (
        <p className="chat-status">{messages.length ? 'Początek rozmowy' : 'Brak wiadomości. Napisz pierwszą!'}</p>
      )}
      <ol className="chat-message-list">
        {messages.map((m, i) => {
          const mine = m.sender._id === myId;
          const newDay = i === 0 || dayKey(messages[i - 1].createdAt) !== dayKey(m.createdAt);
          const sameAuthor = !newDay && i > 0 && messages[i - 1].sender._id === m.sender._id;
          return (
            <Fragment key={m._id}>
              {newDay && (
                <li className="chat-day">
                  {dayLabel(m.createdAt)}
                </li>
              )}
              <li className={`chat-message${mine ? ' chat-message-mine' : ''}${sameAuthor ? ' chat-message-cont' : ''}`}>
                {!mine && !sameAuthor && <span className="chat-message-author">{m.sender.nickName}</span>}
                {mine && <span className="chat-sr-only">Ty: </span>}
                {!mine && sameAuthor && <span className="chat-sr-only">{m.sender.nickName}: </span>}
                <p className="chat-message-text">{m.message}</p>
                <time className="chat-message-time" dateTime={m.createdAt}>
                  {messageTime(m.createdAt)}
                </time>
              </li>
            </Fragment>
          );
        })}
      </ol>
    </div>
  );
}
