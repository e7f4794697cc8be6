import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { sessions as sessionsTable } from '../src/db/schema';
import { SESSION_RECHECK_MS, userRoom } from '../src/realtime/socket';
import { endSessions } from '../src/realtime/session-end';
import * as sessionsRepo from '../src/repositories/sessions';
import { buildTestApp, lastMail, signUp, TestClient, type TestApp } from './helpers';

/** Issue 14 finding 4: a socket lives only as long as the session it was opened with. */
let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  jest.restoreAllMocks();
  sockets.splice(0).forEach((s) => s.close());
});
afterAll(() => t.close());

async function openFor(client: TestClient): Promise<Socket> {
  const socket = connect(url, {
    transports: ['websocket'],
    extraHeaders: { cookie: `sid=${client.cookies.get('sid')}` },
    reconnection: false,
  });
  sockets.push(socket);
  const result = await new Promise<string>((resolve) => {
    socket.on('connect', () => resolve('connected'));
    socket.on('connect_error', (e) => resolve(e.message));
  });
  if (result !== 'connected') throw new Error(`socket refused: ${result}`);
  return socket;
}

/** Resolves once the socket was told its session ended and then lost its connection. */
function endedAndCut(socket: Socket): Promise<string[]> {
  const seen: string[] = [];
  return new Promise((resolve) => {
    socket.on('sessionEnded', () => seen.push('sessionEnded'));
    socket.on('disconnect', () => {
      seen.push('disconnect');
      resolve(seen);
    });
  });
}

/** After the cut, a private notice to the person does not reach the old socket, and it cannot send. */
async function expectDeaf(socket: Socket, userId: string) {
  expect(socket.connected).toBe(false);
  let got = false;
  socket.on('statusUpdate', () => (got = true));
  t.app.io.to(userRoom(userId)).emit('statusUpdate', { secret: true });
  const acked = await socket
    .timeout(300)
    .emitWithAck('sendMessage', { roomId: 'x', message: 'hej', senderId: userId })
    .then(
      () => true,
      () => false,
    );
  expect(acked).toBe(false);
  expect(got).toBe(false);
}

describe('sockets end with their session', () => {
  it('logout cuts the sockets of that session only', async () => {
    const { client, body, user } = await signUp(t);
    const second = new TestClient(t.app);
    expect((await second.post('/auth/login', { email: body.email, password: body.password })).statusCode).toBe(200);
    const [socket, kept] = [await openFor(client), await openFor(second)];
    const cut = endedAndCut(socket);
    expect((await client.post('/auth/logout')).statusCode).toBe(200);
    expect(await cut).toEqual(['sessionEnded', 'disconnect']);
    await expectDeaf(socket, user._id);
    expect(kept.connected).toBe(true);
  });

  it('a password reset through the e-mail link cuts every socket of the person', async () => {
    const { client, body, user } = await signUp(t);
    const second = new TestClient(t.app);
    expect((await second.post('/auth/login', { email: body.email, password: body.password })).statusCode).toBe(200);
    const [a, b] = [await openFor(client), await openFor(second)];
    const cuts = [endedAndCut(a), endedAndCut(b)];
    await new TestClient(t.app).post('/auth/forgot-password', { email: body.email });
    await t.app.ctx.background.idle();
    const token = new URL(lastMail(t.config, body.email).link).pathname.split('/').pop()!;
    expect((await new TestClient(t.app).post(`/auth/reset-password/${token}`, { password: 'NoweHaslo1!' })).statusCode).toBe(200);
    expect(await Promise.all(cuts)).toEqual([
      ['sessionEnded', 'disconnect'],
      ['sessionEnded', 'disconnect'],
    ]);
    await expectDeaf(a, user._id);
  });

  it('account deletion cuts the sockets', async () => {
    const { client, user, body } = await signUp(t);
    const socket = await openFor(client);
    const cut = endedAndCut(socket);
    expect((await client.delete('/users/current-user/delete', { password: body.password })).statusCode).toBe(200);
    expect(await cut).toEqual(['sessionEnded', 'disconnect']);
    await expectDeaf(socket, user._id);
  });

  it('endSessions with except keeps the current session and cuts the others', async () => {
    const { client, body, user } = await signUp(t);
    const second = new TestClient(t.app);
    await second.post('/auth/login', { email: body.email, password: body.password });
    const [kept, other] = [await openFor(client), await openFor(second)];
    const cut = endedAndCut(other);
    await endSessions(t.app, user._id, { except: client.cookies.get('sid') });
    expect(await cut).toEqual(['sessionEnded', 'disconnect']);
    expect(kept.connected).toBe(true);
  });

  it('"Wyloguj inne urządzenia" and signing one session out from the sessions screen cut their sockets', async () => {
    const { client, body } = await signUp(t);
    const others = [new TestClient(t.app), new TestClient(t.app)];
    for (const c of others) await c.post('/auth/login', { email: body.email, password: body.password });
    const kept = await openFor(client);
    const [one, two] = [await openFor(others[0]), await openFor(others[1])];
    // One session ended from the list.
    const listed = (await client.get('/auth/sessions')).json().sessions as { id: string; current: boolean }[];
    expect(listed).toHaveLength(3);
    const cutOne = endedAndCut(one);
    const mine = (await others[0].get('/auth/sessions')).json().sessions.find((s: { current: boolean }) => s.current).id;
    expect((await client.delete(`/auth/sessions/${mine}`)).statusCode).toBe(200);
    expect(await cutOne).toEqual(['sessionEnded', 'disconnect']);
    // Then every other device.
    const cutTwo = endedAndCut(two);
    expect((await client.post('/auth/sessions/logout-others')).statusCode).toBe(200);
    expect(await cutTwo).toEqual(['sessionEnded', 'disconnect']);
    expect(kept.connected).toBe(true);
  });

  it('an expired session is cut on the socket’s next event', async () => {
    const { client, user } = await signUp(t);
    const socket = await openFor(client);
    const cut = endedAndCut(socket);
    // The session's absolute expiry passed (moved into the past in the database), and the socket's
    // cached check is older than the re-check interval (the clock moved a little).
    await t.app.ctx.database.db
      .update(sessionsTable)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessionsTable.userId, user._id));
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + SESSION_RECHECK_MS + 1000);
    socket.emit('sendMessage', { roomId: 'x', message: 'po czasie', senderId: user._id }, () => {
      throw new Error('an expired session must not be answered');
    });
    expect(await cut).toEqual(['sessionEnded', 'disconnect']);
    jest.restoreAllMocks();
    await expectDeaf(socket, user._id);
  });

  it('a session deleted behind the socket’s back is noticed on an event once the cache is stale', async () => {
    const { client, user } = await signUp(t);
    const socket = await openFor(client);
    const cut = endedAndCut(socket);
    // Delete without the cut (as if the other process's notice were lost), then let the cache age.
    await sessionsRepo.deleteUserSessions(t.app.ctx.database.db, user._id);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + SESSION_RECHECK_MS + 1000);
    socket.emit('joinRoom', 'x');
    expect(await cut).toEqual(['sessionEnded', 'disconnect']);
  });
});

describe('a session that runs out while its socket is idle', () => {
  let short: TestApp;
  let shortUrl: string;
  beforeAll(async () => {
    short = await buildTestApp({ session: { idleMs: 3_000, absoluteMs: 3_000 } } as never);
    await short.app.listen({ port: 0, host: '127.0.0.1' });
    shortUrl = `http://127.0.0.1:${(short.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => short.close());

  it('is cut by the timer at its expiry, without any event', async () => {
    const { client } = await signUp(short);
    const socket = connect(shortUrl, { transports: ['websocket'], extraHeaders: { cookie: `sid=${client.cookies.get('sid')}` }, reconnection: false });
    sockets.push(socket);
    const cut = endedAndCut(socket);
    await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    expect(await cut).toEqual(['sessionEnded', 'disconnect']);
  });
});

describe('handshake answers', () => {
  it('"unavailable" when the session cannot be checked now, "unauthorized" when there is none', async () => {
    const { client } = await signUp(t);
    const spy = jest.spyOn(sessionsRepo, 'findSessionUser').mockRejectedValue(new Error('database down'));
    const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie: `sid=${client.cookies.get('sid')}` }, reconnection: false });
    sockets.push(socket);
    const message = await new Promise<string>((resolve) => socket.on('connect_error', (e) => resolve(e.message)));
    expect(message).toBe('unavailable');
    spy.mockRestore();
    const none = connect(url, { transports: ['websocket'], extraHeaders: { cookie: 'sid=unknown' }, reconnection: false });
    sockets.push(none);
    expect(await new Promise<string>((resolve) => none.on('connect_error', (e) => resolve(e.message)))).toBe('unauthorized');
  });
});
