import type { FastifyInstance } from 'fastify';
import { EVENT_MSG, addDays, daysBetween, hasStarted, isFinishedStatus, type EventValues } from '@contract/events';
import { BadRequestError, ConflictError, NotFoundError } from '../lib/errors';
import { findEvent, findFollowingGames, type EventWithOwner } from '../repositories/events';
import { findParticipation } from '../repositories/participations';
import { addRegular, endSeries, removeRegular, updateSeries } from '../repositories/series';
import { cancelGame, editGame } from './game-changes';
import { resolveEventPlace } from './event-place';
import { addRegularToGame, ensureSeriesGames, scheduleOf, sendLineUp } from './series';

/** "To i następne" and the regulars of a weekly series (docs/adr/0092). */

/** A "to i następne" move shifts every following game by the same days; within a week no two games can meet. */
const MAX_SHIFT_DAYS = 6;

function seriesOf(event: EventWithOwner): { seriesId: string; seriesDate: string } {
  if (!event.seriesId || !event.seriesDate) throw new BadRequestError(EVENT_MSG.notInSeries);
  return { seriesId: event.seriesId, seriesDate: event.seriesDate };
}

/**
 * Edits this game and every following one that has not started: each gets the new values on its own
 * week (a new weekday moves them all by the same days), through the same edit as one game (its
 * checks, the waitlist, the people told); the series' template changes, so later games follow too.
 */
export async function editFollowing(app: FastifyInstance, event: EventWithOwner, v: EventValues): Promise<EventWithOwner> {
  const { seriesId, seriesDate } = seriesOf(event);
  if (isFinishedStatus(event.status) || hasStarted(event.startAt)) throw new ConflictError(EVENT_MSG.finished);
  const shift = daysBetween(seriesDate, v.startDate);
  if (Math.abs(shift) > MAX_SHIFT_DAYS) throw new BadRequestError(EVENT_MSG.seriesShiftTooFar, { startDate: EVENT_MSG.seriesShiftTooFar });
  const place = resolveEventPlace(v);
  const db = app.ctx.database.db;
  const games = (await findFollowingGames(db, seriesId, seriesDate)).filter((g) => g.id !== event.id);
  // This game first: its checks (a start in the past) stop the whole change before anything moved.
  const edited = await editGame(app, event, v, { seriesDate: v.startDate });
  // Moving later: the last game first, so no game takes a date another still holds (and the reverse).
  if (shift > 0) games.reverse();
  for (const game of games) {
    const date = addDays(game.seriesDate!, shift);
    await editGame(app, game, { ...v, startDate: date }, { seriesDate: date });
  }
  await updateSeries(db, seriesId, scheduleOf(v), { values: v, place });
  await ensureSeriesGames(app, new Date(), seriesId);
  return edited;
}

/** Cancels this game and every following one that has not started, and ends the series: no new games after it. */
export async function cancelFollowing(app: FastifyInstance, event: EventWithOwner): Promise<void> {
  const { seriesId, seriesDate } = seriesOf(event);
  if (event.status === 'completed') throw new ConflictError(EVENT_MSG.finished);
  const db = app.ctx.database.db;
  await endSeries(db, seriesId);
  const games = (await findFollowingGames(db, seriesId, seriesDate)).filter((g) => g.id !== event.id);
  await cancelGame(app, event);
  for (const game of games) await cancelGame(app, game);
}

/**
 * The organiser makes an accepted player of this game a regular of its series: from now on they
 * are accepted into every new game of it, and into the following games that exist already (where
 * they have no record yet). Leaving one game later is never undone by the series.
 */
export async function markRegular(app: FastifyInstance, event: EventWithOwner, userId: string): Promise<void> {
  const { seriesId, seriesDate } = seriesOf(event);
  const db = app.ctx.database.db;
  const record = await findParticipation(db, event.id, userId);
  if (!record) throw new NotFoundError(EVENT_MSG.noParticipant);
  if (record.status !== 'accepted' && record.status !== 'finished') throw new ConflictError(EVENT_MSG.regularNotAccepted);
  if (!(await addRegular(db, seriesId, userId))) return;
  for (const game of await findFollowingGames(db, seriesId, addDays(seriesDate, 1))) {
    const change = await db.transaction(async (tx) => {
      const locked = await findEvent(tx, game.id, { forUpdate: true });
      return locked && locked.status === 'upcoming' ? addRegularToGame(tx, locked, userId) : { notices: [], chat: [] };
    });
    await sendLineUp(app, game, change);
  }
}

/** The organiser unmarks a regular, or the regular leaves the series; the games they are in stay theirs. */
export async function unmarkRegular(app: FastifyInstance, event: EventWithOwner, userId: string): Promise<boolean> {
  const { seriesId } = seriesOf(event);
  return removeRegular(app.ctx.database.db, seriesId, userId);
}
