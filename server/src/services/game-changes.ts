import type { FastifyInstance } from 'fastify';
import { EVENT_MSG, eventTimes, isFinishedStatus, type EventValues } from '@contract/events';
import { BadRequestError, ConflictError } from '../lib/errors';
import { sendChatNotices } from '../realtime/chat-notify';
import { sendStatusUpdates } from '../realtime/notify';
import { sendEventChanged } from '../realtime/event-changed';
import { eventColumns, findEvent, updateEvent, type EventWithOwner } from '../repositories/events';
import { listForEvent } from '../repositories/participations';
import { cancelEventAndRoom } from './chat-rooms';
import { resolveEventPlace } from './event-place';
import { notifyNearby } from './nearby-games';
import { dispatchLater } from './notification-dispatch';
import { changedDraft } from './notification-texts';
import { settleWaitlist } from './waitlist';

/**
 * The three changes of a game that others hear about, one code path each, for the routes and for
 * the weekly series (ADR 92): a new game announced, a game edited, a game cancelled.
 */

// A little slack for the form's default start ("now") and slow typing.
export const PAST_GRACE_MS = 15 * 60_000;

export function timesOf(v: { startDate: string; startHour: string; duration: number }) {
  const t = eventTimes(v.startDate, v.startHour, v.duration);
  if (Number.isNaN(Date.parse(t.startDateTime))) throw new BadRequestError(EVENT_MSG.date, { startDate: EVENT_MSG.date });
  return { startAt: new Date(t.startDateTime), endAt: new Date(t.endDateTime) };
}

export function refusePast(startAt: Date): void {
  if (startAt.getTime() < Date.now() - PAST_GRACE_MS) throw new BadRequestError(EVENT_MSG.inPast, { startDate: EVENT_MSG.inPast });
}

/** A game just created (by the form or by a series): open screens learn of it, people nearby hear of it after the answer. */
export async function announceNewGame(app: FastifyInstance, event: EventWithOwner): Promise<void> {
  await sendEventChanged(app, event, 'created');
  app.ctx.background.run('nearby notifications', async () => void (await notifyNearby(app, event)));
}

/**
 * The organiser's edit of one game: the same checks, the waitlist settled under the game's lock, and
 * everyone in the game told. `series` keeps the game's place in its series (its slot moves with a
 * "to i następne" edit).
 */
export async function editGame(
  app: FastifyInstance, existing: EventWithOwner, v: EventValues, series?: { seriesDate: string },
): Promise<EventWithOwner> {
  const db = app.ctx.database.db;
  if (isFinishedStatus(existing.status)) throw new ConflictError(EVENT_MSG.finished);
  const times = timesOf(v);
  const moved = times.startAt.getTime() !== existing.startAt.getTime();
  if (moved) refusePast(times.startAt);
  const place = resolveEventPlace(v);
  // More places, or the 'automatycznie' mode, may let people in from the waitlist (docs/adr/0090).
  const settled = await db.transaction(async (tx) => {
    await findEvent(tx, existing.id, { forUpdate: true });
    // Whether a game is in a series is decided by the series, never by the form's checkbox.
    await updateEvent(tx, existing.id, { ...eventColumns(v, place, times), isRecurring: existing.seriesId !== null, ...series });
    return settleWaitlist(tx, existing.id);
  });
  const event = (await findEvent(db, existing.id))!;
  sendStatusUpdates(app, settled.notices);
  sendChatNotices(app, settled.chat);
  await sendEventChanged(app, existing, 'updated');
  // Everyone in the game (accepted or waiting) hears of the change; a new start moves the reminders by itself.
  dispatchLater(app, 'event changed notifications', async () =>
    (await listForEvent(db, existing.id))
      .filter((p) => p.record.status === 'accepted' || p.record.status === 'interested' || p.record.status === 'waitlisted')
      .map((p) => changedDraft(p.record.userId, event, moved, new Date())),
  );
  return event;
}

/** The organiser's Usuń of one game: cancelled, its room closed, everyone in it told. */
export async function cancelGame(app: FastifyInstance, existing: EventWithOwner): Promise<void> {
  if (existing.status === 'completed') throw new ConflictError(EVENT_MSG.finished);
  const { notices, chat } = await cancelEventAndRoom(app.ctx.database.db, existing.id);
  sendStatusUpdates(app, notices);
  sendChatNotices(app, chat);
  await sendEventChanged(app, existing, 'cancelled');
}
