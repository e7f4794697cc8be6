import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EVENT_MSG, countsForRanking, finishRefusal } from '@contract/events';
import { tickEventClock } from '../src/jobs/event-clock';
import { createEvent, startGame } from './event-fixtures';
import { buildTestApp, signUp, type TestApp, type TestClient } from './helpers';

// docs/adr/0077: a game counts for stats and points only when it has started and had at least one
// accepted player besides the organiser. Written once (services/event-lifecycle.ts), used by the
// organiser's Zakończ and by the event clock.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function stats(client: TestClient) {
  return (await client.get('/user-stats/current')).json().stats as { gamesPlayed: number; eventsOrganized: number; points: number };
}

async function accepted(organiser: TestClient, eventId: string, player: { client: TestClient; user: { _id: string } }) {
  expect((await player.client.post(`/status/events/${eventId}/join`)).statusCode).toBe(201);
  const res = await organiser.patch(`/status/events/${eventId}/users/${player.user._id}/status`, { status: 'accepted' });
  expect(res.statusCode).toBe(200);
}

async function statusOf(client: TestClient, eventId: string) {
  return (await client.get(`/football-events/${eventId}`)).json().event.eventStatus as string;
}

describe('the ranking rule', () => {
  it('is one pure function the server and the SPA share', () => {
    const start = new Date('2026-06-01T16:00:00Z');
    expect(countsForRanking({ startAt: start, acceptedPlayers: 1 }, new Date('2026-06-01T17:00:00Z'))).toBe(true);
    expect(countsForRanking({ startAt: start, acceptedPlayers: 0 }, new Date('2026-06-01T17:00:00Z'))).toBe(false);
    expect(countsForRanking({ startAt: start, acceptedPlayers: 3 }, new Date('2026-06-01T15:59:00Z'))).toBe(false);
    expect(finishRefusal(start, new Date('2026-06-01T15:59:00Z'))).toBe(EVENT_MSG.finishBeforeStart);
    expect(finishRefusal(start, start)).toBeNull();
  });

  it('refuses Zakończ before the start, with a clear message, and changes nothing', async () => {
    const organiser = await signUp(t);
    const player = await signUp(t);
    const event = await createEvent(organiser.client);
    await accepted(organiser.client, event._id, player);

    const res = await organiser.client.patch(`/status/events/${event._id}/finish`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Nie możesz zakończyć wydarzenia przed jego rozpoczęciem. Możesz je usunąć.');
    expect(await statusOf(organiser.client, event._id)).toBe('upcoming');
    expect(await stats(organiser.client)).toMatchObject({ eventsOrganized: 0, points: 0 });
    expect(await stats(player.client)).toMatchObject({ gamesPlayed: 0, points: 0 });
    expect((await player.client.get(`/status/events/${event._id}/my-status`)).json().status).toBe('accepted');
    // Deleting it stays possible.
    expect((await organiser.client.delete(`/football-events/${event._id}`)).statusCode).toBe(200);
  });

  it('lets an empty game that has started be finished, and counts it for nobody', async () => {
    const organiser = await signUp(t);
    const event = await createEvent(organiser.client);
    await startGame(t, event._id);
    const res = await organiser.client.patch(`/status/events/${event._id}/finish`);
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe(EVENT_MSG.completed);
    expect(await statusOf(organiser.client, event._id)).toBe('completed');
    expect(await stats(organiser.client)).toMatchObject({ eventsOrganized: 0, points: 0 });
  });

  it('does not count players who were only interested or rejected', async () => {
    const organiser = await signUp(t);
    const waiting = await signUp(t);
    const rejected = await signUp(t);
    const event = await createEvent(organiser.client);
    await waiting.client.post(`/status/events/${event._id}/join`);
    await rejected.client.post(`/status/events/${event._id}/join`);
    await organiser.client.patch(`/status/events/${event._id}/users/${rejected.user._id}/status`, { status: 'rejected' });
    await startGame(t, event._id);
    expect((await organiser.client.patch(`/status/events/${event._id}/finish`)).statusCode).toBe(200);
    expect(await stats(organiser.client)).toMatchObject({ eventsOrganized: 0, points: 0 });
    expect(await stats(waiting.client)).toMatchObject({ gamesPlayed: 0 });
    expect(await stats(rejected.client)).toMatchObject({ gamesPlayed: 0 });
  });

  it('counts a started game with an accepted player, for the organiser and every accepted player', async () => {
    const organiser = await signUp(t);
    const players = [await signUp(t), await signUp(t)];
    const event = await createEvent(organiser.client);
    for (const p of players) await accepted(organiser.client, event._id, p);
    await startGame(t, event._id);
    expect((await organiser.client.patch(`/status/events/${event._id}/finish`)).statusCode).toBe(200);
    expect(await stats(organiser.client)).toMatchObject({ eventsOrganized: 1, points: 30 });
    for (const p of players) expect(await stats(p.client)).toMatchObject({ gamesPlayed: 1, points: 10 });
  });

  it('the event clock applies the same rule: an empty game ends for nothing, a played one counts', async () => {
    const organiser = await signUp(t);
    const player = await signUp(t);
    const empty = await createEvent(organiser.client, { eventName: 'Pusta gra' });
    const played = await createEvent(organiser.client, { eventName: 'Rozegrana gra' });
    await accepted(organiser.client, played._id, player);
    await t.database.pool.query(
      "UPDATE events SET start_at = now() - interval '2 hours', end_at = now() - interval '30 minutes' WHERE id = ANY($1::uuid[])",
      [[empty._id, played._id]],
    );
    await tickEventClock(t.app);
    expect(await statusOf(organiser.client, empty._id)).toBe('completed');
    expect(await statusOf(organiser.client, played._id)).toBe('completed');
    expect(await stats(organiser.client)).toMatchObject({ eventsOrganized: 1, points: 30 });
    expect(await stats(player.client)).toMatchObject({ gamesPlayed: 1, points: 10 });
  });
});

describe('the migration that recomputes existing stats under the rule', () => {
  /** The hand-written part of the migration (after `-- hand-written:`), statement by statement. */
  function dataFix(): string[] {
    const file = readFileSync(path.resolve(__dirname, '../drizzle/0006_real_use.sql'), 'utf8');
    const handWritten = file.slice(file.indexOf('-- hand-written:'));
    return handWritten.split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);
  }

  it('takes out what farming brought in and keeps the games that were played', async () => {
    const farmer = await signUp(t);
    const honest = await signUp(t);
    const player = await signUp(t);
    const q = (sql: string, params: unknown[] = []) => t.database.pool.query(sql, params);

    // Before the rule: the farmer finished an empty game early, an empty one after its start, and one
    // with a player before its start; the honest organiser finished a played game after its start.
    const early = await createEvent(farmer.client, { eventName: 'Pusta jutro' });
    const emptyStarted = await createEvent(farmer.client, { eventName: 'Pusta dziś' });
    const earlyWithPlayer = await createEvent(farmer.client, { eventName: 'Z graczem jutro' });
    const played = await createEvent(honest.client, { eventName: 'Prawdziwa gra' });
    await accepted(farmer.client, earlyWithPlayer._id, player);
    await accepted(honest.client, played._id, player);
    const completeAt = (id: string, when: string) => q(`UPDATE events SET status = 'completed', updated_at = ${when} WHERE id = $1`, [id]);
    await completeAt(early._id, 'now()');
    await q("UPDATE events SET start_at = now() - interval '1 hour' WHERE id = $1", [emptyStarted._id]);
    await completeAt(emptyStarted._id, 'now()');
    await completeAt(earlyWithPlayer._id, 'now()');
    await q("UPDATE events SET start_at = now() - interval '2 hours' WHERE id = $1", [played._id]);
    await completeAt(played._id, "now() - interval '30 minutes'");
    await q("UPDATE participations SET status = 'finished' WHERE event_id = ANY($1::uuid[]) AND status = 'accepted'", [[earlyWithPlayer._id, played._id]]);
    // The counters as the old code left them, plus likes that must not move.
    await q('UPDATE user_stats SET events_organized = 3, total_likes = 2 WHERE user_id = $1', [farmer.user._id]);
    await q('UPDATE user_stats SET events_organized = 1 WHERE user_id = $1', [honest.user._id]);
    await q('UPDATE user_stats SET games_played = 2 WHERE user_id = $1', [player.user._id]);

    for (const statement of dataFix()) await q(statement);

    expect(await stats(farmer.client)).toMatchObject({ eventsOrganized: 0, points: 6 });
    expect(await stats(honest.client)).toMatchObject({ eventsOrganized: 1, points: 30 });
    expect(await stats(player.client)).toMatchObject({ gamesPlayed: 1, points: 10 });
  });
});
