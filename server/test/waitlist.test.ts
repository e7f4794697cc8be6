/**
 * The waitlist of a full game (docs/adr/0090), on both engines. The races run truly concurrently
 * on PostgreSQL (server-pg project: separate connections, row locks); on PGlite they are
 * serialised, which must give the same answers.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EVENT_MSG } from '@contract/events';
import { build } from '../src/app';
import { tickEventClock } from '../src/jobs/event-clock';
import { createEvent, eventBody, startGame } from './event-fixtures';
import { buildTestApp, signUp, TestClient, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;
const ids = (list: Array<{ _id: string }>) => list.map((p) => p._id);

/** A game with `places` places, all of them taken, and `waiting` people on its waitlist (in that order). */
async function fullGame(opts: { places?: number; waiting?: number; mode?: 'auto' | 'approval' } = {}) {
  const { places = 2, waiting = 2, mode = 'auto' } = opts;
  const organiser = await signUp(t);
  const event = await createEvent(organiser.client, { playerCount: places, waitlistMode: mode });
  const id = event._id;
  const players: Person[] = [];
  for (let i = 0; i < places; i++) {
    const p = await signUp(t);
    expect((await p.client.post(`/status/events/${id}/join`)).json().status).toBe('interested');
    expect((await organiser.client.patch(`/status/events/${id}/users/${p.user._id}/status`, { status: 'accepted' })).statusCode).toBe(200);
    players.push(p);
  }
  const waitlist: Person[] = [];
  for (let i = 0; i < waiting; i++) {
    const p = await signUp(t);
    const join = await p.client.post(`/status/events/${id}/join`);
    expect(join.statusCode).toBe(201);
    expect(join.json()).toMatchObject({ status: 'waitlisted', waitlistPosition: i + 1 });
    waitlist.push(p);
  }
  return { organiser, id, players, waitlist };
}

async function lineUp(organiser: Person, id: string) {
  return (await organiser.client.get(`/status/events/${id}/users`)).json().usersByStatus as Record<string, Array<{ _id: string }>>;
}

async function myStatus(p: Person, id: string) {
  return (await p.client.get(`/status/events/${id}/my-status`)).json() as { status: string | null; waitlistPosition: number | null };
}

describe('joining a full game', () => {
  it('puts people on the waitlist in arrival order, shown as their position', async () => {
    const { organiser, id, waitlist } = await fullGame({ waiting: 3 });
    const join = await (await signUp(t)).client.post(`/status/events/${id}/join`);
    expect(join.json().msg).toBe(`${EVENT_MSG.waitlisted}. Jesteś 4. na liście rezerwowej.`);
    expect(await myStatus(waitlist[1], id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    const list = await lineUp(organiser, id);
    expect(ids(list.waitlisted).slice(0, 3)).toEqual(waitlist.map((p) => p.user._id));
    expect(list.waitlisted).toHaveLength(4);
    // The organiser is told, as about any request.
    expect((await organiser.client.get(`/status/events/${id}/my-status`)).json().readBy).toBe(false);
    // Nobody else sees the waitlist.
    expect((await waitlist[0].client.get(`/status/events/${id}/users`)).json().usersByStatus.waitlisted).toEqual([]);
  });

  it('the organiser cannot accept beyond the places, and pending requests queue once the game is full', async () => {
    const organiser = await signUp(t);
    const { _id: id } = await createEvent(organiser.client, { playerCount: 1 });
    const [a, b] = [await signUp(t), await signUp(t)];
    await a.client.post(`/status/events/${id}/join`);
    await b.client.post(`/status/events/${id}/join`);
    await organiser.client.patch(`/status/events/${id}/users/${a.user._id}/status`, { status: 'accepted' });
    // b asked before the game filled: now first on the waitlist, told so.
    expect(await myStatus(b, id)).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 });
    expect((await b.client.get('/status/my-events')).json().userEvents[0]).toMatchObject({ status: 'waitlisted', readBy: false });
    const refused = await organiser.client.patch(`/status/events/${id}/users/${b.user._id}/status`, { status: 'accepted' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toBe(EVENT_MSG.full);
    expect(ids((await lineUp(organiser, id)).accepted)).toEqual([a.user._id]);
  });

  it('a game seeking 0 players has no limit and no waitlist', async () => {
    const organiser = await signUp(t);
    const { _id: id } = await createEvent(organiser.client, { playerCount: 0 });
    for (let i = 0; i < 3; i++) {
      const p = await signUp(t);
      expect((await p.client.post(`/status/events/${id}/join`)).json().status).toBe('interested');
      expect((await organiser.client.patch(`/status/events/${id}/users/${p.user._id}/status`, { status: 'accepted' })).statusCode).toBe(200);
    }
  });

  it('refuses an unknown waitlist mode with a Polish message', async () => {
    const organiser = await signUp(t);
    const res = await organiser.client.post('/football-events', eventBody({ waitlistMode: 'sometimes' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(EVENT_MSG.waitlistMode);
  });
});

describe('a place frees', () => {
  it("'automatycznie': the first on the waitlist is accepted at once, joins the chat and is told", async () => {
    const { organiser, id, players, waitlist } = await fullGame({ mode: 'auto' });
    expect((await players[0].client.delete(`/status/events/${id}/leave`)).statusCode).toBe(200);
    const list = await lineUp(organiser, id);
    expect(ids(list.accepted)).toEqual([players[1].user._id, waitlist[0].user._id]);
    expect(ids(list.waitlisted)).toEqual([waitlist[1].user._id]);
    expect(await myStatus(waitlist[1], id)).toMatchObject({ waitlistPosition: 1 });
    expect((await waitlist[0].client.get('/status/my-events')).json().userEvents[0]).toMatchObject({ status: 'accepted', readBy: false });
    const rooms = (await waitlist[0].client.get('/chat/rooms')).json().chatRooms as Array<{ roomId: string }>;
    expect(rooms.map((r) => r.roomId)).toContain(`group_${id}`);
  });

  it('the people waiting and the one promoted get a stored notification (in-app, and push or e-mail by their settings)', async () => {
    const { id, players, waitlist } = await fullGame({ mode: 'auto' });
    expect((await players[0].client.delete(`/status/events/${id}/leave`)).statusCode).toBe(200);
    await t.app.ctx.background.idle();
    const titles = async (p: Person) =>
      ((await p.client.get('/notifications')).json().notifications as Array<{ title: string; body: string }>).map((n) => `${n.title}: ${n.body}`);
    // Joining the waitlist is one's own doing (the position shows at once); the promotion is news.
    expect(await titles(waitlist[0])).toEqual([expect.stringMatching(/^Zgłoszenie zaakceptowane: Masz miejsce w grze „.+”\. Do zobaczenia na boisku!$/)]);
    expect(await titles(waitlist[1])).toEqual([]);
  });

  it('a pending request moved to the waitlist when the game fills is told so', async () => {
    const organiser = await signUp(t);
    const { _id: id } = await createEvent(organiser.client, { playerCount: 1, waitlistMode: 'approval' });
    const [first, second] = [await signUp(t), await signUp(t)];
    for (const p of [first, second]) expect((await p.client.post(`/status/events/${id}/join`)).json().status).toBe('interested');
    expect((await organiser.client.patch(`/status/events/${id}/users/${first.user._id}/status`, { status: 'accepted' })).statusCode).toBe(200);
    await t.app.ctx.background.idle();
    const told = (await second.client.get('/notifications')).json().notifications as Array<{ title: string; body: string }>;
    expect(told.map((n) => `${n.title}: ${n.body}`)).toEqual([expect.stringMatching(/^Lista rezerwowa: Gra „.+” jest pełna: jesteś na liście rezerwowej\./)]);
  });

  it("'za moją zgodą': the first on the waitlist becomes a request the organiser accepts", async () => {
    const { organiser, id, players, waitlist } = await fullGame({ mode: 'approval' });
    await organiser.client.patch(`/status/events/${id}/mark-read`);
    await players[0].client.delete(`/status/events/${id}/leave`);
    let list = await lineUp(organiser, id);
    expect(ids(list.interested)).toEqual([waitlist[0].user._id]);
    expect(ids(list.waitlisted)).toEqual([waitlist[1].user._id]);
    expect((await organiser.client.get(`/status/events/${id}/my-status`)).json().readBy).toBe(false);
    expect((await waitlist[0].client.get('/status/my-events')).json().userEvents[0]).toMatchObject({ status: 'interested', readBy: false });
    // The offered place is held for that request: a newcomer still queues behind.
    const late = await signUp(t);
    expect((await late.client.post(`/status/events/${id}/join`)).json()).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    await organiser.client.patch(`/status/events/${id}/users/${waitlist[0].user._id}/status`, { status: 'accepted' });
    list = await lineUp(organiser, id);
    expect(ids(list.accepted)).toEqual([players[1].user._id, waitlist[0].user._id]);
    expect(ids(list.waitlisted)).toEqual([waitlist[1].user._id, late.user._id]);
  });

  it('turning away an accepted player, more places and an account deleted all let the next in', async () => {
    const { organiser, id, players, waitlist } = await fullGame({ mode: 'auto', waiting: 4 });
    await organiser.client.patch(`/status/events/${id}/users/${players[0].user._id}/status`, { status: 'rejected' });
    expect(ids((await lineUp(organiser, id)).accepted)).toContain(waitlist[0].user._id);

    const edit = await organiser.client.patch(`/football-events/${id}`, eventBody({ playerCount: 3, waitlistMode: 'auto' }));
    expect(edit.statusCode).toBe(200);
    expect(ids((await lineUp(organiser, id)).accepted)).toContain(waitlist[1].user._id);

    const gone = await players[1].client.delete('/users/current-user/delete', { password: 'Haslo123!' });
    expect(gone.statusCode).toBe(200);
    const list = await lineUp(organiser, id);
    expect(ids(list.accepted)).toEqual([waitlist[0].user._id, waitlist[1].user._id, waitlist[2].user._id]);
    expect(ids(list.waitlisted)).toEqual([waitlist[3].user._id]);
  });

  it('switching an edited game to automatycznie fills the places held open', async () => {
    const { organiser, id, players, waitlist } = await fullGame({ mode: 'approval' });
    await players[0].client.delete(`/status/events/${id}/leave`);
    await organiser.client.patch(`/status/events/${id}/users/${waitlist[0].user._id}/status`, { status: 'rejected' });
    // The place went to the next as a request; in 'auto' it is taken at once.
    expect(ids((await lineUp(organiser, id)).interested)).toEqual([waitlist[1].user._id]);
    await organiser.client.patch(`/football-events/${id}`, eventBody({ playerCount: 3, waitlistMode: 'auto' }));
    const list = await lineUp(organiser, id);
    expect(ids(list.interested)).toEqual([waitlist[1].user._id]);
    expect(list.accepted).toHaveLength(1);
  });
});

describe('the waitlist closes', () => {
  it('for a person leaving it: the others move up', async () => {
    const { id, waitlist } = await fullGame({ waiting: 3 });
    expect((await waitlist[0].client.delete(`/status/events/${id}/leave`)).json().msg).toBe(EVENT_MSG.left);
    expect(await myStatus(waitlist[0], id)).toMatchObject({ status: null, waitlistPosition: null });
    expect(await myStatus(waitlist[2], id)).toMatchObject({ waitlistPosition: 2 });
  });

  it('when the game starts: nobody waits any more and nobody new queues', async () => {
    const { organiser, id, players, waitlist } = await fullGame({ mode: 'auto' });
    await startGame(t, id);
    await tickEventClock(t.app);
    expect(await myStatus(waitlist[0], id)).toMatchObject({ status: null });
    expect((await lineUp(organiser, id)).waitlisted).toEqual([]);
    const late = await (await signUp(t)).client.post(`/status/events/${id}/join`);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(EVENT_MSG.waitlistClosed);
    // A place freed after the start stays free.
    await players[0].client.delete(`/status/events/${id}/leave`);
    expect((await lineUp(organiser, id)).accepted).toHaveLength(1);
  });

  it('when the game is cancelled: the people waiting are told', async () => {
    const { organiser, id, waitlist } = await fullGame();
    await organiser.client.delete(`/football-events/${id}`);
    const record = (await waitlist[0].client.get('/status/my-events')).json().userEvents[0];
    expect(record).toMatchObject({ status: 'waitlisted', readBy: false, eventID: { eventStatus: 'cancelled' } });
    expect((await (await signUp(t)).client.post(`/status/events/${id}/join`)).statusCode).toBe(404);
  });
});

describe('races (real concurrency on PostgreSQL)', () => {
  it('two places freed at once go to the first two, once each', async () => {
    const { organiser, id, players, waitlist } = await fullGame({ mode: 'auto', places: 3, waiting: 4 });
    await Promise.all([players[0], players[1]].map((p) => p.client.delete(`/status/events/${id}/leave`)));
    const list = await lineUp(organiser, id);
    expect(ids(list.accepted).sort()).toEqual([players[2], waitlist[0], waitlist[1]].map((p) => p.user._id).sort());
    expect(ids(list.waitlisted)).toEqual([waitlist[2].user._id, waitlist[3].user._id]);
  });

  it('two processes freeing places and accepting at once never book one place twice', async () => {
    const { organiser, id, players, waitlist } = await fullGame({ mode: 'auto', places: 2, waiting: 3 });
    // A second server on the same database, as behind a load balancer.
    const other: FastifyInstance = await build({
      config: t.config, database: t.database, logger: false, eventClock: false, distDir: path.join(t.config.DATA_DIR, 'no-dist'),
    });
    await other.ready();
    try {
      const via = (p: Person) => Object.assign(new TestClient(other, p.client.ip), { cookies: new Map(p.client.cookies) });
      const newcomer = await signUp(t);
      await Promise.all([
        via(players[0]).delete(`/status/events/${id}/leave`),
        players[1].client.delete(`/status/events/${id}/leave`),
        via(newcomer).post(`/status/events/${id}/join`),
        organiser.client.patch(`/status/events/${id}/users/${waitlist[2].user._id}/status`, { status: 'accepted' }),
      ]);
      const list = await lineUp(organiser, id);
      expect(list.accepted).toHaveLength(2);
      const everyone = [...ids(list.accepted), ...ids(list.waitlisted)];
      // Nobody twice, nobody lost.
      expect(new Set(everyone).size).toBe(everyone.length);
      expect(everyone.sort()).toEqual([...waitlist, newcomer].map((p) => p.user._id).sort());
      // The newcomer came last: never ahead of anyone who waited.
      expect(ids(list.accepted)).not.toContain(newcomer.user._id);
    } finally {
      await other.close();
    }
  });

  it('a player leaving the waitlist while being promoted: the place goes to the next, not nowhere', async () => {
    const { organiser, id, players, waitlist } = await fullGame({ mode: 'auto', places: 1, waiting: 3 });
    const [freed, gone] = await Promise.all([
      players[0].client.delete(`/status/events/${id}/leave`),
      waitlist[0].client.delete(`/status/events/${id}/leave`),
    ]);
    expect(freed.statusCode).toBe(200);
    const list = await lineUp(organiser, id);
    expect(list.accepted).toHaveLength(1);
    if (gone.statusCode === 200) {
      // Left before the promotion, or left the game right after being promoted: either way the next one moves in.
      expect(ids(list.accepted)).toEqual([waitlist[1].user._id]);
      expect(ids(list.waitlisted)).toEqual([waitlist[2].user._id]);
    } else {
      expect(ids(list.accepted)).toEqual([waitlist[0].user._id]);
    }
  });
});
