import type { FastifyInstance } from 'fastify';
import { SERIES_WEEKS_AHEAD, addDays, isoWeekday, type EventValues } from '@contract/events';
import { utcToWarsaw, warsawToUtc } from '@contract/time';
import type { Executor } from '../db/database';
import { sendChatNotices } from '../realtime/chat-notify';
import { sendStatusUpdates } from '../realtime/notify';
import { sendEventChanged } from '../realtime/event-changed';
import { attachToSeries, eventColumns, findEvent, insertSeriesGame, type EventWithOwner } from '../repositories/events';
import { findParticipation, insertInterest, setParticipationStatus } from '../repositories/participations';
import {
  findSeries, insertSeries, listActiveSeries, listRegulars, takenSlots, type Place, type SeriesRow, type SeriesTemplate,
} from '../repositories/series';
import { syncGroupMembership, type ChatNotice } from './chat-rooms';
import type { StatusNotice } from './event-lifecycle';
import { announceNewGame, timesOf } from './game-changes';
import { countByStatus, joinsWaitlist } from './waitlist';
import { gamesChanged } from '../search/games-changed';

/** Weekly series of games (docs/adr/0092). */

const WEEK_DAYS = 7;

export function scheduleOf(values: Pick<EventValues, 'startDate' | 'startHour' | 'duration'>) {
  return { weekday: isoWeekday(values.startDate), anchorDate: values.startDate, localTime: values.startHour, duration: values.duration };
}

/**
 * The slots (Warsaw dates) a series should have games for at `now`: whole weeks after its anchor,
 * starting after `now` and at most SERIES_WEEKS_AHEAD weeks ahead. Dates are calendar arithmetic and
 * the hour is Warsaw wall-clock time, so a 19:00 game stays 19:00 across daylight-saving changes.
 */
export function dueSlots(series: Pick<SeriesRow, 'anchorDate' | 'localTime' | 'until'>, now: Date, weeks = SERIES_WEEKS_AHEAD): string[] {
  const horizon = now.getTime() + weeks * WEEK_DAYS * 86_400_000;
  const slots: string[] = [];
  for (let k = 1; ; k += 1) {
    const date = addDays(series.anchorDate, k * WEEK_DAYS);
    const start = warsawToUtc(date, series.localTime).getTime();
    if (start > horizon || (series.until && date > series.until)) break;
    if (start > now.getTime()) slots.push(date);
  }
  return slots;
}

/** A series starts from a game just created or edited: that game fills the series' first slot. */
export async function startSeries(ex: Executor, event: EventWithOwner, values: EventValues, place: Place): Promise<string> {
  const id = await insertSeries(ex, event.ownerId, scheduleOf(event), { values, place });
  await attachToSeries(ex, event.id, id, event.startDate);
  return id;
}

interface LineUpChange {
  notices: StatusNotice[];
  chat: ChatNotice[];
}

/**
 * A regular joins one game of the series (the game's row locked by the caller): accepted while
 * there are places, otherwise on the waitlist, as anyone joining a full game. Someone who already
 * has a record in the game (they left it and came back, were turned away, are waiting) keeps it;
 * a pending request of theirs is accepted when there is a place.
 */
export async function addRegularToGame(tx: Executor, event: EventWithOwner, userId: string): Promise<LineUpChange> {
  const out: LineUpChange = { notices: [], chat: [] };
  if (userId === event.ownerId) return out;
  const counts = await countByStatus(tx, event.id);
  const queue = joinsWaitlist(event, counts);
  const existing = await findParticipation(tx, event.id, userId);
  if (existing && (existing.status !== 'interested' || queue)) return out;
  let row = existing ?? (await insertInterest(tx, event.id, userId, queue ? 'waitlisted' : 'interested'));
  if (!row) return out;
  if (!queue) {
    row = await setParticipationStatus(tx, row.id, 'accepted');
    out.chat.push(...(await syncGroupMembership(tx, event, userId, 'accepted')));
  }
  out.notices.push({
    userId,
    payload: {
      eventId: event.id, eventName: event.eventName, userId, status: row.status, eventStatus: event.status, recordId: row.id, readBy: false,
    },
  });
  return out;
}

/** Tells people about line-up changes after the commit. */
export async function sendLineUp(app: FastifyInstance, event: { id: string; ownerId: string }, change: LineUpChange): Promise<void> {
  sendStatusUpdates(app, change.notices);
  sendChatNotices(app, change.chat);
  if (change.notices.length) await sendEventChanged(app, event, 'updated');
}

/** Creates the game of one slot, once across processes, with the series' regulars in it. */
async function createOccurrence(app: FastifyInstance, series: SeriesRow, date: string): Promise<EventWithOwner | null> {
  const db = app.ctx.database.db;
  const template = series.template as SeriesTemplate;
  const values: EventValues = { ...template.values, startDate: date, startHour: series.localTime, duration: series.duration };
  const made = await db.transaction(async (tx) => {
    const id = await insertSeriesGame(tx, series.ownerId, eventColumns(values, template.place, timesOf(values)), {
      seriesId: series.id, seriesDate: date,
    });
    // Another process (or an earlier run) made this slot's game: nothing to do.
    if (!id) return null;
    const event = (await findEvent(tx, id, { forUpdate: true }))!;
    const change: LineUpChange = { notices: [], chat: [] };
    for (const userId of await listRegulars(tx, series.id)) {
      const added = await addRegularToGame(tx, event, userId);
      change.notices.push(...added.notices);
      change.chat.push(...added.chat);
    }
    return { event, change };
  });
  if (!made) return null;
  await announceNewGame(app, made.event);
  sendStatusUpdates(app, made.change.notices);
  sendChatNotices(app, made.change.chat);
  return made.event;
}

/**
 * Keeps active series filled SERIES_WEEKS_AHEAD weeks ahead (all of them, or one): the periodic job
 * and the routes that start a series call it. Idempotent: any number of calls, in any number of
 * processes, make each slot's game once. Returns the games this call created.
 */
export async function ensureSeriesGames(app: FastifyInstance, now: Date = new Date(), seriesId?: string): Promise<EventWithOwner[]> {
  const db = app.ctx.database.db;
  const all = seriesId ? [await findSeries(db, seriesId)].filter((s): s is SeriesRow => Boolean(s && !s.endedAt)) : await listActiveSeries(db);
  const created: EventWithOwner[] = [];
  const taken = await takenSlots(db, all.map((s) => s.id), utcToWarsaw(now).date);
  for (const series of all) {
    for (const date of dueSlots(series, now)) {
      if (taken.has(`${series.id}|${date}`)) continue;
      const event = await createOccurrence(app, series, date);
      if (event) created.push(event);
    }
  }
  if (created.length) gamesChanged(app);
  return created;
}
