import type { FastifyInstance } from 'fastify';
import { runPeriodically } from './periodic';
import { sendStatusUpdates } from '../realtime/notify';
import { sendEventChanged } from '../realtime/event-changed';
import { findDueEvents, markStartedLive } from '../repositories/events';
import { completeEvent } from '../services/event-lifecycle';
import { closeWaitlists } from '../services/waitlist';
import { gamesChanged } from '../search/games-changed';
import { CHANGES_KEPT_MS, pruneSearchChanges } from '../search/search-index';

export const EVENT_CLOCK_MS = 30_000;

/**
 * Moves games upcoming → live → completed by time, closing the waitlists of games that started. Completion goes through the same service as
 * the organiser's Zakończ, guarded by the status, so two processes never complete a game twice.
 */
export async function tickEventClock(app: FastifyInstance): Promise<{ live: number; completed: number }> {
  const db = app.ctx.database.db;
  const live = await markStartedLive(db);
  // A game that has started takes nobody from its waitlist any more: the people waiting are told (docs/adr/0090).
  const closed = await closeWaitlists(db);
  sendStatusUpdates(app, closed);
  for (const eventId of new Set(closed.map((n) => n.payload.eventId))) await sendEventChanged(app, { id: eventId }, 'updated');
  let completed = 0;
  for (;;) {
    const due = await findDueEvents(db, 100);
    for (const id of due) {
      // Past its end, a game has started: completeEvent applies the ranking rule (an empty one counts for nobody).
      const outcome = await completeEvent(db, id);
      if (outcome.kind === 'completed') {
        completed += 1;
        sendStatusUpdates(app, outcome.notices);
        await sendEventChanged(app, { id }, 'completed');
      }
    }
    if (due.length < 100) break;
  }
  if (live || completed) gamesChanged(app);
  return { live, completed };
}

export function startEventClock(app: FastifyInstance, everyMs = EVENT_CLOCK_MS): void {
  runPeriodically(app, 'event clock', everyMs, () => tickEventClock(app));
  // The search index's change rows are read within moments; an hour later nobody needs them (ADR 96).
  runPeriodically(app, 'search change pruning', CHANGES_KEPT_MS / 4, () => pruneSearchChanges(app.ctx.database.pool), { atStart: false });
}
