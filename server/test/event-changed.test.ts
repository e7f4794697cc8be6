import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { tickEventClock } from '../src/jobs/event-clock';
import { createEvent, eventBody } from './event-fixtures';
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

type Person = Awaited<ReturnType<typeof signUp>>;

/** A connected socket of this person that records every eventChanged it receives. */
async function listen(person: Person) {
  const socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie: `sid=${person.client.cookies.get('sid')}` }, reconnection: false });
  sockets.push(socket);
  const got: Array<{ eventId: string; change: string }> = [];
  socket.on('eventChanged', (p) => got.push(p));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return got;
}

/** The routes send eventChanged before they answer; a marker sent afterwards on the same connection arrives after it. */
async function settle(...lists: Array<Array<unknown>>) {
  const marker = { eventId: 'marker', change: 'created' };
  const lengths = lists.map((l) => l.length);
  t.app.io.emit('eventChanged', marker);
  for (let i = 0; i < 200 && lists.some((l, j) => !l.slice(lengths[j]).some((x) => (x as typeof marker).eventId === 'marker')); i += 1) {
    await new Promise((r) => setTimeout(r, 10));
  }
  for (const l of lists) l.splice(l.findIndex((x) => (x as typeof marker).eventId === 'marker'), 1);
}

async function gameWithPlayer() {
  const organiser = await signUp(t);
  const player = await signUp(t);
  const stranger = await signUp(t);
  const game = await createEvent(organiser.client);
  await player.client.post(`/status/events/${game._id}/join`);
  await organiser.client.patch(`/status/events/${game._id}/users/${player.user._id}/status`, { status: 'accepted' });
  return { organiser, player, stranger, id: game._id };
}

describe('eventChanged', () => {
  it("tells the game's other people when an accepted player deletes the account", async () => {
    const { organiser, player, id } = await gameWithPlayer();
    const other = await signUp(t);
    await other.client.post(`/status/events/${id}/join`);
    await organiser.client.patch(`/status/events/${id}/users/${other.user._id}/status`, { status: 'accepted' });
    const [org, teammate] = [await listen(organiser), await listen(other)];
    expect((await player.client.delete('/users/current-user/delete', { password: player.body.password })).statusCode).toBe(200);
    await settle(org, teammate);
    expect(org).toEqual([{ eventId: id, change: 'updated' }]);
    expect(teammate).toEqual([{ eventId: id, change: 'updated' }]);
  });

  it('tells every signed-in socket about a new public game, and nobody about a private one', async () => {
    const organiser = await signUp(t);
    const other = await signUp(t);
    const [mine, theirs] = [await listen(organiser), await listen(other)];
    const open = await createEvent(organiser.client);
    const hidden = await createEvent(organiser.client, { isPrivate: true });
    await settle(mine, theirs);
    expect(theirs).toEqual([{ eventId: open._id, change: 'created' }]);
    expect(mine).toEqual([{ eventId: open._id, change: 'created' }]);
    expect(theirs.some((e) => e.eventId === hidden._id)).toBe(false);
  });

  it('tells the organiser and the players, not strangers, about an edit', async () => {
    const { organiser, player, stranger, id } = await gameWithPlayer();
    const [o, p, s] = [await listen(organiser), await listen(player), await listen(stranger)];
    const res = await organiser.client.patch(`/football-events/${id}`, eventBody({ price: 25 }));
    expect(res.statusCode).toBe(200);
    await settle(o, p, s);
    expect(o).toEqual([{ eventId: id, change: 'updated' }]);
    expect(p).toEqual([{ eventId: id, change: 'updated' }]);
    expect(s).toEqual([]);
  });

  it('tells the players when an accepted player leaves or is accepted, not when someone only asks', async () => {
    const { organiser, player, id } = await gameWithPlayer();
    const newcomer = await signUp(t);
    const p = await listen(player);
    await newcomer.client.post(`/status/events/${id}/join`);
    await settle(p);
    expect(p).toEqual([]);
    await organiser.client.patch(`/status/events/${id}/users/${newcomer.user._id}/status`, { status: 'accepted' });
    await settle(p);
    expect(p).toEqual([{ eventId: id, change: 'updated' }]);
    await newcomer.client.delete(`/status/events/${id}/leave`);
    await settle(p);
    expect(p).toEqual([{ eventId: id, change: 'updated' }, { eventId: id, change: 'updated' }]);
  });

  it('tells the players about a cancellation', async () => {
    const { organiser, player, stranger, id } = await gameWithPlayer();
    const [p, s] = [await listen(player), await listen(stranger)];
    expect((await organiser.client.delete(`/football-events/${id}`)).statusCode).toBe(200);
    await settle(p, s);
    expect(p).toEqual([{ eventId: id, change: 'cancelled' }]);
    expect(s).toEqual([]);
  });

  it("tells the players about the end, by the organiser's Zakończ and by the clock", async () => {
    const first = await gameWithPlayer();
    await t.database.pool.query("UPDATE events SET start_at = now() - interval '1 hour' WHERE id = $1", [first.id]);
    const p1 = await listen(first.player);
    expect((await first.organiser.client.patch(`/status/events/${first.id}/finish`)).statusCode).toBe(200);
    await settle(p1);
    expect(p1).toEqual([{ eventId: first.id, change: 'completed' }]);

    const second = await gameWithPlayer();
    const [o2, p2] = [await listen(second.organiser), await listen(second.player)];
    await t.database.pool.query("UPDATE events SET start_at = now() - interval '2 hours', end_at = now() - interval '30 minutes' WHERE id = $1", [second.id]);
    await tickEventClock(t.app);
    await settle(o2, p2);
    expect(o2).toEqual([{ eventId: second.id, change: 'completed' }]);
    expect(p2).toEqual([{ eventId: second.id, change: 'completed' }]);
  });
});
