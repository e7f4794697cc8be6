import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { EVENT_MSG } from '@contract/events';
import { tickEventClock } from '../src/jobs/event-clock';
import { createEvent, startGame } from './event-fixtures';
import { buildTestApp, signUp, type TestApp, type TestClient } from './helpers';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

async function stats(client: TestClient) {
  return (await client.get('/user-stats/current')).json().stats;
}

async function game() {
  const organiser = await signUp(t);
  const player = await signUp(t);
  const event = await createEvent(organiser.client);
  return { organiser, player, event, id: event._id };
}

describe('asking to join and the organiser deciding', () => {
  it('walks none → interested → accepted → finished, with unread flags and points', async () => {
    const { organiser, player, id } = await game();
    expect((await player.client.get(`/status/events/${id}/my-status`)).json()).toEqual({ status: null, readBy: true, waitlistPosition: null });

    const join = await player.client.post(`/status/events/${id}/join`);
    expect(join.statusCode).toBe(201);
    expect((await player.client.post(`/status/events/${id}/join`)).json().msg).toBe(EVENT_MSG.alreadyHasStatus);
    expect((await organiser.client.get(`/status/events/${id}/my-status`)).json().status).toBe('owner');

    const users = (await organiser.client.get(`/status/events/${id}/users`)).json();
    expect(users.usersByStatus.interested.map((u: { _id: string }) => u._id)).toEqual([player.user._id]);
    expect(users.total).toBe(1);

    const accept = await organiser.client.patch(`/status/events/${id}/users/${player.user._id}/status`, { status: 'accepted' });
    expect(accept.statusCode).toBe(200);
    const mine = (await player.client.get('/status/my-events')).json().userEvents;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'accepted', readBy: false, eventID: { _id: id, isParticipating: true } });
    expect((await player.client.post(`/status/events/${id}/join`)).json().msg).toBe(EVENT_MSG.alreadyHasStatus);
    await player.client.patch(`/status/events/${id}/mark-read`);
    expect((await player.client.get('/status/my-events')).json().userEvents[0].readBy).toBe(true);

    await startGame(t, id);
    expect((await organiser.client.patch(`/status/events/${id}/finish`)).json().msg).toBe(EVENT_MSG.completed);
    expect((await player.client.get('/status/my-events')).json().userEvents[0]).toMatchObject({ status: 'finished', readBy: false });
    expect(await stats(player.client)).toMatchObject({ gamesPlayed: 1, eventsOrganized: 0, points: 10 });
    expect(await stats(organiser.client)).toMatchObject({ gamesPlayed: 0, eventsOrganized: 1, points: 30 });

    // Finishing twice changes nothing.
    expect((await organiser.client.patch(`/status/events/${id}/finish`)).statusCode).toBe(409);
    expect(await stats(organiser.client)).toMatchObject({ eventsOrganized: 1 });
    expect((await player.client.delete(`/status/events/${id}/leave`)).json().msg).toBe(EVENT_MSG.cannotLeave);
  });

  it('a rejected player cannot ask again, and an interested one can leave', async () => {
    const { organiser, player, id } = await game();
    await player.client.post(`/status/events/${id}/join`);
    await organiser.client.patch(`/status/events/${id}/users/${player.user._id}/status`, { status: 'rejected' });
    expect((await player.client.post(`/status/events/${id}/join`)).json().msg).toBe(EVENT_MSG.rejected);
    expect((await player.client.delete(`/status/events/${id}/leave`)).statusCode).toBe(409);

    const other = await signUp(t);
    await other.client.post(`/status/events/${id}/join`);
    expect((await other.client.delete(`/status/events/${id}/leave`)).json().msg).toBe(EVENT_MSG.left);
    expect((await other.client.get(`/status/events/${id}/my-status`)).json().status).toBeNull();
  });

  it('the organiser cannot join their own game', async () => {
    const { organiser, id } = await game();
    expect((await organiser.client.post(`/status/events/${id}/join`)).json().msg).toBe(EVENT_MSG.ownEvent);
  });

  it('lets only the organiser accept, reject or finish', async () => {
    const { player, id } = await game();
    const stranger = await signUp(t);
    await player.client.post(`/status/events/${id}/join`);
    for (const client of [stranger.client, player.client]) {
      const accept = await client.patch(`/status/events/${id}/users/${player.user._id}/status`, { status: 'accepted' });
      expect(accept.statusCode).toBe(403);
      expect((await client.patch(`/status/events/${id}/finish`)).statusCode).toBe(403);
    }
    expect((await player.client.get(`/status/events/${id}/my-status`)).json().status).toBe('interested');
  });

  it('shows non-owners only the accepted players', async () => {
    const { organiser, player, id } = await game();
    const waiting = await signUp(t);
    await player.client.post(`/status/events/${id}/join`);
    await waiting.client.post(`/status/events/${id}/join`);
    await organiser.client.patch(`/status/events/${id}/users/${player.user._id}/status`, { status: 'accepted' });
    const seen = (await waiting.client.get(`/status/events/${id}/users`)).json();
    expect(seen.usersByStatus.interested).toEqual([]);
    expect(seen.usersByStatus.accepted.map((u: { _id: string }) => u._id)).toEqual([player.user._id]);
    expect(seen.userStats[0].userID).toBe(organiser.user._id);
  });

  it('tells the participant at once over the socket', async () => {
    const { organiser, player, id } = await game();
    await player.client.post(`/status/events/${id}/join`);
    const socket: Socket = connect(url, { transports: ['websocket'], extraHeaders: { cookie: `sid=${player.client.cookies.get('sid')}` } });
    try {
      await new Promise<void>((resolve) => socket.on('connect', () => resolve()));
      const update = new Promise((resolve) => socket.on('statusUpdate', resolve));
      await organiser.client.patch(`/status/events/${id}/users/${player.user._id}/status`, { status: 'accepted' });
      expect(await update).toMatchObject({ eventId: id, userId: player.user._id, status: 'accepted', readBy: false });
    } finally {
      socket.close();
    }
  });
});

describe('the event clock', () => {
  it('moves a started game to live and a finished one to completed, with the effects of finishing', async () => {
    const { organiser, player, id } = await game();
    const live = await createEvent(organiser.client, { eventName: 'Trwa' });
    await player.client.post(`/status/events/${id}/join`);
    await organiser.client.patch(`/status/events/${id}/users/${player.user._id}/status`, { status: 'accepted' });
    await t.database.pool.query("UPDATE events SET start_at = now() - interval '2 hours', end_at = now() - interval '30 minutes' WHERE id = $1", [id]);
    await t.database.pool.query("UPDATE events SET start_at = now() - interval '10 minutes', end_at = now() + interval '80 minutes' WHERE id = $1", [live._id]);
    const before = await stats(player.client);

    await tickEventClock(t.app);
    expect((await organiser.client.get(`/football-events/${id}`)).json().event.eventStatus).toBe('completed');
    expect((await organiser.client.get(`/football-events/${live._id}`)).json().event.eventStatus).toBe('live');
    expect((await stats(player.client)).gamesPlayed).toBe(before.gamesPlayed + 1);
    expect((await player.client.get(`/status/events/${id}/my-status`)).json().status).toBe('finished');

    // A second tick, or the organiser's own Zakończ afterwards, does not count the game again.
    await tickEventClock(t.app);
    expect((await organiser.client.patch(`/status/events/${id}/finish`)).statusCode).toBe(409);
    expect((await stats(player.client)).gamesPlayed).toBe(before.gamesPlayed + 1);
  });
});
