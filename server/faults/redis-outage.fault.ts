/**
 * Issue 19 defect 2: a Redis outage must not take the server down. Two server processes on one
 * PostgreSQL database (created and dropped here) and a redis-server of this test's own: Redis is
 * killed, people keep joining, leaving, chatting and logging in through process A (2xx, the process
 * stays up, A's own sockets still get their notices); Redis is started again on the same port and
 * cross-process delivery B -> A resumes by itself. Prints the recovery time.
 */
import { randomBytes } from 'node:crypto';
import type { ChatMessage } from '@contract/chat';
import { eventBody } from '../test/event-fixtures';
import { acceptedInto, clusterResources, next, Person, sendChat as send, sleep, startRedis, startTwo } from '../test/processes';

const cluster = clusterResources('redis');
const { sockets, dataDir } = cluster;

it('Redis stopped: the servers keep serving HTTP and local sockets; Redis back: cross-process delivery resumes', async () => {
  const [a, b] = await startTwo(cluster);
  const tag = randomBytes(3).toString('hex');
  const owner = new Person(`org${tag}`, dataDir);
  const local = new Person(`lok${tag}`, dataDir);
  const remote = new Person(`zd${tag}`, dataDir);
  await owner.signUp(a.url);
  await local.signUp(a.url);
  await remote.signUp(b.url);
  // The remote player is accepted into the game's group chat; their socket lives on process B.
  const { eventId, roomId } = await acceptedInto(owner, a.url, remote, b.url, eventBody());
  const event = { _id: eventId };
  const ownerSocket = await owner.socket(a.url);
  const remoteSocket = await remote.socket(b.url);
  sockets.push(ownerSocket, remoteSocket);

  // Before the outage: B -> A through Redis.
  const before = next<ChatMessage>(ownerSocket, 'newMessage');
  expect((await send(remoteSocket, roomId, 'przed awarią')).ok).toBe(true);
  expect((await before).message).toBe('przed awarią');

  await cluster.redis.stop();
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
  cluster.redis = await startRedis(cluster.redis.port);
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
