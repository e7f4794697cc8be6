/**
 * Two real server processes sharing one PostgreSQL database and one Redis, as behind a load
 * balancer: chat between people connected to different processes, and search and the map through
 * one process finding a game saved through the other. Runs in the `server-pg` project only (it
 * needs REDIS_URL, which CI always sets).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import type { Socket } from 'socket.io-client';
import type { ChatMessage, NewChatRoomPayload, RemovedFromChatRoomPayload } from '@contract/chat';
import { eventBody } from './event-fixtures';
import { databaseUrl, next, Person as Client, type Proc, sendChat as send, startServer } from './processes';

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const dbName = `graj_test_cluster_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graj-cluster-'));
const procs: Proc[] = [];
const sockets: Socket[] = [];
let admin: Pool;
let a: string;
let b: string;

/** A person of this suite: their sockets are closed after it. */
class Person extends Client {
  constructor(nick: string) {
    super(nick, dataDir);
  }

  override async socket(base: string): Promise<Socket> {
    const s = await super.socket(base);
    sockets.push(s);
    return s;
  }
}


beforeAll(async () => {
  if (!adminUrl || !redisUrl) throw new Error('The two-process chat test needs DATABASE_URL and REDIS_URL');
  admin = new Pool({ connectionString: adminUrl, max: 1 });
  await admin.query(`CREATE DATABASE ${dbName}`);
  const env = {
    DATABASE_URL: databaseUrl(dbName), REDIS_URL: redisUrl, REDIS_PREFIX: `graj-test:${randomBytes(4).toString('hex')}:`, DATA_DIR: dataDir,
    // Neither process looks for others' changes on its own within a test: only being told can make it.
    SEARCH_INDEX_SYNC_MS: '10000',
  };
  const servers = await Promise.all([startServer(env), startServer(env)]);
  procs.push(...servers.map((s) => s.proc));
  [a, b] = servers.map((s) => s.url);
}, 120_000);

afterAll(async () => {
  sockets.forEach((s) => s.close());
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.exited));
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin?.end();
});

describe('chat across two server processes', () => {
  it('delivers room notices and messages between people connected to different processes', async () => {
    const owner = new Person(`org${randomBytes(3).toString('hex')}`);
    const player = new Person(`gr${randomBytes(3).toString('hex')}`);
    await owner.signUp(a);
    await player.signUp(b);
    const ownerSocket = await owner.socket(a);
    const playerSocket = await player.socket(b);

    const event = (await owner.call(a, 'POST', '/api/v1/football-events', eventBody())).json.event;
    expect((await player.call(b, 'POST', `/api/v1/status/events/${event._id}/join`)).status).toBe(201);
    // Accepted through process A; the player's socket lives on process B.
    const announced = next<NewChatRoomPayload>(playerSocket, 'newChatRoom');
    await owner.call(a, 'PATCH', `/api/v1/status/events/${event._id}/users/${player.id}/status`, { status: 'accepted' });
    const roomId = (await announced).chatRoom.roomId;
    expect(roomId).toBe(`group_${event._id}`);

    const toPlayer = next<ChatMessage>(playerSocket, 'newMessage');
    expect((await send(ownerSocket, roomId, 'Cześć z procesu A')).ok).toBe(true);
    expect(await toPlayer).toMatchObject({ message: 'Cześć z procesu A', sender: { _id: owner.id } });

    const toOwner = next<ChatMessage>(ownerSocket, 'newMessage');
    expect((await send(playerSocket, roomId, 'Odpowiedź z procesu B')).ok).toBe(true);
    expect(await toOwner).toMatchObject({ message: 'Odpowiedź z procesu B', sender: { _id: player.id } });

    // Removed through A: process B takes the player's socket out of the room as well.
    const removed = next<RemovedFromChatRoomPayload>(playerSocket, 'removedFromChatRoom');
    await owner.call(a, 'PATCH', `/api/v1/status/events/${event._id}/users/${player.id}/status`, { status: 'rejected' });
    expect(await removed).toEqual({ targetUserId: player.id, roomId });
    const seen: ChatMessage[] = [];
    playerSocket.on('newMessage', (m: ChatMessage) => seen.push(m));
    const echo = next<ChatMessage>(ownerSocket, 'newMessage');
    await send(ownerSocket, roomId, 'już tylko ja');
    await echo;
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([]);
  });

  it('logging out through one process cuts the session’s socket on the other (sessionEnded, then disconnect)', async () => {
    const person = new Person(`wyl${randomBytes(3).toString('hex')}`);
    await person.signUp(a);
    const socket = await person.socket(b);
    const order: string[] = [];
    socket.on('sessionEnded', () => order.push('sessionEnded'));
    const gone = new Promise<void>((resolve) => socket.on('disconnect', () => {
      order.push('disconnect');
      resolve();
    }));
    expect((await person.call(a, 'POST', '/api/v1/auth/logout')).status).toBe(200);
    await gone;
    expect(order).toEqual(['sessionEnded', 'disconnect']);
  });
});

describe('search and the map across two server processes', () => {
  it('a game saved through one process is found through the other as soon as eventChanged arrives', async () => {
    const owner = new Person(`org${randomBytes(3).toString('hex')}`);
    const searcher = new Person(`szu${randomBytes(3).toString('hex')}`);
    await owner.signUp(a);
    await searcher.signUp(b);
    const socket = await searcher.socket(b);
    const where = { latitude: 52.2297, longitude: 21.0122, distance: 5 };
    const view = '/api/v1/football-events?minLat=52.1&maxLat=52.4&minLon=20.8&maxLon=21.2';
    const ids = (body: { events: { _id: string }[] }) => body.events.map((e) => e._id);
    // Process B has read its index and keeps this answer for a moment.
    const before = (await searcher.call(b, 'POST', '/api/v1/football-events/search', where)).json;
    expect((await searcher.call(b, 'GET', view)).status).toBe(200);

    const news = next<{ eventId: string; change: string }>(socket, 'eventChanged');
    const created = (await owner.call(a, 'POST', '/api/v1/football-events', eventBody({ eventName: 'Gra z drugiego procesu' }))).json.event;
    expect(await news).toEqual({ eventId: created._id, change: 'created' });
    const after = (await searcher.call(b, 'POST', '/api/v1/football-events/search', where)).json;
    expect(ids(after)).toContain(created._id);
    expect(after.total).toBe(before.total + 1);
    expect(ids((await searcher.call(b, 'GET', view)).json)).toContain(created._id);

    // Cancelled through A: gone from B's answers as soon as the news is (which goes to those in the game).
    expect((await searcher.call(b, 'POST', `/api/v1/status/events/${created._id}/join`)).status).toBe(201);
    const cancelled = next<{ eventId: string; change: string }>(socket, 'eventChanged');
    expect((await owner.call(a, 'DELETE', `/api/v1/football-events/${created._id}`)).status).toBe(200);
    expect(await cancelled).toEqual({ eventId: created._id, change: 'cancelled' });
    expect(ids((await searcher.call(b, 'POST', '/api/v1/football-events/search', where)).json)).not.toContain(created._id);
    expect(ids((await searcher.call(b, 'GET', view)).json)).not.toContain(created._id);
  });
});
