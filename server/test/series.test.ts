/**
 * Weekly series of games (docs/adr/0092), on both engines: the next games are made at once and by
 * the job, once each however many run at the same time; the regulars are in them; the hour stays
 * Warsaw's across daylight-saving changes; this one / this and following edits and cancels.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EVENT_MSG, addDays } from '@contract/events';
import { utcToWarsaw } from '@contract/time';
import { build } from '../src/app';
import { ensureSeriesGames } from '../src/services/series';
import { eventBody } from './event-fixtures';
import { buildTestApp, signUp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof signUp>>;
const DAY = 86_400_000;

interface Game {
  id: string;
  series_date: string;
  start_at: Date;
  start_hour: string;
  event_name: string;
  status: string;
}

async function seriesGames(seriesId: string): Promise<Game[]> {
  const res = (await t.database.pool.query(
    'SELECT id, series_date, start_at, start_hour, event_name, status FROM events WHERE series_id = $1 ORDER BY series_date',
    [seriesId],
  )) as { rows: Game[] };
  return res.rows.map((r) => ({ ...r, start_at: new Date(r.start_at) }));
}

async function statusIn(p: Person, eventId: string): Promise<string | null> {
  return (await p.client.get(`/status/events/${eventId}/my-status`)).json().status;
}

/** A weekly game created through the form, starting tomorrow (or on `date`). */
async function weeklyGame(organiser: Person, overrides: Record<string, unknown> = {}) {
  const res = await organiser.client.post('/football-events', eventBody({ isRecurring: true, ...overrides }));
  expect(res.statusCode).toBe(201);
  const event = res.json().event as { _id: string; seriesId: string; isRecurring: boolean; startDate: string };
  expect(event.seriesId).toEqual(expect.any(String));
  expect(event.isRecurring).toBe(true);
  return event;
}

async function acceptedPlayer(organiser: Person, eventId: string): Promise<Person> {
  const p = await signUp(t);
  expect((await p.client.post(`/status/events/${eventId}/join`)).statusCode).toBe(201);
  expect((await organiser.client.patch(`/status/events/${eventId}/users/${p.user._id}/status`, { status: 'accepted' })).statusCode).toBe(200);
  return p;
}

describe('a weekly series', () => {
  it('creating a weekly game makes the next weeks at once, each a real game, and a one-off game makes none', async () => {
    const organiser = await signUp(t);
    const first = await weeklyGame(organiser);
    const games = await seriesGames(first.seriesId);
    // Tomorrow's game and the following weeks up to four weeks ahead.
    expect(games.map((g) => g.series_date)).toEqual([0, 7, 14, 21].map((d) => addDays(first.startDate, d)));
    expect(games.every((g) => g.start_hour === '18:30' && utcToWarsaw(g.start_at).hour === '18:30')).toBe(true);
    // A real game: others can open and join it.
    const later = await signUp(t);
    expect((await later.client.get(`/football-events/${games[2].id}`)).json().event).toMatchObject({ isRecurring: true, seriesId: first.seriesId });
    expect((await later.client.post(`/status/events/${games[2].id}/join`)).statusCode).toBe(201);
    const oneOff = await organiser.client.post('/football-events', eventBody());
    expect(oneOff.json().event).toMatchObject({ isRecurring: false, seriesId: null });
  });

  it('regulars are accepted into the following games and into every new one, up to the places', async () => {
    const organiser = await signUp(t);
    const first = await weeklyGame(organiser, { playerCount: 1 });
    const regular = await acceptedPlayer(organiser, first._id);
    expect((await organiser.client.put(`/football-events/${first._id}/regulars/${regular.user._id}`)).json().msg).toBe(EVENT_MSG.regularSaved);
    const games = await seriesGames(first.seriesId);
    for (const g of games) expect(await statusIn(regular, g.id)).toBe('accepted');
    const two = await signUp(t);
    // Only the organiser lists regulars.
    expect((await organiser.client.get(`/football-events/${first._id}/regulars`)).json().regulars).toEqual([regular.user._id]);
    expect((await two.client.get(`/football-events/${first._id}/regulars`)).statusCode).toBe(403);
    // The regular is told of the place in each game.
    const told = (await regular.client.get('/notifications')).json().notifications as Array<{ title: string }>;
    expect(told.filter((n) => n.title === 'Zgłoszenie zaakceptowane').length).toBeGreaterThanOrEqual(4);
    // The job, weeks later, makes the new games with the regular in them.
    const created = await ensureSeriesGames(t.app, new Date(Date.now() + 14 * DAY), first.seriesId);
    expect(created).toHaveLength(2);
    for (const e of created) expect(await statusIn(regular, e.id)).toBe('accepted');
    // A second regular finds the one place taken: on the waitlist of the games made after.
    await two.client.post(`/status/events/${first._id}/join`);
    await organiser.client.patch(`/status/events/${first._id}/users/${regular.user._id}/status`, { status: 'rejected' });
    await organiser.client.patch(`/status/events/${first._id}/users/${two.user._id}/status`, { status: 'accepted' });
    await organiser.client.put(`/football-events/${first._id}/regulars/${two.user._id}`);
    const next = await ensureSeriesGames(t.app, new Date(Date.now() + 21 * DAY), first.seriesId);
    expect(await statusIn(regular, next[0].id)).toBe('accepted');
    expect(await statusIn(two, next[0].id)).toBe('waitlisted');
  });

  it('running the job twice, or at the same time, makes each game once', async () => {
    const organiser = await signUp(t);
    const first = await weeklyGame(organiser);
    const regular = await acceptedPlayer(organiser, first._id);
    await organiser.client.put(`/football-events/${first._id}/regulars/${regular.user._id}`);
    const later = new Date(Date.now() + 21 * DAY);
    const runs = await Promise.all([
      ensureSeriesGames(t.app, later, first.seriesId), ensureSeriesGames(t.app, later, first.seriesId), ensureSeriesGames(t.app, later),
    ]);
    // The unscoped run (the job) may fill other tests' series too.
    expect(runs.flat().filter((e) => e.seriesId === first.seriesId)).toHaveLength(3);
    expect(await ensureSeriesGames(t.app, later, first.seriesId)).toHaveLength(0);
    const games = await seriesGames(first.seriesId);
    expect(new Set(games.map((g) => g.series_date)).size).toBe(games.length);
    expect(games).toHaveLength(7);
    // Two processes on one database, as behind a load balancer.
    const other: FastifyInstance = await build({
      config: t.config, database: t.database, logger: false, eventClock: false, distDir: path.join(t.config.DATA_DIR, 'no-dist'),
    });
    await other.ready();
    try {
      const further = new Date(Date.now() + 35 * DAY);
      const both = await Promise.all([ensureSeriesGames(t.app, further, first.seriesId), ensureSeriesGames(other, further, first.seriesId)]);
      expect(both.flat()).toHaveLength(2);
    } finally {
      await other.close();
    }
    const all = await seriesGames(first.seriesId);
    expect(all).toHaveLength(9);
    for (const g of all.slice(1)) expect(await statusIn(regular, g.id)).toBe('accepted');
    const rows = (await t.database.pool.query(
      "SELECT count(*)::int AS n FROM participations p JOIN events e ON e.id = p.event_id WHERE e.series_id = $1 AND p.user_id = $2",
      [first.seriesId, regular.user._id],
    )) as { rows: Array<{ n: number }> };
    expect(rows.rows[0].n).toBe(9);
  });

  it('a 19:00 game stays 19:00 in Warsaw across the end of March and the end of October', async () => {
    const organiser = await signUp(t);
    // Tuesdays: 23 March 2027 is winter time (18:00 UTC), 30 March summer time (17:00 UTC, clocks changed on the 28th).
    const spring = await weeklyGame(organiser, { startDate: '2027-03-23', startHour: '19:00' });
    await ensureSeriesGames(t.app, new Date('2027-03-22T12:00:00Z'), spring.seriesId);
    const march = await seriesGames(spring.seriesId);
    expect(march.map((g) => g.series_date)).toEqual(['2027-03-23', '2027-03-30', '2027-04-06', '2027-04-13']);
    expect(march.map((g) => g.start_at.getUTCHours())).toEqual([18, 17, 17, 17]);
    expect(march.every((g) => utcToWarsaw(g.start_at).hour === '19:00' && g.start_hour === '19:00')).toBe(true);
    // 26 October 2027 is summer time (17:00 UTC), 2 November winter time (18:00 UTC; clocks changed on the 31st).
    const autumn = await weeklyGame(organiser, { startDate: '2027-10-26', startHour: '19:00' });
    await ensureSeriesGames(t.app, new Date('2027-10-25T12:00:00Z'), autumn.seriesId);
    const october = await seriesGames(autumn.seriesId);
    expect(october.map((g) => g.series_date)).toEqual(['2027-10-26', '2027-11-02', '2027-11-09', '2027-11-16']);
    expect(october.map((g) => g.start_at.getUTCHours())).toEqual([17, 18, 18, 18]);
    expect(october.every((g) => utcToWarsaw(g.start_at).hour === '19:00')).toBe(true);
  });

  it('a regular who left one date is not put back by the series, and stays in the others', async () => {
    const organiser = await signUp(t);
    const first = await weeklyGame(organiser);
    const regular = await acceptedPlayer(organiser, first._id);
    await organiser.client.put(`/football-events/${first._id}/regulars/${regular.user._id}`);
    const games = await seriesGames(first.seriesId);
    expect((await regular.client.delete(`/status/events/${games[1].id}/leave`)).statusCode).toBe(200);
    await ensureSeriesGames(t.app, new Date(Date.now() + 7 * DAY), first.seriesId);
    await ensureSeriesGames(t.app, new Date(Date.now() + 14 * DAY), first.seriesId);
    expect(await statusIn(regular, games[1].id)).toBeNull();
    expect(await statusIn(regular, games[2].id)).toBe('accepted');
    const now = await seriesGames(first.seriesId);
    expect(await statusIn(regular, now[now.length - 1].id)).toBe('accepted');
    // Leaving the series: no new games for them, the ones they are in stay.
    const my = (await regular.client.get(`/status/events/${games[2].id}/my-status`)).json();
    expect(my.isRegular).toBe(true);
    expect((await regular.client.delete(`/football-events/${games[2].id}/regulars/${regular.user._id}`)).json().msg).toBe(EVENT_MSG.seriesLeft);
    const made = await ensureSeriesGames(t.app, new Date(Date.now() + 28 * DAY), first.seriesId);
    expect(made.length).toBeGreaterThan(0);
    for (const e of made) expect(await statusIn(regular, e.id)).toBeNull();
    expect(await statusIn(regular, games[2].id)).toBe('accepted');
  });

  it('editing only this game leaves the others; this and following changes them and the games made later', async () => {
    const organiser = await signUp(t);
    const first = await weeklyGame(organiser);
    const games = await seriesGames(first.seriesId);
    const only = await organiser.client.patch(`/football-events/${games[1].id}?scope=one`, eventBody({
      startDate: games[1].series_date, eventName: 'Tylko ta gra',
    }));
    expect(only.statusCode).toBe(200);
    expect((await seriesGames(first.seriesId)).map((g) => g.event_name)).toEqual(['Gierka na Orliku', 'Tylko ta gra', 'Gierka na Orliku', 'Gierka na Orliku']);
    // This and following from the third game: a day later, at 20:00.
    const moved = addDays(games[2].series_date, 1);
    const following = await organiser.client.patch(`/football-events/${games[2].id}?scope=following`, eventBody({
      startDate: moved, startHour: '20:00', eventName: 'Nowa seria',
    }));
    expect(following.json().msg).toBe(EVENT_MSG.seriesUpdated);
    const after = await seriesGames(first.seriesId);
    expect(after.map((g) => g.event_name)).toEqual(['Gierka na Orliku', 'Tylko ta gra', 'Nowa seria', 'Nowa seria']);
    expect(after.slice(2).map((g) => g.series_date)).toEqual([moved, addDays(moved, 7)]);
    expect(after.slice(2).every((g) => g.start_hour === '20:00' && utcToWarsaw(g.start_at).hour === '20:00')).toBe(true);
    const made = await ensureSeriesGames(t.app, new Date(Date.now() + 7 * DAY), first.seriesId);
    expect(made.map((e) => [e.eventName, e.startHour, e.startDate])).toEqual([['Nowa seria', '20:00', addDays(moved, 14)]]);
    // More than six days is not a move of the series.
    const far = await organiser.client.patch(`/football-events/${games[3].id}?scope=following`, eventBody({ startDate: addDays(games[3].series_date, 9) }));
    expect(far.statusCode).toBe(400);
    expect(far.json().msg).toBe(EVENT_MSG.seriesShiftTooFar);
  });

  it('cancelling only this game leaves the others; this and following cancels them and ends the series', async () => {
    const organiser = await signUp(t);
    const first = await weeklyGame(organiser);
    const regular = await acceptedPlayer(organiser, first._id);
    await organiser.client.put(`/football-events/${first._id}/regulars/${regular.user._id}`);
    const games = await seriesGames(first.seriesId);
    expect((await organiser.client.delete(`/football-events/${games[1].id}`)).json().msg).toBe(EVENT_MSG.deleted);
    expect((await seriesGames(first.seriesId)).map((g) => g.status)).toEqual(['upcoming', 'cancelled', 'upcoming', 'upcoming']);
    // The cancelled date is not made again.
    expect(await ensureSeriesGames(t.app, new Date(), first.seriesId)).toHaveLength(0);
    const res = await organiser.client.delete(`/football-events/${games[2].id}?scope=following`);
    expect(res.json().msg).toBe(EVENT_MSG.seriesCancelled);
    expect((await seriesGames(first.seriesId)).map((g) => g.status)).toEqual(['upcoming', 'cancelled', 'cancelled', 'cancelled']);
    expect(await ensureSeriesGames(t.app, new Date(Date.now() + 28 * DAY), first.seriesId)).toHaveLength(0);
    expect(await ensureSeriesGames(t.app, new Date(Date.now() + 28 * DAY))).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ seriesId: first.seriesId })]),
    );
    expect(await statusIn(regular, first._id)).toBe('accepted');
  });

  it('only the organiser changes a series or marks regulars; ids and scopes are checked', async () => {
    const organiser = await signUp(t);
    const first = await weeklyGame(organiser);
    const player = await acceptedPlayer(organiser, first._id);
    const stranger = await signUp(t);
    const body = eventBody({ startDate: first.startDate });
    expect((await player.client.patch(`/football-events/${first._id}?scope=following`, body)).statusCode).toBe(403);
    expect((await player.client.delete(`/football-events/${first._id}?scope=following`)).statusCode).toBe(403);
    const self = await player.client.put(`/football-events/${first._id}/regulars/${player.user._id}`);
    expect(self.statusCode).toBe(403);
    expect(self.json().msg).toBe(EVENT_MSG.notOwner);
    expect((await stranger.client.delete(`/football-events/${first._id}/regulars/${player.user._id}`)).statusCode).toBe(403);
    // Only accepted players become regulars.
    const notIn = await organiser.client.put(`/football-events/${first._id}/regulars/${stranger.user._id}`);
    expect(notIn.statusCode).toBe(404);
    expect((await organiser.client.put(`/football-events/${first._id}/regulars/not-a-uuid`)).statusCode).toBe(400);
    expect((await organiser.client.patch(`/football-events/${first._id}?scope=sometimes`, body)).statusCode).toBe(400);
    // A one-off game has no series to change.
    const oneOff = (await organiser.client.post('/football-events', eventBody())).json().event;
    const res = await organiser.client.delete(`/football-events/${oneOff._id}?scope=following`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(EVENT_MSG.notInSeries);
  });

  it('a future one-off game becomes weekly through its edit', async () => {
    const organiser = await signUp(t);
    const oneOff = (await organiser.client.post('/football-events', eventBody())).json().event;
    const res = await organiser.client.patch(`/football-events/${oneOff._id}`, eventBody({ isRecurring: true }));
    expect(res.json().event.seriesId).toEqual(expect.any(String));
    expect(await seriesGames(res.json().event.seriesId)).toHaveLength(4);
  });
});
