import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { userRoom } from '../src/realtime/socket';
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

function open(cookie?: string, origin?: string): Socket {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  const socket = connect(url, { transports: ['websocket'], extraHeaders: headers, reconnection: false });
  sockets.push(socket);
  return socket;
}

const outcome = (s: Socket) =>
  new Promise<string>((resolve) => {
    s.on('connect', () => resolve('connected'));
    s.on('connect_error', (e) => resolve(e.message));
  });

describe('real-time connection', () => {
  it('refuses a connection without a session', async () => {
    expect(await outcome(open())).toBe('unauthorized');
    expect(await outcome(open('sid=not-a-session'))).toBe('unauthorized');
  });

  it('authenticates from the session cookie and joins the user room', async () => {
    const { client, user } = await signUp(t);
    const socket = open(`sid=${client.cookies.get('sid')}`);
    expect(await outcome(socket)).toBe('connected');
    const received = new Promise((resolve) => socket.on('statusUpdate', resolve));
    t.app.io.to(userRoom(user._id)).emit('statusUpdate', { hello: 'świat' });
    expect(await received).toEqual({ hello: 'świat' });
  });

  it('refuses a connection from a foreign origin', async () => {
    const { client } = await signUp(t);
    expect(await outcome(open(`sid=${client.cookies.get('sid')}`, 'https://evil.example'))).not.toBe('connected');
  });

  it('refuses a connection after logout', async () => {
    const { client } = await signUp(t);
    const cookie = `sid=${client.cookies.get('sid')}`;
    await client.post('/auth/logout');
    expect(await outcome(open(cookie))).toBe('unauthorized');
  });
});
