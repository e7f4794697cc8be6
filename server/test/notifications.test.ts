import { CHAT_MSG } from '@contract/chat';
import { DEFAULT_PREFERENCES, NOTIFICATION_MSG, type NotificationPreferences } from '@contract/notifications';
import { muteRoom } from '../src/repositories/notifications';
import { acceptedGame, setStatus } from './chat-fixtures';
import { createEvent } from './event-fixtures';
import { buildTestApp, signUp, type TestApp, type TestClient } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const prefs = async (client: TestClient): Promise<NotificationPreferences> => (await client.get('/notifications/preferences')).json().preferences;

describe('notification preferences', () => {
  it('start with everything on and nothing muted', async () => {
    const { client } = await signUp(t);
    expect(await prefs(client)).toEqual(DEFAULT_PREFERENCES);
  });

  it('change only the switches that were sent', async () => {
    const { client } = await signUp(t);
    const res = await client.put('/notifications/preferences', { chatMessages: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences).toEqual({ ...DEFAULT_PREFERENCES, chatMessages: false });
    await client.put('/notifications/preferences', { eventStatusUpdates: false });
    expect(await prefs(client)).toEqual({ ...DEFAULT_PREFERENCES, chatMessages: false, eventStatusUpdates: false });
  });

  it('refuse an empty change, unknown switches and non-booleans, changing nothing', async () => {
    const { client } = await signUp(t);
    const empty = await client.put('/notifications/preferences', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain(NOTIFICATION_MSG.emptyUpdate);
    expect((await client.put('/notifications/preferences', { chatMessages: false, admin: true })).statusCode).toBe(400);
    expect((await client.put('/notifications/preferences', { chatMessages: 'nie' })).statusCode).toBe(400);
    expect(await prefs(client)).toEqual(DEFAULT_PREFERENCES);
  });
});

describe('chat mutes', () => {
  it('mute for a while or for good, and unmute', async () => {
    const { players, roomId } = await acceptedGame(t, 1);
    const { client } = players[0];
    const until = new Date(Date.now() + 3600_000).toISOString();
    const res = await client.post(`/notifications/mute-chat/${roomId}`, { muteExpiresAt: until });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferences.mutedChatRooms).toEqual([{ chatRoomId: roomId, muteExpiresAt: until }]);
    const forever = await client.post(`/notifications/mute-chat/${roomId}`, { muteExpiresAt: null });
    expect(forever.json().preferences.mutedChatRooms).toEqual([{ chatRoomId: roomId, muteExpiresAt: null }]);
    const off = await client.delete(`/notifications/mute-chat/${roomId}`);
    expect(off.json().preferences.mutedChatRooms).toEqual([]);
  });

  it('leave out a mute whose time is up', async () => {
    const { players, roomId } = await acceptedGame(t, 1);
    await muteRoom(t.database.db, players[0].user._id, roomId, new Date(Date.now() - 1000));
    expect((await prefs(players[0].client)).mutedChatRooms).toEqual([]);
  });

  it('refuse an expiry in the past or more than a year ahead', async () => {
    const { players, roomId } = await acceptedGame(t, 1);
    const past = await players[0].client.post(`/notifications/mute-chat/${roomId}`, { muteExpiresAt: '2020-01-01T00:00:00.000Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().msg).toBe(NOTIFICATION_MSG.muteInPast);
    const far = new Date(Date.now() + 400 * 24 * 3600_000).toISOString();
    expect((await players[0].client.post(`/notifications/mute-chat/${roomId}`, { muteExpiresAt: far })).json().msg).toBe(
      NOTIFICATION_MSG.muteTooLong,
    );
    expect((await players[0].client.post(`/notifications/mute-chat/${roomId}`, { muteExpiresAt: 'jutro' })).statusCode).toBe(400);
    expect((await prefs(players[0].client)).mutedChatRooms).toEqual([]);
  });

  it('go with the room when a player is taken out of it', async () => {
    const { owner, players, roomId, event } = await acceptedGame(t, 1);
    await players[0].client.post(`/notifications/mute-chat/${roomId}`, { muteExpiresAt: null });
    await setStatus(owner, event._id, players[0].user._id, 'rejected');
    expect((await prefs(players[0].client)).mutedChatRooms).toEqual([]);
    const res = await players[0].client.post(`/notifications/mute-chat/${roomId}`, { muteExpiresAt: null });
    expect(res.json().msg).toBe(CHAT_MSG.notMember);
  });
});

describe('event mutes', () => {
  it('mute and unmute a game', async () => {
    const { client } = await signUp(t);
    const owner = await signUp(t);
    const event = await createEvent(owner.client);
    expect((await client.post(`/notifications/mute-event/${event._id}`)).json().preferences.mutedEvents).toEqual([{ eventId: event._id }]);
    // Twice is the same as once.
    expect((await client.post(`/notifications/mute-event/${event._id}`)).json().preferences.mutedEvents).toHaveLength(1);
    expect((await client.delete(`/notifications/mute-event/${event._id}`)).json().preferences.mutedEvents).toEqual([]);
  });

  it('refuse an unknown game', async () => {
    const { client } = await signUp(t);
    expect((await client.post('/notifications/mute-event/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await client.post('/notifications/mute-event/abc')).statusCode).toBe(400);
  });
});

describe('unread status changes', () => {
  it('list the changes others made to my participation, with the game, until I mark them read', async () => {
    const { players, event } = await acceptedGame(t, 1);
    const { client } = players[0];
    const [record] = (await client.get('/notifications/unread')).json().unreadNotifications;
    expect(record).toMatchObject({ status: 'accepted', readBy: false, userID: players[0].user._id, eventID: { _id: event._id, eventName: event.eventName } });
    expect((await client.patch(`/notifications/mark-read/${record._id}`)).statusCode).toBe(200);
    expect((await client.get('/notifications/unread')).json().unreadNotifications).toEqual([]);
  });

  it("refuse to mark someone else's record", async () => {
    const { players } = await acceptedGame(t, 2);
    const [record] = (await players[0].client.get('/notifications/unread')).json().unreadNotifications;
    const res = await players[1].client.patch(`/notifications/mark-read/${record._id}`);
    expect(res.statusCode).toBe(404);
    expect((await players[0].client.get('/notifications/unread')).json().unreadNotifications).toHaveLength(1);
  });
});
