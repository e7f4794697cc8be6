/** Attendance of a completed game and the reliability figure (docs/adr/0091), on both engines. */
import { EVENT_MSG, reliabilityText } from '@contract/events';
import { tickEventClock } from '../src/jobs/event-clock';
import { createEvent, startGame } from './event-fixtures';
import { buildTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;

async function stats(p: Person) {
  return (await p.client.get('/user-stats/current')).json().stats;
}

/** A game the players were accepted into, started and completed by the organiser's Zakończ. */
async function playedGame(organiser: Person, players: Person[]) {
  const { _id: id } = await createEvent(organiser.client);
  for (const p of players) {
    await p.client.post(`/status/events/${id}/join`);
    await organiser.client.patch(`/status/events/${id}/users/${p.user._id}/status`, { status: 'accepted' });
  }
  await startGame(t, id);
  expect((await organiser.client.patch(`/status/events/${id}/finish`)).statusCode).toBe(200);
  return id;
}

const mark = (organiser: Person, id: string, player: Person, attended: boolean) =>
  organiser.client.patch(`/status/events/${id}/users/${player.user._id}/attendance`, { attended });

describe('attendance', () => {
  it('a no-show does not get the game played; marking present again gives it back', async () => {
    const organiser = await signUp(t);
    const [a, b] = [await signUp(t), await signUp(t)];
    const id = await playedGame(organiser, [a, b]);
    const list = (await organiser.client.get(`/status/events/${id}/users`)).json();
    expect(list.eventUsers.map((u: { attended: boolean }) => u.attended)).toEqual([true, true]);
    expect(Date.parse(list.attendanceEditableUntil) - Date.now()).toBeGreaterThan(47 * 3600_000);
    expect(await stats(a)).toMatchObject({ gamesPlayed: 1, points: 10, gamesTracked: 1, gamesAttended: 1 });

    expect((await mark(organiser, id, a, false)).json().msg).toBe(EVENT_MSG.attendanceSaved);
    expect(await stats(a)).toMatchObject({ gamesPlayed: 0, points: 0, gamesTracked: 1, gamesAttended: 0 });
    // Saying it twice changes nothing more.
    await mark(organiser, id, a, false);
    expect(await stats(a)).toMatchObject({ gamesPlayed: 0 });
    expect(await stats(organiser)).toMatchObject({ eventsOrganized: 1 });

    // Nobody came: the game counts for the organiser no more; somebody came after all: it does again.
    await mark(organiser, id, b, false);
    expect(await stats(organiser)).toMatchObject({ eventsOrganized: 0, points: 0 });
    await mark(organiser, id, b, true);
    expect(await stats(organiser)).toMatchObject({ eventsOrganized: 1 });
    expect(await stats(b)).toMatchObject({ gamesPlayed: 1, gamesAttended: 1 });
  });

  it('only the organiser, only a completed game, only its players, only for 48 hours', async () => {
    const organiser = await signUp(t);
    const player = await signUp(t);
    const { _id: upcoming } = await createEvent(organiser.client);
    await player.client.post(`/status/events/${upcoming}/join`);
    await organiser.client.patch(`/status/events/${upcoming}/users/${player.user._id}/status`, { status: 'accepted' });
    const early = await mark(organiser, upcoming, player, false);
    expect(early.statusCode).toBe(409);
    expect(early.json().msg).toBe(EVENT_MSG.attendanceNotYet);

    const id = await playedGame(organiser, [player]);
    const stranger = await signUp(t);
    expect((await mark(player, id, player, false)).statusCode).toBe(403);
    expect((await mark(organiser, id, stranger, false)).statusCode).toBe(404);
    expect((await organiser.client.patch(`/status/events/${id}/users/${player.user._id}/attendance`, { attended: 'nie' })).statusCode).toBe(400);
    expect(await stats(player)).toMatchObject({ gamesPlayed: 1 });

    await t.database.pool.query("UPDATE events SET completed_at = now() - interval '49 hours' WHERE id = $1", [id]);
    const late = await mark(organiser, id, player, false);
    expect(late.statusCode).toBe(409);
    expect(late.json().msg).toBe(EVENT_MSG.attendanceClosed);
    expect(await stats(player)).toMatchObject({ gamesPlayed: 1, gamesAttended: 1 });
  });

  it('a game completed by the clock gets a check-in list too', async () => {
    const organiser = await signUp(t);
    const player = await signUp(t);
    const { _id: id } = await createEvent(organiser.client);
    await player.client.post(`/status/events/${id}/join`);
    await organiser.client.patch(`/status/events/${id}/users/${player.user._id}/status`, { status: 'accepted' });
    await t.database.pool.query("UPDATE events SET start_at = now() - interval '3 hours', end_at = now() - interval '1 hour' WHERE id = $1", [id]);
    await tickEventClock(t.app);
    expect((await mark(organiser, id, player, false)).statusCode).toBe(200);
    expect(await stats(player)).toMatchObject({ gamesPlayed: 0, gamesTracked: 1, gamesAttended: 0 });
  });

  it('the reliability figure appears from the fifth game and shows on join requests', async () => {
    const organiser = await signUp(t);
    const player = await signUp(t);
    const games: string[] = [];
    for (let i = 0; i < 4; i++) games.push(await playedGame(organiser, [player]));
    expect(reliabilityText(await stats(player))).toBeNull();
    games.push(await playedGame(organiser, [player]));
    await mark(organiser, games[0], player, false);
    expect(reliabilityText(await stats(player))).toBe('Frekwencja 80% z 5 gier');
    // The organiser of a new game sees it with the request.
    const { _id: next } = await createEvent(organiser.client);
    await player.client.post(`/status/events/${next}/join`);
    const users = (await organiser.client.get(`/status/events/${next}/users`)).json();
    const theirs = users.userStats.find((s: { userID: string }) => s.userID === player.user._id);
    expect(reliabilityText(theirs)).toBe('Frekwencja 80% z 5 gier');
  });
});
