import type { MiddlewareAPI, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { SocketAck } from '@contract/chat';
import { CHAT_MSG } from '@contract/plain/chat';
import { lazyInOrder } from '../../realtime/lazyInOrder';
import type { SocketLike } from '../../realtime/socketMiddleware';
import { notificationsApi } from '../notifications/notificationsApi';
import { chatMessageReceived, chatRoomReceived, chatRoomRemoved, sendMessageRequested } from './chatActions';
import { chatApi, selectChatRooms } from './chatApi';

export const SEND_TIMEOUT_MS = 10_000;

/** The contract's checkers of chat events (zod) load with the first event, in order (docs/adr/0098). */
export const chatPayloads = lazyInOrder(() => import('@contract/chat'));

interface StateShape {
  session: { user: { _id: string } | null };
  realtime: { status: 'offline' | 'online' };
}
type Store = MiddlewareAPI<ThunkDispatch<unknown, unknown, UnknownAction>, StateShape>;

export interface ChatSocketHandle {
  /** Sees every action after the reducers; answers a send request with a promise of the server's reply. */
  onAction(action: unknown): Promise<SocketAck> | undefined;
  dispose(): void;
}

/**
 * The chat side of the one socket (spec section 4): validated events become actions, rooms are
 * joined once per id and connection, and messages go out with an acknowledgement. While it is
 * attached it keeps the room list, the preferences and the unread notifications loaded (the bell
 * and the unread logic need them on every page).
 */
export function attachChatSocket(socket: SocketLike, store: Store): ChatSocketHandle {
  const joined = new Set<string>();
  const me = () => store.getState().session.user?._id;
  const online = () => store.getState().realtime.status === 'online';

  function join(roomId: string) {
    if (joined.has(roomId) || !online()) return;
    joined.add(roomId);
    socket.emit('joinRoom', roomId);
  }
  const joinAll = () => selectChatRooms(store.getState()).forEach((r) => join(r.roomId));

  socket.on('connect', () => {
    // A new connection has no rooms yet (the server also adds them; joining twice is harmless).
    joined.clear();
    joinAll();
  });
  socket.on('disconnect', () => joined.clear());
  socket.on('newMessage', (raw: unknown) =>
    chatPayloads.run(({ chatMessage }) => {
      const parsed = chatMessage.safeParse(raw);
      if (parsed.success) store.dispatch(chatMessageReceived(parsed.data));
    }),
  );
  socket.on('newChatRoom', (raw: unknown) =>
    chatPayloads.run(({ newChatRoomPayload }) => {
      const parsed = newChatRoomPayload.safeParse(raw);
      if (!parsed.success || parsed.data.targetUserId !== me()) return;
      store.dispatch(chatRoomReceived(parsed.data));
      join(parsed.data.chatRoom.roomId);
    }),
  );
  socket.on('removedFromChatRoom', (raw: unknown) =>
    chatPayloads.run(({ removedFromChatRoomPayload }) => {
      const parsed = removedFromChatRoomPayload.safeParse(raw);
      if (!parsed.success || parsed.data.targetUserId !== me()) return;
      store.dispatch(chatRoomRemoved(parsed.data));
      joined.delete(parsed.data.roomId);
      socket.emit('leaveRoom', parsed.data.roomId);
    }),
  );

  const subscriptions = [
    store.dispatch(chatApi.endpoints.getChatRooms.initiate()),
    store.dispatch(notificationsApi.endpoints.getNotificationPreferences.initiate()),
    store.dispatch(notificationsApi.endpoints.getUnreadNotifications.initiate()),
  ];
  joinAll();

  function send(roomId: string, message: string): Promise<SocketAck> {
    if (!online()) return Promise.resolve({ ok: false, msg: CHAT_MSG.offline });
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ ok: false, msg: CHAT_MSG.sendFailed }), SEND_TIMEOUT_MS);
      socket.emit('sendMessage', { roomId, message, senderId: me() }, (ack: SocketAck) => {
        clearTimeout(timer);
        if (ack?.ok && ack.message) store.dispatch(chatMessageReceived(ack.message));
        resolve(ack ?? { ok: false, msg: CHAT_MSG.sendFailed });
      });
    });
  }

  return {
    onAction(action) {
      if (sendMessageRequested.match(action)) return send(action.payload.roomId, action.payload.message);
      if (chatApi.endpoints.getChatRooms.matchFulfilled(action)) joinAll();
      if (chatApi.endpoints.createChatRoom.matchFulfilled(action)) join(action.payload.chatRoom.roomId);
      return undefined;
    },
    dispose() {
      subscriptions.forEach((s) => s.unsubscribe());
    },
  };
}
