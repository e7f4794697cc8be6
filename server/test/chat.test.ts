import { CHAT_MSG, type ChatMessage, type ChatRoom } from '@contract/chat';
import { insertMessage } from '../src/repositories/chat-messages';
import { acceptedGame, joinAndAccept, setStatus, type Person } from './chat-fixtures';
import { createEvent, startGame } from './event-fixtures';
import { buildTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rooms = async (p: Person): Promise<ChatRoom[]> => (await p.client.get('/chat/rooms')).json().chatRooms;
const say = (p: Person, roomId: string, text: string) => insertMessage(t.database.db, roomId, p.user._id, text);

describe('group rooms follow the game', () => {
  it('puts the organiser and an accepted player in the group room, with the game on it', async () => {
    const { owner, players, roomId, event } = await acceptedGame(t, 1);
    for (const p of [owner, players[0]]) {
      const [room] = await rooms(p);
      expect(room).toMatchObject({
        roomId, roomType: 'group', eventId: event._id, eventName: event.eventName, gameType: 'football',
        eventOwnerNick: owner.user.nickName, lastMessage: null, unreadCount: 0,
      });
      expect(room.participants.map((x) => x._id).sort()).toEqual([owner.user._id, players[0].user._id].sort());
    }
  });

  it('keeps interested and rejected people out', async () => {
    const { owner, event } = await acceptedGame(t, 1);
    const asking = await signUp(t);
    await asking.client.post(`/status/events/${event._id}/join`);
    expect(await rooms(asking)).toEqual([]);
    await setStatus(owner, event._id, asking.user._id, 'rejected');
    expect(await rooms(asking)).toEqual([]);
  });

  it('takes a player out when they are rejected after acceptance, or leave', async () => {
    const { owner, players, event, roomId } = await acceptedGame(t, 2);
    await setStatus(owner, event._id, players[0].user._id, 'rejected');
    expect(await rooms(players[0])).toEqual([]);
    expect((await players[1].client.delete(`/status/events/${event._id}/leave`)).statusCode).toBe(200);
    expect(await rooms(players[1])).toEqual([]);
    const [room] = await rooms(owner);
    expect(room.participants.map((p) => p._id)).toEqual([owner.user._id]);
    expect((await players[0].client.get(`/chat/messages/${roomId}`)).statusCode).toBe(403);
  });

  it('closes the room when the organiser cancels the game', async () => {
    const { owner, players, event } = await acceptedGame(t, 1);
    expect((await owner.client.delete(`/football-events/${event._id}`)).statusCode).toBe(200);
    expect(await rooms(owner)).toEqual([]);
    expect(await rooms(players[0])).toEqual([]);
  });

  it('keeps the room after the game is completed', async () => {
    const { owner, players, event, roomId } = await acceptedGame(t, 1);
    await startGame(t, event._id);
    expect((await owner.client.patch(`/status/events/${event._id}/finish`)).statusCode).toBe(200);
    expect((await rooms(players[0])).map((r) => r.roomId)).toEqual([roomId]);
  });
});

describe('only members read a room', () => {
  let game: Awaited<ReturnType<typeof acceptedGame>>;
  let outsider: Person;
  beforeAll(async () => {
    game = await acceptedGame(t, 1);
    outsider = await signUp(t);
  });

  it.each([
    ['reading the messages', (p: Person, r: string) => p.client.get(`/chat/messages/${r}`)],
    ['counting the unread', (p: Person, r: string) => p.client.get(`/chat/messages/unreaded/count?roomId=${r}`)],
    ['marking it read', (p: Person, r: string) => p.client.patch('/chat/messages/read', { roomId: r })],
    ['muting it', (p: Person, r: string) => p.client.post(`/notifications/mute-chat/${r}`, { muteExpiresAt: null })],
  ])('refuses an outsider %s', async (_what, call) => {
    const res = await call(outsider, game.roomId);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(CHAT_MSG.notMember);
    expect((await call(game.players[0], game.roomId)).statusCode).toBe(200);
  });

  it('refuses a malformed room id with a clear message', async () => {
    const res = await game.owner.client.get('/chat/messages/general');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain(CHAT_MSG.invalidRoom);
  });

  it('asks for a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/chat/rooms' });
    expect(res.statusCode).toBe(401);
  });
});

describe('history paging', () => {
  it('gives the newest 30 first, then older pages, without gaps or repeats while messages keep coming', async () => {
    const { owner, players, roomId } = await acceptedGame(t, 1);
    for (let i = 1; i <= 65; i++) await say(i % 2 ? owner : players[0], roomId, `wiadomość ${i}`);
    const get = async (before?: string) => {
      const res = await owner.client.get(`/chat/messages/${roomId}?limit=30${before ? `&before=${encodeURIComponent(before)}` : ''}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { messages: ChatMessage[]; hasMore: boolean; nextCursor: string | null };
    };
    const first = await get();
    expect(first.messages.map((m) => m.message)).toEqual(Array.from({ length: 30 }, (_, i) => `wiadomość ${36 + i}`));
    expect(first.hasMore).toBe(true);
    expect(first.messages[0]).toMatchObject({ roomId, sender: { _id: expect.any(String), nickName: expect.any(String) } });

    // New messages arrive between pages: the cursor keeps the older pages where they were.
    for (let i = 66; i <= 70; i++) await say(players[0], roomId, `wiadomość ${i}`);
    const second = await get(first.nextCursor!);
    const third = await get(second.nextCursor!);
    expect(third.hasMore).toBe(false);
    expect(third.nextCursor).toBeNull();
    const all = [...third.messages, ...second.messages, ...first.messages].map((m) => m.message);
    expect(all).toEqual(Array.from({ length: 65 }, (_, i) => `wiadomość ${i + 1}`));
  });

  it('still answers the spec page numbers', async () => {
    const { owner, roomId } = await acceptedGame(t, 1);
    for (let i = 1; i <= 35; i++) await say(owner, roomId, `m${i}`);
    const page2 = (await owner.client.get(`/chat/messages/${roomId}?page=2&limit=30`)).json();
    expect(page2.messages.map((m: ChatMessage) => m.message)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(page2.hasMore).toBe(false);
  });

  it('refuses a forged cursor', async () => {
    const { owner, roomId } = await acceptedGame(t, 1);
    const res = await owner.client.get(`/chat/messages/${roomId}?before=1%3D1`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(CHAT_MSG.invalidCursor);
  });
});

describe('unread counting', () => {
  it('counts messages from others since the last read, and nothing after marking read', async () => {
    const { owner, players, roomId } = await acceptedGame(t, 1);
    const count = async () => (await owner.client.get(`/chat/messages/unreaded/count?roomId=${roomId}`)).json().unreadCount;
    await say(players[0], roomId, 'cześć');
    await say(players[0], roomId, 'gramy?');
    await say(owner, roomId, 'tak');
    expect(await count()).toBe(2);
    expect((await rooms(owner))[0]).toMatchObject({ unreadCount: 2, lastMessage: { message: 'tak' } });
    expect((await owner.client.patch('/chat/messages/read', { roomId })).statusCode).toBe(200);
    expect(await count()).toBe(0);
    await say(players[0], roomId, 'to do zobaczenia');
    expect(await count()).toBe(1);
  });

  it('does not count what was said before the person joined', async () => {
    const { owner, players, roomId, event } = await acceptedGame(t, 1);
    await say(players[0], roomId, 'zanim przyszedłeś');
    const late = await joinAndAccept(t, owner, event._id);
    expect((await rooms(late))[0].unreadCount).toBe(0);
  });
});

describe('private rooms', () => {
  it('opens one room between two people of one game, however often they ask', async () => {
    const { players } = await acceptedGame(t, 2);
    const [a, b] = players;
    expect((await a.client.get('/chat/event-participants')).json().participants.map((p: { _id: string }) => p._id)).toContain(b.user._id);
    const first = await a.client.post('/chat/rooms', { otherUserId: b.user._id });
    expect(first.statusCode).toBe(201);
    const room: ChatRoom = first.json().chatRoom;
    expect(room).toMatchObject({ roomType: 'private', otherUser: { _id: b.user._id, nickName: b.user.nickName }, eventName: null });
    const again = await b.client.post('/chat/rooms', { otherUserId: a.user._id });
    expect(again.statusCode).toBe(200);
    expect(again.json().chatRoom.roomId).toBe(room.roomId);
    expect(again.json().chatRoom.otherUser._id).toBe(a.user._id);
    const left = (await a.client.get('/chat/event-participants')).json().participants.map((p: { _id: string }) => p._id);
    expect(left).not.toContain(b.user._id);
  });

  it('refuses people who share no game, oneself and unknown people', async () => {
    const { players } = await acceptedGame(t, 1);
    const stranger = await signUp(t);
    const res = await players[0].client.post('/chat/rooms', { otherUserId: stranger.user._id });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(CHAT_MSG.noSharedGame);
    expect((await players[0].client.post('/chat/rooms', { otherUserId: players[0].user._id })).json().msg).toBe(CHAT_MSG.selfChat);
    expect((await players[0].client.post('/chat/rooms', { otherUserId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect(await rooms(stranger)).toEqual([]);
  });

  it('does not count a merely interested person as sharing the game', async () => {
    const owner = await signUp(t);
    const event = await createEvent(owner.client);
    const asking = await signUp(t);
    await asking.client.post(`/status/events/${event._id}/join`);
    expect((await owner.client.post('/chat/rooms', { otherUserId: asking.user._id })).statusCode).toBe(403);
    expect((await owner.client.get('/chat/event-participants')).json().participants).toEqual([]);
  });
});

describe('clearing chat history', () => {
  it('deletes only the messages the person sent and says how many', async () => {
    const { owner, players, roomId } = await acceptedGame(t, 1);
    await say(owner, roomId, 'moja 1');
    await say(players[0], roomId, 'cudza');
    await say(owner, roomId, 'moja 2');
    const res = await owner.client.delete('/chat/messages/clear');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 2 });
    const left = (await players[0].client.get(`/chat/messages/${roomId}`)).json().messages.map((m: ChatMessage) => m.message);
    expect(left).toEqual(['cudza']);
    expect((await owner.client.delete('/chat/messages/clear')).json()).toEqual({ deletedCount: 0 });
  });
});
