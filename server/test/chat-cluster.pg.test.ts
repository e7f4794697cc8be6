/**
 * Two real server processes sharing one PostgreSQL database and one Redis, as behind a load
 * balancer: chat between people connected to different processes. Runs in the `server-pg` project
 * only (it needs REDIS_URL, which CI always sets).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessage, NewChatRoomPayload, RemovedFromChatRoomPayload, SocketAck } from '@contract/chat';
import { eventBody } from './event-fixtures';
import { lastMail } from './outbox';

const ROOT = path.resolve(__dirname, '../..');
const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const dbName = `graj_test_cluster_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graj-cluster-'));
const children: ChildProcess[] = [];
const sockets: Socket[] = [];
let admin: Pool;
let a: string;
let b: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startProcess(databaseUrl: string, prefix: string): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: url,
      DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, SMTP_URL: '', LOG_LEVEL: 'warn',
      COOKIE_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const logs: string[] = [];
  child.stdout!.on('data', (d) => logs.push(String(d)));
  child.stderr!.on('data', (d) => logs.push(String(d)));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${logs.join('')}`);
    if (await fetch(`${url}/api/v1/health`).then((r) => r.ok, () => false)) return url;
    if (Date.now() > deadline) throw new Error(`server did not start: ${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A person with a cookie jar, talking to whichever process it is pointed at. */
class Person {
  cookies = new Map<string, string>();
  id = '';
  constructor(readonly nick: string) {}

  async call(base: string, method: string, url: string, body?: object) {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (this.cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    if (body) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${url}`, { method, headers, body: body ? JSON.stringify(body) : undefined, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair.split('=');
      this.cookies.set(k.trim(), v);
    }
    const text = await res.text();
    return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : null };
  }

  async signUp(base: string) {
    await this.call(base, 'GET', '/api/v1/health');
    const email = `${this.nick}@example.com`;
    const reg = await this.call(base, 'POST', '/api/v1/auth/register', {
      nickName: this.nick, name: 'Jan', surname: 'Nowak', email, password: 'Haslo123!', passwordConfirm: 'Haslo123!', age: '1995-04-12',
    });
    if (reg.status !== 201) throw new Error(`register: ${JSON.stringify(reg.json)}`);
    await this.call(base, 'GET', new URL(lastMail(dataDir, email).link).pathname);
    const login = await this.call(base, 'POST', '/api/v1/auth/login', { email, password: 'Haslo123!' });
    this.id = login.json._id;
  }

  socket(base: string): Promise<Socket> {
    const s = connect(base, { transports: ['websocket'], extraHeaders: { cookie: `sid=${this.cookies.get('sid')}` }, reconnection: false });
    sockets.push(s);
    return new Promise((resolve, reject) => {
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  }
}

function next<T>(socket: Socket, event: string, ms = 8000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (p: T) => {
      clearTimeout(timer);
      resolve(p);
    });
  });
}

const send = (s: Socket, roomId: string, message: string): Promise<SocketAck> =>
  s.timeout(5000).emitWithAck('sendMessage', { roomId, message });

beforeAll(async () => {
  if (!adminUrl || !redisUrl) throw new Error('The two-process chat test needs DATABASE_URL and REDIS_URL');
  admin = new Pool({ connectionString: adminUrl, max: 1 });
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const prefix = `graj-test:${randomBytes(4).toString('hex')}:`;
  [a, b] = await Promise.all([startProcess(u.toString(), prefix), startProcess(u.toString(), prefix)]);
}, 120_000);

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await Promise.all(
    children.map((c) => new Promise<void>((resolve) => (c.exitCode !== null ? resolve() : (c.once('exit', () => resolve()), c.kill('SIGTERM'))))),
  );
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
