/**
 * Issue 19 defect 2: a Redis outage must not take the server down. Two server processes on one
 * PostgreSQL database (created and dropped here) and a redis-server of this test's own: Redis is
 * killed, people keep joining, leaving, chatting and logging in through process A (2xx, the process
 * stays up, A's own sockets still get their notices); Redis is started again on the same port and
 * cross-process delivery B -> A resumes by itself. Prints the recovery time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import type { Socket } from 'socket.io-client';
import type { ChatMessage, SocketAck } from '@contract/chat';
import { eventBody } from '../test/event-fixtures';
import { databaseUrl, next, PG_ADMIN_URL, Person, type Proc, sleep, startRedis, startServer } from './helpers';

const dbName = `graj_fault_redis_${randomBytes(4).toString('hex')}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graj-fault-redis-'));
const procs: Proc[] = [];
const sockets: Socket[] = [];
let admin: Pool;
let redis: Awaited<ReturnType<typeof startRedis>>;

const send = (s: Socket, roomId: string, message: string): Promise<SocketAck> => s.timeout(5000).emitWithAck('sendMessage', { roomId, message });

beforeAll(async () => {
  admin = new Pool({ connectionString: PG_ADMIN_URL, max: 1 });
  await admin.query(`CREATE DATABASE ${dbName}`);
  redis = await startRedis();
});

afterAll(async () => {
  sockets.forEach((s) => s.close());
  for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
  await Promise.all(procs.map((p) => p.exited));
  await redis?.stop();
  await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
  await admin?.end();
  rmSync(dataDir, { recursive: true, force: true });
});

it('Redis stopped: the servers keep serving HTTP and local sockets; Redis back: cross-process delivery resumes', async () => {
  const env = { DATABASE_URL: databaseUrl(dbName), REDIS_URL: redis.url, REDIS_PREFIX: `graj-fault:${randomBytes(3).toString('hex')}:`, DATA_DIR: dataDir };
  const a = await startServer(env);
  const b = await startServer(env);
  procs.push(a.proc, b.proc);
  const tag = randomBytes(3).toString('hex');
  const owner = new Person(`org${tag}`, dataDir);
  const local = new Person(`lok${tag}`, dataDir);
  const remote = new Person(`zd${tag}`, dataDir);
  await owner.signUp(a.url);
  await local.signUp(a.url);
  await remote.signUp(b.url);
  const event = (await owner.call(a.url, 'POST', '/api/v1/football-events', eventBody())).json.event;
  // The remote player is accepted into the game's group chat; their socket lives on process B.
  expect((await remote.call(b.url, 'POST', `/api/v1/status/events/${event._id}/join`)).status).toBe(201);
  expect((await owner.call(a.url, 'PATCH', `/api/v1/status/events/${event._id}/users/${remote.id}/status`, { status: 'accepted' })).status).toBe(200);
  const roomId = `group_${event._id}`;
  const ownerSocket = await owner.socket(a.url);
  const remoteSocket = await remote.socket(b.url);
  sockets.push(ownerSocket, remoteSocket);

  // Before the outage: B -> A through Redis.
  const before = next<ChatMessage>(ownerSocket, 'newMessage');
  expect((await send(remoteSocket, roomId, 'przed awarią')).ok).toBe(true);
  expect((await before).message).toBe('przed awarią');

  await redis.stop();
  const down = Date.now();
  const statuses: number[] = [];
  const record = (r: { status: number }) => (statuses.push(r.status), r);
  for (let i = 0; i < 3; i++) {
    // A join through A reaches the organiser's socket on A without Redis.
    const notice = next(ownerSocket, 'statusUpdate');
    expect(record(await local.call(a.url, 'POST', `/api/v1/status/events/${event._id}/join`)).status).toBe(201);
    await notice;
    expect(record(await local.call(a.url, 'DELETE', `/api/v1/status/events/${event._id}/leave`)).status).toBe(200);
    // Chat from B is stored and acknowledged (its delivery to A waits for Redis).
    expect((await send(remoteSocket, roomId, `w czasie awarii ${i}`)).ok).toBe(true);
    expect((await send(ownerSocket, roomId, `z A w czasie awarii ${i}`)).ok).toBe(true);
  }
  expect(record(await local.call(a.url, 'POST', '/api/v1/auth/login', { email: local.email, password: 'Haslo123!' })).status).toBe(200);
  expect(record(await owner.call(a.url, 'GET', `/api/v1/chat/messages/${roomId}`)).status).toBe(200);
  const health = await fetch(`${a.url}/api/v1/health/ready`).then(async (r) => ({ status: r.status, body: await r.json() }));
  await sleep(1500);
  expect(a.proc.child.exitCode).toBeNull();
  expect(b.proc.child.exitCode).toBeNull();
  console.log(`Redis stopped: ${statuses.length} requests through A answered ${[...new Set(statuses)].join('/')}; 6 socket chat sends acknowledged; both processes up; /health/ready ${health.status} ${JSON.stringify(health.body)}`);

  // Redis back on the same port: how long until a message from B reaches A again.
  // An outage of at least 5 s: ioredis's reconnect back-off has reached its 2 s ceiling by then.
  await sleep(Math.max(0, 5000 - (Date.now() - down)));
  const outage = (Date.now() - down) / 1000;
  redis = await startRedis(redis.port);
  const t0 = Date.now();
  let received = false;
  ownerSocket.on('newMessage', (m: ChatMessage) => {
    if (m.message.startsWith('po awarii')) received = true;
  });
  let probes = 0;
  while (!received && Date.now() - t0 < 30_000) {
    expect((await send(remoteSocket, roomId, `po awarii ${probes++}`)).ok).toBe(true);
    await sleep(250);
  }
  const seconds = (Date.now() - t0) / 1000;
  expect(received).toBe(true);
  console.log(`Redis restarted after a ${outage.toFixed(1)} s outage: cross-process chat delivery resumed after ${seconds.toFixed(1)} s (${probes} probes), no server restart`);
  expect(a.proc.child.exitCode).toBeNull();
  expect(a.proc.output()).not.toMatch(/unhandled promise rejection/);
});
