import { countsForRanking, hasStarted, isFinishedStatus, type StatusUpdatePayload } from '@contract/events';
import type { Db, Executor } from '../db/database';
import { findEvent, transitionEvent } from '../repositories/events';
import { countGame, finishParticipants, flagCancelled } from '../repositories/participations';
import { closeWaitlists } from './waitlist';

export interface StatusNotice {
  userId: string;
  payload: StatusUpdatePayload;
}

/**
 * What the organiser hears about a player of their game (docs/adr/0076): a request to join and an
 * accepted player leaving are news (stored unseen with flagOwnerUnread, and ringing); someone
 * taking back a request only refreshes the organiser's lists.
 */
export function organiserNotice(
  event: { id: string; eventName: string; status: StatusUpdatePayload['eventStatus']; ownerId: string },
  playerId: string,
  status: 'interested' | 'waitlisted' | null,
  news: boolean,
): StatusNotice {
  return {
    userId: event.ownerId,
    payload: {
      eventId: event.id, eventName: event.eventName, userId: playerId, status, eventStatus: event.status, recordId: null,
      readBy: !news, forOrganiser: true,
    },
  };
}

/** What completing a game did: the notices to send after commit and whether it counted for the ranking. */
export type Completion =
  | { kind: 'completed'; notices: StatusNotice[]; counted: boolean }
  /** Not started yet: finishing now would be a way to farm points (docs/adr/0077). */
  | { kind: 'notStarted' }
  /** Already completed or cancelled (someone else came first). */
  | { kind: 'alreadyFinished' };

/**
 * Completes a game once (whoever comes first: the organiser's Zakończ or the clock) and applies
 * its effects in the same transaction. The ranking rule lives here, for both ways in: a game that
 * has not started cannot be completed, and one that ends without an accepted player besides the
 * organiser counts for nobody's stats (countsForRanking).
 */
export async function completeEvent(db: Db, eventId: string, now: Date = new Date()): Promise<Completion> {
  return db.transaction(async (tx) => {
    const current = await findEvent(tx, eventId, { forUpdate: true });
    if (!current || isFinishedStatus(current.status)) return { kind: 'alreadyFinished' as const };
    if (!hasStarted(current.startAt, now)) return { kind: 'notStarted' as const };
    const event = await transitionEvent(tx, eventId, ['upcoming', 'live'], 'completed');
    if (!event) return { kind: 'alreadyFinished' as const };
    const finished = await finishParticipants(tx, eventId);
    const counted = countsForRanking({ startAt: event.startAt, acceptedPlayers: finished.length }, now);
    if (counted) await countGame(tx, event.ownerId, finished.map((p) => p.userId));
    // Whoever still waits for a place will not get one now.
    const closed = await closeWaitlists(tx, eventId);
    const notices = finished.map((p) => ({
      userId: p.userId,
      payload: {
        eventId, eventName: event.eventName, userId: p.userId, status: p.status, eventStatus: 'completed' as const,
        recordId: p.id, readBy: false,
      },
    }));
    return { kind: 'completed' as const, notices: [...notices, ...closed], counted };
  });
}

/** Cancels a game (the owner's Usuń): it leaves search and the map; participants are told. */
export async function cancelEvent(db: Executor, eventId: string): Promise<StatusNotice[] | null> {
  return db.transaction(async (tx) => {
    const event = await transitionEvent(tx, eventId, ['upcoming', 'live'], 'cancelled');
    if (!event) return null;
    const flagged = await flagCancelled(tx, eventId);
    return flagged.map((p) => ({
      userId: p.userId,
      payload: {
        eventId, eventName: event.eventName, userId: p.userId, status: p.status, eventStatus: 'cancelled' as const,
        recordId: p.id, readBy: false,
      },
    }));
  });
}

