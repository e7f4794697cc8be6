import type { Middleware } from '@reduxjs/toolkit';
import { SOCKET_RECONNECT } from '@contract/constants';
import { api } from '../api/api';
import { listTag, REALTIME_LIST_TAGS } from '../api/tags';
import { SOCKET_PATH } from '../config/env';
import type { ChatSocketHandle } from '../features/chat/chatSocket';
import { socketConnected, socketDisconnected } from './realtimeSlice';

/** The part of a socket.io-client socket the app uses; tests pass a fake. */
export interface SocketLike {
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  disconnect(): unknown;
}

/** Async so that socket.io-client is only downloaded once somebody signs in. */
export type SocketFactory = () => Promise<SocketLike>;

export const createBrowserSocket: SocketFactory = async () => {
  const { io } = await import('socket.io-client');
  return io({
    path: SOCKET_PATH,
    withCredentials: true,
    reconnection: true,
    reconnectionAttempts: Infinity,
    ...SOCKET_RECONNECT,
  });
};

interface SessionShape {
  session: { user: unknown };
}

/**
 * Owns the single real-time connection: open while a user is signed in, closed on logout.
 * statusUpdate becomes actions in statusUpdateHandler.ts; newMessage, newChatRoom and
 * removedFromChatRoom in features/chat/chatSocket.ts, which also joins rooms and sends messages.
 */
export function createSocketMiddleware(
  createSocket: SocketFactory = createBrowserSocket,
  /** What must be in place before the connection opens: the store's signed-in part (store.ts). */
  prepare: () => Promise<void> = () => Promise.resolve(),
): Middleware<object, SessionShape> {
  return (store) => {
    let socket: SocketLike | null = null;
    let wanted = false;
    let chat: ChatSocketHandle | null = null;

    function attach(s: SocketLike) {
      let connectedBefore = false;
      s.on('connect', () => {
        store.dispatch(socketConnected());
        // Whatever happened while we were away arrives by refetching the lists.
        if (connectedBefore) store.dispatch(api.util.invalidateTags(REALTIME_LIST_TAGS.map((type) => listTag(type))));
        connectedBefore = true;
      });
      s.on('disconnect', () => store.dispatch(socketDisconnected()));
      s.on('statusUpdate', (raw: unknown) => {
        // The validator (zod) loads with the first update, so it stays out of the landing page's bundle.
        void import('./statusUpdateHandler').then(({ statusUpdateActions }) => statusUpdateActions(raw).forEach((a) => store.dispatch(a)));
      });
      // Chat (rooms, messages, unread) loads with the connection, not with the landing page.
      void import('../features/chat/chatSocket').then(({ attachChatSocket }) => {
        if (socket === s) chat = attachChatSocket(s, store as never);
      });
    }

    function open() {
      void createSocket().then(
        (s) => {
          if (!wanted || socket) {
            s.disconnect();
            return;
          }
          socket = s;
          attach(s);
        },
        () => undefined,
      );
    }

    function close() {
      const s = socket;
      socket = null;
      chat?.dispose();
      chat = null;
      if (s) {
        s.disconnect();
        store.dispatch(socketDisconnected());
      }
    }

    return (next) => (action) => {
      const result = next(action);
      const signedIn = Boolean(store.getState().session.user);
      if (signedIn !== wanted) {
        wanted = signedIn;
        if (signedIn) {
          prepare().then(
            () => {
              if (wanted) open();
            },
            () => undefined,
          );
        } else close();
      }
      // A chat send answers with a promise of the server's acknowledgement.
      return chat?.onAction(action) ?? result;
    };
  };
}
