import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ChatRoom } from '@contract/chat';
import { DEFAULT_PREFERENCES, type NotificationPreferences, type OrganiserNotification } from '@contract/notifications';
import type { StatusRecordDto } from '@contract/events';
import { chatPayloads } from '../features/chat/chatSocket';
import { API, signedIn } from './fixtures';
import { setupTestStore } from './render';
import { server } from './server';

/** A signed-in store whose fake socket is connected, with the given rooms, preferences and unread notifications. */
export async function chatReadyStore(
  opts: { rooms?: ChatRoom[]; prefs?: Partial<NotificationPreferences>; unread?: StatusRecordDto[]; organiser?: OrganiserNotification[] } = {},
) {
  server.use(
    http.get(`${API}/chat/rooms`, () => HttpResponse.json({ chatRooms: opts.rooms ?? [] })),
    http.get(`${API}/notifications/preferences`, () => HttpResponse.json({ preferences: { ...DEFAULT_PREFERENCES, ...opts.prefs } })),
    http.get(`${API}/notifications/unread`, () => HttpResponse.json({ unreadNotifications: opts.unread ?? [], organiserNotifications: opts.organiser ?? [] })),
  );
  const { store, sockets } = setupTestStore(signedIn());
  store.dispatch({ type: 'test/start' });
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0];
  act(() => socket.serverEmit('connect'));
  await waitFor(() => {
    const q = store.getState().api.queries;
    expect(q['getChatRooms(undefined)']?.status).toBe('fulfilled');
    expect(q['getNotificationPreferences(undefined)']?.status).toBe('fulfilled');
    expect(q['getUnreadNotifications(undefined)']?.status).toBe('fulfilled');
  });
  // As on a page past its first chat event: the checkers are loaded and events apply at once.
  await chatPayloads.ready();
  return { store, socket };
}
