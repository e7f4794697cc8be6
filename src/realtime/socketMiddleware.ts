import type { Middleware } from '@reduxjs/toolkit';
import { SOCKET_RECONNECT } from '@contract/constants';
import { parseEventChanged } from '@contract/plain/realtime';
import { api } from '../api/api';
import { listTag, REALTIME_LIST_TAGS } from '../api/tags';
import { SOCKET_PATH } from '../config/env';
import type { ChatSocketHandle } from '../features/chat/chatSocket';
import { sessionEnded } from '../features/session/sessionSlice';
import { eventChangedTags } from './eventChanged';
import { lazyInOrder } from './lazyInOrder';
import { socketConnected, socketConnecting, socketDisconnected } from './realtimeSlice';

/** The part of a socket.io-client socket the app uses; tests pass a fake. */
export interface SocketLike {
  on(event: string, listener: (...args: never[]) => void): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  connect(): unknown;
  disconnect(): unknown;
  /** False after the server's middleware refused the handshake: socket.io-client then stops retrying. */
  readonly active: boolean;
}

/** How long new public games are gathered before the map and search refetch once (docs/adr/0070). */
export const CREATED_THROTTLE_MS = 5000;

/** statusUpdate's checker (zod) loads with the first update, in order, out of every page's first download. */
const statusUpdates = lazyInOrder(() => import('./statusUpdateHandler'));

/** The wait before the n-th retry of a refused handshake: 1 s doubling to 5 s, ±50% jitter (SOCKET_RECONNECT). */
export function retryDelay(attempt: number, random = Math.random): number {
  const { reconnectionDelay, reconnectionDelayMax, randomizationFactor } = SOCKET_RECONNECT;
  const base = Math.min(reconnectionDelayMax, reconnectionDelay * 2 ** Math.max(0, attempt));
  const jitter = base * randomizationFactor * (random() * 2 - 1);
  return Math.round(Math.min(reconnectionDelayMax, base + jitter));
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
 * removedFromChatRoom in features/chat/chatSocket.ts, which also joins rooms and sends messages;
 * eventChanged becomes tag invalidations (eventChanged.ts). A handshake refused as 'unauthorized'
 * and the server's `sessionEnded` end the session; any other refusal is retried with backoff while
 * the navbar says "Łączenie…".
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
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    let createdTimer: ReturnType<typeof setTimeout> | null = null;
    let createdPending = false;

    const invalidateCreated = () => store.dispatch(api.util.invalidateTags(eventChangedTags({ eventId: '', change: 'created' })));
    // New games may come in bursts: the first refetches at once, the rest together at the end of the window.
    function onCreated() {
      if (createdTimer) {
        createdPending = true;
        return;
      }
      invalidateCreated();
      const tick = () => {
        if (createdPending) {
          createdPending = false;
          invalidateCreated();
          createdTimer = setTimeout(tick, CREATED_THROTTLE_MS);
        } else createdTimer = null;
      };
      createdTimer = setTimeout(tick, CREATED_THROTTLE_MS);
    }

    function attach(s: SocketLike) {
      let connectedBefore = false;
      let attempts = 0;
      s.on('connect', () => {
        attempts = 0;
        store.dispatch(socketConnected());
        // Whatever happened while we were away arrives by refetching the lists.
        if (connectedBefore) store.dispatch(api.util.invalidateTags(REALTIME_LIST_TAGS.map((type) => listTag(type))));
        connectedBefore = true;
      });
      s.on('disconnect', (reason: string) => {
        if (socket !== s) return;
        // socket.io-client reconnects by itself unless we or the server closed the connection.
        if (reason === 'io client disconnect') store.dispatch(socketDisconnected());
        else if (reason === 'io server disconnect') {
          store.dispatch(socketConnecting());
          scheduleRetry(s, attempts++);
        } else store.dispatch(socketConnecting());
      });
      s.on('connect_error', (err: Error) => {
        if (socket !== s) return;
        if (err?.message === 'unauthorized') {
          store.dispatch(sessionEnded());
          return;
        }
        store.dispatch(socketConnecting());
        // A refusal by the server's middleware ('unavailable') stops socket.io-client's own retries.
        if (!s.active) scheduleRetry(s, attempts++);
      });
      s.on('sessionEnded', () => {
        if (socket === s) store.dispatch(sessionEnded());
      });
      s.on('eventChanged', (raw: unknown) => {
        const payload = parseEventChanged(raw);
        if (!payload) return;
        if (payload.change === 'created') onCreated();
        else store.dispatch(api.util.invalidateTags(eventChangedTags(payload)));
      });
      // A new stored notification, or some read in another tab (docs/adr/0085): the lists refetch.
      const refreshNotifications = () => store.dispatch(api.util.invalidateTags([listTag('Notification')]));
      s.on('notification', refreshNotifications);
      s.on('notificationsRead', refreshNotifications);
      s.on('statusUpdate', (raw: unknown) =>
        statusUpdates.run(({ statusUpdateActions }) => statusUpdateActions(raw).forEach((a) => store.dispatch(a))),
      );
      // Chat (rooms, messages, unread) loads with the connection, not with the landing page.
      void import('../features/chat/chatSocket').then(({ attachChatSocket }) => {
        if (socket === s) chat = attachChatSocket(s, store as never);
      });
    }

    function scheduleRetry(s: SocketLike, attempt: number) {
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (socket === s && !s.active) s.connect();
      }, retryDelay(attempt));
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
      if (retryTimer) clearTimeout(retryTimer);
      retryTimer = null;
      if (createdTimer) clearTimeout(createdTimer);
      createdTimer = null;
      createdPending = false;
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
