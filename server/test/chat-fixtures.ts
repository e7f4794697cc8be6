import { io as connect, type Socket } from 'socket.io-client';
import type { ChatMessage, SocketAck } from '@contract/chat';
import { createEvent } from './event-fixtures';
import { signUp, type TestApp, type TestClient } from './helpers';

export interface Person {
  client: TestClient;
  user: { _id: string; nickName: string };
}

/** An organiser and `players` accepted players of one game (so they share its group room). */
export async function acceptedGame(t: TestApp, players: number, extra: Record<string, unknown> = {}) {
  const owner: Person = await signUp(t);
  const event = await createEvent(owner.client, extra);
  const accepted: Person[] = [];
  for (let i = 0; i < players; i++) accepted.push(await joinAndAccept(t, owner, event._id));
  return { owner, event, players: accepted, roomId: `group_${event._id}` };
}

export async function joinAndAccept(t: TestApp, owner: Person, eventId: string, who?: Person): Promise<Person> {
  const person = who ?? (await signUp(t));
  const join = await person.client.post(`/status/events/${eventId}/join`);
  if (join.statusCode !== 201) throw new Error(`join failed: ${join.body}`);
  await setStatus(owner, eventId, person.user._id, 'accepted');
  return person;
}

export async function setStatus(owner: Person, eventId: string, userId: string, status: 'accepted' | 'rejected') {
  const res = await owner.client.patch(`/status/events/${eventId}/users/${userId}/status`, { status });
  if (res.statusCode !== 200) throw new Error(`status change failed: ${res.body}`);
}

/** A real socket.io-client signed in with the person's session cookie. */
export function openSocket(url: string, person: Person, opts: { reconnection?: boolean } = {}): Socket {
  return connect(url, {
    transports: ['websocket'],
    extraHeaders: { cookie: `sid=${person.client.cookies.get('sid')}` },
    reconnection: opts.reconnection ?? false,
  });
}

export function connected(socket: Socket): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

export function emitAck(socket: Socket, event: string, ...args: unknown[]): Promise<SocketAck> {
  return socket.timeout(5000).emitWithAck(event, ...args);
}

export function send(socket: Socket, roomId: string, message: string, senderId?: string): Promise<SocketAck> {
  return emitAck(socket, 'sendMessage', { roomId, message, senderId });
}

/** Collects what a socket receives of one event, to assert on later. */
export function collect<T = ChatMessage>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

/** Resolves with the next payload of an event, or rejects after `ms`. */
export function next<T = ChatMessage>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Waits until a condition holds (for "eventually" assertions over the network). */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Gives the server a moment to deliver anything still in flight (for "nothing arrives" assertions). */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
