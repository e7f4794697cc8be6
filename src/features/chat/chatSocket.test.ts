import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ChatRoom, MessagesResponse } from '@contract/chat';
import { DEFAULT_PREFERENCES, type NotificationPreferences } from '@contract/notifications';
import { statusUpdateReceived } from '../../realtime/statusUpdate';
import { chatMessage, groupRoom, privateRoom } from '../../test/chatHandlers';
import { API, signedIn, testUser } from '../../test/fixtures';
import { setupTestStore } from '../../test/render';
import { server } from '../../test/server';
import * as sound from '../unread/notificationSound';
import { selectUnreadTotals } from '../unread/unreadSelectors';
import { chatApi, selectChatRooms } from './chatApi';
import { chatPayloads } from './chatSocket';
import { roomOpened } from './chatSlice';
import { sendChatMessage } from './chatSend';

const ring = jest.spyOn(sound, 'playNotificationSound').mockImplementation(() => undefined);
beforeEach(() => ring.mockClear());

const G1 = groupRoom('e-1');
const G2 = groupRoom('e-2', { eventName: 'Siatkówka' });

async function connectedStore(rooms: ChatRoom[], prefs: Partial<NotificationPreferences> = {}) {
  server.use(
    http.get(`${API}/chat/rooms`, () => HttpResponse.json({ chatRooms: rooms })),
    http.get(`${API}/notifications/preferences`, () => HttpResponse.json({ preferences: { ...DEFAULT_PREFERENCES, ...prefs } })),
  );
  const { store, sockets } = setupTestStore(signedIn());
  store.dispatch({ type: 'test/start' });
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0];
  act(() => socket.serverEmit('connect'));
  await waitFor(() => expect(selectChatRooms(store.getState())).toHaveLength(rooms.length));
  await waitFor(() => expect(chatApi.endpoints.getChatRooms.select()(store.getState()).isSuccess).toBe(true));
  await waitFor(() => expect(store.getState().api.queries['getNotificationPreferences(undefined)']?.status).toBe('fulfilled'));
  // As on a page past its first chat event: the checkers are loaded and events apply at once.
  await chatPayloads.ready();
  return { store, socket, joined: () => socket.emitted.filter((e) => e.event === 'joinRoom').map((e) => e.args[0]) };
}

describe('chat over the socket', () => {
  it('joins every room once per connection, and again after a reconnect', async () => {
    const { store, socket, joined } = await connectedStore([G1, G2]);
    await waitFor(() => expect(joined()).toEqual([G1.roomId, G2.roomId]));
    // The room list loads again: the rooms are already joined.
    await store.dispatch(chatApi.endpoints.getChatRooms.initiate(undefined, { forceRefetch: true }));
    expect(joined()).toEqual([G1.roomId, G2.roomId]);
    act(() => socket.serverEmit('disconnect', 'transport close'));
    act(() => socket.serverEmit('connect'));
    expect(joined()).toEqual([G1.roomId, G2.roomId, G1.roomId, G2.roomId]);
  });

  it('counts and rings for a message from someone else in a room that is not open', async () => {
    const { store, socket } = await connectedStore([G1, G2]);
    store.dispatch(roomOpened(G2.roomId));
    act(() => socket.serverEmit('newMessage', chatMessage(G1.roomId, 'Kto gra?')));
    expect(store.getState().unread.rooms[G1.roomId]).toBe(1);
    expect(ring).toHaveBeenCalledTimes(1);
    expect(selectChatRooms(store.getState()).find((r) => r.roomId === G1.roomId)?.lastMessage?.message).toBe('Kto gra?');
    expect(selectUnreadTotals(store.getState()).total).toBe(1);
  });

  it('stays quiet for the open room, my own messages and a muted room', async () => {
    const { store, socket } = await connectedStore([G1, G2], { mutedChatRooms: [{ chatRoomId: G2.roomId, muteExpiresAt: null }] });
    store.dispatch(roomOpened(G1.roomId));
    act(() => {
      socket.serverEmit('newMessage', chatMessage(G1.roomId, 'w otwartym'));
      socket.serverEmit('newMessage', chatMessage(G2.roomId, 'moja', { _id: testUser._id, nickName: testUser.nickName }));
      socket.serverEmit('newMessage', chatMessage(G2.roomId, 'w wyciszonym'));
    });
    expect(store.getState().unread.rooms).toEqual({ [G1.roomId]: 0, [G2.roomId]: 0 });
    expect(ring).not.toHaveBeenCalled();
  });

  it('rings again in a room whose mute has expired', async () => {
    const { store, socket } = await connectedStore([G1], { mutedChatRooms: [{ chatRoomId: G1.roomId, muteExpiresAt: '2020-01-01T00:00:00.000Z' }] });
    act(() => socket.serverEmit('newMessage', chatMessage(G1.roomId, 'już można')));
    expect(store.getState().unread.rooms[G1.roomId]).toBe(1);
    expect(ring).toHaveBeenCalledTimes(1);
  });

  it('ignores payloads that do not match the contract', async () => {
    const { store, socket } = await connectedStore([G1]);
    act(() => {
      socket.serverEmit('newMessage', { roomId: G1.roomId, message: 'bez nadawcy' });
      socket.serverEmit('newChatRoom', { chatRoom: 'nie pokój' });
      socket.serverEmit('removedFromChatRoom', 'group_e-1');
    });
    expect(store.getState().unread.rooms[G1.roomId]).toBe(0);
    expect(selectChatRooms(store.getState())).toHaveLength(1);
  });

  it('adds a new room meant for me and joins it; a room for someone else is not mine', async () => {
    const { store, socket, joined } = await connectedStore([G1]);
    const fresh = privateRoom();
    act(() => socket.serverEmit('newChatRoom', { targetUserId: 'u-7', chatRoom: groupRoom('e-7') }));
    act(() => socket.serverEmit('newChatRoom', { targetUserId: testUser._id, chatRoom: fresh }));
    expect(selectChatRooms(store.getState()).map((r) => r.roomId)).toEqual([G1.roomId, fresh.roomId]);
    expect(joined()).toEqual([G1.roomId, fresh.roomId]);
    // Told twice (two tabs, a retry): still one room.
    act(() => socket.serverEmit('newChatRoom', { targetUserId: testUser._id, chatRoom: fresh }));
    expect(selectChatRooms(store.getState())).toHaveLength(2);
  });

  it('removes a room I was taken out of, closes it if open and leaves it', async () => {
    const { store, socket } = await connectedStore([G1, G2]);
    store.dispatch(roomOpened(G1.roomId));
    act(() => socket.serverEmit('removedFromChatRoom', { targetUserId: testUser._id, roomId: G1.roomId }));
    expect(selectChatRooms(store.getState()).map((r) => r.roomId)).toEqual([G2.roomId]);
    expect(store.getState().chat.activeRoomId).toBeNull();
    expect(store.getState().unread.rooms[G1.roomId]).toBeUndefined();
    expect(socket.emitted).toContainEqual({ event: 'leaveRoom', args: [G1.roomId] });
  });

  it('adds a status change about me to the unread list and rings, but not for a muted game', async () => {
    const { store } = await connectedStore([], { mutedEvents: [{ eventId: 'e-9' }] });
    const update = { eventId: 'e-1', eventName: 'Gierka', userId: testUser._id, status: 'accepted' as const, eventStatus: 'upcoming' as const, recordId: 'r-1', readBy: false };
    store.dispatch(statusUpdateReceived(update));
    store.dispatch(statusUpdateReceived({ ...update, eventId: 'e-9', recordId: 'r-9' }));
    store.dispatch(statusUpdateReceived({ ...update, eventId: 'e-3', userId: 'u-5' }));
    expect(Object.keys(store.getState().unread.events)).toEqual(['e-1']);
    expect(store.getState().unread.events['e-1'].status).toBe('accepted');
    expect(ring).toHaveBeenCalledTimes(1);
    store.dispatch(statusUpdateReceived({ ...update, status: 'rejected' }));
    expect(store.getState().unread.events['e-1'].status).toBe('rejected');
  });

  it('writes live messages into the open room once, and after a reconnect refetches rooms and the newest page without duplicates', async () => {
    const first = chatMessage(G1.roomId, 'pierwsza');
    const missed = chatMessage(G1.roomId, 'w czasie przerwy');
    let page: MessagesResponse = { messages: [first], hasMore: false, nextCursor: null };
    let roomCalls = 0;
    server.use(
      http.get(`${API}/chat/messages/${G1.roomId}`, () => HttpResponse.json(page)),
      http.get(`${API}/chat/rooms`, () => {
        roomCalls += 1;
        return HttpResponse.json({ chatRooms: [{ ...G1, unreadCount: roomCalls > 1 ? 1 : 0 }] });
      }),
    );
    const { store, socket } = await connectedStore([G1]);
    server.use(http.get(`${API}/chat/rooms`, () => {
      roomCalls += 1;
      return HttpResponse.json({ chatRooms: [{ ...G1, unreadCount: 1 }] });
    }));
    const sub = store.dispatch(chatApi.endpoints.getChatMessages.initiate(G1.roomId));
    await sub;
    const texts = () => chatApi.endpoints.getChatMessages.select(G1.roomId)(store.getState()).data!.pages.flatMap((p) => p.messages.map((m) => m.message));

    const live = chatMessage(G1.roomId, 'na żywo');
    act(() => {
      socket.serverEmit('newMessage', live);
      socket.serverEmit('newMessage', live);
    });
    expect(texts()).toEqual(['pierwsza', 'na żywo']);

    act(() => socket.serverEmit('disconnect', 'transport close'));
    page = { messages: [first, live, missed], hasMore: false, nextCursor: null };
    act(() => socket.serverEmit('connect'));
    await waitFor(() => expect(texts()).toEqual(['pierwsza', 'na żywo', 'w czasie przerwy']));
    await waitFor(() => expect(store.getState().unread.rooms[G1.roomId]).toBe(1));
    sub.unsubscribe();
  });

  it('sends with an acknowledgement and shows the stored message once, whoever brings it first', async () => {
    const { store, socket } = await connectedStore([G1]);
    server.use(http.get(`${API}/chat/messages/${G1.roomId}`, () => HttpResponse.json({ messages: [], hasMore: false, nextCursor: null })));
    const sub = store.dispatch(chatApi.endpoints.getChatMessages.initiate(G1.roomId));
    await sub;
    const answer = sendChatMessage(store.dispatch, G1.roomId, 'Będę o 18');
    const sent = socket.emitted.find((e) => e.event === 'sendMessage')!;
    expect(sent.args[0]).toEqual({ roomId: G1.roomId, message: 'Będę o 18', senderId: testUser._id });
    const stored = chatMessage(G1.roomId, 'Będę o 18', { _id: testUser._id, nickName: testUser.nickName });
    act(() => socket.serverEmit('newMessage', stored));
    await act(async () => (sent.args[1] as (a: unknown) => void)({ ok: true, message: stored }));
    expect(await answer).toEqual({ ok: true, message: stored });
    const pages = chatApi.endpoints.getChatMessages.select(G1.roomId)(store.getState()).data!.pages;
    expect(pages.flatMap((p) => p.messages)).toEqual([stored]);
    expect(ring).not.toHaveBeenCalled();
    sub.unsubscribe();
  });

  it('refuses to send without a connection, saying so', async () => {
    const { store, socket } = await connectedStore([G1]);
    act(() => socket.serverEmit('disconnect', 'transport close'));
    expect(await sendChatMessage(store.dispatch, G1.roomId, 'halo')).toEqual({ ok: false, msg: expect.stringContaining('Brak połączenia') });
    expect(socket.emitted.some((e) => e.event === 'sendMessage')).toBe(false);
  });
});
