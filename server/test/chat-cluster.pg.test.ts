/**
 * Two real server processes sharing one PostgreSQL database and one Redis, as behind a load
 * balancer: chat between people connected to different processes. Runs in the `server-pg` project
 * only (it needs REDIS_URL, which CI always sets).
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
  const env = { DATABASE_URL: databaseUrl(dbName), REDIS_URL: redisUrl, REDIS_PREFIX: `graj-test:${randomBytes(4).toString('hex')}:`, DATA_DIR: dataDir };
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
