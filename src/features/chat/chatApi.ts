import type { ChatMessage, ChatParticipant, ChatRoom, ChatRoomsResponse, MessagesResponse } from '@contract/chat';
import { CHAT_PAGE_SIZE } from '@contract/plain/chat';
import { api } from '../../api/api';
import { idTag, listTag } from '../../api/tags';

/** The room list, newest activity first (the server's order, kept when messages arrive). */
function sortRooms(rooms: ChatRoom[]) {
  const at = (r: ChatRoom) => r.lastMessage?.createdAt ?? '';
  rooms.sort((a, b) => at(b).localeCompare(at(a)));
}

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChatRooms: build.query<ChatRoomsResponse, void>({
      // Spec section 8: a failure is silent and shows an empty list.
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/chat/rooms');
        return { data: (result.data as ChatRoomsResponse | undefined) ?? { chatRooms: [] } };
      },
      providesTags: [listTag('ChatRoom')],
    }),
    /** Newest page first; each further page is older, asked for by the previous page's cursor. */
    getChatMessages: build.infiniteQuery<MessagesResponse, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => (lastPage.hasMore ? lastPage.nextCursor : undefined),
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/chat/messages/${encodeURIComponent(queryArg)}`,
        params: pageParam ? { limit: CHAT_PAGE_SIZE, before: pageParam } : { limit: CHAT_PAGE_SIZE },
      }),
      providesTags: (_r, _e, roomId) => [idTag('ChatMessage', roomId), listTag('ChatMessage')],
    }),
    markRoomRead: build.mutation<{ msg: string }, string>({
      query: (roomId) => ({ url: '/chat/messages/read', method: 'PATCH', body: { roomId } }),
      // The count goes at once (the unread slice matches this mutation); the server only records it.
      async onQueryStarted(roomId, { dispatch }) {
        dispatch(
          chatApi.util.updateQueryData('getChatRooms', undefined, (draft) => {
            const room = draft.chatRooms.find((r) => r.roomId === roomId);
            if (room) room.unreadCount = 0;
          }),
        );
      },
    }),
    getChatParticipants: build.query<{ participants: ChatParticipant[] }, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery('/chat/event-participants');
        return { data: (result.data as { participants: ChatParticipant[] } | undefined) ?? { participants: [] } };
      },
      providesTags: [listTag('ChatParticipant')],
    }),
    createChatRoom: build.mutation<{ chatRoom: ChatRoom }, string>({
      query: (otherUserId) => ({ url: '/chat/rooms', method: 'POST', body: { otherUserId } }),
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(roomAdded(data.chatRoom));
          dispatch(
            chatApi.util.updateQueryData('getChatParticipants', undefined, (draft) => {
              draft.participants = draft.participants.filter((p) => p._id !== data.chatRoom.otherUser?._id);
            }),
          );
        } catch {
          // The page says what went wrong.
        }
      },
    }),
    clearChatHistory: build.mutation<{ deletedCount: number }, void>({
      query: () => ({ url: '/chat/messages/clear', method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : [listTag('ChatMessage'), listTag('ChatRoom')]),
    }),
  }),
});

/** Adds a room to the list unless it is there already. */
export const roomAdded = (room: ChatRoom) =>
  chatApi.util.updateQueryData('getChatRooms', undefined, (draft) => {
    if (!draft.chatRooms.some((r) => r.roomId === room.roomId)) {
      draft.chatRooms.push(room);
      sortRooms(draft.chatRooms);
    }
  });

export const roomRemoved = (roomId: string) =>
  chatApi.util.updateQueryData('getChatRooms', undefined, (draft) => {
    draft.chatRooms = draft.chatRooms.filter((r) => r.roomId !== roomId);
  });

/**
 * Writes a message into the open room's pages (newest page first) and the room list, once: the
 * sender's acknowledgement, the broadcast and a refetch may all bring the same message.
 */
export const messageArrived = (message: ChatMessage) => [
  chatApi.util.updateQueryData('getChatMessages', message.roomId, (draft) => {
    const known = draft.pages.some((p) => p.messages.some((m) => m._id === message._id));
    if (known || !draft.pages[0]) return;
    const page = draft.pages[0].messages;
    page.push(message);
    // Two senders' messages may be broadcast in a different order than they were stored.
    if (page.length > 1 && page[page.length - 2].createdAt > message.createdAt) page.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }),
  chatApi.util.updateQueryData('getChatRooms', undefined, (draft) => {
    const room = draft.chatRooms.find((r) => r.roomId === message.roomId);
    if (!room || (room.lastMessage && room.lastMessage.createdAt > message.createdAt)) return;
    room.lastMessage = message;
    sortRooms(draft.chatRooms);
  }),
];

export const selectChatRooms = (state: unknown): ChatRoom[] =>
  chatApi.endpoints.getChatRooms.select()(state as never).data?.chatRooms ?? EMPTY_ROOMS;
const EMPTY_ROOMS: ChatRoom[] = [];

export const {
  useGetChatRoomsQuery,
  useGetChatMessagesInfiniteQuery,
  useMarkRoomReadMutation,
  useGetChatParticipantsQuery,
  useCreateChatRoomMutation,
  useClearChatHistoryMutation,
} = chatApi;
