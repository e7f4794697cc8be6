import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import {
  CHAT_MESSAGE_MAX, CHAT_MSG, CHAT_SEND_LIMIT, type ChatMessage, type NewChatRoomPayload, type RemovedFromChatRoomPayload,
} from '@contract/chat';
import {
  acceptedGame, collect, connected, emitAck, joinAndAccept, next, openSocket, send, settle, setStatus, until, type Person,
} from './chat-fixtures';
import { createEvent } from './event-fixtures';
import { buildTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => sockets.splice(0).forEach((s) => s.close()));
afterAll(() => t.close());

async function online(person: Person, opts: { reconnection?: boolean } = {}): Promise<Socket> {
  const socket = openSocket(url, person, opts);
  sockets.push(socket);
  await connected(socket);
  return socket;
}

const history = async (p: Person, roomId: string): Promise<ChatMessage[]> =>
  (await p.client.get(`/chat/messages/${roomId}`)).json().messages;

describe('joining rooms', () => {
  it('lets a member join and refuses an outsider', async () => {
    const { players, roomId } = await acceptedGame(t, 1);
    const outsider = await signUp(t);
    expect(await emitAck(await online(players[0]), 'joinRoom', roomId)).toEqual({ ok: true });
    expect(await emitAck(await online(outsider), 'joinRoom', roomId)).toEqual({ ok: false, msg: CHAT_MSG.notMember });
    expect(await emitAck(await online(outsider), 'joinRoom', { roomId })).toEqual({ ok: false, msg: CHAT_MSG.invalidRoom });
  });

  it('never delivers a room to an outsider, even one who asked to join it', async () => {
    const { owner, roomId } = await acceptedGame(t, 1);
    const outsider = await online(await signUp(t));
    await emitAck(outsider, 'joinRoom', roomId);
    const seen = collect(outsider, 'newMessage');
    await send(await online(owner), roomId, 'tylko dla swoich');
    await settle();
    expect(seen).toEqual([]);
  });

  it('lets a member leave a room (until the next connection) and refuses anything but a chat room id', async () => {
    const { owner, players, roomId } = await acceptedGame(t, 1);
    const player = await online(players[0]);
    await emitAck(player, 'joinRoom', roomId);
    await settle(100); // the server's own join at connection has landed too
    expect(await emitAck(player, 'leaveRoom', roomId)).toEqual({ ok: true });
    expect(await emitAck(player, 'leaveRoom', `user:${players[0].user._id}`)).toEqual({ ok: false, msg: CHAT_MSG.invalidRoom });
    const seen = collect(player, 'newMessage');
    const ownerSocket = await online(owner);
    const echo = next(ownerSocket, 'newMessage');
    await send(ownerSocket, roomId, 'nikt nie słucha?');
    await echo;
    await settle();
    expect(seen).toEqual([]);
  });
});

describe('sending messages', () => {
  it('stores a message before broadcasting it to the room, with the sender taken from the session', async () => {
    const { owner, players, roomId } = await acceptedGame(t, 1);
    const receiver = await online(players[0]);
    const arrived = new Promise<ChatMessage[]>((resolve) => {
      // When the broadcast arrives, the message must already be in the history.
      receiver.once('newMessage', async () => resolve(await history(players[0], roomId)));
    });
    const ack = await send(await online(owner), roomId, '  Gramy o 18:30  ', players[0].user._id);
    expect(ack).toMatchObject({ ok: true, message: { roomId, message: 'Gramy o 18:30', sender: { _id: owner.user._id } } });
    const stored = await arrived;
    expect(stored.map((m) => m.message)).toEqual(['Gramy o 18:30']);
    expect(stored[0].sender).toEqual({ _id: owner.user._id, nickName: owner.user.nickName });
  });

  it('refuses an outsider and stores nothing', async () => {
    const { owner, roomId } = await acceptedGame(t, 1);
    const outsider = await signUp(t);
    const ack = await send(await online(outsider), roomId, 'wpuście mnie', owner.user._id);
    expect(ack).toEqual({ ok: false, msg: CHAT_MSG.notMember });
    expect(await history(owner, roomId)).toEqual([]);
  });

  it.each([
    ['an empty message', '', CHAT_MSG.empty],
    ['only spaces', '   \n ', CHAT_MSG.empty],
    ['a message over 1000 characters', 'x'.repeat(CHAT_MESSAGE_MAX + 1), CHAT_MSG.tooLong],
  ])('refuses %s with a clear message', async (_what, text, msg) => {
    const { owner, roomId } = await acceptedGame(t, 1);
    expect(await send(await online(owner), roomId, text)).toEqual({ ok: false, msg });
    expect(await history(owner, roomId)).toEqual([]);
  });

  it('accepts exactly 1000 characters', async () => {
    const { owner, roomId } = await acceptedGame(t, 1);
    expect((await send(await online(owner), roomId, 'x'.repeat(CHAT_MESSAGE_MAX))).ok).toBe(true);
  });

  it('slows down a person who sends too fast', async () => {
    const { owner, roomId } = await acceptedGame(t, 1);
    const socket = await online(owner);
    const [max] = CHAT_SEND_LIMIT;
    for (let i = 0; i < max; i++) expect((await send(socket, roomId, `szybko ${i}`)).ok).toBe(true);
    expect(await send(socket, roomId, 'jeszcze jedna')).toEqual({ ok: false, msg: CHAT_MSG.tooFast });
    expect(await history(owner, roomId)).toHaveLength(max);
  });
});

describe('membership changes in real time', () => {
  it('tells an accepted player about the new room and delivers its messages without a joinRoom', async () => {
    const owner = await signUp(t);
    const event = await createEvent(owner.client);
    const player = await signUp(t);
    const playerSocket = await online(player);
    const ownerSocket = await online(owner);
    const forPlayer = next<NewChatRoomPayload>(playerSocket, 'newChatRoom');
    const forOwner = next<NewChatRoomPayload>(ownerSocket, 'newChatRoom');
    await joinAndAccept(t, owner, event._id, player);
    const payload = await forPlayer;
    expect(payload).toMatchObject({ targetUserId: player.user._id, chatRoom: { roomId: `group_${event._id}`, roomType: 'group' } });
    expect((await forOwner).targetUserId).toBe(owner.user._id);
    const got = next(playerSocket, 'newMessage');
    await send(ownerSocket, `group_${event._id}`, 'witaj w drużynie');
    expect((await got).message).toBe('witaj w drużynie');
  });

  it('stops delivering to a player who was rejected, and tells them', async () => {
    const { owner, players, roomId, event } = await acceptedGame(t, 2);
    const [out, stays] = await Promise.all(players.map((p) => online(p)));
    const outSeen = collect(out, 'newMessage');
    const stayed = collect(stays, 'newMessage');
    const removed = next<RemovedFromChatRoomPayload>(out, 'removedFromChatRoom');
    await setStatus(owner, event._id, players[0].user._id, 'rejected');
    expect(await removed).toEqual({ targetUserId: players[0].user._id, roomId });
    await send(await online(owner), roomId, 'już bez ciebie');
    await until(() => stayed.length === 1);
    await settle();
    expect(outSeen).toEqual([]);
    expect(await send(out, roomId, 'a jednak piszę')).toEqual({ ok: false, msg: CHAT_MSG.notMember });
  });

  it('tells the other person about a new private room, once', async () => {
    const { players } = await acceptedGame(t, 2);
    const [a, b] = players;
    const bSocket = await online(b);
    const announced = collect<NewChatRoomPayload>(bSocket, 'newChatRoom');
    // (the group room's own notice from the acceptance may still be on its way: only private ones count here)
    const rooms = { get list() { return announced.filter((r) => r.chatRoom.roomType === 'private'); } };
    const created = (await a.client.post('/chat/rooms', { otherUserId: b.user._id })).json().chatRoom;
    await until(() => rooms.list.length === 1);
    expect(rooms.list[0]).toMatchObject({ targetUserId: b.user._id, chatRoom: { roomId: created.roomId, otherUser: { _id: a.user._id } } });
    await a.client.post('/chat/rooms', { otherUserId: b.user._id });
    const got = next(bSocket, 'newMessage');
    await send(await online(a), created.roomId, 'hej, prywatnie');
    expect((await got).message).toBe('hej, prywatnie');
    expect(rooms.list).toHaveLength(1);
  });
});

describe('reconnecting', () => {
  it('shows what was said while a person was offline after they reconnect, once', async () => {
    const { owner, players, roomId } = await acceptedGame(t, 1);
    const ownerSocket = await online(owner);
    const player = await online(players[0], { reconnection: true });
    const live = collect(player, 'newMessage');
    await send(ownerSocket, roomId, 'przed');
    await until(() => live.length === 1);

    player.io.engine.close(); // the connection drops; socket.io-client reconnects by itself
    await until(() => !player.connected);
    for (const text of ['w czasie 1', 'w czasie 2', 'w czasie 3']) await send(ownerSocket, roomId, text);
    await until(() => player.connected, 10_000);

    // What the client does after a reconnect: refetch the room's newest page.
    const page = (await history(players[0], roomId)).map((m) => m.message);
    expect(page).toEqual(['przed', 'w czasie 1', 'w czasie 2', 'w czasie 3']);
    await send(ownerSocket, roomId, 'po');
    await until(() => live.some((m) => m.message === 'po'));
    expect(live.filter((m) => m.message.startsWith('w czasie'))).toEqual([]);
    expect(live.filter((m) => m.message === 'po')).toHaveLength(1);
  });
});
